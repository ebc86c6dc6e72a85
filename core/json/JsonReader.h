// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "value/Value.h"
#include "yaml/YamlReader.h"

#include <string_view>

namespace ds::json {

// Reads JSON text into Values. With NumberTyping::Kubernetes a number written
// with integer syntax that fits int64 becomes int64 and every other number
// float64 (Kubernetes' unstructured decoding); with Float64 all numbers are
// float64 (encoding/json into interface{}). A stream of several top-level
// values is accepted (like a JSON decoder reading a file of concatenated
// objects); each becomes a document. Invalid UTF-8 and lone surrogates become
// U+FFFD as in Go.
yaml::ReadResult read(std::string_view text, yaml::NumberTyping numbers = yaml::NumberTyping::Kubernetes);

// kubectl's test for choosing the JSON decoder: first non-space byte is '{'.
bool looksLikeJson(std::string_view text);

} // namespace ds::json
