// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ClusterObject.h"

#include <string>
#include <vector>

namespace ds::input {

// The OpenShift version of the cluster the CRs come from, as its ClusterVersion
// (config.openshift.io/v1, "version") says: the desired version, else the
// latest of its history, else the update it was asked for. "" when the input
// has no such CR (or holds only its identity).
std::string clusterVersionOf(const std::vector<ClusterObject> &objects);

} // namespace ds::input
