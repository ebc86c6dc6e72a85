// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ds::go {

// The part of shopspring/decimal (v1.4.0) that sprig's addf/add1f/subf/mulf/divf
// use: an exact decimal coefficient × 10^exponent with arbitrary size, so that
// e.g. 1e300 * 1e-300 and 0.1 + 0.2 are exact.
class Decimal
{
public:
    Decimal() = default; // 0

    // decimal.NewFromFloat: the shortest decimal that reads back as f (0.1 is
    // exactly 0.1). NaN/±Inf throw Panic("Cannot create a Decimal from NaN")
    // like the Go panic.
    static Decimal fromFloat(double f);
    // coefficient × 10^exponent (tests and constants).
    static Decimal fromInt(std::int64_t coefficient, std::int64_t exponent = 0);

    Decimal add(const Decimal &other) const;
    Decimal sub(const Decimal &other) const;
    Decimal mul(const Decimal &other) const;
    // Decimal.Div: the quotient rounded half away from zero to 16 fractional
    // digits (DivisionPrecision); a zero divisor throws "decimal division by 0".
    Decimal div(const Decimal &other) const;

    // Decimal.Float64: the nearest float64 (correctly rounded; zero is +0).
    double toFloat64() const;
    bool isZero() const { return m_limbs.empty(); }
    // Exact plain-decimal text, e.g. "-12.345", "3e+300" is "3" followed by 300 zeros.
    std::string toString() const;

    static constexpr int kDivisionPrecision = 16;

private:
    // Coefficient in base 10^9, least significant limb first, no leading zero
    // limbs (zero is empty). The sign is kept apart so that zero has none.
    std::vector<std::uint32_t> m_limbs;
    bool m_negative = false;
    std::int64_t m_exponent = 0;
};

} // namespace ds::go
