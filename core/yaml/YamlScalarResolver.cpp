// SPDX-License-Identifier: Apache-2.0
#include "YamlScalarResolver.h"

#include <array>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <regex>

namespace ds::yaml {

namespace {

bool isDigit(char c) { return c >= '0' && c <= '9'; }

int digitValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'Z')
        return c - 'A' + 10;
    return 99;
}

// Magnitude of an unsigned Go integer literal with base prefix (base 0 rules).
bool parseMagnitude(std::string_view s, std::uint64_t &out)
{
    if (s.empty())
        return false;
    int base = 10;
    if (s.size() >= 2 && s[0] == '0') {
        const char p = static_cast<char>(s[1] | 0x20);
        if (p == 'x') {
            base = 16;
            s.remove_prefix(2);
        } else if (p == 'o') {
            base = 8;
            s.remove_prefix(2);
        } else if (p == 'b') {
            base = 2;
            s.remove_prefix(2);
        } else {
            base = 8;
            s.remove_prefix(1);
        }
        if (s.empty())
            return false;
    }
    std::uint64_t v = 0;
    for (char c : s) {
        const int d = digitValue(c);
        if (d >= base)
            return false;
        if (v > (UINT64_MAX - static_cast<std::uint64_t>(d)) / static_cast<std::uint64_t>(base))
            return false;
        v = v * static_cast<std::uint64_t>(base) + static_cast<std::uint64_t>(d);
    }
    out = v;
    return true;
}

bool parseFloatStrict(const std::string &s, double &out)
{
    errno = 0;
    char *end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (end != s.c_str() + s.size() || s.empty())
        return false;
    if (errno == ERANGE && std::isinf(v))
        return false; // Go: ErrRange → not a float
    out = v;
    return true;
}

// ^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$
bool matchesYamlStyleFloat(std::string_view s)
{
    std::size_t i = 0;
    if (i < s.size() && (s[i] == '-' || s[i] == '+'))
        ++i;
    if (i < s.size() && s[i] == '.') {
        ++i;
        const std::size_t start = i;
        while (i < s.size() && isDigit(s[i]))
            ++i;
        if (i == start)
            return false;
    } else {
        const std::size_t start = i;
        while (i < s.size() && isDigit(s[i]))
            ++i;
        if (i == start)
            return false;
        if (i < s.size() && s[i] == '.') {
            ++i;
            while (i < s.size() && isDigit(s[i]))
                ++i;
        }
    }
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < s.size() && (s[i] == '-' || s[i] == '+'))
            ++i;
        const std::size_t start = i;
        while (i < s.size() && isDigit(s[i]))
            ++i;
        if (i == start)
            return false;
    }
    return i == s.size();
}

// Go's ParseFloat for text starting with '.': decimal only, digits required.
bool parseDotFloat(std::string_view s, double &out)
{
    if (!matchesYamlStyleFloat(s))
        return false;
    return parseFloatStrict(std::string(s), out);
}

struct MapEntry
{
    std::string_view text;
    ResolvedScalar::Kind kind;
    bool boolean;
    double floating;
};

const std::array<MapEntry, 36> &resolveMap()
{
    const double inf = HUGE_VAL;
    const double nan = std::nan("");
    using K = ResolvedScalar::Kind;
    static const std::array<MapEntry, 36> entries{{
        {"y", K::Bool, true, 0}, {"Y", K::Bool, true, 0}, {"yes", K::Bool, true, 0},
        {"Yes", K::Bool, true, 0}, {"YES", K::Bool, true, 0}, {"true", K::Bool, true, 0},
        {"True", K::Bool, true, 0}, {"TRUE", K::Bool, true, 0}, {"on", K::Bool, true, 0},
        {"On", K::Bool, true, 0}, {"ON", K::Bool, true, 0},
        {"n", K::Bool, false, 0}, {"N", K::Bool, false, 0}, {"no", K::Bool, false, 0},
        {"No", K::Bool, false, 0}, {"NO", K::Bool, false, 0}, {"false", K::Bool, false, 0},
        {"False", K::Bool, false, 0}, {"FALSE", K::Bool, false, 0}, {"off", K::Bool, false, 0},
        {"Off", K::Bool, false, 0}, {"OFF", K::Bool, false, 0},
        {"", K::Null, false, 0}, {"~", K::Null, false, 0}, {"null", K::Null, false, 0},
        {"Null", K::Null, false, 0}, {"NULL", K::Null, false, 0},
        {".nan", K::Float, false, nan}, {".NaN", K::Float, false, nan}, {".NAN", K::Float, false, nan},
        {".inf", K::Float, false, inf}, {".Inf", K::Float, false, inf}, {".INF", K::Float, false, inf},
        {"-.inf", K::Float, false, -inf}, {"-.Inf", K::Float, false, -inf},
        {"-.INF", K::Float, false, -inf},
    }};
    return entries;
}

bool lookupMap(std::string_view s, ResolvedScalar &r)
{
    if (s.size() > 5)
        return false; // longer than every entry ("false", "-.inf"): most keys and values
    if (s == "+.inf" || s == "+.Inf" || s == "+.INF") {
        r.kind = ResolvedScalar::Kind::Float;
        r.floating = HUGE_VAL;
        return true;
    }
    if (s == "<<") {
        r.kind = ResolvedScalar::Kind::Merge;
        return true;
    }
    for (const auto &e : resolveMap()) {
        if (e.text == s) {
            r.kind = e.kind;
            r.boolean = e.boolean;
            r.floating = e.floating;
            return true;
        }
    }
    return false;
}

bool isHintMapChar(char c)
{
    switch (c) {
    case 'y': case 'Y': case 'n': case 'N': case 't': case 'T':
    case 'f': case 'F': case 'o': case 'O': case '~': case '<':
        return true;
    default:
        return false;
    }
}

// Layout pieces: fixed 4-digit year, then 1-2 digit fields (Go stdNumMonth etc.).
bool readNumber(std::string_view s, std::size_t &i, int minDigits, int maxDigits, int &value)
{
    int n = 0;
    value = 0;
    while (i < s.size() && isDigit(s[i]) && n < maxDigits) {
        value = value * 10 + (s[i] - '0');
        ++i;
        ++n;
    }
    return n >= minDigits;
}

bool isLeap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

int daysIn(int month, int year)
{
    static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (month == 2 && isLeap(year))
        return 29;
    return days[month - 1];
}

// "2006-1-2" prefix; returns position after the date or npos.
std::size_t parseDate(std::string_view s)
{
    std::size_t i = 0;
    int year = 0, month = 0, day = 0;
    if (!readNumber(s, i, 4, 4, year) || i >= s.size() || s[i] != '-')
        return std::string_view::npos;
    ++i;
    if (!readNumber(s, i, 1, 2, month) || month < 1 || month > 12 || i >= s.size() || s[i] != '-')
        return std::string_view::npos;
    ++i;
    if (!readNumber(s, i, 1, 2, day) || day < 1 || day > daysIn(month, year))
        return std::string_view::npos;
    return i;
}

// "15:4:5.999999999" starting at i; returns position after it or npos.
std::size_t parseTime(std::string_view s, std::size_t i)
{
    int h = 0, m = 0, sec = 0;
    if (!readNumber(s, i, 1, 2, h) || h > 23 || i >= s.size() || s[i] != ':')
        return std::string_view::npos;
    ++i;
    if (!readNumber(s, i, 1, 2, m) || m > 59 || i >= s.size() || s[i] != ':')
        return std::string_view::npos;
    ++i;
    if (!readNumber(s, i, 1, 2, sec) || sec > 59)
        return std::string_view::npos;
    // Go accepts a fractional second after the seconds field even when the
    // layout has none, and ".999999999" makes it optional.
    if (i < s.size() && (s[i] == '.' || s[i] == ',') && i + 1 < s.size() && isDigit(s[i + 1])) {
        ++i;
        while (i < s.size() && isDigit(s[i]))
            ++i;
    }
    return i;
}

// "Z07:00": Z or ±hh:mm.
bool parseZone(std::string_view s, std::size_t i)
{
    if (i < s.size() && s[i] == 'Z')
        return i + 1 == s.size();
    if (i >= s.size() || (s[i] != '+' && s[i] != '-'))
        return false;
    ++i;
    int hh = 0, mm = 0;
    std::size_t start = i;
    if (!readNumber(s, i, 2, 2, hh) || i - start != 2 || i >= s.size() || s[i] != ':')
        return false;
    ++i;
    start = i;
    if (!readNumber(s, i, 2, 2, mm) || i - start != 2)
        return false;
    return i == s.size() && hh <= 24 && mm <= 60;
}

} // namespace

bool isYamlTimestamp(std::string_view s)
{
    std::size_t i = 0;
    while (i < s.size() && isDigit(s[i]))
        ++i;
    if (i != 4 || i == s.size() || s[i] != '-')
        return false;
    const std::size_t afterDate = parseDate(s);
    if (afterDate == std::string_view::npos)
        return false;
    if (afterDate == s.size())
        return true; // "2006-1-2"
    const char sep = s[afterDate];
    if (sep == 'T' || sep == 't') {
        const std::size_t afterTime = parseTime(s, afterDate + 1);
        return afterTime != std::string_view::npos && parseZone(s, afterTime);
    }
    if (sep == ' ') {
        const std::size_t afterTime = parseTime(s, afterDate + 1);
        return afterTime == s.size();
    }
    return false;
}

bool parseGoInt(std::string_view s, std::int64_t &out)
{
    bool negative = false;
    if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
        negative = s[0] == '-';
        s.remove_prefix(1);
    }
    std::uint64_t mag = 0;
    if (!parseMagnitude(s, mag))
        return false;
    if (negative) {
        if (mag > static_cast<std::uint64_t>(INT64_MAX) + 1)
            return false;
        out = mag == static_cast<std::uint64_t>(INT64_MAX) + 1 ? INT64_MIN
                                                               : -static_cast<std::int64_t>(mag);
    } else {
        if (mag > static_cast<std::uint64_t>(INT64_MAX))
            return false;
        out = static_cast<std::int64_t>(mag);
    }
    return true;
}

bool parseGoUint(std::string_view s, std::uint64_t &out)
{
    return parseMagnitude(s, out);
}

bool isBase60Float(std::string_view s)
{
    // Fast rejection, as yaml.v2 does before its regexp.
    if (s.empty())
        return false;
    const char c = s[0];
    if (!(c == '+' || c == '-' || isDigit(c)) || s.find(':') == std::string_view::npos)
        return false;
    static const std::regex re(R"(^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$)");
    return std::regex_match(s.begin(), s.end(), re);
}

ResolvedScalar resolvePlain(std::string_view s)
{
    ResolvedScalar r;
    const char hint = s.empty() ? 'N' : s[0];
    const bool digitHint = isDigit(hint) || hint == '+' || hint == '-';
    if (!(s.empty() || isHintMapChar(hint) || hint == '.' || digitHint))
        return r;
    if (lookupMap(s, r))
        return r;
    if (hint == '.') {
        double f = 0;
        if (parseDotFloat(s, f)) {
            r.kind = ResolvedScalar::Kind::Float;
            r.floating = f;
        }
        return r;
    }
    if (!digitHint)
        return r;
    if (isYamlTimestamp(s)) {
        r.timestamp = true; // stays a string when decoded into interface{}
        return r;
    }
    std::string plain;
    plain.reserve(s.size());
    for (char ch : s)
        if (ch != '_')
            plain.push_back(ch);
    std::int64_t i = 0;
    if (parseGoInt(plain, i)) {
        r.kind = ResolvedScalar::Kind::Int;
        r.integer = i;
        return r;
    }
    std::uint64_t u = 0;
    if (parseGoUint(plain, u)) {
        r.kind = ResolvedScalar::Kind::Uint;
        r.unsignedInteger = u;
        return r;
    }
    double f = 0;
    if (matchesYamlStyleFloat(plain) && parseFloatStrict(plain, f)) {
        r.kind = ResolvedScalar::Kind::Float;
        r.floating = f;
        return r;
    }
    std::string_view digits;
    bool negative = false;
    if (plain.rfind("0b", 0) == 0) {
        digits = std::string_view(plain).substr(2);
    } else if (plain.rfind("-0b", 0) == 0) {
        digits = std::string_view(plain).substr(3);
        negative = true;
    }
    if (!digits.empty()) {
        std::uint64_t mag = 0;
        if (parseMagnitude("0b" + std::string(digits), mag)) {
            if (!negative && mag > static_cast<std::uint64_t>(INT64_MAX)) {
                r.kind = ResolvedScalar::Kind::Uint;
                r.unsignedInteger = mag;
                return r;
            }
            if (mag <= static_cast<std::uint64_t>(INT64_MAX) + (negative ? 1 : 0)) {
                r.kind = ResolvedScalar::Kind::Int;
                r.integer = negative ? static_cast<std::int64_t>(0 - mag) : static_cast<std::int64_t>(mag);
                return r;
            }
        }
    }
    return r;
}

bool resolvesToPlainString(std::string_view s)
{
    const ResolvedScalar r = resolvePlain(s);
    return r.kind == ResolvedScalar::Kind::String && !r.timestamp && !isBase60Float(s);
}

} // namespace ds::yaml
