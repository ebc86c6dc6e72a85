// SPDX-License-Identifier: Apache-2.0
#include "JsonReader.h"

#include "text/Utf8.h"
#include "yaml/YamlScalarResolver.h"

#include <cerrno>
#include <cstdint>
#include <cstdlib>

namespace ds::json {

namespace {

struct ParseAbort
{
    std::size_t offset;
    std::string message;
};

class Parser
{
public:
    Parser(std::string_view text, yaml::NumberTyping numbers) : m_text(text), m_numbers(numbers) {}

    yaml::ReadResult parseStream()
    {
        yaml::ReadResult result;
        try {
            skipSpace();
            if (m_pos >= m_text.size())
                fail("unexpected end of JSON input");
            while (m_pos < m_text.size()) {
                result.documents.push_back(value(0));
                skipSpace();
            }
        } catch (const ParseAbort &abort) {
            result.error = errorAt(abort);
        }
        return result;
    }

private:
    static constexpr int kMaxDepth = 10000; // Go's encoding/json limit

    std::string_view m_text;
    yaml::NumberTyping m_numbers;
    std::size_t m_pos = 0;

    [[noreturn]] void fail(std::string message) const { throw ParseAbort{m_pos, std::move(message)}; }

    yaml::ReadError errorAt(const ParseAbort &abort) const
    {
        yaml::ReadError e;
        e.kind = yaml::ReadError::Kind::Syntax;
        e.line = 1;
        std::size_t lineStart = 0;
        for (std::size_t i = 0; i < abort.offset && i < m_text.size(); ++i) {
            if (m_text[i] == '\n') {
                ++e.line;
                lineStart = i + 1;
            }
        }
        e.column = static_cast<int>(abort.offset - lineStart) + 1;
        e.message = abort.message;
        return e;
    }

    void skipSpace()
    {
        while (m_pos < m_text.size()) {
            const char c = m_text[m_pos];
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
                break;
            ++m_pos;
        }
    }

    std::string describeChar() const
    {
        if (m_pos >= m_text.size())
            return "unexpected end of JSON input";
        // Go's quoteChar: strconv.Quote of the byte between single quotes.
        const auto c = static_cast<unsigned char>(m_text[m_pos]);
        std::string q;
        switch (c) {
        case '\'': q = "\\'"; break;
        case '"': q = "\""; break;
        case '\\': q = "\\\\"; break;
        case '\n': q = "\\n"; break;
        case '\r': q = "\\r"; break;
        case '\t': q = "\\t"; break;
        default:
            if (c < 0x20 || c >= 0x7F) {
                static const char hex[] = "0123456789abcdef";
                q = std::string("\\x") + hex[c >> 4] + hex[c & 0xF];
            } else {
                q = std::string(1, static_cast<char>(c));
            }
        }
        return "invalid character '" + q + "'";
    }

    Value value(int depth)
    {
        if (depth > kMaxDepth)
            fail("exceeded max depth");
        skipSpace();
        if (m_pos >= m_text.size())
            fail("unexpected end of JSON input");
        const char c = m_text[m_pos];
        switch (c) {
        case '{': return object(depth);
        case '[': return array(depth);
        case '"': return Value(string());
        case 't': literal("true"); return Value(true);
        case 'f': literal("false"); return Value(false);
        case 'n': literal("null"); return Value::null();
        default:
            if (c == '-' || (c >= '0' && c <= '9'))
                return number();
            fail(describeChar() + " looking for beginning of value");
        }
    }

    void literal(std::string_view word)
    {
        for (char expected : word) {
            if (m_pos >= m_text.size())
                fail("unexpected end of JSON input");
            if (m_text[m_pos] != expected)
                fail(describeChar() + " in literal " + std::string(word) + " (expecting '" + expected + "')");
            ++m_pos;
        }
    }

    Value object(int depth)
    {
        ++m_pos;
        ValueMap map;
        skipSpace();
        if (m_pos < m_text.size() && m_text[m_pos] == '}') {
            ++m_pos;
            return Value(std::move(map));
        }
        for (;;) {
            skipSpace();
            if (m_pos >= m_text.size() || m_text[m_pos] != '"')
                fail(describeChar() + " looking for beginning of object key string");
            std::string key = string();
            skipSpace();
            if (m_pos >= m_text.size() || m_text[m_pos] != ':')
                fail(describeChar() + " after object key");
            ++m_pos;
            // Go keeps the last of duplicate keys.
            map.insert_or_assign(std::move(key), value(depth + 1));
            skipSpace();
            if (m_pos < m_text.size() && m_text[m_pos] == ',') {
                ++m_pos;
                continue;
            }
            if (m_pos < m_text.size() && m_text[m_pos] == '}') {
                ++m_pos;
                return Value(std::move(map));
            }
            fail(describeChar() + " after object key:value pair");
        }
    }

    Value array(int depth)
    {
        ++m_pos;
        ValueList list;
        skipSpace();
        if (m_pos < m_text.size() && m_text[m_pos] == ']') {
            ++m_pos;
            return Value(std::move(list));
        }
        for (;;) {
            list.push_back(value(depth + 1));
            skipSpace();
            if (m_pos < m_text.size() && m_text[m_pos] == ',') {
                ++m_pos;
                continue;
            }
            if (m_pos < m_text.size() && m_text[m_pos] == ']') {
                ++m_pos;
                return Value(std::move(list));
            }
            fail(describeChar() + " after array element");
        }
    }

    unsigned hex4()
    {
        if (m_pos + 4 > m_text.size())
            fail("unexpected end of JSON input");
        unsigned v = 0;
        for (int i = 0; i < 4; ++i) {
            const char c = m_text[m_pos++];
            v <<= 4;
            if (c >= '0' && c <= '9')
                v |= static_cast<unsigned>(c - '0');
            else if (c >= 'a' && c <= 'f')
                v |= static_cast<unsigned>(c - 'a' + 10);
            else if (c >= 'A' && c <= 'F')
                v |= static_cast<unsigned>(c - 'A' + 10);
            else {
                --m_pos;
                fail(describeChar() + " in \\u hexadecimal character escape");
            }
        }
        return v;
    }

    std::string string()
    {
        ++m_pos; // opening quote
        std::string out;
        for (;;) {
            if (m_pos >= m_text.size())
                fail("unexpected end of JSON input");
            const auto c = static_cast<unsigned char>(m_text[m_pos]);
            if (c == '"') {
                ++m_pos;
                return out;
            }
            if (c < 0x20)
                fail(describeChar() + " in string literal");
            if (c == '\\') {
                ++m_pos;
                escape(out);
                continue;
            }
            if (c < 0x80) {
                out.push_back(static_cast<char>(c));
                ++m_pos;
                continue;
            }
            int w = 1;
            const char32_t r = utf8::decodeRune(m_text, m_pos, w);
            if (r == utf8::kRuneError && w == 1)
                utf8::appendRune(out, utf8::kRuneError);
            else
                out.append(m_text.substr(m_pos, static_cast<std::size_t>(w)));
            m_pos += static_cast<std::size_t>(w);
        }
    }

    void escape(std::string &out)
    {
        if (m_pos >= m_text.size())
            fail("unexpected end of JSON input");
        const char e = m_text[m_pos++];
        switch (e) {
        case '"': out.push_back('"'); return;
        case '\\': out.push_back('\\'); return;
        case '/': out.push_back('/'); return;
        case 'b': out.push_back('\b'); return;
        case 'f': out.push_back('\f'); return;
        case 'n': out.push_back('\n'); return;
        case 'r': out.push_back('\r'); return;
        case 't': out.push_back('\t'); return;
        case 'u': break;
        default:
            --m_pos;
            fail(describeChar() + " in string escape code");
        }
        char32_t r = hex4();
        if (r >= 0xD800 && r < 0xDC00) {
            // A high surrogate needs a following \uDC00-\uDFFF; otherwise U+FFFD.
            if (m_text.substr(m_pos, 2) == "\\u") {
                const std::size_t save = m_pos;
                m_pos += 2;
                const char32_t low = hex4();
                if (low >= 0xDC00 && low < 0xE000) {
                    utf8::appendRune(out, 0x10000 + ((r - 0xD800) << 10) + (low - 0xDC00));
                    return;
                }
                m_pos = save;
            }
            r = utf8::kRuneError;
        } else if (r >= 0xDC00 && r < 0xE000) {
            r = utf8::kRuneError;
        }
        utf8::appendRune(out, r);
    }

    Value number()
    {
        const std::size_t start = m_pos;
        bool integral = true;
        if (m_text[m_pos] == '-')
            ++m_pos;
        auto digits = [&] {
            const std::size_t s = m_pos;
            while (m_pos < m_text.size() && m_text[m_pos] >= '0' && m_text[m_pos] <= '9')
                ++m_pos;
            return m_pos - s;
        };
        if (m_pos < m_text.size() && m_text[m_pos] == '0') {
            ++m_pos;
        } else if (digits() == 0) {
            fail(describeChar() + " in numeric literal");
        }
        if (m_pos < m_text.size() && m_text[m_pos] == '.') {
            integral = false;
            ++m_pos;
            if (digits() == 0)
                fail(describeChar() + " after decimal point in numeric literal");
        }
        if (m_pos < m_text.size() && (m_text[m_pos] == 'e' || m_text[m_pos] == 'E')) {
            integral = false;
            ++m_pos;
            if (m_pos < m_text.size() && (m_text[m_pos] == '+' || m_text[m_pos] == '-'))
                ++m_pos;
            if (digits() == 0)
                fail(describeChar() + " in exponent of numeric literal");
        }
        const std::string text(m_text.substr(start, m_pos - start));
        if (integral && m_numbers == yaml::NumberTyping::Kubernetes) {
            std::int64_t i = 0;
            if (yaml::parseGoInt(text, i))
                return Value::fromInt64(i);
        }
        errno = 0;
        const double f = std::strtod(text.c_str(), nullptr);
        if (errno == ERANGE && (f > 1 || f < -1)) {
            m_pos = start;
            fail("cannot unmarshal number " + text + " into Go value of type float64");
        }
        return Value::fromFloat(f);
    }
};

} // namespace

yaml::ReadResult read(std::string_view text, yaml::NumberTyping numbers)
{
    return Parser(text, numbers).parseStream();
}

bool looksLikeJson(std::string_view text)
{
    for (char c : text) {
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
            continue;
        return c == '{';
    }
    return false;
}

} // namespace ds::json
