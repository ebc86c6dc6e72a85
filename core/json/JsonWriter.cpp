// SPDX-License-Identifier: Apache-2.0
#include "JsonWriter.h"

#include "text/Utf8.h"
#include "go/GoFloat.h"

#include <cmath>

namespace ds::json {

namespace {

struct WriteAbort
{
    std::string message;
};

void appendQuoted(std::string &out, std::string_view s, bool escapeHtml)
{
    static const char hex[] = "0123456789abcdef";
    out.push_back('"');
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) {
            const bool html = escapeHtml && (c == '<' || c == '>' || c == '&');
            if (c >= 0x20 && c != '"' && c != '\\' && !html) {
                out.push_back(static_cast<char>(c));
            } else {
                switch (c) {
                case '"': out += "\\\""; break;
                case '\\': out += "\\\\"; break;
                case '\b': out += "\\b"; break;
                case '\f': out += "\\f"; break;
                case '\n': out += "\\n"; break;
                case '\r': out += "\\r"; break;
                case '\t': out += "\\t"; break;
                default:
                    out += "\\u00";
                    out.push_back(hex[c >> 4]);
                    out.push_back(hex[c & 0xF]);
                }
            }
            ++i;
            continue;
        }
        int w = 1;
        const char32_t r = utf8::decodeRune(s, i, w);
        if (r == utf8::kRuneError && w == 1) {
            out += "\\ufffd";
        } else if (r == 0x2028 || r == 0x2029) {
            out += r == 0x2028 ? "\\u2028" : "\\u2029";
        } else {
            out.append(s.substr(i, static_cast<std::size_t>(w)));
        }
        i += static_cast<std::size_t>(w);
    }
    out.push_back('"');
}

class Writer
{
public:
    explicit Writer(const WriteOptions &o) : m_options(o) {}
    std::string out;

    void value(const Value &v, int depth)
    {
        switch (v.type()) {
        case Value::Type::Missing:
        case Value::Type::Null: out += "null"; return;
        case Value::Type::Bool: out += v.toBool() ? "true" : "false"; return;
        case Value::Type::Int:
        case Value::Type::Int64: out += std::to_string(v.toInt64()); return;
        case Value::Type::Uint8:
        case Value::Type::Uint64: out += std::to_string(v.toUint64()); return;
        case Value::Type::Float64: {
            const double f = v.toFloat();
            if (!std::isfinite(f))
                throw WriteAbort{"json: unsupported value: " + go::strconv::formatShortest(f)};
            out += go::strconv::formatJson(f);
            return;
        }
        case Value::Type::String: appendQuoted(out, v.str(), m_options.escapeHtml); return;
        case Value::Type::Object: value(v.object().jsonValue(), depth); return;
        case Value::Type::List: list(v, depth); return;
        case Value::Type::Map: map(v, depth); return;
        }
    }

private:
    const WriteOptions &m_options;

    void newline(int depth)
    {
        if (m_options.indent.empty())
            return;
        out.push_back('\n');
        for (int i = 0; i < depth; ++i)
            out += m_options.indent;
    }

    void list(const Value &v, int depth)
    {
        if (v.isTypedNil()) {
            out += "null";
            return;
        }
        out.push_back('[');
        bool first = true;
        for (const auto &e : v.list()) {
            if (!first)
                out.push_back(',');
            first = false;
            newline(depth + 1);
            value(e, depth + 1);
        }
        if (!first)
            newline(depth);
        out.push_back(']');
    }

    void map(const Value &v, int depth)
    {
        if (v.isTypedNil()) {
            out += "null";
            return;
        }
        out.push_back('{');
        bool first = true;
        for (const auto &[k, e] : v.map()) {
            if (!first)
                out.push_back(',');
            first = false;
            newline(depth + 1);
            appendQuoted(out, k, m_options.escapeHtml);
            out += m_options.indent.empty() ? ":" : ": ";
            value(e, depth + 1);
        }
        if (!first)
            newline(depth);
        out.push_back('}');
    }
};

} // namespace

WriteResult write(const Value &value, const WriteOptions &options)
{
    WriteResult result;
    if (value.nestsDeeperThan(kMaxNestingDepth)) {
        result.error = "value nests deeper than " + std::to_string(kMaxNestingDepth) + " levels";
        return result;
    }
    try {
        Writer w(options);
        w.value(value, 0);
        result.text = std::move(w.out);
    } catch (const WriteAbort &abort) {
        result.error = abort.message;
    }
    return result;
}

std::string quote(std::string_view s, bool escapeHtml)
{
    std::string out;
    appendQuoted(out, s, escapeHtml);
    return out;
}

} // namespace ds::json
