// SPDX-License-Identifier: Apache-2.0
// Sprig's math functions and the number conversions atoi/int/int64/float64/toDecimal
// (tst_math), on top of spf13/cast and shopspring/decimal
// semantics (GoCast, go::Decimal).
#include "template/functions/FunctionGroups.h"

#include "template/FunctionError.h"
#include "template/FunctionRegistry.h"
#include "go/GoCast.h"
#include "go/GoDecimal.h"
#include "go/GoPanic.h"
#include "go/GoFloat.h"
#include "go/GoStrconv.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <random>

namespace ds::tmpl {

namespace {

using Args = std::vector<Value>;
using go::cast::toFloat64;
using go::cast::toInt64;

constexpr std::int64_t kMinInt64 = std::numeric_limits<std::int64_t>::min();

// Go's int64 arithmetic wraps around (two's complement).
std::int64_t wrapAdd(std::int64_t a, std::int64_t b)
{
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) + static_cast<std::uint64_t>(b));
}

std::int64_t wrapSub(std::int64_t a, std::int64_t b)
{
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) - static_cast<std::uint64_t>(b));
}

std::int64_t wrapMul(std::int64_t a, std::int64_t b)
{
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) * static_cast<std::uint64_t>(b));
}

void checkDivisor(std::int64_t b)
{
    if (b == 0)
        throw FunctionError("runtime error: integer divide by zero");
}

// Go defines MinInt64 / -1 = MinInt64 and MinInt64 % -1 = 0 (C++ traps on both).
std::int64_t goDiv(std::int64_t a, std::int64_t b)
{
    checkDivisor(b);
    return b == -1 ? wrapSub(0, a) : a / b;
}

std::int64_t goMod(std::int64_t a, std::int64_t b)
{
    checkDivisor(b);
    return b == -1 ? 0 : a % b;
}

// math.Max / math.Min: an infinity wins over NaN, and +0 > -0.
double goMax(double x, double y)
{
    if (std::isinf(x) && x > 0)
        return x;
    if (std::isinf(y) && y > 0)
        return y;
    if (std::isnan(x) || std::isnan(y))
        return std::numeric_limits<double>::quiet_NaN();
    if (x == 0 && x == y)
        return std::signbit(x) ? y : x;
    return x > y ? x : y;
}

double goMin(double x, double y)
{
    if (std::isinf(x) && x < 0)
        return x;
    if (std::isinf(y) && y < 0)
        return y;
    if (std::isnan(x) || std::isnan(y))
        return std::numeric_limits<double>::quiet_NaN();
    if (x == 0 && x == y)
        return std::signbit(x) ? x : y;
    return x < y ? x : y;
}

// math.Pow(10, y) for an integral y (round's places are a Go int), following
// Go's algorithm (repeated squaring of Frexp(10) = 0.625·2^4) so that large
// exponents round exactly as Go's do.
double goPow10(double y)
{
    if (y == 0)
        return 1;
    if (y == 1)
        return 10;
    const double yi = std::fabs(y);
    if (yi >= 9223372036854775808.0)
        return y > 0 ? std::numeric_limits<double>::infinity() : 0.0;
    double a1 = 1;
    long long ae = 0;
    double x1 = 0.625;
    long long xe = 4;
    for (auto i = static_cast<std::int64_t>(yi); i != 0; i >>= 1) {
        if (xe < -(1 << 12) || (1 << 12) < xe) {
            ae += xe; // catastrophic overflow: ldexp saturates
            break;
        }
        if (i & 1) {
            a1 *= x1;
            ae += xe;
        }
        x1 *= x1;
        xe <<= 1;
        if (x1 < .5) {
            x1 += x1;
            --xe;
        }
    }
    if (y < 0) {
        a1 = 1 / a1;
        ae = -ae;
    }
    return std::ldexp(a1, static_cast<int>(std::clamp<long long>(ae, -100000, 100000)));
}

// sprig's round: ceil when the fractional part (math.Modf, sign of d) reaches
// roundOn, else floor.
double sprigRound(double value, std::int64_t places, double roundOn)
{
    const double pow = goPow10(static_cast<double>(places));
    const double digit = pow * value;
    double intPart = 0;
    // Go's Modf gives NaN as the fraction of ±Inf; C's gives 0. Either way the
    // infinity survives floor/ceil, except that NaN never reaches roundOn.
    const double frac = std::isinf(digit) ? std::numeric_limits<double>::quiet_NaN() : std::modf(digit, &intPart);
    const double rounded = frac >= roundOn ? std::ceil(digit) : std::floor(digit);
    return rounded / pow;
}

// fmt.Sprint of one value, as far as toDecimal can use it: only texts that can be
// octal digits matter, everything else (lists, maps, <nil>) is a parse failure.
std::optional<std::string> sprintForOctal(const Value &v)
{
    switch (v.type()) {
    case Value::Type::String:
        return v.str();
    case Value::Type::Int:
    case Value::Type::Int64:
        return std::to_string(v.toInt64());
    case Value::Type::Uint8:
    case Value::Type::Uint64:
        return std::to_string(v.toUint64());
    case Value::Type::Float64:
        return go::strconv::formatShortest(v.toFloat());
    case Value::Type::Object:
        return v.object().toString();
    default:
        return std::nullopt;
    }
}

std::int64_t toDecimal(const Value &v)
{
    const std::optional<std::string> text = sprintForOctal(v);
    if (!text)
        return 0;
    const go::strconv::IntResult r = go::strconv::parseInt(*text, 8);
    return r.error == go::strconv::NumError::None ? r.value : 0;
}

using DecimalOp = go::Decimal (go::Decimal::*)(const go::Decimal &) const;

// sprig's execDecimalOp: every operand float64 → NewFromFloat, folded left,
// the result back to the nearest float64. decimal's panics (NaN, division by
// zero) are the function's error, as text/template recovers them.
Value decimalFold(const Value &first, const Args &args, std::size_t from, DecimalOp op)
{
    try {
        go::Decimal acc = go::Decimal::fromFloat(toFloat64(first));
        for (std::size_t i = from; i < args.size(); ++i)
            acc = (acc.*op)(go::Decimal::fromFloat(toFloat64(args[i])));
        return Value::fromFloat(acc.toFloat64());
    } catch (const go::Panic &e) {
        throw FunctionError(e.what());
    }
}

template<typename Pick>
Value foldInt64(const Args &args, Pick pick)
{
    std::int64_t acc = toInt64(args.at(0));
    for (std::size_t i = 1; i < args.size(); ++i)
        acc = pick(acc, toInt64(args[i]));
    return Value::fromInt64(acc);
}

template<typename Pick>
Value foldFloat64(const Args &args, Pick pick)
{
    double acc = toFloat64(args.at(0));
    for (std::size_t i = 1; i < args.size(); ++i)
        acc = pick(acc, toFloat64(args[i]));
    return Value::fromFloat(acc);
}

void registerIntegerFunctions(FunctionRegistry &registry)
{
    constexpr ParamType Any = ParamType::Any;
    registry.addVariadic("add", {Any}, [](FunctionContext &, Args &args) {
        std::int64_t sum = 0;
        for (const Value &v : args)
            sum = wrapAdd(sum, toInt64(v));
        return Value::fromInt64(sum);
    });
    registry.add("add1", {Any}, [](FunctionContext &, Args &args) {
        return Value::fromInt64(wrapAdd(toInt64(args.at(0)), 1));
    });
    registry.add("sub", {Any, Any}, [](FunctionContext &, Args &args) {
        return Value::fromInt64(wrapSub(toInt64(args.at(0)), toInt64(args.at(1))));
    });
    registry.add("div", {Any, Any}, [](FunctionContext &, Args &args) {
        return Value::fromInt64(goDiv(toInt64(args.at(0)), toInt64(args.at(1))));
    });
    registry.add("mod", {Any, Any}, [](FunctionContext &, Args &args) {
        return Value::fromInt64(goMod(toInt64(args.at(0)), toInt64(args.at(1))));
    });
    registry.addVariadic("mul", {Any, Any}, [](FunctionContext &, Args &args) { return foldInt64(args, wrapMul); });
    registry.addVariadic("max", {Any, Any}, [](FunctionContext &, Args &args) {
        return foldInt64(args, [](std::int64_t a, std::int64_t b) { return b > a ? b : a; });
    });
    registry.addAlias("biggest", "max");
    registry.addVariadic("min", {Any, Any}, [](FunctionContext &, Args &args) {
        return foldInt64(args, [](std::int64_t a, std::int64_t b) { return b < a ? b : a; });
    });
    registry.add("randInt", {ParamType::Int, ParamType::Int}, [](FunctionContext &context, Args &args) {
        const std::int64_t min = args.at(0).toInt64();
        const std::int64_t n = wrapSub(args.at(1).toInt64(), min); // Go int overflow wraps too
        if (n <= 0)
            throw FunctionError("invalid argument to Intn");
        std::uniform_int_distribution<std::int64_t> dist(0, n - 1);
        return Value::fromInt(wrapAdd(dist(context.random()), min));
    });
}

void registerFloatFunctions(FunctionRegistry &registry)
{
    constexpr ParamType Any = ParamType::Any;
    registry.add("add1f", {Any}, [](FunctionContext &, Args &args) {
        const Args one{Value::fromInt(1)};
        return decimalFold(args.at(0), one, 0, &go::Decimal::add);
    });
    registry.addVariadic("addf", {Any}, [](FunctionContext &, Args &args) {
        return decimalFold(Value::fromFloat(0), args, 0, &go::Decimal::add);
    });
    registry.addVariadic("subf", {Any, Any}, [](FunctionContext &, Args &args) {
        return decimalFold(args.at(0), args, 1, &go::Decimal::sub);
    });
    registry.addVariadic("mulf", {Any, Any}, [](FunctionContext &, Args &args) {
        return decimalFold(args.at(0), args, 1, &go::Decimal::mul);
    });
    registry.addVariadic("divf", {Any, Any}, [](FunctionContext &, Args &args) {
        return decimalFold(args.at(0), args, 1, &go::Decimal::div);
    });
    registry.addVariadic("maxf", {Any, Any}, [](FunctionContext &, Args &args) { return foldFloat64(args, goMax); });
    registry.addVariadic("minf", {Any, Any}, [](FunctionContext &, Args &args) { return foldFloat64(args, goMin); });
    registry.add("floor", {Any}, [](FunctionContext &, Args &args) {
        return Value::fromFloat(std::floor(toFloat64(args.at(0))));
    });
    registry.add("ceil", {Any}, [](FunctionContext &, Args &args) {
        return Value::fromFloat(std::ceil(toFloat64(args.at(0))));
    });
    registry.addVariadic("round", {Any, ParamType::Int, ParamType::Float64}, [](FunctionContext &, Args &args) {
        const double roundOn = args.size() > 2 ? args[2].toFloat() : 0.5;
        return Value::fromFloat(sprigRound(toFloat64(args.at(0)), args.at(1).toInt64(), roundOn));
    });
}

void registerConversions(FunctionRegistry &registry)
{
    constexpr ParamType Any = ParamType::Any;
    registry.add("atoi", {ParamType::String}, [](FunctionContext &, Args &args) {
        // sprig drops the error; on overflow Atoi's value is the clamped one.
        return Value::fromInt(go::strconv::atoi(args.at(0).str()).value);
    });
    registry.add("int", {Any}, [](FunctionContext &, Args &args) { return Value::fromInt(go::cast::toInt(args.at(0))); });
    registry.add("int64", {Any}, [](FunctionContext &, Args &args) { return Value::fromInt64(toInt64(args.at(0))); });
    registry.add("float64", {Any}, [](FunctionContext &, Args &args) {
        return Value::fromFloat(toFloat64(args.at(0)));
    });
    registry.add("toDecimal", {Any}, [](FunctionContext &, Args &args) {
        return Value::fromInt64(toDecimal(args.at(0)));
    });
}

} // namespace

void registerMathFunctions(FunctionRegistry &registry)
{
    registerIntegerFunctions(registry);
    registerFloatFunctions(registry);
    registerConversions(registry);
}

} // namespace ds::tmpl
