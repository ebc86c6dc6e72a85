// SPDX-License-Identifier: Apache-2.0
#include "GoDecimal.h"

#include "GoPanic.h"
#include "go/GoFloat.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <string_view>

namespace ds::go {

namespace {

// Unsigned magnitudes in base 10^9, least significant limb first. Base 10^9
// keeps scaling by powers of ten and printing trivial.
using Limbs = std::vector<std::uint32_t>;
constexpr std::uint32_t kBase = 1000000000;
constexpr std::uint32_t kPow10[] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};

void trim(Limbs &a)
{
    while (!a.empty() && a.back() == 0)
        a.pop_back();
}

int compare(const Limbs &a, const Limbs &b)
{
    if (a.size() != b.size())
        return a.size() < b.size() ? -1 : 1;
    for (std::size_t i = a.size(); i-- > 0;)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

Limbs addLimbs(const Limbs &a, const Limbs &b)
{
    Limbs r;
    const std::size_t n = std::max(a.size(), b.size());
    r.reserve(n + 1);
    std::uint64_t carry = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint64_t s = carry + (i < a.size() ? a[i] : 0) + (i < b.size() ? b[i] : 0);
        r.push_back(static_cast<std::uint32_t>(s % kBase));
        carry = s / kBase;
    }
    if (carry)
        r.push_back(static_cast<std::uint32_t>(carry));
    return r;
}

// a - b for a >= b.
Limbs subtract(const Limbs &a, const Limbs &b)
{
    Limbs r = a;
    std::int64_t borrow = 0;
    for (std::size_t i = 0; i < r.size(); ++i) {
        std::int64_t d = static_cast<std::int64_t>(r[i]) - borrow - (i < b.size() ? b[i] : 0);
        borrow = d < 0 ? 1 : 0;
        if (d < 0)
            d += kBase;
        r[i] = static_cast<std::uint32_t>(d);
    }
    trim(r);
    return r;
}

Limbs multiply(const Limbs &a, const Limbs &b)
{
    if (a.empty() || b.empty())
        return {};
    Limbs r(a.size() + b.size(), 0);
    for (std::size_t i = 0; i < a.size(); ++i) {
        std::uint64_t carry = 0;
        for (std::size_t j = 0; j < b.size(); ++j) {
            const std::uint64_t cur = r[i + j] + std::uint64_t(a[i]) * b[j] + carry;
            r[i + j] = static_cast<std::uint32_t>(cur % kBase);
            carry = cur / kBase;
        }
        for (std::size_t k = i + b.size(); carry; ++k) {
            const std::uint64_t cur = r[k] + carry;
            r[k] = static_cast<std::uint32_t>(cur % kBase);
            carry = cur / kBase;
        }
    }
    trim(r);
    return r;
}

// a = a * m + add, with m, add < 10^9.
void mulSmallAdd(Limbs &a, std::uint32_t m, std::uint32_t addend)
{
    std::uint64_t carry = addend;
    for (std::uint32_t &limb : a) {
        const std::uint64_t cur = std::uint64_t(limb) * m + carry;
        limb = static_cast<std::uint32_t>(cur % kBase);
        carry = cur / kBase;
    }
    if (carry)
        a.push_back(static_cast<std::uint32_t>(carry));
    trim(a);
}

Limbs shiftPow10(const Limbs &a, std::uint64_t n)
{
    if (a.empty())
        return {};
    Limbs r = a;
    r.insert(r.begin(), static_cast<std::size_t>(n / 9), 0);
    mulSmallAdd(r, kPow10[n % 9], 0);
    return r;
}

std::string toDigits(const Limbs &a)
{
    if (a.empty())
        return "0";
    std::string s = std::to_string(a.back());
    for (std::size_t i = a.size() - 1; i-- > 0;) {
        const std::string part = std::to_string(a[i]);
        s.append(9 - part.size(), '0');
        s += part;
    }
    return s;
}

Limbs fromDigits(std::string_view digits)
{
    Limbs r;
    for (std::size_t end = digits.size(); end > 0;) {
        const std::size_t begin = end >= 9 ? end - 9 : 0;
        std::uint32_t limb = 0;
        for (std::size_t i = begin; i < end; ++i)
            limb = limb * 10 + static_cast<std::uint32_t>(digits[i] - '0');
        r.push_back(limb);
        end = begin;
    }
    trim(r);
    return r;
}

// Truncating division n = q·d + r for d != 0 (big.Int QuoRem on magnitudes).
void divMod(const Limbs &n, const Limbs &d, Limbs &q, Limbs &r)
{
    if (d.size() == 1) {
        const std::uint64_t dv = d[0];
        std::uint64_t rem = 0;
        q.assign(n.size(), 0);
        for (std::size_t i = n.size(); i-- > 0;) {
            const std::uint64_t cur = rem * kBase + n[i];
            q[i] = static_cast<std::uint32_t>(cur / dv);
            rem = cur % dv;
        }
        trim(q);
        r = rem ? Limbs{static_cast<std::uint32_t>(rem)} : Limbs{};
        return;
    }
    // Schoolbook long division one decimal digit at a time; the divisors sprig
    // produces are float64 digit strings, so this stays cheap.
    std::string quotient;
    r.clear();
    for (char c : toDigits(n)) {
        mulSmallAdd(r, 10, static_cast<std::uint32_t>(c - '0'));
        int digit = 0;
        while (compare(r, d) >= 0) {
            r = subtract(r, d);
            ++digit;
        }
        quotient += static_cast<char>('0' + digit);
    }
    q = fromDigits(quotient);
}

} // namespace

Decimal Decimal::fromFloat(double f)
{
    if (std::isnan(f) || std::isinf(f))
        throw Panic("Cannot create a Decimal from " + strconv::formatShortest(f));
    Decimal d;
    if (f == 0)
        return d;
    // Shortest round-trip digits, as decimal's own roundShortest produces them.
    char buf[64];
    const auto res = std::to_chars(buf, buf + sizeof buf, f, std::chars_format::scientific);
    const std::string_view text(buf, static_cast<std::size_t>(res.ptr - buf));
    const std::size_t e = text.find('e');
    std::string digits;
    for (char c : text.substr(0, e))
        if (c >= '0' && c <= '9')
            digits += c;
    int exp10 = 0;
    std::string_view expText = text.substr(e + 1);
    if (!expText.empty() && expText[0] == '+')
        expText.remove_prefix(1);
    std::from_chars(expText.data(), expText.data() + expText.size(), exp10);
    d.m_limbs = fromDigits(digits);
    d.m_negative = f < 0;
    d.m_exponent = exp10 - static_cast<std::int64_t>(digits.size() - 1);
    return d;
}

Decimal Decimal::fromInt(std::int64_t coefficient, std::int64_t exponent)
{
    Decimal d;
    std::uint64_t magnitude = coefficient < 0 ? ~static_cast<std::uint64_t>(coefficient) + 1
                                              : static_cast<std::uint64_t>(coefficient);
    while (magnitude) {
        d.m_limbs.push_back(static_cast<std::uint32_t>(magnitude % kBase));
        magnitude /= kBase;
    }
    d.m_negative = coefficient < 0;
    d.m_exponent = exponent;
    return d;
}

Decimal Decimal::add(const Decimal &other) const
{
    // Bring both to the smaller exponent (decimal's rescale), then add signed.
    const std::int64_t exp = std::min(m_exponent, other.m_exponent);
    const Limbs a = shiftPow10(m_limbs, static_cast<std::uint64_t>(m_exponent - exp));
    const Limbs b = shiftPow10(other.m_limbs, static_cast<std::uint64_t>(other.m_exponent - exp));
    Decimal r;
    r.m_exponent = exp;
    if (m_negative == other.m_negative) {
        r.m_limbs = addLimbs(a, b);
        r.m_negative = m_negative;
    } else if (compare(a, b) >= 0) {
        r.m_limbs = subtract(a, b);
        r.m_negative = m_negative;
    } else {
        r.m_limbs = subtract(b, a);
        r.m_negative = other.m_negative;
    }
    if (r.m_limbs.empty())
        r.m_negative = false;
    return r;
}

Decimal Decimal::sub(const Decimal &other) const
{
    Decimal negated = other;
    negated.m_negative = !other.m_negative && !other.isZero();
    return add(negated);
}

Decimal Decimal::mul(const Decimal &other) const
{
    Decimal r;
    r.m_limbs = multiply(m_limbs, other.m_limbs);
    r.m_exponent = m_exponent + other.m_exponent;
    r.m_negative = !r.m_limbs.empty() && m_negative != other.m_negative;
    return r;
}

Decimal Decimal::div(const Decimal &other) const
{
    if (other.isZero())
        throw Panic("decimal division by 0");
    // q = |this / other| · 10^16 truncated, with the scale factor moved to
    // whichever side keeps it an integer (decimal's QuoRem).
    const std::int64_t shift = m_exponent - other.m_exponent + kDivisionPrecision;
    const Limbs n = shiftPow10(m_limbs, static_cast<std::uint64_t>(std::max<std::int64_t>(shift, 0)));
    const Limbs d = shiftPow10(other.m_limbs, static_cast<std::uint64_t>(std::max<std::int64_t>(-shift, 0)));
    Limbs q;
    Limbs rem;
    divMod(n, d, q, rem);
    // Half away from zero: round up the magnitude when 2·rem >= divisor (DivRound).
    if (compare(addLimbs(rem, rem), d) >= 0)
        q = addLimbs(q, Limbs{1});
    Decimal r;
    r.m_limbs = q;
    r.m_exponent = -kDivisionPrecision;
    r.m_negative = !q.empty() && m_negative != other.m_negative;
    return r;
}

double Decimal::toFloat64() const
{
    if (isZero())
        return 0;
    const std::string digits = toDigits(m_limbs);
    const double sign = m_negative ? -1.0 : 1.0;
    // Far outside the float64 range the answer is known without parsing.
    const std::int64_t magnitude = static_cast<std::int64_t>(digits.size()) + m_exponent;
    if (magnitude < -400)
        return std::copysign(0.0, sign);
    if (magnitude > 400)
        return sign * std::numeric_limits<double>::infinity();
    const std::string text = digits + 'e' + std::to_string(m_exponent);
    double value = 0;
    const auto res = std::from_chars(text.data(), text.data() + text.size(), value);
    if (res.ec == std::errc::result_out_of_range)
        value = magnitude > 0 ? std::numeric_limits<double>::infinity() : 0.0;
    return sign * value;
}

std::string Decimal::toString() const
{
    std::string digits = toDigits(m_limbs);
    if (isZero())
        return digits;
    if (m_exponent >= 0) {
        digits.append(static_cast<std::size_t>(m_exponent), '0');
    } else {
        const std::size_t fraction = static_cast<std::size_t>(-m_exponent);
        if (digits.size() <= fraction)
            digits.insert(0, fraction - digits.size() + 1, '0');
        digits.insert(digits.size() - fraction, ".");
        while (digits.back() == '0')
            digits.pop_back();
        if (digits.back() == '.')
            digits.pop_back();
    }
    return (m_negative ? "-" : "") + digits;
}

} // namespace ds::go
