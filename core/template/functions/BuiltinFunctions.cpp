// SPDX-License-Identifier: Apache-2.0
// Go text/template builtins (funcs.go). Those taking reflect.Value have no impl:
// the executor evaluates them itself (they see boxing and short-circuit).
#include "FunctionGroups.h"
#include "template/FunctionRegistry.h"
#include "go/GoFmt.h"

#include "text/Utf8.h"

namespace ds::tmpl {

namespace {

using P = ParamType;

// evalArgs: a lone string is used as is; otherwise fmt.Sprint with missing
// values printed as <no value>.
std::string evalArgs(const std::vector<Value> &args)
{
    if (args.size() == 1 && args[0].isString())
        return args[0].str();
    std::vector<Value> printable;
    printable.reserve(args.size());
    for (const Value &a : args)
        printable.push_back(a.isNothing() ? Value("<no value>") : a);
    return go::fmt::sprint(printable);
}

std::string htmlEscape(const std::string &s)
{
    std::string out;
    for (char c : s) {
        switch (c) {
        case '"': out += "&#34;"; break;
        case '\'': out += "&#39;"; break;
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '\0': out += "\xEF\xBF\xBD"; break;
        default: out += c;
        }
    }
    return out;
}

std::string jsEscape(const std::string &s)
{
    static const char hex[] = "0123456789ABCDEF";
    std::string out;
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) {
            switch (c) {
            case '\\': out += "\\\\"; break;
            case '\'': out += "\\'"; break;
            case '"': out += "\\\""; break;
            case '<': out += "\\u003C"; break;
            case '>': out += "\\u003E"; break;
            case '&': out += "\\u0026"; break;
            case '=': out += "\\u003D"; break;
            default:
                if (c < ' ') {
                    out += "\\u00";
                    out += hex[c >> 4];
                    out += hex[c & 0xF];
                } else {
                    out += static_cast<char>(c);
                }
            }
            ++i;
            continue;
        }
        int w = 1;
        const char32_t r = utf8::decodeRune(s, i, w);
        if (utf8::isPrint(r)) {
            out.append(s, i, static_cast<std::size_t>(w));
        } else {
            char buf[16];
            std::snprintf(buf, sizeof buf, "\\u%04X", static_cast<unsigned>(r));
            out += buf;
        }
        i += static_cast<std::size_t>(w);
    }
    return out;
}

// net/url.QueryEscape
std::string queryEscape(const std::string &s)
{
    static const char hex[] = "0123456789ABCDEF";
    std::string out;
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'
            || c == '.' || c == '~') {
            out += static_cast<char>(c);
        } else if (c == ' ') {
            out += '+';
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 0xF];
        }
    }
    return out;
}

} // namespace

void registerBuiltinFunctions(FunctionRegistry &r)
{
    // Evaluated by the executor (reflect.Value parameters).
    r.addVariadic("and", {P::Reflect, P::Reflect}, nullptr);
    r.addVariadic("or", {P::Reflect, P::Reflect}, nullptr);
    r.add("not", {P::Reflect}, nullptr);
    r.add("len", {P::Reflect}, nullptr);
    r.addVariadic("index", {P::Reflect, P::Reflect}, nullptr);
    r.addVariadic("call", {P::Reflect, P::Reflect}, nullptr);
    r.addVariadic("eq", {P::Reflect, P::Reflect}, nullptr);
    r.add("ne", {P::Reflect, P::Reflect}, nullptr);
    r.add("lt", {P::Reflect, P::Reflect}, nullptr);
    r.add("le", {P::Reflect, P::Reflect}, nullptr);
    r.add("gt", {P::Reflect, P::Reflect}, nullptr);
    r.add("ge", {P::Reflect, P::Reflect}, nullptr);

    r.addVariadic("print", {P::Any}, [](FunctionContext &, std::vector<Value> &a) { return Value(go::fmt::sprint(a)); });
    r.addVariadic("println", {P::Any}, [](FunctionContext &, std::vector<Value> &a) { return Value(go::fmt::sprintln(a)); });
    r.addVariadic("printf", {P::String, P::Any}, [](FunctionContext &, std::vector<Value> &a) {
        const std::string format = a[0].str();
        std::vector<Value> rest(a.begin() + 1, a.end());
        return Value(go::fmt::sprintf(format, rest));
    });
    r.addVariadic("html", {P::Any}, [](FunctionContext &, std::vector<Value> &a) { return Value(htmlEscape(evalArgs(a))); });
    r.addVariadic("js", {P::Any}, [](FunctionContext &, std::vector<Value> &a) { return Value(jsEscape(evalArgs(a))); });
    r.addVariadic("urlquery", {P::Any}, [](FunctionContext &, std::vector<Value> &a) { return Value(queryEscape(evalArgs(a))); });
}

} // namespace ds::tmpl
