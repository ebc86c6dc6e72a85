// SPDX-License-Identifier: Apache-2.0
#include "GoCast.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <optional>
#include <string>

namespace ds::tmpl::gocast {

namespace {

constexpr std::uint64_t kMaxUint64 = std::numeric_limits<std::uint64_t>::max();
constexpr std::int64_t kMaxInt64 = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kMinInt64 = std::numeric_limits<std::int64_t>::min();

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

// cast's trimZeroDecimal: "12.00" → "12", "12.50" and "3." unchanged.
std::string_view trimZeroDecimal(std::string_view s)
{
    bool foundZero = false;
    for (std::size_t i = s.size(); i > 0; --i) {
        switch (s[i - 1]) {
        case '.':
            if (foundZero)
                return s.substr(0, i - 1);
            break;
        case '0':
            foundZero = true;
            break;
        default:
            return s;
        }
    }
    return s;
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

} // namespace

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

std::int64_t floatToInt64(double f)
{
    // 2^63 is exact in a double; the range check also rejects NaN.
    if (f >= -9223372036854775808.0 && f < 9223372036854775808.0)
        return static_cast<std::int64_t>(f);
    return kMinInt64;
}

std::int64_t toInt64(const Value &v)
{
    switch (v.type()) {
    case Value::Type::Int:
    case Value::Type::Int64:
        return v.toInt64();
    case Value::Type::Uint8:
    case Value::Type::Uint64:
        return static_cast<std::int64_t>(v.toUint64());
    case Value::Type::Float64:
        return floatToInt64(v.toFloat());
    case Value::Type::String: {
        const IntResult r = parseInt(trimZeroDecimal(v.str()), 0);
        return r.error == NumError::None ? r.value : 0;
    }
    case Value::Type::Bool:
        return v.toBool() ? 1 : 0;
    default:
        // nil, lists, maps and Go objects. time.Duration is a named int64 type
        // that cast's type switch does not match, so cast gives 0 for it too.
        return 0;
    }
}

double toFloat64(const Value &v)
{
    switch (v.type()) {
    case Value::Type::Int:
    case Value::Type::Int64:
        return static_cast<double>(v.toInt64());
    case Value::Type::Uint8:
    case Value::Type::Uint64:
        return static_cast<double>(v.toUint64());
    case Value::Type::Float64:
        return v.toFloat();
    case Value::Type::String: {
        const FloatResult r = parseFloat(v.str());
        return r.error == NumError::None ? r.value : 0;
    }
    case Value::Type::Bool:
        return v.toBool() ? 1 : 0;
    default:
        return 0;
    }
}

} // namespace ds::tmpl::gocast
