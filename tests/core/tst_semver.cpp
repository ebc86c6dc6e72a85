// SPDX-License-Identifier: Apache-2.0
#include "template/FunctionError.h"
#include "template/FunctionRegistry.h"
#include "template/functions/FunctionGroups.h"
#include "template/functions/SemverConstraints.h"
#include "template/functions/SemverVersion.h"

#include <QTest>

using namespace ds;
using namespace ds::tmpl;

namespace {

Value semverValue(const QString &text)
{
    std::string error;
    std::optional<SemverVersion> v = SemverVersion::parse(text.toStdString(), error);
    if (!v)
        qFatal("bad test version %s: %s", qPrintable(text), error.c_str());
    return SemverVersion::toValue(std::move(*v));
}

// How the template engine would print a method or function result.
QString render(const Value &v)
{
    switch (v.type()) {
    case Value::Type::Bool: return v.toBool() ? "true" : "false";
    case Value::Type::Int:
    case Value::Type::Int64: return QString::number(v.toInt64());
    case Value::Type::Uint64: return QString::number(v.toUint64());
    case Value::Type::String: return QString::fromStdString(v.str());
    case Value::Type::Object: return QString::fromStdString(v.object().toString());
    default: return "<unexpected>";
    }
}

Value callMethod(const Value &receiver, const char *name, std::vector<Value> arguments = {})
{
    const FunctionSpec *spec = asTemplateObject(receiver)->method(name);
    if (!spec)
        throw std::logic_error(std::string("no method ") + name);
    std::vector<Value> args{receiver};
    args.insert(args.end(), arguments.begin(), arguments.end());
    FunctionContext context;
    return spec->impl(context, args);
}

// The FunctionError text of a call, or "" when it succeeds.
template <typename F>
QString errorOf(F &&call)
{
    try {
        call();
    } catch (const FunctionError &e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

Value callFunction(const char *name, std::vector<Value> args)
{
    static const FunctionRegistry registry = [] {
        FunctionRegistry r;
        registerSemverFunctions(r);
        return r;
    }();
    FunctionContext context;
    return registry.find(name)->impl(context, args);
}

} // namespace

class tst_Semver : public QObject
{
    Q_OBJECT

private slots:
    void parse_data();
    void parse();
    void original();
    void accessors();
    void compare_data();
    void compare();
    void precedenceChain();
    void methods_data();
    void methods();
    void methodErrors_data();
    void methodErrors();
    void valueVersusPointer();
    void semverCompare_data();
    void semverCompare();
    void semverCompareErrors_data();
    void semverCompareErrors();
    void constraintGroups_data();
    void constraintGroups();
    void registry();
    void versionMatchIdiom();
};

void tst_Semver::parse_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<QString>("error");
    const QString invalid = "Invalid Semantic Version";
    // SV-1: the coercing parser prints X.Y.Z[-pre][+meta]
    QTest::newRow("SV-1 1.2.3") << "1.2.3" << "1.2.3" << "";
    QTest::newRow("SV-1 v1.2") << "v1.2" << "1.2.0" << "";
    QTest::newRow("SV-1 1") << "1" << "1.0.0" << "";
    QTest::newRow("SV-1 01.2.3") << "01.2.3" << "1.2.3" << "";
    QTest::newRow("SV-3 four parts") << "1.2.3.4" << "" << invalid;
    QTest::newRow("SV-4 empty") << "" << "" << invalid;
    QTest::newRow("SV-5 pre-release 01") << "1.2.3-01" << "" << "Version segment starts with 0";
    QTest::newRow("SV-6 leading space") << " 1.2.3" << "" << invalid;
    QTest::newRow("trailing space") << "1.2.3 " << "" << invalid;
    QTest::newRow("trailing newline") << "1.2.3\n" << "" << invalid;
    QTest::newRow("capital V") << "V1.2.3" << "" << invalid;
    QTest::newRow("v alone") << "v" << "" << invalid;
    QTest::newRow("empty pre-release") << "1.2.3-" << "" << invalid;
    QTest::newRow("empty metadata") << "1.2.3+" << "" << invalid;
    QTest::newRow("empty identifier") << "1.2.3-a..b" << "" << invalid;
    QTest::newRow("underscore") << "1.2.3-alpha_1" << "" << invalid;
    QTest::newRow("x wildcard") << "1.x" << "" << invalid;
    QTest::newRow("full") << "v1.2.3-rc.1+build.5" << "1.2.3-rc.1+build.5" << "";
    QTest::newRow("minor with pre-release") << "1.2-beta" << "1.2.0-beta" << "";
    QTest::newRow("major with metadata") << "1+meta" << "1.0.0+meta" << "";
    QTest::newRow("leading zeros") << "007.008.009" << "7.8.9" << "";
    QTest::newRow("metadata 01 allowed") << "1.2.3+01" << "1.2.3+01" << "";
    QTest::newRow("pre-release 0") << "1.2.3-0" << "1.2.3-0" << "";
    QTest::newRow("pre-release 0a") << "1.2.3-0a" << "1.2.3-0a" << "";
    QTest::newRow("pre-release rc.01") << "1.2.3-rc.01" << "" << "Version segment starts with 0";
    QTest::newRow("hyphens") << "1.2.3--x-" << "1.2.3--x-" << "";
    QTest::newRow("uint64 max") << "18446744073709551615.0.0" << "18446744073709551615.0.0" << "";
    QTest::newRow("major overflow")
        << "18446744073709551616" << ""
        << "Error parsing version segment: strconv.ParseUint: parsing \"18446744073709551616\": value out of range";
    QTest::newRow("minor overflow")
        << "v1.99999999999999999999" << ""
        << "Error parsing version segment: strconv.ParseUint: parsing \"99999999999999999999\": value out of range";
    QTest::newRow("overflow before pre-release check")
        << "1.2.99999999999999999999-01" << ""
        << "Error parsing version segment: strconv.ParseUint: parsing \"99999999999999999999\": value out of range";
}

void tst_Semver::parse()
{
    QFETCH(QString, input);
    QFETCH(QString, expected);
    QFETCH(QString, error);
    std::string actualError;
    std::optional<SemverVersion> v = SemverVersion::parse(input.toStdString(), actualError);
    if (error.isEmpty()) {
        QVERIFY2(v.has_value(), actualError.c_str());
        QCOMPARE(QString::fromStdString(v->toString()), expected);
        QCOMPARE(QString::fromStdString(v->jsonValue().str()), expected);
        QCOMPARE(QString::fromStdString(v->original()), input);
    } else {
        QVERIFY(!v.has_value());
        QCOMPARE(QString::fromStdString(actualError), error);
    }
}

void tst_Semver::original()
{
    // SV-1: (semver "v4.14").Original
    QCOMPARE(render(callMethod(semverValue("v4.14"), "Original")), QString("v4.14"));
    QCOMPARE(render(callMethod(semverValue("v4.14"), "String")), QString("4.14.0"));
}

void tst_Semver::accessors()
{
    // SV-2
    const Value v = semverValue("4.14.3-rc.1+build.5");
    QStringList parts;
    for (const char *name : {"Major", "Minor", "Patch", "Prerelease", "Metadata"})
        parts << render(callMethod(v, name));
    QCOMPARE(parts.join('|'), QString("4|14|3|rc.1|build.5"));
    // printf "%T" $v.Major → uint64
    QCOMPARE(callMethod(v, "Major").type(), Value::Type::Uint64);
    QCOMPARE(callMethod(v, "Patch").type(), Value::Type::Uint64);
    const SemverVersion *version = SemverVersion::from(v);
    QVERIFY(version);
    QCOMPARE(version->majorVersion(), std::uint64_t(4));
    QCOMPARE(version->minorVersion(), std::uint64_t(14));
    QCOMPARE(version->patchVersion(), std::uint64_t(3));
    QCOMPARE(version->typeName(), std::string("*semver.Version"));
    QCOMPARE(version->kindName(), std::string("ptr"));
    QVERIFY(version->truth());
    QVERIFY(!version->isEmpty());
}

void tst_Semver::compare_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<int>("expected");
    // SV-7
    QTest::newRow("SV-7 Compare") << "1.2.3" << "1.2.4" << -1;
    QTest::newRow("SV-7 GreaterThan alpha") << "1.2.3" << "1.2.3-alpha" << 1;
    QTest::newRow("SV-7 metadata ignored") << "1.2.3+a" << "1.2.3+b" << 0;
    QTest::newRow("SV-7 numeric identifiers") << "1.0.0-alpha.10" << "1.0.0-alpha.9" << 1;
    QTest::newRow("numeric segments") << "2.0.0" << "10.0.0" << -1;
    QTest::newRow("minor") << "1.10.0" << "1.9.9" << 1;
    QTest::newRow("v prefix ignored") << "v1.2.3" << "1.2.3" << 0;
    QTest::newRow("coerced equal") << "1.2" << "1.2.0" << 0;
    QTest::newRow("number before alphanumeric") << "1.0.0-1" << "1.0.0-a" << -1;
    QTest::newRow("alphanumeric after number") << "1.0.0-a" << "1.0.0-1" << 1;
    QTest::newRow("byte-wise") << "1.0.0-B" << "1.0.0-a" << -1;
    QTest::newRow("hyphen is alphanumeric") << "1.0.0--1" << "1.0.0-1" << 1;
    // A numeric identifier beyond uint64 compares as a string.
    QTest::newRow("huge identifier") << "1.0.0-18446744073709551616" << "1.0.0-9" << 1;
}

void tst_Semver::compare()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(int, expected);
    const Value valueA = semverValue(a);
    const Value valueB = semverValue(b);
    const SemverVersion &va = *SemverVersion::from(valueA);
    const SemverVersion &vb = *SemverVersion::from(valueB);
    QCOMPARE(va.compare(vb), expected);
    QCOMPARE(vb.compare(va), -expected);
}

void tst_Semver::precedenceChain()
{
    // semver.org §11 ordering
    const QStringList chain = {"1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta",
                               "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0"};
    for (int i = 0; i < chain.size(); ++i) {
        for (int j = 0; j < chain.size(); ++j) {
            const Value a = semverValue(chain[i]);
            const Value b = semverValue(chain[j]);
            const int expected = i < j ? -1 : (i > j ? 1 : 0);
            QVERIFY2(SemverVersion::from(a)->compare(*SemverVersion::from(b)) == expected,
                     qPrintable(chain[i] + " vs " + chain[j]));
            QCOMPARE(render(callMethod(a, "LessThan", {b})), QString(i < j ? "true" : "false"));
        }
    }
}

void tst_Semver::methods_data()
{
    QTest::addColumn<QString>("receiver");
    QTest::addColumn<QString>("method");
    QTest::addColumn<QString>("argument"); // a version, or the string for Set*
    QTest::addColumn<QString>("expected");
    // SV-7: "-1|true|true|true|1"
    QTest::newRow("SV-7 Compare") << "1.2.3" << "Compare" << "1.2.4" << "-1";
    QTest::newRow("SV-7 LessThan") << "1.2.3" << "LessThan" << "1.2.4" << "true";
    QTest::newRow("SV-7 GreaterThan") << "1.2.3" << "GreaterThan" << "1.2.3-alpha" << "true";
    QTest::newRow("SV-7 Equal") << "1.2.3+a" << "Equal" << "1.2.3+b" << "true";
    QTest::newRow("SV-7 Compare alpha.10") << "1.0.0-alpha.10" << "Compare" << "1.0.0-alpha.9" << "1";
    // SV-8: "1.3.0|1.2.3|2.0.0"
    QTest::newRow("SV-8 IncMinor") << "1.2.3" << "IncMinor" << "" << "1.3.0";
    QTest::newRow("SV-8 IncPatch of pre-release") << "1.2.3-a" << "IncPatch" << "" << "1.2.3";
    QTest::newRow("SV-8 IncMajor") << "1.2.3" << "IncMajor" << "" << "2.0.0";
    QTest::newRow("IncPatch drops metadata") << "1.2.3+m" << "IncPatch" << "" << "1.2.4";
    QTest::newRow("IncMinor drops both") << "1.2.3-a+m" << "IncMinor" << "" << "1.3.0";
    QTest::newRow("IncMajor resets") << "v1.2.3-a+m" << "IncMajor" << "" << "2.0.0";
    QTest::newRow("Compare equal") << "1.2.3" << "Compare" << "1.2.3+x" << "0";
    QTest::newRow("LessThanEqual") << "1.2.3" << "LessThanEqual" << "1.2.3" << "true";
    QTest::newRow("LessThanEqual greater") << "1.2.4" << "LessThanEqual" << "1.2.3" << "false";
    QTest::newRow("GreaterThanEqual") << "1.2.3" << "GreaterThanEqual" << "1.2.4" << "false";
    QTest::newRow("GreaterThanEqual equal") << "1.2.3" << "GreaterThanEqual" << "1.2.3" << "true";
    QTest::newRow("GreaterThan equal") << "1.2.3" << "GreaterThan" << "1.2.3" << "false";
    QTest::newRow("Equal pre-release") << "1.2.3-a" << "Equal" << "1.2.3" << "false";
    QTest::newRow("String") << "v1.2" << "String" << "" << "1.2.0";
    QTest::newRow("SetPrerelease") << "1.2.3+m" << "SetPrerelease" << "beta.1" << "1.2.3-beta.1+m";
    QTest::newRow("SetPrerelease clears") << "1.2.3-a" << "SetPrerelease" << "" << "1.2.3";
    QTest::newRow("SetMetadata") << "1.2.3-a" << "SetMetadata" << "b.05" << "1.2.3-a+b.05";
    QTest::newRow("SetMetadata clears") << "1.2.3+m" << "SetMetadata" << "" << "1.2.3";
}

void tst_Semver::methods()
{
    QFETCH(QString, receiver);
    QFETCH(QString, method);
    QFETCH(QString, argument);
    QFETCH(QString, expected);
    std::vector<Value> args;
    if (method.startsWith("Set"))
        args.emplace_back(argument.toStdString());
    else if (!argument.isEmpty())
        args.push_back(semverValue(argument));
    const Value result = callMethod(semverValue(receiver), method.toUtf8().constData(), args);
    QCOMPARE(render(result), expected);
}

void tst_Semver::methodErrors_data()
{
    QTest::addColumn<QString>("method");
    QTest::addColumn<QString>("argumentKind");
    QTest::addColumn<QString>("expected");
    const QString nilPointer = "runtime error: invalid memory address or nil pointer dereference";
    QTest::newRow("SetPrerelease 01") << "SetPrerelease" << "01" << "Version segment starts with 0";
    QTest::newRow("SetPrerelease a.01") << "SetPrerelease" << "a.01" << "Version segment starts with 0";
    QTest::newRow("SetPrerelease underscore") << "SetPrerelease" << "a_b" << "Invalid Prerelease string";
    QTest::newRow("SetMetadata plus") << "SetMetadata" << "a+b" << "Invalid Metadata string";
    QTest::newRow("Compare string") << "Compare" << "string"
                                    << "wrong type for value; expected *semver.Version; got string";
    QTest::newRow("LessThan int") << "LessThan" << "int"
                                  << "wrong type for value; expected *semver.Version; got int";
    QTest::newRow("Equal struct value") << "Equal" << "struct"
                                        << "wrong type for value; expected *semver.Version; got semver.Version";
    QTest::newRow("Compare nil") << "Compare" << "nil" << nilPointer;
    QTest::newRow("GreaterThan nil") << "GreaterThan" << "nil" << nilPointer;
}

void tst_Semver::methodErrors()
{
    QFETCH(QString, method);
    QFETCH(QString, argumentKind);
    QFETCH(QString, expected);
    const Value v = semverValue("1.2.3");
    Value arg;
    if (argumentKind == "string")
        arg = Value("1.2.4");
    else if (argumentKind == "int")
        arg = Value::fromInt(1);
    else if (argumentKind == "struct")
        arg = callMethod(v, "IncMinor");
    else if (argumentKind == "nil")
        arg = Value::null();
    else
        arg = Value(argumentKind.toStdString());
    QCOMPARE(errorOf([&] { callMethod(v, method.toUtf8().constData(), {arg}); }), expected);
}

void tst_Semver::valueVersusPointer()
{
    const Value pointer = semverValue("v1.2.3");
    const Value value = callMethod(pointer, "IncMinor");
    const auto *object = asTemplateObject(value);
    QVERIFY(object);
    QCOMPARE(object->typeName(), std::string("semver.Version"));
    QCOMPARE(object->kindName(), std::string("struct"));
    QCOMPARE(object->toString(), std::string("1.3.0"));
    QCOMPARE(object->jsonValue().str(), std::string("1.3.0"));
    // Only value-receiver methods are reachable on the struct value.
    for (const char *name : {"Original", "Compare", "LessThan", "LessThanEqual", "GreaterThan",
                             "GreaterThanEqual", "Equal"})
        QVERIFY2(object->method(name) == nullptr, name);
    for (const char *name : {"Major", "Minor", "Patch", "Prerelease", "Metadata", "String", "IncMajor",
                             "IncMinor", "IncPatch", "SetPrerelease", "SetMetadata"})
        QVERIFY2(object->method(name) != nullptr, name);
    QVERIFY(object->method("Nope") == nullptr);
    QVERIFY(asTemplateObject(pointer)->method("Nope") == nullptr);
    // Chaining works on the value; the v prefix survives into Original.
    QCOMPARE(render(callMethod(value, "IncMajor")), QString("2.0.0"));
    QCOMPARE(SemverVersion::from(value)->original(), std::string("v1.3.0"));
    QCOMPARE(SemverVersion::from(callMethod(semverValue("1.2.3"), "IncPatch"))->original(), std::string("1.2.4"));
    // Equal guards against nil.
    QCOMPARE(render(callMethod(pointer, "Equal", {Value::null()})), QString("false"));
    // Go equality: pointers by identity, struct values by fields.
    QVERIFY(pointer.object().equals(pointer.object()));
    QVERIFY(!pointer.object().equals(semverValue("v1.2.3").object()));
    QVERIFY(value.object().equals(callMethod(pointer, "IncMinor").object()));
    QVERIFY(!value.object().equals(callMethod(pointer, "IncMajor").object()));
}

void tst_Semver::semverCompare_data()
{
    QTest::addColumn<QString>("constraint");
    QTest::addColumn<QString>("version");
    QTest::addColumn<bool>("expected");
    auto row = [](const char *id, const char *constraint, const char *version, bool expected) {
        QTest::addRow("%s %s @ %s", id, constraint, version) << constraint << version << expected;
    };
    // SV-9, D = {"v":"4.14.3"}: "true|true|true|true|false|true|true|true|false|true"
    row("SV-9", ">=4.14", "4.14.3", true);
    row("SV-9", "~4.14.0", "4.14.3", true);
    row("SV-9", "^4.0", "4.14.3", true);
    row("SV-9", "4.14.x", "4.14.3", true);
    row("SV-9", "4.15", "4.14.3", false);
    row("SV-9", ">=4.14, <4.15", "4.14.3", true);
    row("SV-9", "<4.0 || >=4.14", "4.14.3", true);
    row("SV-9", "4.13 - 4.15", "4.14.3", true);
    row("SV-9", "!=4.14.3", "4.14.3", false);
    row("SV-9", "*", "4.14.3", true);
    // SV-10: "false|true|true|true|true|false|true|false"
    row("SV-10", ">=4.14", "4.14.0-rc.1", false);
    row("SV-10", ">=4.14.0-0", "4.14.0-rc.1", true);
    row("SV-10", "~4.14", "4.14.9", true);
    row("SV-10", "~4", "4.99.1", true);
    row("SV-10", "^0.2.3", "0.2.9", true);
    row("SV-10", "^0.2.3", "0.3.0", false);
    row("SV-10", "4.14", "4.14.7", true);
    row("SV-10", "=4.14.0", "4.14.7", false);
    // SV-11: "true|false|false|true|true|true|false|false|true|true|false|true|true|true|true"
    row("SV-11", ">*", "0.0.1", true);
    row("SV-11", ">*", "0.0.0", false);
    row("SV-11", "!=1.2", "1.2.5", false);
    row("SV-11", "!=1.2", "1.3.0", true);
    row("SV-11", "!=1.2.3", "1.2.3-rc.1", true);
    row("SV-11", "<=4.14", "4.14.9", true);
    row("SV-11", "<=4.14", "4.15.0", false);
    row("SV-11", ">1", "1.9.0", false);
    row("SV-11", ">1.2", "1.3.0", true);
    row("SV-11", "^0", "0.9.9", true);
    row("SV-11", "^0.0.3", "0.0.4", false);
    row("SV-11", "~0.0.0", "3.0.0", true);
    row("SV-11", "4.x", "4.99.0", true);
    row("SV-11", "v4.14", "4.14.1", true);
    row("SV-11", ">= 4.14 < 4.16", "4.15.2", true);

    // Masterminds/semver v3 constraint tests.
    row("mm", "=2.0.0", "1.2.3", false);
    row("mm", "=2.0.0", "2.0.0", true);
    row("mm", "=2.0", "2.0.1", true);
    row("mm", "= 2.0", "1.2.3", false);
    row("mm", "4.1", "4.1.0", true);
    row("mm", "4.1.x", "4.1.3", true);
    row("mm", "1.x", "1.4", true);
    row("mm", "!=4.1.0", "4.1.0", false);
    row("mm", "!=4.1.0", "4.1.1", true);
    row("mm", "!=4.1", "4.1.0", false);
    row("mm", "!=4.1", "5.1.0-alpha.1", false);
    row("mm", "!=4.1-alpha", "4.1.0", true);
    row("mm", "!=4.1-alpha", "4.1.0-alpha", false);
    row("mm", "!=4.1-alpha", "4.1.1-alpha", false);
    row("mm", "!=4.1", "5.1.0", true);
    row("mm", "!=4.x", "5.1.0", true);
    row("mm", "!=4.x", "4.1.0", false);
    row("mm", "!=4.1.x", "4.2.0", true);
    row("mm", "!=4.2.x", "4.2.3", false);
    row("mm", "<11", "0.1.0", true);
    row("mm", "<11", "11.1.0", false);
    row("mm", "<1.1", "0.1.0", true);
    row("mm", "<1.1", "1.1.0", false);
    row("mm", "<1.1", "1.1.1", false);
    row("mm", "<1.x", "1.1.1", false);
    row("mm", "<1.x", "0.1.1", true);
    row("mm", "<1.x", "2.0.0", false);
    row("mm", "<1.1.x", "1.2.1", false);
    row("mm", "<1.1.x", "1.1.500", false);
    row("mm", "<1.1.x", "1.0.500", true);
    row("mm", "<1.2.x", "1.1.1", true);
    row("mm", "<=11", "1.2.3", true);
    row("mm", "<=11", "12.2.3", false);
    row("mm", "<=11", "11.2.3", true);
    row("mm", "<=1.1", "1.2.3", false);
    row("mm", "<=1.1", "0.1.0", true);
    row("mm", "<=1.1", "1.1.1", true);
    row("mm", "<=1.1", "0.1.0-alpha", false);
    row("mm", "<=1.1-a", "0.1.0-alpha", true);
    row("mm", "<=1.x", "1.1.0", true);
    row("mm", "<=2.x", "3.0.0", false);
    row("mm", "<=1.1.x", "1.2.500", false);
    row("mm", "<=4.5", "3.7.0", true);
    row("mm", "<=4.5", "4.6.3", false);
    row("mm", "=<1.1", "1.1.1", true);
    row("mm", ">1.1", "4.1.0", true);
    row("mm", ">1.1", "1.1.0", false);
    row("mm", ">0", "0", false);
    row("mm", ">0", "1", true);
    row("mm", ">0", "0.0.1-alpha", false);
    row("mm", ">0.0", "0.0.1-alpha", false);
    row("mm", ">0-0", "0.0.1-alpha", false);
    row("mm", ">0.0-0", "0.0.1-alpha", false);
    row("mm", ">0", "0.0.0-alpha", false);
    row("mm", ">0-0", "0.0.0-alpha", false);
    row("mm", ">0.0.0-0", "0.0.0-alpha", true);
    row("mm", ">1.2.3-alpha.1", "1.2.3-alpha.2", true);
    row("mm", ">1.2.3-alpha.1", "1.3.3-alpha.2", true);
    row("mm", ">11", "11.1.0", false);
    row("mm", ">11.1", "11.1.0", false);
    row("mm", ">11.1", "11.1.1", false);
    row("mm", ">11.1", "11.2.1", true);
    row("mm", ">=11", "11.1.2", true);
    row("mm", ">=11.1", "11.1.2", true);
    row("mm", ">=11.1", "11.0.2", false);
    row("mm", ">=1.1", "4.1.0-beta", false);
    row("mm", ">=1.1", "0.0.9", false);
    row("mm", "=>1.1", "1.1.0", true);
    row("mm", ">=0", "0.0.1-alpha", false);
    row("mm", ">=0-0", "0.0.1-alpha", true);
    row("mm", ">=0.0-0", "0.0.1-alpha", true);
    row("mm", ">=0-0", "0.0.0-alpha", true);
    row("mm", ">=0.0.0-0", "1.2.3", true);
    row("mm", ">=0.0.0-0", "3.4.5-beta.1", true);
    row("mm", "<0", "0.0.0-alpha", false);
    row("mm", "<0-z", "0.0.0-alpha", true);
    row("mm", ">=0", "0", true);
    row("mm", "=0", "1", false);
    row("mm", "*", "1", true);
    row("mm", "*", "1.2.3-alpha.1", false);
    row("mm", "*-0", "1.2.3-alpha.1", true);
    row("mm", "2.*", "1", false);
    row("mm", "2.*", "3.4.5", false);
    row("mm", "2.*", "2.1.1", true);
    row("mm", "2.1.*", "2.1.1", true);
    row("mm", "2.1.*", "2.2.1", false);
    row("mm", "2", "2.1.1", true);
    row("mm", "2.1", "2.2.1", false);
    row("mm", "0.x.x", "1.2.3", false);
    row("mm", "0.0.x", "1.2.3", false);
    row("mm", "0.0.0", "1.2.3", false);
    row("mm", "~0.0.0", "1.2.3", true);
    row("mm", "~1.2.3", "1.2.4", true);
    row("mm", "~1.2.3", "1.3.4", false);
    row("mm", "~1.2.3", "1.2.2", false);
    row("mm", "~1.2", "1.2.4", true);
    row("mm", "~1", "1.2.4", true);
    row("mm", "~1", "2.3.4", false);
    row("mm", "~1", "1.3.5-beta", false);
    row("mm", "~0.2.3", "0.2.5", true);
    row("mm", "~0.2.3", "0.3.5", false);
    row("mm", "~1.2.3-beta.2", "1.2.3-beta.4", true);
    row("mm", "~1.2.3-beta.2", "1.2.4-beta.2", true);
    row("mm", "~1.2.3-beta.2", "1.3.4-beta.2", false);
    row("mm", "~*", "2.1.1", true);
    row("mm", "~1.x", "2.1.1", false);
    row("mm", "~1.x", "1.3.5", true);
    row("mm", "~1.1", "1.1.1-alpha", false);
    row("mm", "~1.1-alpha", "1.1.1-beta", true);
    row("mm", "~1.1.1-beta", "1.1.1-alpha", false);
    row("mm", "~1.1.1-beta", "1.1.1", true);
    row("mm", "~>1.2", "1.2.9", true);
    row("mm", "^1.2.3", "1.8.9", true);
    row("mm", "^1.2.3", "2.8.9", false);
    row("mm", "^1.2.3", "1.2.1", false);
    row("mm", "^1.1.0", "2.1.0", false);
    row("mm", "^1.2.0", "1.2.1-alpha.1", false);
    row("mm", "^1.2.0-alpha.0", "1.2.1-alpha.1", true);
    row("mm", "^1.2.0-alpha.0", "1.2.1-alpha.0", true);
    row("mm", "^1.2.0-alpha.2", "1.2.0-alpha.1", false);
    row("mm", "^1.2", "1.8.9", true);
    row("mm", "^1", "2.8.9", false);
    row("mm", "^0.2.3", "0.2.5", true);
    row("mm", "^0.2.3", "0.5.6", false);
    row("mm", "^0.2", "0.2.5", true);
    row("mm", "^0.2", "0.5.6", false);
    row("mm", "^0.0.3", "0.0.3", true);
    row("mm", "^0.0", "0.0.3", true);
    row("mm", "^0.0", "0.1.4", false);
    row("mm", "^0.0", "1.0.4", false);
    row("mm", "^0", "0.2.3", true);
    row("mm", "^0", "1.1.4", false);
    row("mm", "^0.0.0", "1.2.3", false);
    row("mm", "^0.2.3-beta.2", "0.2.3-beta.4", true);
    row("mm", "^0.2.3-beta.2", "0.2.4-beta.2", true);
    row("mm", "^0.2.3-beta.2", "0.3.4-beta.2", false);
    row("mm", "^1.x", "1.1.1", true);
    row("mm", "^2.x", "1.1.1", false);
    row("mm", "^1.x", "2.1.1", false);
    row("mm", "^1.x", "1.1.1-beta1", false);
    row("mm", "^1.1.2-alpha", "1.2.1-beta1", true);
    row("mm", "^1.2.x-alpha", "1.1.1-beta1", false);
    row("mm", "^0.0.1", "0.3.1", false);
    // AND lists (spaces and/or commas) and OR groups
    row("mm", ">1.1, <2", "1.1.1", false);
    row("mm", ">1.1, <2", "1.2.1", true);
    row("mm", ">1.1, <3", "4.3.2", false);
    row("mm", ">=1.1, <2, !=1.2.3", "1.2.3", false);
    row("mm", ">1.1    <3", "4.3.2", false);
    row("mm", ">=1.1    <2    !=1.2.3", "1.2.3", false);
    row("mm", ">=1.1, <2, !=1.2.3 || > 3", "4.1.2", true);
    row("mm", ">=1.1, <2, !=1.2.3 || > 3", "3.1.2", false);
    row("mm", ">=1.1, <2, !=1.2.3 || >= 3", "3.0.0", true);
    row("mm", ">=1.1, <2, !=1.2.3 || > 3", "3.0.0", false);
    row("mm", ">=1.1 <2 !=1.2.3 || > 3", "1.2.3", false);
    row("mm", "> 1.1, <     2", "1.1.1", false);
    row("mm", ">   1.1, <2", "1.2.1", true);
    row("mm", ">= 1.1 <2 != 1.2.3 || > 3", "4.1.2", true);
    row("mm", "12.3.34 ~1.2.3", "12.3.34", false);
    // hyphen ranges
    row("mm", "1.1 - 2", "1.1.1", true);
    row("mm", "1.5.0 - 4.5", "3.7.0", true);
    row("mm", "1.1-3", "4.3.2", false);
    row("range", "2 - 3, 2 - 3", "3.9.9", true);
    row("range", "2 - 3", "4.0.0", false);
    row("range", "1.0.0 - 2.0.0 || 5", "5.3.0", true);
    // pre-release rule with OR groups: it is per comparison
    row("pre", ">=1.0.0-0 || >=2", "1.5.0-rc.1", true);
    row("pre", ">=2 || >=1.0.0-0", "1.5.0-rc.1", true);
    row("pre", ">=1.0.0-0 <2", "1.5.0-rc.1", false);
    row("pre", "^1.0.0-0", "1.5.0-rc.1", true);
    // metadata in constraints is ignored for comparison
    row("meta", "=1.2.3+build", "1.2.3", true);
    row("meta", "1.2.3", "1.2.3+other", true);
    row("meta", "1.2+build", "1.2.5", true);
    row("leading-v", "v1.2.3", "v1.2.3", true);
    row("wildcard", ">=*", "0.0.0", true);
    row("wildcard", "<=*", "1.0.0", false);
    row("wildcard", "<=*", "0.0.7", true);
    row("wildcard", "^*", "0.0.0", true);
    row("wildcard", "^*", "1.0.0", false);
    row("wildcard", "!=*", "1.0.0", true);
    row("wildcard", "!=*", "0.0.0", false);
    row("wildcard", "X.X.X", "9.9.9", true);
    row("wildcard", "1.*.3", "1.7.0", true);
}

void tst_Semver::semverCompare()
{
    QFETCH(QString, constraint);
    QFETCH(QString, version);
    QFETCH(bool, expected);
    const Value result = callFunction("semverCompare", {Value(constraint.toStdString()), Value(version.toStdString())});
    QVERIFY(result.isBool());
    QCOMPARE(result.toBool(), expected);
}

void tst_Semver::semverCompareErrors_data()
{
    QTest::addColumn<QString>("constraint");
    QTest::addColumn<QString>("version");
    QTest::addColumn<QString>("error");
    QTest::newRow("SV-12") << "bad" << "4.14.3" << "improper constraint: bad";
    QTest::newRow("SV-13") << ">=1" << "bad" << "Invalid Semantic Version";
    QTest::newRow("constraint first") << "bad" << "bad" << "improper constraint: bad";
    QTest::newRow("empty") << "" << "1.0.0" << "improper constraint: ";
    QTest::newRow("bad OR group") << ">=1 || bad" << "1.0.0" << "improper constraint:  bad";
    QTest::newRow("empty OR group") << "~1.2.3 || " << "1.0.0" << "improper constraint:  ";
    QTest::newRow("four parts") << ">=1.2.3.4" << "1.0.0" << "improper constraint: >=1.2.3.4";
    QTest::newRow("four parts bare") << "12.3.4.1234" << "1.0.0" << "improper constraint: 12.3.4.1234";
    QTest::newRow("no separator") << "12.3.34~ 1.2.3" << "1.0.0" << "improper constraint: 12.3.34~ 1.2.3";
    QTest::newRow("word") << "BAR >= 1.2.3" << "1.0.0" << "improper constraint: BAR >= 1.2.3";
    QTest::newRow("bad wildcard") << ">= 1.x.y" << "1.0.0" << "improper constraint: >= 1.x.y";
    QTest::newRow("range after operator") << ">= 1 - 2" << "1.0.0" << "improper constraint: >=>= 1, <= 2";
    QTest::newRow("pipe in number") << "1|2" << "1.0.0" << "constraint Parser Error";
    QTest::newRow("x in number") << ">=1x" << "1.0.0" << "constraint Parser Error";
    QTest::newRow("constraint pre-release 01") << ">=1.2.3-01" << "1.0.0" << "constraint Parser Error";
    QTest::newRow("version pre-release 01") << "*" << "1.2.3-01" << "Version segment starts with 0";
    QTest::newRow("version overflow")
        << "*" << "1.99999999999999999999"
        << "Error parsing version segment: strconv.ParseUint: parsing \"99999999999999999999\": value out of range";
}

void tst_Semver::semverCompareErrors()
{
    QFETCH(QString, constraint);
    QFETCH(QString, version);
    QFETCH(QString, error);
    QCOMPARE(errorOf([&] {
                 callFunction("semverCompare", {Value(constraint.toStdString()), Value(version.toStdString())});
             }),
             error);
}

void tst_Semver::constraintGroups_data()
{
    QTest::addColumn<QString>("constraint");
    QTest::addColumn<int>("ors");
    QTest::addColumn<int>("firstCount");
    // Masterminds TestNewConstraint
    QTest::newRow("single") << ">= 1.1" << 1 << 1;
    QTest::newRow("comma") << ">40.50.60, < 50.70" << 1 << 2;
    QTest::newRow("bare") << "2.0" << 1 << 1;
    QTest::newRow("pre-release") << "v2.3.5-20161202202307-sha.e8fc5e5" << 1 << 1;
    QTest::newRow("spaces") << ">= 1.2.3 < 2.0" << 1 << 2;
    QTest::newRow("spaces or") << ">= 1.2.3 < 2.0 || => 3.0 < 4" << 2 << 2;
    QTest::newRow("commas or") << ">= 1.2.3, < 2.0 || => 3.0, < 4" << 2 << 2;
    QTest::newRow("range or") << "3 - 4 || => 3.0, < 4" << 2 << 2;
    QTest::newRow("bare and tilde") << "12.3.34 ~1.2.3" << 1 << 2;
}

void tst_Semver::constraintGroups()
{
    QFETCH(QString, constraint);
    QFETCH(int, ors);
    QFETCH(int, firstCount);
    std::string error;
    std::optional<SemverConstraints> c = SemverConstraints::parse(constraint.toStdString(), error);
    QVERIFY2(c.has_value(), error.c_str());
    QCOMPARE(int(c->groups().size()), ors);
    QCOMPARE(int(c->groups().front().size()), firstCount);
}

void tst_Semver::registry()
{
    FunctionRegistry r;
    registerSemverFunctions(r);
    const FunctionSpec *semver = r.find("semver");
    const FunctionSpec *compare = r.find("semverCompare");
    QVERIFY(semver && compare);
    QCOMPARE(semver->params, std::vector<ParamType>{ParamType::String});
    QCOMPARE(compare->params, (std::vector<ParamType>{ParamType::String, ParamType::String}));
    QVERIFY(!semver->variadic && !compare->variadic);

    const Value v = callFunction("semver", {Value("1.2.3")});
    QVERIFY(v.isObject());
    QCOMPARE(v.object().typeName(), std::string("*semver.Version"));
    QCOMPARE(v.object().toString(), std::string("1.2.3"));
    // SV-3 through the registry
    QCOMPARE(errorOf([] { callFunction("semver", {Value("1.2.3.4")}); }), QString("Invalid Semantic Version"));
}

void tst_Semver::versionMatchIdiom()
{
    // SV-14: {{ $a := semver .v }}{{ $b := semver "4.14" }}{{ and (eq $a.Major $b.Major) (eq $a.Minor $b.Minor) }}
    const Value a = callFunction("semver", {Value("4.14.3")});
    const Value b = callFunction("semver", {Value("4.14")});
    QVERIFY(callMethod(a, "Major") == callMethod(b, "Major"));
    QVERIFY(callMethod(a, "Minor") == callMethod(b, "Minor"));
    QVERIFY(!(callMethod(a, "Patch") == callMethod(b, "Patch")));
}

QTEST_GUILESS_MAIN(tst_Semver)
#include "tst_semver.moc"

#include <cstdint>
