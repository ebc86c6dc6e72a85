// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "value/Value.h"

#include <optional>
#include <string>

namespace ds::yaml {

struct WriteResult
{
    std::string text;
    std::optional<std::string> error; // Go's error text, e.g. "json: unsupported value: NaN"
    bool ok() const { return !error.has_value(); }
};

// sigs.k8s.io/yaml.Marshal, kubectl diff's printer, byte for byte (tst_yamlcanonical):
// the value goes through encoding/json and yaml.v2 (keys in natural order,
// sequences not indented under their key, strings quoted only where YAML 1.1
// would re-type them, folding at 80 columns, literal blocks for multi-line text).
WriteResult writeCanonical(const Value &value);

} // namespace ds::yaml
