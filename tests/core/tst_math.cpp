// SPDX-License-Identifier: Apache-2.0
// Sprig math and number conversions (sprig-helm-functions.md §2.3, §4 CONV-2..8,
// §7 MTH-1..11, go-template.md ARG-11), called through the registered impls with
// arguments typed as the executor passes them: literals Int/Float64/String/Bool,
// data Int64/Float64, nil as Null.
#include "template/FunctionError.h"
#include "template/FunctionRegistry.h"
#include "template/functions/FunctionGroups.h"
#include "go/GoCast.h"
#include "go/GoDecimal.h"
#include "go/GoPanic.h"
#include "go/GoFloat.h"
#include "go/GoStrconv.h"

#include <QTest>

#include <cstdint>
#include <limits>
#include <set>

using namespace ds;
using namespace ds::tmpl;

namespace {

struct Call
{
    std::string fn;
    std::vector<Value> args;
};
using Calls = std::vector<Call>;

constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();
const double kInf = std::numeric_limits<double>::infinity();
const double kNaN = std::numeric_limits<double>::quiet_NaN();

// Template literals and data values.
Value I(std::int64_t i) { return Value::fromInt(i); }
Value D(std::int64_t i) { return Value::fromInt64(i); }
Value F(double f) { return Value::fromFloat(f); }
Value S(const char *s) { return Value(s); }
Value B(bool b) { return Value(b); }
Value N() { return Value::null(); }
Value L() { return Value(ValueList{Value("a")}); }

// Go's %v of a function result.
std::string goPrint(const Value &v)
{
    switch (v.type()) {
    case Value::Type::Int:
    case Value::Type::Int64:
        return std::to_string(v.toInt64());
    case Value::Type::Float64:
        return go::strconv::formatShortest(v.toFloat());
    case Value::Type::String:
        return v.str();
    default:
        return "<unexpected>";
    }
}

const FunctionRegistry &registry()
{
    static const FunctionRegistry r = [] {
        FunctionRegistry reg;
        registerMathFunctions(reg);
        return reg;
    }();
    return r;
}

Value call(FunctionContext &context, const Call &c)
{
    const FunctionSpec *spec = registry().find(c.fn);
    if (!spec)
        throw std::runtime_error("function not registered: " + c.fn);
    std::vector<Value> args = c.args;
    return spec->impl(context, args);
}

// The calls' results joined with '|', like the spec's templates.
QString render(const Calls &calls)
{
    FunctionContext context;
    std::string out;
    for (std::size_t i = 0; i < calls.size(); ++i) {
        if (i)
            out += '|';
        out += goPrint(call(context, calls[i]));
    }
    return QString::fromStdString(out);
}

} // namespace

Q_DECLARE_METATYPE(Calls)
Q_DECLARE_METATYPE(Call)

class tst_Math : public QObject
{
    Q_OBJECT

private slots:
    void spec_data();
    void spec();
    void conversions_data();
    void conversions();
    void arithmetic_data();
    void arithmetic();
    void errors_data();
    void errors();
    void resultTypes();
    void signatures();
    void randIntStaysInRange();
    void decimal();
    void parseFloatRanges();
};

void tst_Math::spec_data()
{
    QTest::addColumn<Calls>("calls");
    QTest::addColumn<QString>("expected");
    // Data D = {"i":7,"f":2.5,"n":null,"l":["a"],"b":true}
    QTest::newRow("CONV-2") << Calls{{"atoi", {S("42")}}, {"atoi", {S("x")}}, {"atoi", {S(" 4")}},
                                     {"atoi", {S("4.0")}}, {"atoi", {S("+5")}}, {"atoi", {S("0x10")}}}
                            << "42|0|0|0|5|0";
    QTest::newRow("CONV-3") << Calls{{"int64", {S("42")}}, {"int64", {F(3.99)}}, {"int64", {F(-3.99)}},
                                     {"int64", {S("3.0")}}, {"int64", {S("3.5")}}, {"int64", {S("0x1F")}},
                                     {"int64", {S("010")}}, {"int64", {S("0b11")}}, {"int64", {S("1_000")}}}
                            << "42|3|-3|3|0|31|8|3|1000";
    QTest::newRow("CONV-4") << Calls{{"int64", {S("3.")}}, {"int64", {S("1.50")}},
                                     {"int64", {S("9223372036854775808")}}, {"float64", {S("1_000.5")}},
                                     {"float64", {S("infinity")}}, {"int64", {S(" 5")}}, {"int64", {S("1e3")}},
                                     {"int64", {B(true)}}, {"int64", {N()}}, {"int64", {N()}}, {"int64", {L()}}}
                            << "0|0|0|1000.5|+Inf|0|0|1|0|0|0";
    QTest::newRow("CONV-5") << Calls{{"int", {S("42")}}, {"int", {F(3.7)}}, {"int", {S("abc")}}} << "42|3|0";
    QTest::newRow("CONV-6") << Calls{{"float64", {S("3.5")}}, {"float64", {I(1)}}, {"float64", {S("1e3")}},
                                     {"float64", {S("abc")}}, {"float64", {B(true)}}, {"float64", {S("0x10")}},
                                     {"float64", {S("Inf")}}, {"float64", {S("NaN")}}}
                            << "3.5|1|1000|0|1|0|+Inf|NaN";
    // 1e19 is a float constant (it contains an 'e').
    QTest::newRow("CONV-7") << Calls{{"int64", {F(1e19)}}} << "-9223372036854775808";
    QTest::newRow("CONV-8") << Calls{{"toDecimal", {S("0777")}}, {"toDecimal", {I(777)}}, {"toDecimal", {S("8")}},
                                     {"toDecimal", {S("abc")}}}
                            << "511|511|0|0";
    // Data D = {"i":7,"f":2.5,"n":null}
    QTest::newRow("MTH-1") << Calls{{"add", {I(1), I(2)}}, {"add", {D(7), F(2.5)}}, {"add", {S("1"), S("2")}},
                                    {"add", {S("1.5"), I(1)}}, {"add", {S("0x10"), S("010"), S("0b11")}},
                                    {"add", {N(), B(true)}}, {"add", {}}}
                           << "3|9|3|1|27|1|0";
    QTest::newRow("MTH-2") << Calls{{"add1", {D(7)}}, {"sub", {I(10), I(3)}}, {"sub", {F(2.5), I(1)}},
                                    {"mul", {I(2), I(3), I(4)}}, {"mul", {I(5)}}, {"div", {I(7), I(2)}},
                                    {"div", {I(-7), I(2)}}, {"mod", {I(7), I(3)}}, {"mod", {I(-7), I(3)}},
                                    {"mul", {F(1.5), I(2)}}}
                           << "8|7|1|24|5|3|-3|1|-1|2";
    QTest::newRow("MTH-4") << Calls{{"add", {I(kMax), I(1)}}} << "-9223372036854775808";
    QTest::newRow("MTH-5") << Calls{{"max", {I(1), I(5), I(3)}}, {"min", {I(3), I(-1), I(2)}},
                                    {"biggest", {I(1), I(9)}}, {"max", {F(2.5), I(2)}}, {"maxf", {F(1.5), F(2.5)}},
                                    {"minf", {F(1.5), F(2.5), I(-1)}}, {"maxf", {I(1)}}}
                           << "5|-1|9|2|2.5|-1|1";
    QTest::newRow("MTH-6") << Calls{{"add1f", {D(7)}}, {"addf", {F(1.1), F(2.2)}}, {"addf", {F(0.1), F(0.2)}},
                                    {"subf", {I(10), F(0.1), F(0.2)}}, {"mulf", {F(1.1), I(3)}},
                                    {"divf", {I(10), I(3)}}, {"addf", {}}, {"add1f", {S("x")}}}
                           << "8|3.3|0.3|9.7|3.3|3.3333333333333335|0|1";
    QTest::newRow("MTH-8") << Calls{{"floor", {F(2.7)}}, {"ceil", {F(2.1)}}, {"floor", {S("3.7")}},
                                    {"ceil", {D(7)}}, {"floor", {F(-2.5)}}}
                           << "2|3|3|7|-3";
    QTest::newRow("MTH-9") << Calls{{"round", {F(2.5), I(0)}}, {"round", {F(2.45), I(1)}},
                                    {"round", {F(3.14159), I(2)}}, {"round", {F(-2.5), I(0)}},
                                    {"round", {F(2.4), I(0), F(0.4)}}, {"round", {F(1.005), I(2)}},
                                    {"round", {F(2.675), I(2)}}}
                           << "3|2.5|3.14|-3|2|1|2.68";
    QTest::newRow("MTH-10") << Calls{{"randInt", {I(5), I(6)}}} << "5";
    // go-template.md ARG-11, data {"i":2,"f":2.0}
    QTest::newRow("ARG-11") << Calls{{"add", {D(2), F(2.0), S("3")}}} << "7";
}

void tst_Math::spec()
{
    QFETCH(Calls, calls);
    QFETCH(QString, expected);
    QCOMPARE(render(calls), expected);
}

void tst_Math::conversions_data()
{
    QTest::addColumn<Call>("c");
    QTest::addColumn<QString>("expected");
    auto row = [](const char *name, Call c, const char *expected) {
        QTest::newRow(name) << c << QString(expected);
    };
    // cast.ToInt64: ParseInt base 0 after trimming ".0…"
    row("int64 0x_1F", {"int64", {S("0x_1F")}}, "31");
    row("int64 -0b101", {"int64", {S("-0b101")}}, "-5");
    row("int64 0o17", {"int64", {S("0o17")}}, "15");
    row("int64 0O17", {"int64", {S("0O17")}}, "15");
    row("int64 0_7", {"int64", {S("0_7")}}, "7");
    row("int64 1__0", {"int64", {S("1__0")}}, "0");
    row("int64 _1", {"int64", {S("_1")}}, "0");
    row("int64 1_", {"int64", {S("1_")}}, "0");
    row("int64 0x", {"int64", {S("0x")}}, "0");
    row("int64 08", {"int64", {S("08")}}, "0");
    row("int64 +", {"int64", {S("+")}}, "0");
    row("int64 empty", {"int64", {S("")}}, "0");
    row("int64 .0", {"int64", {S(".0")}}, "0");
    row("int64 0.0", {"int64", {S("0.0")}}, "0");
    row("int64 -3.00", {"int64", {S("-3.00")}}, "-3");
    row("int64 1.0.0", {"int64", {S("1.0.0")}}, "0");
    row("int64 min", {"int64", {S("-9223372036854775808")}}, "-9223372036854775808");
    row("int64 max.000", {"int64", {S("9223372036854775807.000")}}, "9223372036854775807");
    row("int64 uint64 max wraps", {"int64", {Value::fromUint64(~0ULL)}}, "-1");
    row("int64 uint8", {"int64", {Value::fromUint8(200)}}, "200");
    row("int64 NaN", {"int64", {F(kNaN)}}, "-9223372036854775808");
    row("int64 -Inf", {"int64", {F(-kInf)}}, "-9223372036854775808");
    row("int64 -9.3e18", {"int64", {F(-9.3e18)}}, "-9223372036854775808");
    row("int64 9.2e18", {"int64", {F(9.2e18)}}, "9200000000000000000");
    row("int64 -0.5", {"int64", {F(-0.5)}}, "0");
    row("int64 map", {"int64", {Value::emptyMap()}}, "0");
    row("int64 false", {"int64", {B(false)}}, "0");
    row("int 1e3 float", {"int", {F(1e3)}}, "1000");
    // cast.ToFloat64: strconv.ParseFloat
    row("float64 0x1p-2", {"float64", {S("0x1p-2")}}, "0.25");
    row("float64 0x1.8p1", {"float64", {S("0x1.8p1")}}, "3");
    row("float64 0X1P4", {"float64", {S("0X1P4")}}, "16");
    row("float64 0x1_0p0", {"float64", {S("0x1_0p0")}}, "16");
    row("float64 0x.8p1", {"float64", {S("0x.8p1")}}, "1");
    row("float64 0x1p", {"float64", {S("0x1p")}}, "0");
    row("float64 1e400", {"float64", {S("1e400")}}, "0");
    row("float64 -1e400", {"float64", {S("-1e400")}}, "0");
    row("float64 1e-400", {"float64", {S("1e-400")}}, "0");
    row("float64 above max", {"float64", {S("1.7976931348623159e308")}}, "0");
    row("float64 max", {"float64", {S("1.7976931348623157e308")}}, "1.7976931348623157e+308");
    row("float64 denormal", {"float64", {S("4.9e-324")}}, "5e-324");
    row("float64 -0", {"float64", {S("-0")}}, "-0");
    row("float64 +Inf", {"float64", {S("+Inf")}}, "+Inf");
    row("float64 -infinity", {"float64", {S("-infinity")}}, "-Inf");
    row("float64 INFINITY", {"float64", {S("INFINITY")}}, "+Inf");
    row("float64 nan", {"float64", {S("nan")}}, "NaN");
    row("float64 infin", {"float64", {S("infin")}}, "0");
    row("float64 +nan", {"float64", {S("+nan")}}, "0");
    row("float64 .5", {"float64", {S(".5")}}, "0.5");
    row("float64 5.", {"float64", {S("5.")}}, "5");
    row("float64 .", {"float64", {S(".")}}, "0");
    row("float64 1_0.5", {"float64", {S("1_0.5")}}, "10.5");
    row("float64 1_.5", {"float64", {S("1_.5")}}, "0");
    row("float64 1e1_0", {"float64", {S("1e1_0")}}, "1e+10");
    row("float64 1E5", {"float64", {S("1E5")}}, "100000");
    row("float64 space", {"float64", {S(" 1")}}, "0");
    row("float64 1e", {"float64", {S("1e")}}, "0");
    row("float64 1e+", {"float64", {S("1e+")}}, "0");
    row("float64 0e99999", {"float64", {S("0e99999")}}, "0");
    row("float64 long", {"float64", {S("0.1000000000000000055511151231257827021181583404541015625")}}, "0.1");
    row("float64 uint64", {"float64", {Value::fromUint64(~0ULL)}}, "1.8446744073709552e+19");
    row("float64 data int", {"float64", {D(7)}}, "7");
    row("float64 nil", {"float64", {N()}}, "0");
    row("float64 list", {"float64", {L()}}, "0");
    // strconv.Atoi, error dropped: overflow gives the clamped value
    row("atoi -42", {"atoi", {S("-42")}}, "-42");
    row("atoi +", {"atoi", {S("+")}}, "0");
    row("atoi empty", {"atoi", {S("")}}, "0");
    row("atoi 1_000", {"atoi", {S("1_000")}}, "0");
    row("atoi overflow", {"atoi", {S("99999999999999999999")}}, "9223372036854775807");
    row("atoi -overflow", {"atoi", {S("-99999999999999999999")}}, "-9223372036854775808");
    row("atoi overflow then junk", {"atoi", {S("99999999999999999999x")}}, "9223372036854775807");
    row("atoi 19 digits", {"atoi", {S("9223372036854775807")}}, "9223372036854775807");
    row("atoi leading zeros", {"atoi", {S("000000000000000000001")}}, "1");
    // toDecimal: fmt %v text parsed as octal
    row("toDecimal -17", {"toDecimal", {S("-17")}}, "-15");
    row("toDecimal float 10", {"toDecimal", {F(10)}}, "8");
    row("toDecimal float 1e6", {"toDecimal", {F(1e6)}}, "0");
    row("toDecimal data 8", {"toDecimal", {D(8)}}, "0");
    row("toDecimal nil", {"toDecimal", {N()}}, "0");
    row("toDecimal true", {"toDecimal", {B(true)}}, "0");
    row("toDecimal 0o17", {"toDecimal", {S("0o17")}}, "0");
    row("toDecimal 1_0", {"toDecimal", {S("1_0")}}, "0");
    row("toDecimal overflow", {"toDecimal", {S("7777777777777777777777777")}}, "0");
}

void tst_Math::conversions()
{
    QFETCH(Call, c);
    QFETCH(QString, expected);
    QCOMPARE(render({c}), expected);
}

void tst_Math::arithmetic_data()
{
    QTest::addColumn<Call>("c");
    QTest::addColumn<QString>("expected");
    auto row = [](const char *name, Call c, const char *expected) {
        QTest::newRow(name) << c << QString(expected);
    };
    row("div min -1", {"div", {D(kMin), I(-1)}}, "-9223372036854775808");
    row("mod min -1", {"mod", {D(kMin), I(-1)}}, "0");
    row("mul wraps", {"mul", {I(4611686018427387904), I(2)}}, "-9223372036854775808");
    row("sub wraps", {"sub", {I(kMin), I(1)}}, "9223372036854775807");
    row("add1 wraps", {"add1", {I(kMax)}}, "-9223372036854775808");
    row("add trimmed strings", {"add", {S("1.0"), S("2.00")}}, "3");
    row("max single", {"max", {S("7")}}, "7");
    row("min float data", {"min", {F(2.5), I(3)}}, "2");
    row("mulf 1e300 1e-300", {"mulf", {F(1e300), F(1e-300)}}, "1");
    row("addf 1e300 1e-300", {"addf", {F(1e300), F(1e-300)}}, "1e+300");
    row("divf -2 3", {"divf", {I(-2), I(3)}}, "-0.6666666666666667");
    row("divf 1 3", {"divf", {I(1), I(3)}}, "0.3333333333333333");
    row("divf 1 3e-300", {"divf", {I(1), F(3e-300)}}, "3.3333333333333335e+299");
    row("divf 1e-300 3", {"divf", {F(1e-300), I(3)}}, "0");
    row("divf half up", {"divf", {F(5e-17), I(1)}}, "1e-16");
    row("divf half away", {"divf", {F(-5e-17), I(1)}}, "-1e-16");
    row("divf below half", {"divf", {F(4.9e-17), I(1)}}, "0");
    row("divf chain", {"divf", {I(100), I(2), F(0.5), I(4)}}, "25");
    row("subf 0.3 0.1", {"subf", {F(0.3), F(0.1)}}, "0.2");
    row("subf single", {"subf", {F(0.1)}}, "0.1");
    row("mulf overflow", {"mulf", {F(1e300), F(1e300)}}, "+Inf");
    row("mulf underflow", {"mulf", {F(1e-300), F(1e-300)}}, "0");
    row("mulf -1 0", {"mulf", {I(-1), I(0)}}, "0");
    row("addf -0", {"addf", {F(-0.0)}}, "0");
    row("addf strings", {"addf", {S("0.1"), S("0x1p-2")}}, "0.35");
    row("maxf nan", {"maxf", {S("nan"), I(1)}}, "NaN");
    row("maxf inf beats nan", {"maxf", {S("inf"), S("nan")}}, "+Inf");
    row("minf -inf beats nan", {"minf", {S("nan"), S("-inf")}}, "-Inf");
    row("maxf -0 0", {"maxf", {F(-0.0), I(0)}}, "0");
    row("minf 0 -0", {"minf", {I(0), F(-0.0)}}, "-0");
    row("floor abc", {"floor", {S("abc")}}, "0");
    row("ceil nil", {"ceil", {N()}}, "0");
    row("floor -0.5", {"floor", {F(-0.5)}}, "-1");
    row("ceil -0.5", {"ceil", {F(-0.5)}}, "-0");
    row("round negative places", {"round", {F(1234.5678), I(-2)}}, "1200");
    row("round string", {"round", {S("3.14159"), I(3)}}, "3.142");
    row("round -0.4", {"round", {F(-0.4), I(0)}}, "-1");
    row("round roundOn", {"round", {F(2.5), I(0), F(0.6)}}, "2");
    row("round inf", {"round", {S("inf"), I(2)}}, "+Inf");
    row("round big places", {"round", {F(1.5), I(400)}}, "NaN");
}

void tst_Math::arithmetic()
{
    QFETCH(Call, c);
    QFETCH(QString, expected);
    QCOMPARE(render({c}), expected);
}

void tst_Math::errors_data()
{
    QTest::addColumn<Call>("c");
    QTest::addColumn<QString>("message");
    QTest::newRow("MTH-3") << Call{"div", {I(1), I(0)}} << "runtime error: integer divide by zero";
    QTest::newRow("mod 0") << Call{"mod", {I(7), S("x")}} << "runtime error: integer divide by zero";
    QTest::newRow("MTH-7") << Call{"divf", {I(1), I(0)}} << "decimal division by 0";
    QTest::newRow("MTH-11") << Call{"randInt", {I(5), I(5)}} << "invalid argument to Intn";
    QTest::newRow("randInt reversed") << Call{"randInt", {I(6), I(5)}} << "invalid argument to Intn";
    QTest::newRow("randInt span wraps") << Call{"randInt", {I(kMin), I(kMax)}} << "invalid argument to Intn";
    QTest::newRow("addf inf") << Call{"addf", {S("inf")}} << "Cannot create a Decimal from +Inf";
    QTest::newRow("mulf nan") << Call{"mulf", {I(1), S("NaN")}} << "Cannot create a Decimal from NaN";
    QTest::newRow("subf -inf") << Call{"subf", {S("-Inf")}} << "Cannot create a Decimal from -Inf";
}

void tst_Math::errors()
{
    QFETCH(Call, c);
    QFETCH(QString, message);
    FunctionContext context;
    try {
        call(context, c);
        QFAIL("no error");
    } catch (const FunctionError &e) {
        QCOMPARE(QString::fromStdString(e.what()), message);
    }
}

void tst_Math::resultTypes()
{
    FunctionContext context;
    // CONV-5: printf "%T" (int .i) → int
    QCOMPARE(call(context, {"int", {D(7)}}).type(), Value::Type::Int);
    QCOMPARE(call(context, {"atoi", {S("1")}}).type(), Value::Type::Int);
    QCOMPARE(call(context, {"randInt", {I(1), I(2)}}).type(), Value::Type::Int);
    QCOMPARE(call(context, {"int64", {I(7)}}).type(), Value::Type::Int64);
    QCOMPARE(call(context, {"toDecimal", {I(7)}}).type(), Value::Type::Int64);
    for (const char *fn : {"add", "add1", "max", "min", "biggest", "mul"})
        QCOMPARE(call(context, {fn, {I(1)}}).type(), Value::Type::Int64);
    for (const char *fn : {"sub", "div", "mod"})
        QCOMPARE(call(context, {fn, {I(1), I(1)}}).type(), Value::Type::Int64);
    for (const char *fn : {"float64", "add1f", "addf", "subf", "mulf", "divf", "maxf", "minf", "floor", "ceil"})
        QCOMPARE(call(context, {fn, {I(1)}}).type(), Value::Type::Float64);
    QCOMPARE(call(context, {"round", {I(1), I(0)}}).type(), Value::Type::Float64);
}

void tst_Math::signatures()
{
    const std::set<std::string> expected{"add",   "add1",  "add1f", "addf",  "biggest", "ceil",    "div",
                                         "divf",  "floor", "max",   "maxf",  "min",     "minf",    "mod",
                                         "mul",   "mulf",  "randInt", "round", "sub",   "subf",    "atoi",
                                         "int",   "int64", "float64", "toDecimal"};
    const std::vector<std::string> names = registry().names();
    QCOMPARE(std::set<std::string>(names.begin(), names.end()), expected);

    using P = ParamType;
    auto check = [](const char *name, std::vector<P> params, bool variadic) {
        const FunctionSpec *spec = registry().find(name);
        QVERIFY(spec);
        QCOMPARE(spec->params, params);
        QCOMPARE(spec->variadic, variadic);
    };
    check("add", {P::Any}, true);
    check("add1", {P::Any}, false);
    check("sub", {P::Any, P::Any}, false);
    check("mul", {P::Any, P::Any}, true);
    check("biggest", {P::Any, P::Any}, true);
    check("addf", {P::Any}, true);
    check("divf", {P::Any, P::Any}, true);
    check("round", {P::Any, P::Int, P::Float64}, true);
    check("randInt", {P::Int, P::Int}, false);
    check("atoi", {P::String}, false);
    check("toDecimal", {P::Any}, false);
}

void tst_Math::randIntStaysInRange()
{
    FunctionContext context;
    std::set<std::int64_t> seen;
    for (int i = 0; i < 500; ++i) {
        const std::int64_t v = call(context, {"randInt", {I(-3), I(3)}}).toInt64();
        QVERIFY(v >= -3 && v < 3);
        seen.insert(v);
    }
    QCOMPARE(seen.size(), std::size_t(6));
}

void tst_Math::decimal()
{
    QCOMPARE(go::Decimal::fromFloat(0.1).toString(), std::string("0.1"));
    QCOMPARE(go::Decimal::fromFloat(-1234.5).toString(), std::string("-1234.5"));
    QCOMPARE(go::Decimal::fromFloat(1e21).toString(), std::string("1000000000000000000000"));
    QCOMPARE(go::Decimal::fromFloat(5e-324).toString(), "0." + std::string(323, '0') + "5");
    QCOMPARE(go::Decimal::fromFloat(0.1).add(go::Decimal::fromFloat(0.2)).toString(), std::string("0.3"));
    QCOMPARE(go::Decimal::fromFloat(1e300).mul(go::Decimal::fromFloat(1e-300)).toString(), std::string("1"));
    QCOMPARE(go::Decimal::fromInt(1).div(go::Decimal::fromInt(3)).toString(), std::string("0.3333333333333333"));
    QCOMPARE(go::Decimal::fromInt(-2).div(go::Decimal::fromInt(3)).toString(), std::string("-0.6666666666666667"));
    QCOMPARE(go::Decimal::fromInt(1).div(go::Decimal::fromInt(-32)).toString(), std::string("-0.03125"));
    QCOMPARE(go::Decimal::fromInt(123456789, -3).div(go::Decimal::fromInt(1, -20)).toString(),
             std::string("12345678900000000000000000"));
    // A multi-limb divisor takes the long-division path.
    QCOMPARE(go::Decimal::fromInt(1, 10).div(go::Decimal::fromInt(7000000000000000001LL)).toString(),
             std::string("0.0000000014285714"));
    QCOMPARE(go::Decimal::fromInt(22).div(go::Decimal::fromInt(7000000001LL, -9)).toString(),
             std::string("3.1428571424081633"));
    QCOMPARE(go::Decimal::fromInt(5).sub(go::Decimal::fromInt(5)).toString(), std::string("0"));
    QCOMPARE(go::Decimal::fromInt(3).sub(go::Decimal::fromInt(5, 1)).toString(), std::string("-47"));
    QCOMPARE(go::Decimal::fromInt(kMin).toString(), std::string("-9223372036854775808"));
    QCOMPARE(go::Decimal::fromInt(-1).mul(go::Decimal()).toFloat64(), 0.0);
    QVERIFY(!std::signbit(go::Decimal::fromInt(-1).mul(go::Decimal()).toFloat64()));
    QCOMPARE(go::Decimal::fromInt(-1, -400).toFloat64(), 0.0);
    QVERIFY(std::signbit(go::Decimal::fromInt(-1, -400).toFloat64()));
    QCOMPARE(go::Decimal::fromInt(3, -324).toFloat64(), 5e-324);
    QCOMPARE(go::Decimal::fromInt(2, -324).toFloat64(), 0.0);
    QCOMPARE(go::Decimal::fromInt(2, 308).toFloat64(), kInf);
    QVERIFY_THROWS_EXCEPTION(go::Panic, go::Decimal::fromInt(1).div(go::Decimal()));
}

void tst_Math::parseFloatRanges()
{
    using namespace go::strconv;
    using go::cast::floatToInt64;
    QCOMPARE(parseFloat("1e400").error, NumError::Range);
    QCOMPARE(parseFloat("1e400").value, kInf);
    QCOMPARE(parseFloat("-0x1p2000").value, -kInf);
    QCOMPARE(parseFloat("1e-400").error, NumError::None);
    QCOMPARE(parseFloat("0x1p-2000").error, NumError::None);
    QCOMPARE(parseFloat("0.000000000000000000000000001e330").error, NumError::None);
    QCOMPARE(parseFloat("0.000000000000000000000000001e340").error, NumError::Range);
    QCOMPARE(parseInt("9223372036854775808", 0).error, NumError::Range);
    QCOMPARE(parseInt("9223372036854775808", 0).value, kMax);
    QCOMPARE(parseInt("-0x8000000000000000", 0).value, kMin);
    QCOMPARE(parseInt("zz", 36).value, std::int64_t(1295));
    QCOMPARE(parseUint("18446744073709551616", 10).error, NumError::Range);
    QCOMPARE(floatToInt64(-9223372036854775808.0), kMin);
    QCOMPARE(floatToInt64(9223372036854774784.0), std::int64_t(9223372036854774784));
}

QTEST_GUILESS_MAIN(tst_Math)
#include "tst_math.moc"
