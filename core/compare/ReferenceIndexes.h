// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "input/ClusterObject.h"

#include <unordered_set>
#include <string>
#include <vector>

namespace ds::compare {

// The ownerReferences and RBAC-subject indexes kube-compare builds after
// loading ("matched by reference only"; tst_correlation, tst_summaryrules): ids of objects
// that other objects refer to.
struct ReferenceIndexes
{
    explicit ReferenceIndexes(const std::vector<input::ClusterObject> &objects);

    std::unordered_set<std::string> ownerReferences;
    std::unordered_set<std::string> subjects;

    bool operator==(const ReferenceIndexes &) const = default;
};

} // namespace ds::compare
