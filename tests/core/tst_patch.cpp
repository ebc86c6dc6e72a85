// SPDX-License-Identifier: Apache-2.0
#include "json/JsonReader.h"
#include "json/JsonWriter.h"
#include "patch/JsonPatch.h"
#include "patch/MergePatch.h"
#include "patch/Slug.h"
#include "yaml/SigsYaml.h"
#include "yaml/YamlReader.h"

#include "TestData.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace ds;
using patch::JsonPatch;
using patch::MergePatch;
using patch::PatchResult;

namespace {

Value parse(const QString &text)
{
    const yaml::ReadResult r = json::read(text.toStdString(), yaml::NumberTyping::Float64);
    if (!r.ok() || r.documents.size() != 1)
        qFatal("bad test JSON: %s", qPrintable(text));
    return r.documents.front();
}

QString dump(const Value &v)
{
    return QString::fromStdString(json::write(v).text);
}

// Checks a result against an expected JSON document or error text.
void checkResult(const PatchResult &r, const QString &expected, const QString &error)
{
    if (!error.isEmpty()) {
        QVERIFY2(!r.ok(), qPrintable(dump(r.value)));
        QCOMPARE(QString::fromStdString(*r.error), error);
        return;
    }
    QVERIFY2(r.ok(), r.error ? r.error->c_str() : "");
    QCOMPARE(dump(r.value), dump(parse(expected)));
}

QString caseFile(const QString &name, const QString &caseName = QStringLiteral("UserOverride"))
{
    return test::dataPath(QStringLiteral("shared/conformance/cases/%1/%2").arg(caseName, name));
}

// A reference template without actions, read as kube-compare reads rendered
// templates (sigs yaml: float64 numbers).
Value readTemplate(const QString &name, const QString &caseName = QStringLiteral("UserOverride"))
{
    const yaml::UnmarshalResult r =
        yaml::unmarshalObject(test::readFile(caseFile(QStringLiteral("reference/") + name, caseName)));
    if (!r.ok())
        qFatal("cannot read template %s", qPrintable(name));
    return r.value;
}

// A cluster CR after the built-in fieldsToOmit these cases need.
Value readLiveCr(const QString &name, const QString &caseName = QStringLiteral("UserOverride"))
{
    yaml::ReadResult r = yaml::read(test::readFile(caseFile(QStringLiteral("resources/") + name, caseName)));
    if (!r.ok())
        qFatal("cannot read resource %s", qPrintable(name));
    Value cr = r.documents.front();
    Value metadata = cr.get("metadata");
    for (const char *field : {"creationTimestamp", "resourceVersion", "uid"})
        metadata.remove(field);
    cr.remove("status");
    return cr;
}

// The `patch` string of the first override in an override file.
std::string overridePatch(const std::string &fileText)
{
    const yaml::UnmarshalResult r = yaml::unmarshalArray(fileText);
    if (!r.ok() || r.value.list().empty())
        qFatal("cannot read override file");
    return r.value.list().front().get("patch").str();
}

Value withMetadata(Value v, const char *field, const std::string &key, Value value)
{
    v.get("metadata").get(field).insert(key, std::move(value));
    return v;
}

} // namespace

class tst_Patch : public QObject
{
    Q_OBJECT

private slots:
    void jsonRoundTrip();
    void mergePatch_data();
    void mergePatch();
    void mergePatchValues();
    void ignoreUnspecifiedFields_data();
    void ignoreUnspecifiedFields();
    void createMergePatch_data();
    void createMergePatch();
    void createMergePatchTyping();
    void jsonPatch_data();
    void jsonPatch();
    void jsonPatchDecode_data();
    void jsonPatchDecode();
    void jsonPatchValues();
    void userOverrides_data();
    void userOverrides();
    void generatedOverride();
    void slug_data();
    void slug();
};

void tst_Patch::jsonRoundTrip()
{
    Value m = Value::emptyMap();
    m.insert("i", Value::fromInt64(9007199254740993));
    m.insert("u", Value::fromUint64(7));
    m.insert("n", Value::nilList());
    m.insert("x", Value::missing());
    m.insert("bad\xFF", Value("a\xFE"));
    const PatchResult r = patch::jsonRoundTrip(m);
    QVERIFY(r.ok());
    QVERIFY(r.value.get("i").isFloat());
    QCOMPARE(r.value.get("i").toFloat(), 9007199254740992.0);
    QVERIFY(r.value.get("u").isFloat());
    QVERIFY(r.value.get("n").isNull());
    QVERIFY(r.value.get("x").isNull());
    QCOMPARE(r.value.get("bad\xEF\xBF\xBD").str(), std::string("a\xEF\xBF\xBD"));
    QVERIFY(r.value.identity() != m.identity());

    const PatchResult nan = patch::jsonRoundTrip(Value::fromFloat(std::numeric_limits<double>::quiet_NaN()));
    QCOMPARE(QString::fromStdString(nan.error.value_or("")), QStringLiteral("json: unsupported value: NaN"));
    const PatchResult inf = patch::jsonRoundTrip(Value(ValueList{Value::fromFloat(-INFINITY)}));
    QCOMPARE(QString::fromStdString(inf.error.value_or("")), QStringLiteral("json: unsupported value: -Inf"));
}

void tst_Patch::mergePatch_data()
{
    QTest::addColumn<QString>("doc");
    QTest::addColumn<QString>("patch");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<QString>("error");
    const QString bad = QStringLiteral("Invalid JSON Patch");
    // RFC 7386 appendix A (the library differs for a null or scalar patch).
    QTest::newRow("A1") << R"({"a":"b"})" << R"({"a":"c"})" << R"({"a":"c"})" << "";
    QTest::newRow("A2") << R"({"a":"b"})" << R"({"b":"c"})" << R"({"a":"b","b":"c"})" << "";
    QTest::newRow("A3") << R"({"a":"b"})" << R"({"a":null})" << R"({})" << "";
    QTest::newRow("A4") << R"({"a":"b","b":"c"})" << R"({"a":null})" << R"({"b":"c"})" << "";
    QTest::newRow("A5") << R"({"a":["b"]})" << R"({"a":"c"})" << R"({"a":"c"})" << "";
    QTest::newRow("A6") << R"({"a":"c"})" << R"({"a":["b"]})" << R"({"a":["b"]})" << "";
    QTest::newRow("A7") << R"({"a":{"b":"c"}})" << R"({"a":{"b":"d","c":null}})" << R"({"a":{"b":"d"}})" << "";
    QTest::newRow("A8") << R"({"a":[{"b":"c"}]})" << R"({"a":[1]})" << R"({"a":[1]})" << "";
    QTest::newRow("A9") << R"(["a","b"])" << R"(["c","d"])" << R"(["c","d"])" << "";
    QTest::newRow("A10") << R"({"a":"b"})" << R"(["c"])" << R"(["c"])" << "";
    QTest::newRow("A11 null patch") << R"({"a":"foo"})" << "null" << "" << bad;
    QTest::newRow("A12 scalar patch") << R"({"a":"foo"})" << R"("bar")" << "" << bad;
    QTest::newRow("A13") << R"({"e":null})" << R"({"a":1})" << R"({"a":1,"e":null})" << "";
    QTest::newRow("A14") << "[1,2]" << R"({"a":"b","c":null})" << R"({"a":"b"})" << "";
    QTest::newRow("A15") << "{}" << R"({"a":{"bb":{"ccc":null}}})" << R"({"a":{"bb":{}}})" << "";
    // The library's pruning rules.
    QTest::newRow("list over object keeps nulls") << R"({"a":{"b":1}})" << R"({"a":[{"x":null}]})"
                                                  << R"({"a":[{"x":null}]})" << "";
    QTest::newRow("list over scalar pruned") << R"({"a":1})" << R"({"a":[{"x":null}]})" << R"({"a":[{}]})" << "";
    QTest::newRow("null list elements stay") << "{}" << R"({"a":[null,{"b":null}]})" << R"({"a":[null,{}]})" << "";
    QTest::newRow("object over scalar pruned") << R"({"a":{"b":1}})" << R"({"a":{"b":{"c":null,"d":1}}})"
                                               << R"({"a":{"b":{"d":1}}})" << "";
    QTest::newRow("nested delete and add") << R"({"a":{"b":1}})" << R"({"a":{"b":null,"c":{"d":null}}})"
                                           << R"({"a":{"c":{}}})" << "";
    QTest::newRow("new subtree pruned") << R"({"a":{}})" << R"({"a":{"b":{"c":null,"d":[{"e":null}]}}})"
                                        << R"({"a":{"b":{"d":[{}]}}})" << "";
    QTest::newRow("over a null member") << R"({"a":null})" << R"({"a":{"b":null,"c":2}})" << R"({"a":{"c":2}})"
                                        << "";
    QTest::newRow("object over scalar doc") << "5" << R"({"a":1,"b":null})" << R"({"a":1})" << "";
    QTest::newRow("duplicate keys") << R"({"a":1})" << R"({"a":2,"a":null})" << "{}" << "";
    QTest::newRow("null doc") << "null" << R"({"a":1})" << ""
                              << "Invalid JSON Document";
    QTest::newRow("scalar patch over scalar") << "5" << "6" << "" << bad;
    QTest::newRow("syntax error") << R"({"a":1})" << "{" << "" << bad;
    QTest::newRow("trailing data") << R"({"a":1})" << "{} {}" << "" << bad;
    QTest::newRow("empty patch text") << R"({"a":1})" << "" << "" << bad;
}

void tst_Patch::mergePatch()
{
    QFETCH(QString, doc);
    QFETCH(QString, patch);
    QFETCH(QString, expected);
    QFETCH(QString, error);
    checkResult(MergePatch::applyJson(parse(doc), patch.toStdString()), expected, error);
    // Both forms agree when the patch is a JSON value.
    const yaml::ReadResult p = json::read(patch.toStdString(), yaml::NumberTyping::Float64);
    if (p.ok() && p.documents.size() == 1)
        checkResult(MergePatch::apply(parse(doc), p.documents.front()), expected, error);
}

void tst_Patch::mergePatchValues()
{
    // MergeManifests: the CR is the document, the rendered template the patch.
    Value cr = parse(R"({"spec":{"replicas":3,"paused":false},"status":{"x":1}})");
    cr.get("spec").insert("replicas", Value::fromInt64(3));
    const Value tmpl = parse(R"({"spec":{"paused":true}})");
    const PatchResult r = MergePatch::apply(cr, tmpl);
    QVERIFY(r.ok());
    QCOMPARE(dump(r.value), QStringLiteral(R"({"spec":{"paused":true,"replicas":3},"status":{"x":1}})"));
    QVERIFY(r.value.at({"spec", "replicas"}).isFloat()); // json.Unmarshal into interface{}
    // Detached: omitting fields from the result leaves the CR alone.
    r.value.get("status").remove("x");
    r.value.get("spec").remove("replicas");
    QVERIFY(cr.at({"status", "x"}).isNumber());
    QVERIFY(cr.at({"spec", "replicas"}).isSignedInteger());
    QCOMPARE(cr.at({"spec", "paused"}).toBool(), false);

    const PatchResult nan = MergePatch::apply(parse("{}"), Value::fromFloat(std::nan("")));
    QCOMPARE(QString::fromStdString(nan.error.value_or("")), QStringLiteral("json: unsupported value: NaN"));
}

void tst_Patch::ignoreUnspecifiedFields_data()
{
    QTest::addColumn<QString>("crCase");
    QTest::addColumn<QString>("crName");
    // golden CheckIgnoreUnspecifiedFieldsConfig: the diff only shows the two
    // template fields the CR lacks.
    QTest::newRow("CheckIgnoreUnspecifiedFieldsConfig") << "CheckIgnoreUnspecifiedFieldsConfig" << "ns.yaml";
    // CheckMergingDoesNotOverwriteTemplateConfig: a CR whose cluster-monitoring
    // label is "false" still gets the template's "true".
    QTest::newRow("CheckMergingDoesNotOverwriteTemplateConfig") << "UserOverride" << "ns1.yaml";
}

void tst_Patch::ignoreUnspecifiedFields()
{
    QFETCH(QString, crCase);
    QFETCH(QString, crName);
    const Value tmpl = readTemplate(QStringLiteral("namespace.yaml"), QStringLiteral("CheckIgnoreUnspecifiedFieldsConfig"));
    const Value cr = readLiveCr(crName, crCase);
    const PatchResult merged = MergePatch::apply(cr, tmpl);
    QVERIFY(merged.ok());
    Value expected = patch::jsonRoundTrip(cr).value;
    expected = withMetadata(expected, "annotations", "workload.openshift.io/allowed", Value("management"));
    expected = withMetadata(expected, "labels", "openshift.io/cluster-monitoring", Value("true"));
    QCOMPARE(dump(merged.value), dump(expected));
    QCOMPARE(cr.at({"metadata", "annotations"}).contains("workload.openshift.io/allowed"), false);
}

void tst_Patch::createMergePatch_data()
{
    QTest::addColumn<QString>("original");
    QTest::addColumn<QString>("modified");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<QString>("error");
    QTest::newRow("changed") << R"({"a":"b"})" << R"({"a":"c"})" << R"({"a":"c"})" << "";
    QTest::newRow("removed") << R"({"a":"b","c":"d"})" << R"({"a":"b"})" << R"({"c":null})" << "";
    QTest::newRow("added") << R"({"a":1})" << R"({"a":1,"b":{"c":null}})" << R"({"b":{"c":null}})" << "";
    QTest::newRow("nested") << R"({"a":{"b":1,"c":2}})" << R"({"a":{"b":1,"c":3}})" << R"({"a":{"c":3}})" << "";
    QTest::newRow("list replaced") << R"({"a":[1,2]})" << R"({"a":[1,3]})" << R"({"a":[1,3]})" << "";
    QTest::newRow("list equal") << R"({"a":[1,{"b":2}]})" << R"({"a":[1,{"b":2}]})" << "{}" << "";
    QTest::newRow("type change") << R"({"a":{"b":1}})" << R"({"a":"x"})" << R"({"a":"x"})" << "";
    QTest::newRow("number to string") << R"({"a":1})" << R"({"a":"1"})" << R"({"a":"1"})" << "";
    QTest::newRow("bool") << R"({"a":true})" << R"({"a":false})" << R"({"a":false})" << "";
    QTest::newRow("from null") << R"({"a":null})" << R"({"a":1})" << R"({"a":1})" << "";
    QTest::newRow("null both") << R"({"a":null})" << R"({"a":null})" << "{}" << "";
    QTest::newRow("added null") << R"({"a":1})" << R"({"a":1,"b":null})" << R"({"b":null})" << "";
    QTest::newRow("unchanged empty object") << R"({"a":{"b":{}}})" << R"({"a":{"b":{}}})" << "{}" << "";
    QTest::newRow("object filled") << R"({"a":{}})" << R"({"a":{"x":1}})" << R"({"a":{"x":1}})" << "";
    QTest::newRow("object emptied") << R"({"a":{"x":1}})" << R"({"a":{}})" << R"({"a":{"x":null}})" << "";
    QTest::newRow("no change") << "{}" << "{}" << "{}" << "";
    QTest::newRow("null original") << "null" << R"({"a":1})" << R"({"a":1})" << "";
    QTest::newRow("lists of objects") << R"([{"a":1},{"b":2}])" << R"([{"a":2},{"b":2}])" << R"([{"a":2},{}])"
                                      << "";
    QTest::newRow("lists of unequal length") << R"([{"a":1}])" << "[]" << ""
                                             << "Invalid JSON Document";
    QTest::newRow("list of scalars") << "[1]" << "[1]" << ""
                                     << "Invalid JSON Document";
    QTest::newRow("list and object") << "[]" << "{}" << ""
                                     << "Mismatched JSON Documents";
    QTest::newRow("scalar") << R"("x")" << "{}" << ""
                            << "Invalid JSON Document";
}

void tst_Patch::createMergePatch()
{
    QFETCH(QString, original);
    QFETCH(QString, modified);
    QFETCH(QString, expected);
    QFETCH(QString, error);
    checkResult(MergePatch::create(parse(original), parse(modified)), expected, error);
}

void tst_Patch::createMergePatchTyping()
{
    // The template side is float64, the live side int64: equal as JSON.
    Value tmpl = parse(R"({"n":3,"big":9007199254740992})");
    Value live = Value::emptyMap();
    live.insert("n", Value::fromInt64(3));
    live.insert("big", Value::fromInt64(9007199254740993));
    const PatchResult same = MergePatch::create(tmpl, live);
    QVERIFY(same.ok());
    QCOMPARE(dump(same.value), QStringLiteral("{}"));

    live.insert("n", Value::fromInt64(4));
    live.insert("s", Value("<b>"));
    const PatchResult diff = MergePatch::create(tmpl, live);
    QVERIFY(diff.ok());
    QVERIFY(diff.value.get("n").isFloat());
    // json.Marshal of the patch escapes HTML, as the generated override shows.
    QCOMPARE(dump(diff.value), QStringLiteral(R"({"n":4,"s":"\u003cb\u003e"})"));
}

void tst_Patch::jsonPatch_data()
{
    QTest::addColumn<QString>("doc");
    QTest::addColumn<QString>("patch");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<QString>("error");
    const QString nilDeref = QStringLiteral("panic: runtime error: invalid memory address or nil pointer dereference");

    // RFC 6902 appendix A.
    QTest::newRow("A.1 add member") << R"({"foo":"bar"})" << R"([{"op":"add","path":"/baz","value":"qux"}])"
                                    << R"({"baz":"qux","foo":"bar"})" << "";
    QTest::newRow("A.2 add element") << R"({"foo":["bar","baz"]})" << R"([{"op":"add","path":"/foo/1","value":"qux"}])"
                                     << R"({"foo":["bar","qux","baz"]})" << "";
    QTest::newRow("A.3 remove member") << R"({"baz":"qux","foo":"bar"})" << R"([{"op":"remove","path":"/baz"}])"
                                       << R"({"foo":"bar"})" << "";
    QTest::newRow("A.4 remove element") << R"({"foo":["bar","qux","baz"]})" << R"([{"op":"remove","path":"/foo/1"}])"
                                        << R"({"foo":["bar","baz"]})" << "";
    QTest::newRow("A.5 replace") << R"({"baz":"qux","foo":"bar"})"
                                 << R"([{"op":"replace","path":"/baz","value":"boo"}])"
                                 << R"({"baz":"boo","foo":"bar"})" << "";
    QTest::newRow("A.6 move member") << R"({"foo":{"bar":"baz","waldo":"fred"},"qux":{"corge":"grault"}})"
                                     << R"([{"op":"move","from":"/foo/waldo","path":"/qux/thud"}])"
                                     << R"({"foo":{"bar":"baz"},"qux":{"corge":"grault","thud":"fred"}})" << "";
    QTest::newRow("A.7 move element") << R"({"foo":["all","grass","cows","eat"]})"
                                      << R"([{"op":"move","from":"/foo/1","path":"/foo/3"}])"
                                      << R"({"foo":["all","cows","eat","grass"]})" << "";
    QTest::newRow("A.8 test") << R"({"baz":"qux","foo":["a",2,"c"]})"
                              << R"([{"op":"test","path":"/baz","value":"qux"},{"op":"test","path":"/foo/1","value":2}])"
                              << R"({"baz":"qux","foo":["a",2,"c"]})" << "";
    QTest::newRow("A.9 test fails") << R"({"baz":"qux"})" << R"([{"op":"test","path":"/baz","value":"bar"}])" << ""
                                    << "testing value /baz failed: test failed";
    QTest::newRow("A.10 add nested") << R"({"foo":"bar"})"
                                     << R"([{"op":"add","path":"/child","value":{"grandchild":{}}}])"
                                     << R"({"child":{"grandchild":{}},"foo":"bar"})" << "";
    QTest::newRow("A.11 unknown member") << R"({"foo":"bar"})"
                                         << R"([{"op":"add","path":"/baz","value":"qux","xyz":123}])"
                                         << R"({"baz":"qux","foo":"bar"})" << "";
    QTest::newRow("A.12 missing target") << R"({"foo":"bar"})" << R"([{"op":"add","path":"/baz/bat","value":"qux"}])"
                                         << "" << R"(add operation does not apply: doc is missing path: "/baz/bat": missing value)";
    QTest::newRow("A.13 duplicate op, last wins") << R"({"foo":"bar"})"
                                                  << R"([{"op":"add","path":"/baz","value":"qux","op":"remove"}])" << ""
                                                  << "error in remove for path: '/baz': Unable to remove nonexistent key: baz: missing value";
    QTest::newRow("A.14 escapes") << R"({"/":9,"~1":10})" << R"([{"op":"test","path":"/~01","value":10}])"
                                  << R"({"/":9,"~1":10})" << "";
    QTest::newRow("A.15 string is not number") << R"({"/":9,"~1":10})" << R"([{"op":"test","path":"/~01","value":"10"}])"
                                               << "" << "testing value /~01 failed: test failed";
    QTest::newRow("A.16 add array value") << R"({"foo":["bar"]})"
                                          << R"([{"op":"add","path":"/foo/-","value":["abc","def"]}])"
                                          << R"({"foo":["bar",["abc","def"]]})" << "";

    // replace
    QTest::newRow("replace missing member adds") << R"({"a":1})" << R"([{"op":"replace","path":"/b","value":2}])"
                                                 << R"({"a":1,"b":2})" << "";
    QTest::newRow("replace missing index") << R"({"a":[1]})" << R"([{"op":"replace","path":"/a/5","value":2}])" << ""
                                           << "replace operation does not apply: doc is missing key: /a/5: missing value";
    QTest::newRow("replace negative index") << R"({"a":[1,2]})" << R"([{"op":"replace","path":"/a/-1","value":3}])"
                                            << R"({"a":[1,3]})" << "";
    QTest::newRow("replace root") << R"({"a":1})" << R"([{"op":"replace","path":"","value":{"b":2}}])" << R"({"b":2})"
                                  << "";
    QTest::newRow("replace root with list") << R"({"a":1})" << R"([{"op":"replace","path":"","value":[1]}])" << "[1]"
                                            << "";
    QTest::newRow("replace root with scalar is a no-op")
        << R"({"a":1})" << R"([{"op":"replace","path":"","value":5},{"op":"add","path":"/b","value":2}])"
        << R"({"a":1,"b":2})" << "";
    QTest::newRow("replace root without value") << "{}" << R"([{"op":"replace","path":""}])" << "" << nilDeref;
    QTest::newRow("replace path not a string") << R"({"a":1})" << R"([{"op":"replace","path":5,"value":1}])" << ""
                                               << "replace operation failed to decode path: json: cannot unmarshal number into Go value of type string";
    QTest::newRow("replace without path") << R"({"a":1})" << R"([{"op":"replace","value":1}])" << ""
                                          << "replace operation failed to decode path: operation missing path field: missing value";
    QTest::newRow("replace missing parent") << "{}" << R"([{"op":"replace","path":"/x/y","value":1}])" << ""
                                            << "replace operation does not apply: doc is missing path: /x/y: missing value";

    // test
    QTest::newRow("test root") << R"({"a":[1,{"b":null}]})"
                               << R"([{"op":"test","path":"","value":{"a":[1,{"b":null}]}}])"
                               << R"({"a":[1,{"b":null}]})" << "";
    QTest::newRow("test root fails") << R"({"a":1})" << R"([{"op":"test","path":"","value":{"a":2}}])" << ""
                                     << "testing value  failed: test failed";
    QTest::newRow("test compares compacted text") << R"({"a":{"b":[1,2]}})"
                                                  << R"([{"op":"test","path":"/a","value": { "b" : [ 1 , 2 ] } }])"
                                                  << R"({"a":{"b":[1,2]}})" << "";
    QTest::newRow("test 1 vs 1.0") << R"({"a":1})" << R"([{"op":"test","path":"/a","value":1.0}])" << ""
                                   << "testing value /a failed: test failed";
    QTest::newRow("test html-escaped text") << R"({"a":"<"})" << R"([{"op":"test","path":"/a","value":"<"}])" << ""
                                            << "testing value /a failed: test failed";
    QTest::newRow("test html escape matches") << R"({"a":"<"})" << R"([{"op":"test","path":"/a","value":"\u003c"}])"
                                              << R"({"a":"<"})" << "";
    QTest::newRow("test missing is null") << R"({"a":1})" << R"([{"op":"test","path":"/b","value":null}])"
                                          << R"({"a":1})" << "";
    QTest::newRow("test null member") << R"({"a":null})" << R"([{"op":"test","path":"/a","value":null}])"
                                      << R"({"a":null})" << "";
    QTest::newRow("test value not null") << R"({"a":1})" << R"([{"op":"test","path":"/a","value":null}])" << ""
                                         << "testing value /a failed: test failed";
    QTest::newRow("test without value") << R"({"a":1})" << R"([{"op":"test","path":"/a"}])" << ""
                                        << "testing value /a failed: test failed";
    QTest::newRow("test missing without value") << R"({"a":1})" << R"([{"op":"test","path":"/b"}])" << "" << nilDeref;
    QTest::newRow("test bad index") << R"({"a":[1]})" << R"([{"op":"test","path":"/a/x","value":1}])" << ""
                                    << R"(error in test for path: '/a/x': strconv.Atoi: parsing "x": invalid syntax)";
    QTest::newRow("test missing parent") << "{}" << R"([{"op":"test","path":"/x/y","value":1}])" << ""
                                         << "test operation does not apply: is missing path: /x/y: missing value";

    // kinds
    QTest::newRow("unknown op") << "{}" << R"([{"op":"frob","path":"/a"}])" << "" << "Unexpected kind: frob";
    QTest::newRow("missing op") << "{}" << R"([{"path":"/a"}])" << "" << "Unexpected kind: unknown";
    QTest::newRow("op not a string") << "{}" << R"([{"op":1,"path":"/a"}])" << "" << "Unexpected kind: unknown";
    QTest::newRow("null operation") << "{}" << "[null]" << "" << "Unexpected kind: unknown";
    QTest::newRow("null patch") << R"({"a":1})" << "null" << R"({"a":1})" << "";

    // add / remove and pointers
    QTest::newRow("add without path") << "{}" << R"([{"op":"add","value":1}])" << ""
                                      << "add operation failed to decode path: missing value";
    QTest::newRow("add relative path") << "{}" << R"([{"op":"add","path":"a","value":1}])" << ""
                                       << R"(add operation does not apply: doc is missing path: "a": missing value)";
    QTest::newRow("add to root path") << "{}" << R"([{"op":"add","path":"","value":1}])" << ""
                                      << R"(add operation does not apply: doc is missing path: "": missing value)";
    QTest::newRow("add bad index") << R"({"a":[1]})" << R"([{"op":"add","path":"/a/x","value":2}])" << ""
                                   << R"(error in add for path: '/a/x': value was not a proper array index: 'x': strconv.Atoi: parsing "x": invalid syntax)";
    QTest::newRow("add index too large") << R"({"a":[1]})" << R"([{"op":"add","path":"/a/2","value":2}])" << ""
                                         << "error in add for path: '/a/2': Unable to access invalid index: 2: invalid index referenced";
    QTest::newRow("add at length") << R"({"a":[1]})" << R"([{"op":"add","path":"/a/1","value":2}])"
                                   << R"({"a":[1,2]})" << "";
    QTest::newRow("add at -1 appends") << R"({"a":[1,2]})" << R"([{"op":"add","path":"/a/-1","value":3}])"
                                       << R"({"a":[1,2,3]})" << "";
    QTest::newRow("add at -size prepends") << R"({"a":[1,2]})" << R"([{"op":"add","path":"/a/-3","value":0}])"
                                           << R"({"a":[0,1,2]})" << "";
    QTest::newRow("add below -size") << R"({"a":[1,2]})" << R"([{"op":"add","path":"/a/-4","value":0}])" << ""
                                     << "error in add for path: '/a/-4': Unable to access invalid index: -4: invalid index referenced";
    QTest::newRow("add null value") << "{}" << R"([{"op":"add","path":"/a","value":null}])" << R"({"a":null})" << "";
    QTest::newRow("add without value") << "{}" << R"([{"op":"add","path":"/a"}])" << R"({"a":null})" << "";
    QTest::newRow("add into element") << R"({"a":[{"b":1}]})" << R"([{"op":"add","path":"/a/0/c","value":2}])"
                                      << R"({"a":[{"b":1,"c":2}]})" << "";
    QTest::newRow("add through scalar") << R"({"a":1})" << R"([{"op":"add","path":"/a/b","value":2}])" << ""
                                        << R"(add operation does not apply: doc is missing path: "/a/b": missing value)";
    QTest::newRow("add to root list") << "[1]" << R"([{"op":"add","path":"/0","value":0}])" << "[0,1]" << "";
    QTest::newRow("walk through null value panics")
        << "{}" << R"([{"op":"add","path":"/a","value":null},{"op":"add","path":"/a/b","value":1}])" << "" << nilDeref;
    QTest::newRow("copied null is a nil map")
        << "{}"
        << R"([{"op":"add","path":"/a","value":null},{"op":"copy","from":"/a","path":"/b"},{"op":"add","path":"/b/c","value":1}])"
        << "" << "panic: assignment to entry in nil map";
    QTest::newRow("remove negative") << R"({"a":[1,2,3]})" << R"([{"op":"remove","path":"/a/-1"}])"
                                     << R"({"a":[1,2]})" << "";
    QTest::newRow("remove plus sign index") << R"({"a":[1,2]})" << R"([{"op":"remove","path":"/a/+1"}])"
                                            << R"({"a":[1]})" << "";
    QTest::newRow("remove out of range") << R"({"a":[1]})" << R"([{"op":"remove","path":"/a/1"}])" << ""
                                         << "error in remove for path: '/a/1': Unable to access invalid index: 1: invalid index referenced";
    QTest::newRow("remove huge index") << R"({"a":[1]})" << R"([{"op":"remove","path":"/a/99999999999999999999"}])"
                                       << ""
                                       << R"(error in remove for path: '/a/99999999999999999999': strconv.Atoi: parsing "99999999999999999999": value out of range)";
    QTest::newRow("remove dash") << R"({"a":[1]})" << R"([{"op":"remove","path":"/a/-"}])" << ""
                                 << R"(error in remove for path: '/a/-': strconv.Atoi: parsing "-": invalid syntax)";
    QTest::newRow("remove missing parent") << "{}" << R"([{"op":"remove","path":"/x/y"}])" << ""
                                           << R"(remove operation does not apply: doc is missing path: "/x/y": missing value)";
    QTest::newRow("remove null member") << R"({"a":null,"b":1})" << R"([{"op":"remove","path":"/a"}])"
                                        << R"({"b":1})" << "";
    QTest::newRow("escaped keys") << R"({"a/b":1,"m~n":2})"
                                  << R"([{"op":"remove","path":"/a~1b"},{"op":"replace","path":"/m~0n","value":3}])"
                                  << R"({"m~n":3})" << "";

    // move / copy
    QTest::newRow("move missing from member") << R"({"a":1})" << R"([{"op":"move","from":"/zz","path":"/b"}])" << ""
                                              << "error in move for path: 'zz': Unable to remove nonexistent key: zz: missing value";
    QTest::newRow("move without from") << R"({"a":1})" << R"([{"op":"move","path":"/b"}])" << ""
                                       << "move operation failed to decode from: operation, missing from field: missing value";
    QTest::newRow("move into itself") << R"({"a":{"b":1}})" << R"([{"op":"move","from":"/a","path":"/a/c"}])" << ""
                                      << "move operation does not apply: doc is missing destination path: /a/c: missing value";
    QTest::newRow("move missing parent") << "{}" << R"([{"op":"move","from":"/x/y","path":"/b"}])" << ""
                                         << "move operation does not apply: doc is missing from path: /x/y: missing value";
    QTest::newRow("copy is deep") << R"({"a":{"b":1}})"
                                  << R"([{"op":"copy","from":"/a","path":"/c"},{"op":"add","path":"/c/d","value":2}])"
                                  << R"({"a":{"b":1},"c":{"b":1,"d":2}})" << "";
    QTest::newRow("copy element") << R"({"a":[1,{"x":"<"}]})" << R"([{"op":"copy","from":"/a/1","path":"/a/0"}])"
                                  << R"({"a":[{"x":"<"},1,{"x":"<"}]})" << "";
    QTest::newRow("copy missing parent") << "{}" << R"([{"op":"copy","from":"/x/y","path":"/b"}])" << ""
                                         << "copy operation does not apply: doc is missing from path: /x/y: missing value";
    QTest::newRow("copy without path") << R"({"a":1})" << R"([{"op":"copy","from":"/a"}])" << ""
                                       << "copy operation failed to decode path: missing value";
    QTest::newRow("copy bad index") << R"({"a":[1]})" << R"([{"op":"copy","from":"/a/3","path":"/b"}])" << ""
                                    << "error in copy for from: '/a/3': Unable to access invalid index: 3: invalid index referenced";
    QTest::newRow("huge number") << "{}" << R"([{"op":"add","path":"/a","value":1e400}])" << R"({"a":"1e400"})" << "";
}

void tst_Patch::jsonPatch()
{
    QFETCH(QString, doc);
    QFETCH(QString, patch);
    QFETCH(QString, expected);
    QFETCH(QString, error);
    const JsonPatch p = JsonPatch::decode(patch.toStdString());
    QVERIFY2(p.ok(), p.error() ? p.error()->c_str() : "");
    checkResult(p.apply(parse(doc)), expected, error);
}

void tst_Patch::jsonPatchDecode_data()
{
    QTest::addColumn<QString>("patch");
    QTest::addColumn<int>("size");
    QTest::addColumn<QString>("error");
    QTest::newRow("ops") << R"([{"op":"add","path":"/a","value":1},{"op":"remove","path":"/a"}])" << 2 << "";
    QTest::newRow("null") << " null " << 0 << "";
    QTest::newRow("empty list") << "[]" << 0 << "";
    QTest::newRow("object") << "{}" << 0 << "json: cannot unmarshal object into Go value of type jsonpatch.Patch";
    QTest::newRow("string") << R"("x")" << 0 << "json: cannot unmarshal string into Go value of type jsonpatch.Patch";
    QTest::newRow("number element") << "[1]" << 0
                                    << "json: cannot unmarshal number into Go value of type jsonpatch.Operation";
    QTest::newRow("first bad element wins") << R"([{}, true, "x"])" << 0
                                            << "json: cannot unmarshal bool into Go value of type jsonpatch.Operation";
    QTest::newRow("array element") << "[[1]]" << 0
                                   << "json: cannot unmarshal array into Go value of type jsonpatch.Operation";
    QTest::newRow("unterminated") << "[" << 0 << "unexpected end of JSON input";
    QTest::newRow("empty text") << "" << 0 << "unexpected end of JSON input";
    QTest::newRow("trailing data") << "[] x" << 0 << "invalid character 'x' after top-level value";
    QTest::newRow("trailing bracket") << "[]]" << 0 << "invalid character ']' after top-level value";
    QTest::newRow("trailing value") << "1 2" << 0 << "invalid character '2' after top-level value";
    QTest::newRow("missing element") << "[1,]" << 0 << "invalid character ']' looking for beginning of value";
    QTest::newRow("huge number is fine") << R"([{"op":"add","path":"/a","value":1e400}] )" << 1 << "";
    QTest::newRow("huge number then junk") << R"([1e400] x)" << 0 << "invalid character 'x' after top-level value";
}

void tst_Patch::jsonPatchDecode()
{
    QFETCH(QString, patch);
    QFETCH(int, size);
    QFETCH(QString, error);
    const JsonPatch p = JsonPatch::decode(patch.toStdString());
    QCOMPARE(QString::fromStdString(p.error().value_or("")), error);
    QCOMPARE(int(p.size()), size);
    if (!error.isEmpty()) {
        const PatchResult r = p.apply(parse("{}"));
        QCOMPARE(QString::fromStdString(r.error.value_or("")), error);
    }
}

void tst_Patch::jsonPatchValues()
{
    Value doc = Value::emptyMap();
    doc.insert("n", Value::fromInt64(5));
    doc.insert("m", parse(R"({"k":"v"})"));
    const JsonPatch p = JsonPatch::decode(R"([{"op":"add","path":"/m/x","value":2}])");
    const PatchResult r = p.apply(doc);
    QVERIFY(r.ok());
    QVERIFY(r.value.get("n").isFloat());
    QCOMPARE(dump(r.value), QStringLiteral(R"({"m":{"k":"v","x":2},"n":5})"));
    QVERIFY(!doc.get("m").contains("x")); // the input is untouched
    // A patch can be applied again (kube-compare applies it per candidate).
    QCOMPARE(dump(p.apply(doc).value), dump(r.value));

    const PatchResult nan = p.apply(Value::fromFloat(std::nan("")));
    QCOMPARE(QString::fromStdString(nan.error.value_or("")), QStringLiteral("json: unsupported value: NaN"));
    const PatchResult scalar = JsonPatch::decode("[]").apply(Value("x"));
    QCOMPARE(QString::fromStdString(scalar.error.value_or("")),
             QStringLiteral("json: cannot unmarshal string into Go value of type jsonpatch.partialDoc"));
}

void tst_Patch::userOverrides_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("templateName");
    QTest::addColumn<QString>("crName");
    // golden localrfc6902out / localsuccessfulout / localgotemplateout: "Diff Output: None"
    QTest::newRow("rfc6902") << "rfc6902.patch" << "rfc6902" << "namespace.yaml" << "ns1.yaml";
    QTest::newRow("mergepatch") << "noReason.patch" << "mergepatch" << "namespace.yaml" << "ns1.yaml";
    QTest::newRow("generated") << "localnewOverridesWithReasonout.golden" << "mergepatch" << "namespace.yaml"
                               << "ns1.yaml";
    QTest::newRow("go-template") << "gotemplate.patch" << "go-template" << "namespace.yaml" << "ns1.yaml";
    // golden localexactMatchout: only "somethingelse: true" is left in the diff
    QTest::newRow("exactMatch") << "exactMatch.patch" << "mergepatch" << "namespace-no-patch.yaml" << "ns2.yaml";
}

void tst_Patch::userOverrides()
{
    QFETCH(QString, file);
    QFETCH(QString, type);
    QFETCH(QString, templateName);
    QFETCH(QString, crName);
    std::string text = test::readFile(caseFile(file));
    const Value rendered = readTemplate(templateName);
    const Value live = readLiveCr(crName);

    std::string patchType = type.toStdString();
    std::string patchText = overridePatch(text);
    if (patchType == "go-template") {
        // What executing the template with the CR gives: `toJson` of spec.finalizers.
        const std::string action = "{{ .spec.finalizers | toJson }}";
        const auto at = patchText.find(action);
        QVERIFY(at != std::string::npos);
        patchText.replace(at, action.size(), json::write(live.at({"spec", "finalizers"})).text);
        const yaml::UnmarshalResult templated = yaml::unmarshalObject(patchText);
        QVERIFY(templated.ok());
        patchType = templated.value.get("type").str();
        patchText = templated.value.get("patch").str();
    }

    PatchResult r;
    if (patchType == "rfc6902") {
        const JsonPatch p = JsonPatch::decode(patchText);
        QVERIFY2(p.ok(), p.error()->c_str());
        QCOMPARE(int(p.size()), 14);
        r = p.apply(rendered);
    } else {
        QCOMPARE(patchType, std::string("mergepatch"));
        r = MergePatch::applyJson(rendered, patchText);
    }
    QVERIFY2(r.ok(), r.error ? r.error->c_str() : "");

    Value expected = patch::jsonRoundTrip(live).value;
    if (templateName == QLatin1String("namespace-no-patch.yaml"))
        expected = withMetadata(expected, "annotations", "somethingelse", Value(true));
    QCOMPARE(dump(r.value), dump(expected));
    QCOMPARE(r.value, expected);
}

void tst_Patch::generatedOverride()
{
    // golden localnewOverridesWithReasonout: the patch generated for ns1 against namespace.yaml.
    const PatchResult r = MergePatch::create(readTemplate(QStringLiteral("namespace.yaml")),
                                             readLiveCr(QStringLiteral("ns1.yaml")));
    QVERIFY(r.ok());
    const std::string golden = overridePatch(test::readFile(caseFile(QStringLiteral("localnewOverridesWithReasonout.golden"))));
    QCOMPARE(json::write(r.value).text, golden);
}

void tst_Patch::slug_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("expected");
    // kube-compare ids (spec §e.7 and the goldens' TEMP/<slug> file names)
    QTest::newRow("spec example") << "apps/v1_Deployment_ns_name" << "apps-v1_deployment_ns_name";
    QTest::newRow("cluster scoped") << "v1_Namespace_openshift-storage" << "v1_namespace_openshift-storage";
    QTest::newRow("group with dots") << "rbac.authorization.k8s.io/v1_ClusterRole_system:controller:foo"
                                     << "rbac-authorization-k8s-io-v1_clusterrole_system-controller-foo";
    // gosimple/slug's own tests (language "en")
    QTest::newRow("upper") << "DOBROSLAWZYBORT" << "dobroslawzybort";
    QTest::newRow("space") << "Dobroslaw Zybort" << "dobroslaw-zybort";
    QTest::newRow("spaces") << "  Dobroslaw     Zybort  ?" << "dobroslaw-zybort";
    QTest::newRow("polish") << QString::fromUtf8("Dobrosław Żybort") << "dobroslaw-zybort";
    QTest::newRow("dot") << QString::fromUtf8("Ala ma 6 kotów.") << "ala-ma-6-kotow";
    QTest::newRow("a") << QString::fromUtf8("áÁàÀãÃâÂäÄąĄą̊Ą̊") << "aaaaaaaaaaaaaa";
    QTest::newRow("c") << QString::fromUtf8("ćĆĉĈçÇčČ") << "cccccccc";
    QTest::newRow("i") << QString::fromUtf8("íÍìÌĩĨîÎïÏįĮ") << "iiiiiiiiiiii";
    QTest::newRow("l") << QString::fromUtf8("łŁ") << "ll";
    QTest::newRow("n") << QString::fromUtf8("ńŃ") << "nn";
    QTest::newRow("o") << QString::fromUtf8("óÓòÒõÕôÔöÖǫǪǭǬø") << "ooooooooooooooo";
    QTest::newRow("s") << QString::fromUtf8("śŚšŠ") << "ssss";
    QTest::newRow("r") << QString::fromUtf8("řŘ") << "rr";
    QTest::newRow("t") << QString::fromUtf8("ťŤ") << "tt";
    QTest::newRow("u") << QString::fromUtf8("úÚùÙũŨûÛüÜųŲůŮ") << "uuuuuuuuuuuuuu";
    QTest::newRow("y") << QString::fromUtf8("y̨Y̨ýÝ") << "yyyy";
    QTest::newRow("z") << QString::fromUtf8("źŹżŹžŽ") << "zzzzzz";
    QTest::newRow("symbols") << QString::fromUtf8("·/,:;`˜'\"") << "";
    QTest::newRow("en dash") << QString::fromUtf8("2000–2013") << "2000-2013";
    QTest::newRow("em dash") << QString::fromUtf8("style—not") << "style-not";
    QTest::newRow("underscore") << "test_slug" << "test_slug";
    QTest::newRow("trim underscore") << "_test_slug_" << "test_slug";
    QTest::newRow("trim dash") << "-test-slug-" << "test-slug";
    QTest::newRow("AE") << QString::fromUtf8("Æ") << "ae";
    QTest::newRow("sharp s") << QString::fromUtf8("Ich heiße") << "ich-heisse";
    QTest::newRow("astral") << QString::fromUtf8("𐀀") << "";
    QTest::newRow("substitutions") << "% 5 @ 4 $ 3 / 2 & 1 & 2 # 3 @ 4 _ 5" << "5-at-4-3-2-and-1-and-2-3-at-4-_-5";
    QTest::newRow("and") << "This & that" << "this-and-that";
    QTest::newRow("smile") << QString::fromUtf8("smile ☺") << "smile";
    QTest::newRow("cyrillic") << QString::fromUtf8("Hellö Wörld хелло ворлд") << "hello-world-khello-vorld";
    QTest::newRow("quotes") << QString::fromUtf8("\"C'est déjà l’été.\"") << "cest-deja-lete";
    QTest::newRow("dashes") << QString::fromUtf8("jaja---lol-méméméoo--a") << "jaja-lol-mememeoo-a";
    QTest::newRow("d stroke") << QString::fromUtf8("Đanković & Kožušček") << "dankovic-and-kozuscek";
    QTest::newRow("defaultSub") << QString::fromUtf8("1\"2'3’4‒5–6—7―8") << "1234-5-6-7-8";
    QTest::newRow("umlauts") << QString::fromUtf8("äÄäöÖöüÜü") << "aaaooouuu";
    QTest::newRow("greek") << QString::fromUtf8("Κνωσός") << "knosos"; // gosimple/unidecode's test
    // the table's details
    QTest::newRow("cyrillic digraphs") << QString::fromUtf8("ЖЩЮ") << "zhshchiu";
    QTest::newRow("hard sign") << QString::fromUtf8("aЪb") << "a-b";
    QTest::newRow("unassigned greek") << QString::fromUtf8("a\u0378b") << "a-b";
    QTest::newRow("fraction") << QString::fromUtf8("x¼y") << "x1-4y";
    QTest::newRow("nbsp trimmed") << QString::fromUtf8("\u00a0x\u00a0") << "x";
    QTest::newRow("empty") << "" << "";
    QTest::newRow("only symbols") << " -_- " << "";
}

void tst_Patch::slug()
{
    QFETCH(QString, input);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(patch::slug(input.toStdString())), expected);
}

QTEST_GUILESS_MAIN(tst_Patch)
#include "tst_patch.moc"
