// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "value/Value.h"

#include <string>

// Names Go gives the types of template values, for error texts and printing.
namespace ds::go {

// %T: "int64", "[]interface {}", "map[string]interface {}", "<nil>", ...
std::string typeName(const Value &v);
// reflect.Kind name: "int64", "slice", "map", "ptr", "struct", "invalid", ...
std::string kindName(const Value &v);
// The JSON type encoding/json names in its errors ("cannot unmarshal array
// into ..."): array, object, string, bool or number.
const char *jsonKind(const Value &v);

} // namespace ds::go
