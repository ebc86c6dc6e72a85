// SPDX-License-Identifier: Apache-2.0
// Sprig's string functions (tst_stringfunctions).
#include "CaseConversion.h"
#include "FunctionGroups.h"

#include "template/FunctionError.h"
#include "template/RenderBudget.h"
#include "template/FunctionRegistry.h"
#include "go/GoFmt.h"
#include "text/Utf8.h"
#include "go/GoStrconv.h"

#include <algorithm>
#include <cstdint>
#include <random>

namespace ds::tmpl {

namespace {

using Args = std::vector<Value>;
using P = ParamType;

const std::string &str(const Args &args, std::size_t i)
{
    return args[i].str();
}

std::int64_t num(const Args &args, std::size_t i)
{
    return args[i].toInt64();
}

// A Go string function of one string argument.
void addUnary(FunctionRegistry &registry, const std::string &name, std::string (*f)(std::string_view))
{
    registry.add(name, {P::String}, [f](FunctionContext &, Args &args) { return Value(f(str(args, 0))); });
}

// Go's "slice bounds out of range" runtime panics for s[low:high].
[[noreturn]] void sliceBoundsPanic(const std::string &detail)
{
    throw FunctionError("runtime error: slice bounds out of range " + detail);
}

// sprig's substring: start < 0 → s[:end]; end < 0 or end > len → s[start:]; else s[start:end].
std::string substring(std::int64_t start, std::int64_t end, const std::string &s)
{
    const auto len = static_cast<std::int64_t>(s.size());
    if (start < 0) {
        if (end < 0)
            sliceBoundsPanic("[:" + std::to_string(end) + "]");
        if (end > len)
            sliceBoundsPanic("[:" + std::to_string(end) + "] with length " + std::to_string(len));
        return s.substr(0, static_cast<std::size_t>(end));
    }
    if (end < 0 || end > len) {
        if (start > len)
            sliceBoundsPanic("[" + std::to_string(start) + ":" + std::to_string(len) + "]");
        return s.substr(static_cast<std::size_t>(start));
    }
    if (start > end)
        sliceBoundsPanic("[" + std::to_string(start) + ":" + std::to_string(end) + "]");
    return s.substr(static_cast<std::size_t>(start), static_cast<std::size_t>(end - start));
}

std::string trunc(std::int64_t c, const std::string &s)
{
    const auto len = static_cast<std::int64_t>(s.size());
    if (c < 0 && len + c > 0)
        return s.substr(static_cast<std::size_t>(len + c));
    if (c >= 0 && len > c)
        return s.substr(0, static_cast<std::size_t>(c));
    return s;
}

std::string indent(std::int64_t spaces, const std::string &s)
{
    const std::string pad = goRepeat(" ", spaces);
    chargeRender(static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n')) + 1, pad.size() + 1);
    return pad + goReplaceAll(s, "\n", "\n" + pad);
}

Value stringList(std::vector<std::string> items)
{
    ValueList list;
    list.reserve(items.size());
    for (auto &item : items)
        list.emplace_back(std::move(item));
    return Value(std::move(list), Value::ListType::String);
}

// sprig's strslice: []string as is, other lists → strval of each element
// ([]interface{} drops nil elements), nil → [], anything else → [strval x].
std::vector<std::string> strslice(const Value &v)
{
    std::vector<std::string> out;
    if (v.isNothing())
        return out;
    if (!v.isList()) {
        out.push_back(go::fmt::strval(v));
        return out;
    }
    const bool dropNil = v.listType() == Value::ListType::Interface;
    for (const Value &e : v.list()) {
        if (dropNil && e.isNothing())
            continue;
        out.push_back(go::fmt::strval(e));
    }
    return out;
}

Value toStrings(const Value &v)
{
    // A []string is returned as is (same backing array in Go).
    if (v.isList() && v.listType() == Value::ListType::String)
        return v;
    return stringList(strslice(v));
}

Value sortAlpha(Value v)
{
    if (!v.isList())
        return stringList({go::fmt::strval(v)});
    if (v.listType() == Value::ListType::String) {
        // Go sorts the caller's []string in place.
        ValueList &list = v.mutableList();
        std::sort(list.begin(), list.end(), [](const Value &a, const Value &b) { return a.str() < b.str(); });
        return v;
    }
    std::vector<std::string> items = strslice(v);
    std::sort(items.begin(), items.end());
    return stringList(std::move(items));
}

Value splitMap(const std::vector<std::string> &parts)
{
    ValueMap map;
    for (std::size_t i = 0; i < parts.size(); ++i)
        map.emplace("_" + std::to_string(i), Value(parts[i]));
    return Value(std::move(map), Value::MapType::String);
}

// The non-nil arguments of a variadic ...interface{}, each formatted by f, joined by a space.
template<typename F>
std::string joinNonNil(const Args &args, F f)
{
    std::string out;
    bool first = true;
    for (const Value &v : args) {
        if (v.isNothing())
            continue;
        if (!first)
            out += ' ';
        first = false;
        out += f(v);
    }
    return out;
}

// goutils' CryptoRandom over a character set; a negative count is an error
// sprig ignores (empty result).
std::string randomString(FunctionContext &context, std::int64_t count, std::string_view charset)
{
    if (count <= 0)
        return {};
    if (count > (std::int64_t(1) << 30))
        throw FunctionError("runtime: out of memory");
    chargeRender(static_cast<std::size_t>(count));
    std::uniform_int_distribution<std::size_t> pick(0, charset.size() - 1);
    std::string out;
    out.reserve(static_cast<std::size_t>(count));
    for (std::int64_t i = 0; i < count; ++i)
        out += charset[pick(context.random())];
    return out;
}

constexpr std::string_view kDigits = "0123456789";
constexpr std::string_view kLetters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
constexpr std::string_view kAlphaNum = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

std::string printableAscii()
{
    std::string s;
    for (char c = 32; c < 127; ++c)
        s += c;
    return s;
}

// xstrings.Shuffle: Fisher-Yates over the runes.
std::string shuffle(FunctionContext &context, const std::string &s)
{
    std::vector<char32_t> runes = utf8::decodeRunes(s);
    for (std::size_t i = runes.size(); i > 1; --i) {
        std::uniform_int_distribution<std::size_t> pick(0, i - 1);
        std::swap(runes[i - 1], runes[pick(context.random())]);
    }
    return utf8::encode(runes);
}

void registerCase(FunctionRegistry &r)
{
    addUnary(r, "upper", goToUpper);
    addUnary(r, "lower", goToLower);
    addUnary(r, "title", goTitle);
    addUnary(r, "untitle", uncapitalize);
    addUnary(r, "swapcase", swapCase);
    addUnary(r, "camelcase", toPascalCase);
    addUnary(r, "snakecase", toSnakeCase);
    addUnary(r, "kebabcase", toKebabCase);
    addUnary(r, "initials", initials);
    addUnary(r, "nospace", deleteWhiteSpace);
    addUnary(r, "trim", goTrimSpace);
}

void registerSlicing(FunctionRegistry &r)
{
    r.add("substr", {P::Int, P::Int, P::String},
          [](FunctionContext &, Args &a) { return Value(substring(num(a, 0), num(a, 1), str(a, 2))); });
    r.add("trunc", {P::Int, P::String}, [](FunctionContext &, Args &a) { return Value(trunc(num(a, 0), str(a, 1))); });
    r.add("abbrev", {P::Int, P::String}, [](FunctionContext &, Args &a) {
        if (num(a, 0) < 4)
            return a[1];
        return Value(abbreviateFull(str(a, 1), 0, num(a, 0)));
    });
    r.add("abbrevboth", {P::Int, P::Int, P::String}, [](FunctionContext &, Args &a) {
        const std::int64_t left = num(a, 0);
        const std::int64_t right = num(a, 1);
        if (right < 4 || (left > 0 && right < 7))
            return a[2];
        return Value(abbreviateFull(str(a, 2), left, right));
    });
    r.add("wrap", {P::Int, P::String},
          [](FunctionContext &, Args &a) { return Value(wrapCustom(str(a, 1), num(a, 0), "", false)); });
    r.add("wrapWith", {P::Int, P::String, P::String},
          [](FunctionContext &, Args &a) { return Value(wrapCustom(str(a, 2), num(a, 0), str(a, 1), true)); });
    r.add("indent", {P::Int, P::String},
          [](FunctionContext &, Args &a) { return Value(indent(num(a, 0), str(a, 1))); });
    r.add("nindent", {P::Int, P::String},
          [](FunctionContext &, Args &a) { return Value("\n" + indent(num(a, 0), str(a, 1))); });
    r.add("repeat", {P::Int, P::String},
          [](FunctionContext &, Args &a) { return Value(goRepeat(str(a, 1), num(a, 0))); });
}

void registerTrimming(FunctionRegistry &r)
{
    const FunctionImpl trimAll = [](FunctionContext &, Args &a) { return Value(goTrim(str(a, 1), str(a, 0))); };
    r.add("trimAll", {P::String, P::String}, trimAll);
    r.add("trimall", {P::String, P::String}, trimAll);
    r.add("trimPrefix", {P::String, P::String}, [](FunctionContext &, Args &a) {
        const std::string &p = str(a, 0);
        const std::string &s = str(a, 1);
        return s.starts_with(p) ? Value(s.substr(p.size())) : a[1];
    });
    r.add("trimSuffix", {P::String, P::String}, [](FunctionContext &, Args &a) {
        const std::string &p = str(a, 0);
        const std::string &s = str(a, 1);
        return s.ends_with(p) ? Value(s.substr(0, s.size() - p.size())) : a[1];
    });
    r.add("replace", {P::String, P::String, P::String},
          [](FunctionContext &, Args &a) { return Value(goReplaceAll(str(a, 2), str(a, 0), str(a, 1))); });
}

void registerPredicates(FunctionRegistry &r)
{
    r.add("contains", {P::String, P::String},
          [](FunctionContext &, Args &a) { return Value(str(a, 1).find(str(a, 0)) != std::string::npos); });
    r.add("hasPrefix", {P::String, P::String},
          [](FunctionContext &, Args &a) { return Value(str(a, 1).starts_with(str(a, 0))); });
    r.add("hasSuffix", {P::String, P::String},
          [](FunctionContext &, Args &a) { return Value(str(a, 1).ends_with(str(a, 0))); });
    r.add("plural", {P::String, P::String, P::Int},
          [](FunctionContext &, Args &a) { return num(a, 2) == 1 ? a[0] : a[1]; });
    r.add("hello", {}, [](FunctionContext &, Args &) { return Value("Hello!"); });
}

void registerFormatting(FunctionRegistry &r)
{
    r.addVariadic("quote", {P::Any}, [](FunctionContext &, Args &a) {
        return Value(joinNonNil(a, [](const Value &v) { return go::strconv::quote(go::fmt::strval(v)); }));
    });
    r.addVariadic("squote", {P::Any}, [](FunctionContext &, Args &a) {
        return Value(joinNonNil(a, [](const Value &v) { return "'" + go::fmt::formatValue(v) + "'"; }));
    });
    r.addVariadic("cat", {P::Any},
                  [](FunctionContext &, Args &a) { return Value(joinNonNil(a, go::fmt::formatValue)); });
}

void registerLists(FunctionRegistry &r)
{
    r.add("join", {P::String, P::Any}, [](FunctionContext &, Args &a) {
        std::string out;
        const std::vector<std::string> items = strslice(a[1]);
        for (std::size_t i = 0; i < items.size(); ++i) {
            if (i > 0)
                out += str(a, 0);
            out += items[i];
        }
        return Value(std::move(out));
    });
    r.add("toStrings", {P::Any}, [](FunctionContext &, Args &a) { return toStrings(a[0]); });
    // Sorts a []string in place, like Go (listed in compare/CrIndependence).
    r.add("sortAlpha", {P::Any}, [](FunctionContext &, Args &a) { return sortAlpha(a[0]); });
    r.add("split", {P::String, P::String},
          [](FunctionContext &, Args &a) { return splitMap(goSplitN(str(a, 1), str(a, 0), -1)); });
    r.add("splitn", {P::String, P::Int, P::String},
          [](FunctionContext &, Args &a) { return splitMap(goSplitN(str(a, 2), str(a, 0), num(a, 1))); });
    r.add("splitList", {P::String, P::String},
          [](FunctionContext &, Args &a) { return stringList(goSplitN(str(a, 1), str(a, 0), -1)); });
}

void registerRandom(FunctionRegistry &r)
{
    r.add("randAlpha", {P::Int},
          [](FunctionContext &c, Args &a) { return Value(randomString(c, num(a, 0), kLetters)); });
    r.add("randAlphaNum", {P::Int},
          [](FunctionContext &c, Args &a) { return Value(randomString(c, num(a, 0), kAlphaNum)); });
    r.add("randNumeric", {P::Int},
          [](FunctionContext &c, Args &a) { return Value(randomString(c, num(a, 0), kDigits)); });
    r.add("randAscii", {P::Int}, [](FunctionContext &c, Args &a) {
        static const std::string ascii = printableAscii();
        return Value(randomString(c, num(a, 0), ascii));
    });
    r.add("shuffle", {P::String}, [](FunctionContext &c, Args &a) { return Value(shuffle(c, str(a, 0))); });
}

} // namespace

void registerStringFunctions(FunctionRegistry &registry)
{
    registerCase(registry);
    registerSlicing(registry);
    registerTrimming(registry);
    registerPredicates(registry);
    registerFormatting(registry);
    registerLists(registry);
    registerRandom(registry);
}

} // namespace ds::tmpl
