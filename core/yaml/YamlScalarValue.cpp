// SPDX-License-Identifier: Apache-2.0
#include "YamlScalarValue.h"

#include "value/GoFloat.h"

#include <cmath>

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
        if (!floats && gofloat::jsonPrintsAsInteger(f) && f >= -9223372036854775808.0
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
        return gofloat::formatShortest(r.floating, 'g', 32);
    case K::Bool: return std::string(r.boolean ? "true" : "false");
    case K::String:
    case K::Merge: return std::string(text);
    case K::Null: break;
    }
    return std::nullopt;
}

} // namespace ds::yaml::detail
