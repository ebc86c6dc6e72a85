// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace ds {

// One step of a path into an object: a map key, or a list index (with the
// item's `name`, where it has one, for people to read).
struct PathSegment
{
    std::string key; // map key; empty for a list index
    std::optional<std::size_t> index;
    std::string itemName; // list items: their `name` field, if a string

    bool operator==(const PathSegment &other) const = default;
};

using ObjectPath = std::vector<PathSegment>;

// "spec.profile[0].interface", "spec.containers[name=web].image" (a named
// item), keys that are not plain identifiers quoted:
// `metadata.labels."app.kubernetes.io/name"`.
std::string pathText(const ObjectPath &path);
// RFC 6901: "/spec/profile/0/interface" (indices, never names).
std::string jsonPointer(const ObjectPath &path);
// `path` is `prefix` or below it (names are ignored: indices decide).
bool isUnder(const ObjectPath &path, const ObjectPath &prefix);

} // namespace ds
