// SPDX-License-Identifier: Apache-2.0
#include "GoLiterals.h"

#include "text/Utf8.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace ds::tmpl::goliteral {

namespace {

char lower(char c) { return static_cast<char>(c | ('x' - 'X')); }

int digitValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    const char l = lower(c);
    if (l >= 'a' && l <= 'z')
        return l - 'a' + 10;
    return 99;
}

} // namespace

bool underscoreOk(std::string_view s)
{
    char saw = '^';
    std::size_t i = 0;
    if (!s.empty() && (s[0] == '-' || s[0] == '+'))
        s.remove_prefix(1);
    bool hex = false;
    if (s.size() >= 2 && s[0] == '0' && (lower(s[1]) == 'b' || lower(s[1]) == 'o' || lower(s[1]) == 'x')) {
        i = 2;
        saw = '0';
        hex = lower(s[1]) == 'x';
    }
    for (; i < s.size(); ++i) {
        const char c = s[i];
        if ((c >= '0' && c <= '9') || (hex && lower(c) >= 'a' && lower(c) <= 'f')) {
            saw = '0';
            continue;
        }
        if (c == '_') {
            if (saw != '0')
                return false;
            saw = '_';
            continue;
        }
        if (saw == '_')
            return false;
        saw = '!';
    }
    return saw != '_';
}

std::optional<std::uint64_t> parseUint(std::string_view s0)
{
    std::string_view s = s0;
    if (s.empty())
        return std::nullopt;
    int base = 10;
    if (s[0] == '0') {
        if (s.size() >= 3 && lower(s[1]) == 'b') {
            base = 2;
            s.remove_prefix(2);
        } else if (s.size() >= 3 && lower(s[1]) == 'o') {
            base = 8;
            s.remove_prefix(2);
        } else if (s.size() >= 3 && lower(s[1]) == 'x') {
            base = 16;
            s.remove_prefix(2);
        } else {
            base = 8;
            s.remove_prefix(1);
        }
    }
    bool underscores = false;
    std::uint64_t n = 0;
    for (char c : s) {
        if (c == '_') {
            underscores = true;
            continue;
        }
        const int d = digitValue(c);
        if (d >= base)
            return std::nullopt;
        if (n > (UINT64_MAX - static_cast<std::uint64_t>(d)) / static_cast<std::uint64_t>(base))
            return std::nullopt;
        n = n * static_cast<std::uint64_t>(base) + static_cast<std::uint64_t>(d);
    }
    if (underscores && !underscoreOk(s0))
        return std::nullopt;
    return n;
}

std::optional<std::int64_t> parseInt(std::string_view s)
{
    if (s.empty())
        return std::nullopt;
    bool neg = false;
    if (s[0] == '+' || s[0] == '-') {
        neg = s[0] == '-';
        s.remove_prefix(1);
    }
    const auto u = parseUint(s);
    if (!u)
        return std::nullopt;
    if (neg) {
        if (*u > static_cast<std::uint64_t>(INT64_MAX) + 1)
            return std::nullopt;
        return static_cast<std::int64_t>(0 - *u);
    }
    if (*u > static_cast<std::uint64_t>(INT64_MAX))
        return std::nullopt;
    return static_cast<std::int64_t>(*u);
}

std::optional<double> parseFloat(std::string_view s0)
{
    std::string_view s = s0;
    if (s.empty())
        return std::nullopt;
    bool neg = false;
    std::string_view body = s;
    if (body[0] == '+' || body[0] == '-') {
        neg = body[0] == '-';
        body.remove_prefix(1);
    }
    // inf / infinity / nan, case-insensitive
    std::string lowered;
    for (char c : body)
        lowered.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    if (lowered == "inf" || lowered == "infinity")
        return neg ? -HUGE_VAL : HUGE_VAL;
    if (lowered == "nan" && s0.size() == 3)
        return std::nan("");
    if (body.empty())
        return std::nullopt;
    const bool hex = body.size() >= 2 && body[0] == '0' && lower(body[1]) == 'x';
    // Validate the shape Go accepts, then let strtod do the correctly rounded work.
    std::string cleaned(s.substr(0, s.size() - body.size()));
    std::size_t i = hex ? 2 : 0;
    if (hex)
        cleaned += "0x";
    bool sawDigits = false, sawDot = false, sawExp = false, underscores = false;
    for (; i < body.size(); ++i) {
        const char c = body[i];
        if (c == '_') {
            underscores = true;
            continue;
        }
        if (c == '.' && !sawDot && !sawExp) {
            sawDot = true;
            cleaned += c;
            continue;
        }
        if (!sawExp && ((!hex && lower(c) == 'e') || (hex && lower(c) == 'p'))) {
            if (!sawDigits)
                return std::nullopt;
            sawExp = true;
            cleaned += c;
            if (i + 1 < body.size() && (body[i + 1] == '+' || body[i + 1] == '-'))
                cleaned += body[++i];
            if (i + 1 >= body.size())
                return std::nullopt;
            continue;
        }
        const int d = digitValue(c);
        if (d >= (hex && !sawExp ? 16 : 10))
            return std::nullopt;
        sawDigits = true;
        cleaned += c;
    }
    if (!sawDigits || (hex && !sawExp))
        return std::nullopt; // hexadecimal mantissa requires a 'p' exponent
    if (underscores && !underscoreOk(s0))
        return std::nullopt;
    errno = 0;
    char *end = nullptr;
    const double v = std::strtod(cleaned.c_str(), &end);
    if (end != cleaned.c_str() + cleaned.size())
        return std::nullopt;
    if (errno == ERANGE && std::isinf(v))
        return std::nullopt;
    return v;
}

std::optional<std::pair<char32_t, std::string_view>> unquoteChar(std::string_view s, char quote)
{
    if (s.empty())
        return std::nullopt;
    const auto c = static_cast<unsigned char>(s[0]);
    if (c == static_cast<unsigned char>(quote) && (quote == '\'' || quote == '"'))
        return std::nullopt;
    if (c >= 0x80) {
        int w = 1;
        const char32_t r = utf8::decodeRune(s, 0, w);
        return std::make_pair(r, s.substr(static_cast<std::size_t>(w)));
    }
    if (c != '\\')
        return std::make_pair(static_cast<char32_t>(c), s.substr(1));
    if (s.size() <= 1)
        return std::nullopt;
    const char e = s[1];
    s.remove_prefix(2);
    switch (e) {
    case 'a': return std::make_pair(U'\a', s);
    case 'b': return std::make_pair(U'\b', s);
    case 'f': return std::make_pair(U'\f', s);
    case 'n': return std::make_pair(U'\n', s);
    case 'r': return std::make_pair(U'\r', s);
    case 't': return std::make_pair(U'\t', s);
    case 'v': return std::make_pair(U'\v', s);
    case 'x': case 'u': case 'U': {
        const std::size_t n = e == 'x' ? 2 : e == 'u' ? 4 : 8;
        if (s.size() < n)
            return std::nullopt;
        char32_t v = 0;
        for (std::size_t j = 0; j < n; ++j) {
            const int d = digitValue(s[j]);
            if (d >= 16)
                return std::nullopt;
            v = (v << 4) | static_cast<char32_t>(d);
        }
        s.remove_prefix(n);
        if (e != 'x' && (v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)))
            return std::nullopt;
        // \x produces a raw byte; mark it so the caller writes it unencoded.
        return std::make_pair(e == 'x' ? (v | 0x80000000u) : v, s);
    }
    case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
        if (s.size() < 2)
            return std::nullopt;
        char32_t v = static_cast<char32_t>(e - '0');
        for (int j = 0; j < 2; ++j) {
            const int d = digitValue(s[static_cast<std::size_t>(j)]);
            if (d > 7)
                return std::nullopt;
            v = (v << 3) | static_cast<char32_t>(d);
        }
        if (v > 255)
            return std::nullopt;
        s.remove_prefix(2);
        return std::make_pair(v | 0x80000000u, s);
    }
    case '\\': return std::make_pair(U'\\', s);
    case '\'': case '"':
        if (e != quote)
            return std::nullopt;
        return std::make_pair(static_cast<char32_t>(e), s);
    default: return std::nullopt;
    }
}

std::optional<std::string> unquote(std::string_view lit)
{
    if (lit.size() < 2)
        return std::nullopt;
    const char q = lit.front();
    if (q != lit.back())
        return std::nullopt;
    std::string_view body = lit.substr(1, lit.size() - 2);
    if (q == '`') {
        if (body.find('`') != std::string_view::npos)
            return std::nullopt;
        std::string out;
        for (char c : body)
            if (c != '\r')
                out.push_back(c);
        return out;
    }
    if (q != '"')
        return std::nullopt;
    if (body.find('\n') != std::string_view::npos)
        return std::nullopt;
    std::string out;
    while (!body.empty()) {
        const auto r = unquoteChar(body, '"');
        if (!r)
            return std::nullopt;
        if (r->first & 0x80000000u)
            out.push_back(static_cast<char>(r->first & 0xFF)); // \xNN and octal are bytes
        else
            utf8::appendRune(out, r->first);
        body = r->second;
    }
    return out;
}

} // namespace ds::tmpl::goliteral
