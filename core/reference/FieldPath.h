// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "value/Value.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ds::ref {

// A path into an object such as `metadata.annotations."a.b/c"`: one leading dot
// stripped, the rest read as a single CSV record with '.' as separator (Go
// encoding/csv rules), as kube-compare's pathToKey.
struct FieldPath
{
    std::vector<std::string> segments;

    // Parses pathToKey; on failure returns nullopt and Go's csv error text
    // (e.g. `parse error on line 1, column 5: bare " in non-quoted-field`).
    static std::optional<FieldPath> parse(std::string_view pathToKey, std::string &error);
    std::string toString() const; // segments joined by '.'
};

// unstructured.NestedFieldNoCopy through maps only.
Value nestedField(const Value &object, const std::vector<std::string> &path);
// kube-compare's NestedField: like nestedField, but integer segments index lists
// (perField paths). Missing when absent or not traversable.
Value nestedFieldThroughLists(const Value &object, const std::vector<std::string> &path);
// kube-compare's NestedString: the string at path (through lists), with Go's error
// `.a.b accessor error: 5 is of the type float64, expected string` when it is not one,
// and NestedField's accessor errors (found = false) when the path runs into a scalar
// or into a list with a segment that is not an integer.
struct NestedStringResult
{
    std::string value;
    bool found = false;
    std::optional<std::string> error;
};
NestedStringResult nestedString(const Value &object, const std::vector<std::string> &path);
// kube-compare's SetNestedString: sets a string in the map that holds the last
// segment (reached through maps and lists); returns Go's accessor error otherwise.
std::optional<std::string> setNestedString(Value &object, const std::vector<std::string> &path,
                                           const std::string &value);
// unstructured.RemoveNestedField (maps only).
void removeNestedField(Value &object, const std::vector<std::string> &path);

} // namespace ds::ref
