// SPDX-License-Identifier: Apache-2.0
// Sprig's regular expression functions, on a port of Go's regexp (tst_goregexp).
#include "FunctionGroups.h"

#include "template/FunctionError.h"
#include "template/FunctionRegistry.h"
#include "go/GoFmt.h"
#include "go/GoRegexp.h"
#include "text/Utf8.h"
#include "go/GoStrconv.h"

namespace ds::tmpl {

namespace {

using Args = std::vector<Value>;
using P = ParamType;

// strconv.CanBackquote: what regexp's quote() uses to pick `…` over "…".
bool canBackquote(std::string_view s)
{
    for (std::size_t i = 0; i < s.size();) {
        int width = 1;
        const char32_t r = utf8::decodeRune(s, i, width);
        i += std::size_t(width);
        if (width > 1) {
            if (r == 0xFEFF)
                return false;
            continue;
        }
        if (r == utf8::kRuneError || (r < ' ' && r != '\t') || r == '`' || r == 0x7F)
            return false;
    }
    return true;
}

// regexp.Compile: error → the Go error (must* functions).
go::Regexp compile(const std::string &pattern)
{
    std::string error;
    auto re = go::Regexp::compile(pattern, error);
    if (!re)
        throw FunctionError(error);
    return std::move(*re);
}

// regexp.MustCompile: error → its panic text (non-must functions).
go::Regexp mustCompile(const std::string &pattern)
{
    std::string error;
    auto re = go::Regexp::compile(pattern, error);
    if (!re) {
        const std::string quoted = canBackquote(pattern) ? "`" + pattern + "`" : go::strconv::quote(pattern);
        throw FunctionError("regexp: Compile(" + quoted + "): " + error);
    }
    return std::move(*re);
}

// A Go []string; nil when Go returns nil (prints the same, differs for kindIs & co).
Value stringList(const std::vector<std::string> &items, bool isNil)
{
    if (isNil)
        return Value::nilList(Value::ListType::String);
    ValueList list;
    list.reserve(items.size());
    for (const auto &s : items)
        list.emplace_back(s);
    return Value(std::move(list), Value::ListType::String);
}

using Compiler = go::Regexp (*)(const std::string &);

Value findAll(Compiler compiler, const Args &args)
{
    const auto matches = compiler(args[0].str()).findAllString(args[1].str(), args[2].toInt64());
    return stringList(matches, matches.empty()); // FindAllString returns nil for no match
}

Value split(Compiler compiler, const Args &args)
{
    const long long n = args[2].toInt64();
    const auto pieces = compiler(args[0].str()).split(args[1].str(), n);
    return stringList(pieces, n == 0); // Split returns nil only for n == 0
}

} // namespace

void registerRegexFunctions(FunctionRegistry &registry)
{
    registry.add("regexMatch", {P::String, P::String}, [](FunctionContext &, Args &args) {
        std::string error;
        const auto re = go::Regexp::compile(args[0].str(), error);
        return Value(re && re->matchString(args[1].str())); // a bad pattern is just "no match"
    });
    registry.add("mustRegexMatch", {P::String, P::String}, [](FunctionContext &, Args &args) {
        return Value(compile(args[0].str()).matchString(args[1].str()));
    });

    registry.add("regexFind", {P::String, P::String}, [](FunctionContext &, Args &args) {
        return Value(mustCompile(args[0].str()).findString(args[1].str()));
    });
    registry.add("mustRegexFind", {P::String, P::String}, [](FunctionContext &, Args &args) {
        return Value(compile(args[0].str()).findString(args[1].str()));
    });

    registry.add("regexFindAll", {P::String, P::String, P::Int},
                 [](FunctionContext &, Args &args) { return findAll(mustCompile, args); });
    registry.add("mustRegexFindAll", {P::String, P::String, P::Int},
                 [](FunctionContext &, Args &args) { return findAll(compile, args); });

    registry.add("regexReplaceAll", {P::String, P::String, P::String}, [](FunctionContext &, Args &args) {
        return Value(mustCompile(args[0].str()).replaceAllString(args[1].str(), args[2].str()));
    });
    registry.add("mustRegexReplaceAll", {P::String, P::String, P::String}, [](FunctionContext &, Args &args) {
        return Value(compile(args[0].str()).replaceAllString(args[1].str(), args[2].str()));
    });

    registry.add("regexReplaceAllLiteral", {P::String, P::String, P::String}, [](FunctionContext &, Args &args) {
        return Value(mustCompile(args[0].str()).replaceAllLiteralString(args[1].str(), args[2].str()));
    });
    registry.add("mustRegexReplaceAllLiteral", {P::String, P::String, P::String},
                 [](FunctionContext &, Args &args) {
                     return Value(compile(args[0].str()).replaceAllLiteralString(args[1].str(), args[2].str()));
                 });

    registry.add("regexSplit", {P::String, P::String, P::Int},
                 [](FunctionContext &, Args &args) { return split(mustCompile, args); });
    registry.add("mustRegexSplit", {P::String, P::String, P::Int},
                 [](FunctionContext &, Args &args) { return split(compile, args); });

    registry.add("regexQuoteMeta", {P::String}, [](FunctionContext &, Args &args) {
        return Value(go::Regexp::quoteMeta(args[0].str()));
    });
}

} // namespace ds::tmpl
