// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "value/Value.h"

#include <optional>
#include <string>
#include <string_view>

// sigs.k8s.io/yaml as kube-compare calls it: YAML (yaml.v2, first document)
// → JSON → encoding/json. Error texts are Go's.
namespace ds::yaml {

struct UnmarshalResult
{
    Value value;
    std::optional<std::string> error;
    bool ok() const { return !error.has_value(); }
};

// yaml.Unmarshal(text, &map[string]interface{}): numbers float64, an empty or
// null document gives an empty map, anything but a mapping is an error.
UnmarshalResult unmarshalObject(std::string_view text);

// yaml.Unmarshal(text, &[]interface{}) (fromYamlArray).
UnmarshalResult unmarshalArray(std::string_view text);

// yaml.Unmarshal(text, &interface{}).
UnmarshalResult unmarshalAny(std::string_view text);

} // namespace ds::yaml
