// SPDX-License-Identifier: Apache-2.0
// Go's strconv: parsing numbers (atoi.go, atof.go), quoting and unquoting
// strings and runes (quote.go). Float formatting is GoFloat (ftoa.go).
#include "GoStrconv.h"

#include "text/Utf8.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <optional>
#include <string>

namespace ds::go::strconv {

namespace {

constexpr std::uint64_t kMaxUint64 = std::numeric_limits<std::uint64_t>::max();
constexpr std::int64_t kMaxInt64 = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kMinInt64 = std::numeric_limits<std::int64_t>::min();
constexpr std::string_view kLowerDigits = "0123456789abcdef";
constexpr char32_t kMaxRune = 0x10FFFF;

char lower(char c)
{
    return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

bool isHexLetter(char c)
{
    return lower(c) >= 'a' && lower(c) <= 'f';
}

std::size_t commonPrefixLenIgnoreCase(std::string_view s, std::string_view prefix)
{
    const std::size_t n = std::min(s.size(), prefix.size());
    for (std::size_t i = 0; i < n; ++i)
        if (lower(s[i]) != prefix[i])
            return i;
    return n;
}

struct Special
{
    double value;
    std::size_t length;
};

// strconv.special: [+-]inf, [+-]infinity, nan (any case), as a prefix.
std::optional<Special> special(std::string_view s)
{
    if (s.empty())
        return std::nullopt;
    double sign = 1;
    std::size_t nsign = 0;
    std::string_view rest = s;
    if (s[0] == '+' || s[0] == '-') {
        sign = s[0] == '-' ? -1 : 1;
        nsign = 1;
        rest.remove_prefix(1);
    } else if (lower(s[0]) == 'n') {
        if (commonPrefixLenIgnoreCase(s, "nan") == 3)
            return Special{std::numeric_limits<double>::quiet_NaN(), 3};
        return std::nullopt;
    } else if (lower(s[0]) != 'i') {
        return std::nullopt;
    }
    std::size_t n = commonPrefixLenIgnoreCase(rest, "infinity");
    if (n > 3 && n < 8)
        n = 3;
    if (n == 3 || n == 8)
        return Special{sign * std::numeric_limits<double>::infinity(), nsign + n};
    return std::nullopt;
}

// What strconv.readFloat recognised: the mantissa without sign, prefix and
// underscores, and the exponent (capped like Go's, which stops growing at 10000).
struct FloatSyntax
{
    bool ok = false;
    bool negative = false;
    bool hex = false;
    std::size_t consumed = 0;
    std::string mantissa; // digits and at most one '.'
    int exponent = 0;     // decimal (e) or binary (p) exponent
};

FloatSyntax readFloat(std::string_view s)
{
    FloatSyntax r;
    std::size_t i = 0;
    bool underscores = false;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
        r.negative = s[i] == '-';
        ++i;
    }
    char expChar = 'e';
    if (i + 2 < s.size() && s[i] == '0' && lower(s[i + 1]) == 'x') {
        r.hex = true;
        expChar = 'p';
        i += 2;
    }
    bool sawDot = false;
    bool sawDigits = false;
    for (; i < s.size(); ++i) {
        const char c = s[i];
        if (c == '_') {
            underscores = true;
        } else if (c == '.') {
            if (sawDot)
                break;
            sawDot = true;
            r.mantissa += c;
        } else if (isDigit(c) || (r.hex && isHexLetter(c))) {
            sawDigits = true;
            r.mantissa += c;
        } else {
            break;
        }
    }
    if (!sawDigits)
        return r;
    if (i < s.size() && lower(s[i]) == expChar) {
        ++i;
        if (i >= s.size())
            return r;
        int esign = 1;
        if (s[i] == '+' || s[i] == '-') {
            esign = s[i] == '-' ? -1 : 1;
            ++i;
        }
        if (i >= s.size() || !isDigit(s[i]))
            return r;
        int e = 0;
        for (; i < s.size() && (isDigit(s[i]) || s[i] == '_'); ++i) {
            if (s[i] == '_') {
                underscores = true;
                continue;
            }
            if (e < 10000)
                e = e * 10 + (s[i] - '0');
        }
        r.exponent = e * esign;
    } else if (r.hex) {
        return r; // hex floats need a p exponent
    }
    if (underscores && !underscoreOK(s.substr(0, i)))
        return r;
    r.ok = true;
    r.consumed = i;
    return r;
}

// Sign of the magnitude (position of the leading digit relative to the point,
// plus the exponent): decides whether an out-of-range parse over- or underflowed.
bool magnitudeIsPositive(const FloatSyntax &f)
{
    const int digitBits = f.hex ? 4 : 1;
    long long position = 0;
    bool beforeDot = true;
    bool seenNonZero = false;
    for (char c : f.mantissa) {
        if (c == '.') {
            beforeDot = false;
            continue;
        }
        if (!seenNonZero && c == '0') {
            if (!beforeDot)
                position -= digitBits;
            continue;
        }
        seenNonZero = true;
        if (beforeDot)
            position += digitBits;
        else
            break;
    }
    return position + f.exponent > 0;
}

FloatResult convertFloat(const FloatSyntax &f)
{
    const std::string text = f.mantissa + (f.hex ? 'p' : 'e') + std::to_string(f.exponent);
    double value = 0;
    const auto format = f.hex ? std::chars_format::hex : std::chars_format::general;
    const auto res = std::from_chars(text.data(), text.data() + text.size(), value, format);
    FloatResult out;
    if (res.ec == std::errc::result_out_of_range) {
        if (magnitudeIsPositive(f)) {
            value = std::numeric_limits<double>::infinity();
            out.error = NumError::Range;
        } else {
            value = 0; // Go rounds underflow to zero without an error
        }
    } else if (res.ec != std::errc() || res.ptr != text.data() + text.size()) {
        return FloatResult{0, NumError::Syntax};
    }
    out.value = f.negative ? -value : value;
    return out;
}

int digitValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    const char l = lower(c);
    if (l >= 'a' && l <= 'z')
        return l - 'a' + 10;
    return 99;
}

bool validRune(char32_t r)
{
    return r <= kMaxRune && !(r >= 0xD800 && r <= 0xDFFF);
}

// strconv.appendEscapedRune
void appendEscapedRune(std::string &out, char32_t r, char quote, bool asciiOnly)
{
    if (r == static_cast<char32_t>(quote) || r == '\\') {
        out += '\\';
        utf8::appendRune(out, r);
        return;
    }
    if (asciiOnly) {
        if (r < 0x80 && utf8::isPrint(r)) {
            out += static_cast<char>(r);
            return;
        }
    } else if (utf8::isPrint(r)) {
        utf8::appendRune(out, r);
        return;
    }
    switch (r) {
    case '\a': out += "\\a"; return;
    case '\b': out += "\\b"; return;
    case '\f': out += "\\f"; return;
    case '\n': out += "\\n"; return;
    case '\r': out += "\\r"; return;
    case '\t': out += "\\t"; return;
    case '\v': out += "\\v"; return;
    default: break;
    }
    auto hex = [&](char32_t v, int digits) {
        for (int s = (digits - 1) * 4; s >= 0; s -= 4)
            out += kLowerDigits[(v >> s) & 0xF];
    };
    if (r < ' ' || r == 0x7F) {
        out += "\\x";
        hex(r, 2);
        return;
    }
    if (!validRune(r))
        r = utf8::kRuneError;
    if (r < 0x10000) {
        out += "\\u";
        hex(r, 4);
    } else {
        out += "\\U";
        hex(r, 8);
    }
}

} // namespace

// strconv.underscoreOK: `_` only between digits or between a base prefix and a digit.
bool underscoreOK(std::string_view s)
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
        if (isDigit(s[i]) || (hex && isHexLetter(s[i]))) {
            saw = '0';
            continue;
        }
        if (s[i] == '_') {
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

UintResult parseUint(std::string_view s, int base)
{
    if (s.empty())
        return {0, NumError::Syntax};
    const bool base0 = base == 0;
    const std::string_view s0 = s;
    if (base0) {
        base = 10;
        if (s[0] == '0') {
            const char p = s.size() >= 3 ? lower(s[1]) : '\0';
            base = p == 'b' ? 2 : p == 'x' ? 16 : 8;
            s.remove_prefix(p == 'b' || p == 'o' || p == 'x' ? 2 : 1);
        }
    } else if (base < 2 || base > 36) {
        return {0, NumError::Syntax};
    }
    const std::uint64_t cutoff = kMaxUint64 / static_cast<std::uint64_t>(base) + 1;
    std::uint64_t n = 0;
    bool underscores = false;
    for (char c : s) {
        int d;
        if (c == '_' && base0) {
            underscores = true;
            continue;
        } else if (isDigit(c)) {
            d = c - '0';
        } else if (lower(c) >= 'a' && lower(c) <= 'z') {
            d = lower(c) - 'a' + 10;
        } else {
            return {0, NumError::Syntax};
        }
        if (d >= base)
            return {0, NumError::Syntax};
        // Go reports overflow at once, before looking at the remaining bytes.
        if (n >= cutoff)
            return {kMaxUint64, NumError::Range};
        n *= static_cast<std::uint64_t>(base);
        const std::uint64_t n1 = n + static_cast<std::uint64_t>(d);
        if (n1 < n)
            return {kMaxUint64, NumError::Range};
        n = n1;
    }
    if (underscores && !underscoreOK(s0))
        return {0, NumError::Syntax};
    return {n, NumError::None};
}

IntResult parseInt(std::string_view s, int base)
{
    if (s.empty())
        return {0, NumError::Syntax};
    bool negative = false;
    if (s[0] == '+' || s[0] == '-') {
        negative = s[0] == '-';
        s.remove_prefix(1);
    }
    const UintResult u = parseUint(s, base);
    if (u.error == NumError::Syntax)
        return {0, NumError::Syntax};
    constexpr std::uint64_t cutoff = std::uint64_t(1) << 63;
    if (!negative && u.value >= cutoff)
        return {kMaxInt64, NumError::Range};
    if (negative && u.value > cutoff)
        return {kMinInt64, NumError::Range};
    const std::uint64_t magnitude = negative ? (~u.value + 1) : u.value;
    return {static_cast<std::int64_t>(magnitude), NumError::None};
}

IntResult atoi(std::string_view s)
{
    if (s.empty() || s.size() >= 19)
        return parseInt(s, 10); // Go's slow path (big or invalid input)
    const bool negative = s[0] == '-';
    std::string_view digits = s;
    if (s[0] == '-' || s[0] == '+') {
        digits.remove_prefix(1);
        if (digits.empty())
            return {0, NumError::Syntax};
    }
    std::int64_t n = 0;
    for (char c : digits) {
        if (!isDigit(c))
            return {0, NumError::Syntax};
        n = n * 10 + (c - '0');
    }
    return {negative ? -n : n, NumError::None};
}

FloatResult parseFloat(std::string_view s)
{
    if (const std::optional<Special> sp = special(s)) {
        if (sp->length != s.size())
            return {0, NumError::Syntax};
        return {sp->value, NumError::None};
    }
    const FloatSyntax syntax = readFloat(s);
    if (!syntax.ok || syntax.consumed != s.size())
        return {0, NumError::Syntax};
    return convertFloat(syntax);
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

// strconv.appendQuotedWith
std::string quoteWith(std::string_view s, char quote, bool asciiOnly)
{
    std::string out(1, quote);
    for (std::size_t i = 0; i < s.size();) {
        int width = 1;
        const char32_t r = utf8::decodeRune(s, i, width);
        if (width == 1 && r == utf8::kRuneError) {
            const auto b = static_cast<unsigned char>(s[i]);
            out += "\\x";
            out += kLowerDigits[b >> 4];
            out += kLowerDigits[b & 0xF];
        } else {
            appendEscapedRune(out, r, quote, asciiOnly);
        }
        i += static_cast<std::size_t>(width);
    }
    out += quote;
    return out;
}

// strconv.QuoteRune / QuoteRuneToASCII
std::string quoteRune(char32_t r, bool asciiOnly)
{
    if (!validRune(r))
        r = utf8::kRuneError;
    std::string out = "'";
    appendEscapedRune(out, r, '\'', asciiOnly);
    out += '\'';
    return out;
}

// strconv.CanBackquote
bool canBackquote(std::string_view s)
{
    for (std::size_t i = 0; i < s.size();) {
        int width = 1;
        const char32_t r = utf8::decodeRune(s, i, width);
        i += static_cast<std::size_t>(width);
        if (width > 1) {
            if (r == 0xFEFF)
                return false; // BOMs are invisible
            continue;
        }
        if (r == utf8::kRuneError)
            return false;
        if ((r < ' ' && r != '\t') || r == '`' || r == 0x7F)
            return false;
    }
    return true;
}

std::string quote(std::string_view s)
{
    return quoteWith(s, '"', false);
}

} // namespace ds::go::strconv
