// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "value/ObjectPath.h"
#include "value/Value.h"

#include <string>
#include <vector>

namespace ds::diff {

using ds::ObjectPath;
using ds::PathSegment;
using ds::jsonPointer;
using ds::pathText;

// A field whose value differs between the rendered reference and the cluster CR.
struct FieldChange
{
    enum class Kind {
        Changed,            // both have it, with different values
        AddedInCluster,     // only the cluster CR has it
        MissingFromCluster, // only the reference has it
    };
    // List indices are the item's position in the cluster CR, or, for an item
    // only the reference has, in the reference — so that applying removals
    // (last first) and then additions (first first) turns the cluster's list
    // into the reference's.
    ObjectPath path;
    Kind kind = Kind::Changed;
    Value reference; // missing for AddedInCluster
    Value cluster;   // missing for MissingFromCluster
};

// "changed", "added", "missing" (`-o fields`).
const char *kindName(FieldChange::Kind kind);

// The differences between two objects field by field, as the line diff shows
// them: maps key by key (in byte order, so the order is stable); lists item by
// item, pairing items the way a diff of their lines does — the longest run of
// equal items stays, items between are compared pairwise, the rest are added
// or missing. Lists whose items all have a distinct `name` pair items by name
// (in order), so a container inserted before others is one added item, not a
// change of every later one. A value that differs in type is one change.
std::vector<FieldChange> fieldChanges(const Value &reference, const Value &cluster);

} // namespace ds::diff
