// SPDX-License-Identifier: Apache-2.0
#include "GoFloat.h"

#include <charconv>
#include <cmath>
#include <cstdlib>

namespace ds::gofloat {

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

} // namespace ds::gofloat
