// SPDX-License-Identifier: Apache-2.0
// spf13/cast's conversions as sprig uses them.
#include "GoCast.h"

#include "GoStrconv.h"

#include <limits>

namespace ds::go::cast {

namespace {

constexpr std::int64_t kMinInt64 = std::numeric_limits<std::int64_t>::min();

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

} // namespace

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
        const strconv::IntResult r = strconv::parseInt(trimZeroDecimal(v.str()), 0);
        return r.error == strconv::NumError::None ? r.value : 0;
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
        const strconv::FloatResult r = strconv::parseFloat(v.str());
        return r.error == strconv::NumError::None ? r.value : 0;
    }
    case Value::Type::Bool:
        return v.toBool() ? 1 : 0;
    default:
        return 0;
    }
}

} // namespace ds::go::cast
