// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "LintFinding.h"

#include <string>
#include <vector>

namespace ds::ref {
struct Reference;
}

namespace ds::lint {

// Checks of metadata.yaml's logic that kube-compare's loader lets pass:
// fieldsToOmit items nothing uses and paths that can remove nothing,
// capture groups of one name with different patterns, descriptions whose
// links do not parse, and v1 constructs that v2 says better.
// `metadataSource` is metadata.yaml's text (for line numbers).
std::vector<LintFinding> checkMetadata(const ref::Reference &reference, const std::string &metadataSource,
                                       const std::string &metadataName);

} // namespace ds::lint
