// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "value/Value.h"

#include <optional>
#include <string>
#include <vector>

namespace ds::diff {

// One step of a path into an object: a map key, or a list index (with the
// item's `name`, where it has one, for people to read).
struct PathSegment
{
    std::string key;            // map key; empty for a list index
    std::optional<std::size_t> index;
    std::string itemName;       // list items: their `name` field, if a string

    bool operator==(const PathSegment &other) const = default;
};

using ObjectPath = std::vector<PathSegment>;

// "spec.profile[0].interface", "spec.containers[web].image" (a named item),
// keys that are not plain identifiers quoted: `metadata.labels."app.kubernetes.io/name"`.
std::string pathText(const ObjectPath &path);
// RFC 6901: "/spec/profile/0/interface" (indices, never names).
std::string jsonPointer(const ObjectPath &path);

// A field whose value differs between the rendered reference and the cluster CR.
struct FieldChange
{
    enum class Kind {
        Changed,            // both have it, with different values
        AddedInCluster,     // only the cluster CR has it
        MissingFromCluster, // only the reference has it
    };
    ObjectPath path;
    Kind kind = Kind::Changed;
    Value reference; // missing for AddedInCluster
    Value cluster;   // missing for MissingFromCluster
};

// The differences between two objects as the line diff shows them, field by
// field: maps key by key, lists item by item at the same index (the line diff
// pairs them by position too); a scalar, list or map that differs in type is
// one change at its path. Keys in byte order, so the order is stable.
std::vector<FieldChange> fieldChanges(const Value &reference, const Value &cluster);

} // namespace ds::diff
