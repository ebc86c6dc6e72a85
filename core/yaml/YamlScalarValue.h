// SPDX-License-Identifier: Apache-2.0
#pragma once

// How a scalar becomes a Value on the way YAML → JSON → Go (yaml.v2 typing; tst_yamlreader).
// Shared by the yaml-cpp reader and the fast reader so that both decide alike.

#include "YamlReader.h"
#include "YamlScalarResolver.h"

#include <optional>
#include <string>
#include <string_view>

namespace ds::yaml::detail {

// A resolved number under the given typing; nullopt for ±Inf/NaN, which JSON
// cannot carry ("json: unsupported value").
std::optional<Value> numberValue(const ResolvedScalar &r, NumberTyping numbers);

// The Value of a plain (untagged, unquoted) scalar; nullopt for ±Inf/NaN.
std::optional<Value> plainScalarValue(std::string_view text, NumberTyping numbers);

// The JSON object key sigs.k8s.io/yaml makes of a plain key, judged by its yaml.v2
// type (a float key prints with 32-bit 'g'); nullopt when the key is rejected
// (null, ±Inf, NaN). Merge keys ("<<") come back as their text.
std::optional<std::string> plainKeyText(std::string_view text);

// The code point of a double-quoted \x, \u or \U escape whose `digits` hex
// digits start `text`; nullopt when they are not all hex digits or name a
// surrogate or a value beyond U+10FFFF (an error in yaml-cpp and yaml.v2 alike).
std::optional<char32_t> escapedCodePoint(std::string_view text, int digits);

} // namespace ds::yaml::detail
