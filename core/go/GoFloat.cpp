// SPDX-License-Identifier: Apache-2.0
#include "GoFloat.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string_view>

namespace ds::go::strconv {

namespace {

// Decimal digits d1..dn and exponent X with value = d1.d2...dn × 10^X.
struct Decimal
{
    bool negative = false;
    std::string digits;
    int exp = 0;
};

Decimal parseScientific(const char *begin, const char *end)
{
    Decimal d;
    const char *p = begin;
    if (p < end && *p == '-') {
        d.negative = true;
        ++p;
    }
    for (; p < end && *p != 'e'; ++p)
        if (*p != '.')
            d.digits.push_back(*p);
    if (p < end)
        d.exp = std::atoi(std::string(p + 1, end).c_str());
    // Trailing zeros carry no information (to_chars never emits them for
    // shortest output, but precision output may).
    while (d.digits.size() > 1 && d.digits.back() == '0')
        d.digits.pop_back();
    if (d.digits == "0")
        d.exp = 0;
    return d;
}

Decimal shortest(double f, int bitSize)
{
    char buf[64];
    std::to_chars_result r = bitSize == 32
        ? std::to_chars(buf, buf + sizeof buf, static_cast<float>(f), std::chars_format::scientific)
        : std::to_chars(buf, buf + sizeof buf, f, std::chars_format::scientific);
    return parseScientific(buf, r.ptr);
}

std::string exponentSuffix(int exp, char e)
{
    std::string s(1, e);
    s += exp < 0 ? '-' : '+';
    int a = std::abs(exp);
    if (a < 10)
        s += '0';
    s += std::to_string(a);
    return s;
}

// d1.d2...dn e±XX with exactly `fracDigits` digits after the point (-1: as many as present).
std::string formatE(const Decimal &d, int fracDigits, char e = 'e')
{
    std::string s = d.negative ? "-" : "";
    s += d.digits[0];
    std::string rest = d.digits.substr(1);
    if (fracDigits >= 0)
        rest.resize(static_cast<std::size_t>(fracDigits), '0');
    if (!rest.empty())
        s += '.' + rest;
    return s + exponentSuffix(d.exp, e);
}

// Fixed notation with exactly `fracDigits` decimals (-1: as many as the digits need).
std::string formatF(const Decimal &d, int fracDigits)
{
    std::string s = d.negative ? "-" : "";
    const int n = static_cast<int>(d.digits.size());
    const bool zero = d.digits == "0";
    const int intDigits = zero ? 1 : d.exp + 1;
    if (intDigits <= 0) {
        s += '0';
    } else {
        for (int i = 0; i < intDigits; ++i)
            s += i < n ? d.digits[static_cast<std::size_t>(i)] : '0';
    }
    std::string frac;
    if (!zero) {
        for (int i = intDigits; i < n; ++i)
            frac += i < 0 ? '0' : d.digits[static_cast<std::size_t>(i)];
    }
    if (fracDigits >= 0)
        frac.resize(static_cast<std::size_t>(fracDigits), '0');
    if (!frac.empty())
        s += '.' + frac;
    return s;
}

std::string special(double f)
{
    if (std::isnan(f))
        return "NaN";
    return f > 0 ? "+Inf" : "-Inf";
}

} // namespace

std::string formatShortest(double f, char fmt, int bitSize)
{
    if (!std::isfinite(f))
        return special(f);
    Decimal d = shortest(f, bitSize);
    switch (fmt) {
    case 'e':
    case 'E': return formatE(d, -1, fmt);
    case 'f': return formatF(d, -1);
    default: {
        const bool zero = d.digits == "0";
        const int x = zero ? -1 : d.exp; // Go: exp = dp - 1 with dp = 0 for zero
        if (x < -4 || x >= 6)
            return formatE(d, -1, fmt == 'G' ? 'E' : 'e');
        return formatF(d, -1);
    }
    }
}

std::string formatPrecision(double f, char fmt, int prec)
{
    if (!std::isfinite(f))
        return special(f);
    char buf[512];
    if (fmt == 'f' || fmt == 'F') {
        auto r = std::to_chars(buf, buf + sizeof buf, f, std::chars_format::fixed, prec);
        if (r.ec == std::errc())
            return std::string(buf, r.ptr);
        return formatShortest(f, 'f');
    }
    if (fmt == 'e' || fmt == 'E') {
        auto r = std::to_chars(buf, buf + sizeof buf, f, std::chars_format::scientific, prec);
        Decimal d = parseScientific(buf, r.ptr);
        return formatE(d, prec, fmt);
    }
    // %g with precision: prec significant digits, trailing zeros removed (Go
    // keeps them only with the '#' flag, handled by the printf layer).
    if (prec == 0)
        prec = 1;
    auto r = std::to_chars(buf, buf + sizeof buf, f, std::chars_format::scientific, prec - 1);
    Decimal d = parseScientific(buf, r.ptr);
    const bool zero = d.digits == "0";
    const int x = zero ? 0 : d.exp;
    int eprec = prec;
    if (eprec > static_cast<int>(d.digits.size()) && static_cast<int>(d.digits.size()) >= x + 1)
        eprec = static_cast<int>(d.digits.size());
    if (x < -4 || x >= eprec)
        return formatE(d, -1, fmt == 'G' ? 'E' : 'e');
    return formatF(d, -1);
}

std::string formatJson(double f)
{
    const double a = std::fabs(f);
    if (a != 0 && (a < 1e-6 || a >= 1e21)) {
        std::string s = formatShortest(f, 'e');
        // Go cleans e-09 up to e-9 (only negative exponents).
        const std::size_t n = s.size();
        if (n >= 4 && s[n - 4] == 'e' && s[n - 3] == '-' && s[n - 2] == '0')
            s.erase(n - 2, 1);
        return s;
    }
    return formatShortest(f, 'f');
}

bool jsonPrintsAsInteger(double f)
{
    return std::isfinite(f) && std::fabs(f) < 1e21 && std::trunc(f) == f;
}

namespace {

constexpr std::string_view kLowerHexDigits = "0123456789abcdef";
constexpr std::string_view kUpperHexDigits = "0123456789ABCDEF";

std::string decimal(std::uint64_t u)
{
    return std::to_string(u);
}

// strconv's %b of a float64: mantissa "p" binary exponent (fmtB).
std::string formatBinaryFloat(bool negative, std::uint64_t mant, int exp)
{
    std::string out = negative ? "-" : "";
    out += decimal(mant);
    out += 'p';
    exp -= 52;
    if (exp >= 0)
        out += '+';
    out += std::to_string(exp);
    return out;
}

// strconv's %x of a float64: -0x1.yyyyp±dd (fmtX).
std::string formatHexFloat(bool negative, std::uint64_t mant, int exp, int prec, char fmt)
{
    if (mant == 0)
        exp = 0;
    // Shift digits so the leading 1 (if any) is at bit 1<<60.
    mant <<= 60 - 52;
    while (mant != 0 && (mant & (std::uint64_t(1) << 60)) == 0) {
        mant <<= 1;
        --exp;
    }
    if (prec >= 0 && prec < 15) {
        const unsigned shift = static_cast<unsigned>(prec * 4);
        const std::uint64_t extra = (mant << shift) & ((std::uint64_t(1) << 60) - 1);
        mant >>= 60 - shift;
        if ((extra | (mant & 1)) > (std::uint64_t(1) << 59))
            ++mant;
        mant <<= 60 - shift;
        if (mant & (std::uint64_t(1) << 61)) { // wrapped around
            mant >>= 1;
            ++exp;
        }
    }
    const std::string_view hex = fmt == 'X' ? kUpperHexDigits : kLowerHexDigits;
    std::string out = negative ? "-" : "";
    out += '0';
    out += fmt;
    out += static_cast<char>('0' + ((mant >> 60) & 1));
    mant <<= 4; // drop the leading digit
    if (prec < 0 && mant != 0) {
        out += '.';
        for (; mant != 0; mant <<= 4)
            out += hex[(mant >> 60) & 15];
    } else if (prec > 0) {
        out += '.';
        for (int i = 0; i < prec; ++i, mant <<= 4)
            out += hex[(mant >> 60) & 15];
    }
    out += fmt == 'X' ? 'P' : 'p';
    out += exp < 0 ? '-' : '+';
    exp = std::abs(exp);
    std::string digits = std::to_string(exp);
    if (digits.size() < 2)
        digits.insert(0, 1, '0');
    out += digits;
    return out;
}

} // namespace

// strconv.FormatFloat(v, fmt, prec, 64) for fmt in b e E f g G x X.
std::string formatFloat(double v, char fmt, int prec)
{
    if (!std::isfinite(v))
        return formatShortest(v);
    if (fmt == 'b' || fmt == 'x' || fmt == 'X') {
        std::uint64_t bits = 0;
        std::memcpy(&bits, &v, sizeof bits);
        const bool negative = bits >> 63;
        int exp = static_cast<int>((bits >> 52) & 0x7FF);
        std::uint64_t mant = bits & ((std::uint64_t(1) << 52) - 1);
        if (exp == 0)
            ++exp; // denormal
        else
            mant |= std::uint64_t(1) << 52;
        exp -= 1023;
        if (fmt == 'b')
            return formatBinaryFloat(negative, mant, exp);
        return formatHexFloat(negative, mant, exp, prec, fmt);
    }
    if (prec < 0)
        return formatShortest(v, fmt);
    return formatPrecision(v, fmt, prec);
}

} // namespace ds::go::strconv
