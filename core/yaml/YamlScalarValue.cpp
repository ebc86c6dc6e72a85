// SPDX-License-Identifier: Apache-2.0
#include "YamlScalarValue.h"

#include "go/GoFloat.h"

#include <cmath>
#include <cstdint>

namespace ds::yaml::detail {

std::optional<Value> numberValue(const ResolvedScalar &r, NumberTyping numbers)
{
    using K = ResolvedScalar::Kind;
    const bool floats = numbers == NumberTyping::Float64;
    switch (r.kind) {
    case K::Int:
        return floats ? Value::fromFloat(static_cast<double>(r.integer)) : Value::fromInt64(r.integer);
    case K::Uint:
        return Value::fromFloat(static_cast<double>(r.unsignedInteger));
    case K::Float: {
        const double f = r.floating;
        if (!std::isfinite(f))
            return std::nullopt;
        // sigs.k8s.io/yaml goes through JSON: an integral float prints as an
        // integer and Kubernetes decoding reads it back as int64.
        if (!floats && go::strconv::jsonPrintsAsInteger(f) && f >= -9223372036854775808.0
            && f < 9223372036854775808.0)
            return Value::fromInt64(static_cast<std::int64_t>(f));
        return Value::fromFloat(f);
    }
    default:
        return Value();
    }
}

std::optional<Value> plainScalarValue(std::string_view text, NumberTyping numbers)
{
    const ResolvedScalar r = resolvePlain(text);
    using K = ResolvedScalar::Kind;
    switch (r.kind) {
    case K::Null: return Value::null();
    case K::Bool: return Value(r.boolean);
    case K::Int:
    case K::Uint:
    case K::Float: return numberValue(r, numbers);
    case K::Merge:
    case K::String: break;
    }
    return Value(text);
}

std::optional<std::string> plainKeyText(std::string_view text)
{
    const ResolvedScalar r = resolvePlain(text);
    using K = ResolvedScalar::Kind;
    switch (r.kind) {
    case K::Int: return std::to_string(r.integer);
    case K::Uint: return std::to_string(r.unsignedInteger);
    case K::Float:
        if (!std::isfinite(r.floating))
            return std::nullopt;
        return go::strconv::formatShortest(r.floating, 'g', 32);
    case K::Bool: return std::string(r.boolean ? "true" : "false");
    case K::String:
    case K::Merge: return std::string(text);
    case K::Null: break;
    }
    return std::nullopt;
}

std::optional<char32_t> escapedCodePoint(std::string_view text, int digits)
{
    if (text.size() < static_cast<std::size_t>(digits))
        return std::nullopt;
    char32_t value = 0;
    for (int i = 0; i < digits; ++i) {
        const char c = text[static_cast<std::size_t>(i)];
        int digit = -1;
        if (c >= '0' && c <= '9')
            digit = c - '0';
        else if (c >= 'a' && c <= 'f')
            digit = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            digit = c - 'A' + 10;
        if (digit < 0)
            return std::nullopt;
        value = (value << 4) | static_cast<char32_t>(digit);
    }
    if ((value >= 0xD800 && value <= 0xDFFF) || value > 0x10FFFF)
        return std::nullopt;
    return value;
}

} // namespace ds::yaml::detail
