// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "value/Value.h"

#include <cstdint>

// spf13/cast v1.7.0 conversions as sprig uses them (int64, add, max, floor...; tst_math).
// Failures never throw: sprig discards cast's errors, so they become 0.
namespace ds::go::cast {

// Go's int64(f) on amd64: truncation toward zero; NaN, ±Inf and values outside
// the int64 range give MinInt64 (what CVTTSD2SI produces).
std::int64_t floatToInt64(double f);

// cast.ToInt64 / cast.ToInt (Go int is 64-bit, so the same rules): integers as
// is (uint64 wraps), floats truncate, strings lose a trailing `.0…` and then go
// through ParseInt base 0, bools 1/0, everything else (nil, lists, maps, objects
// such as time.Duration — cast's type switch does not match named types) 0.
std::int64_t toInt64(const Value &v);
inline std::int64_t toInt(const Value &v) { return toInt64(v); }
// cast.ToFloat64: numbers converted, strings through ParseFloat (failure 0),
// bools 1/0, everything else 0.
double toFloat64(const Value &v);

} // namespace ds::go::cast
