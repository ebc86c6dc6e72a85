// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "report/ComparisonReport.h"

#include <string>

namespace ds::review {

// A fingerprint of a CR's drift: SHA-256 over the hunks of its diff (headers
// with their temporary paths and times left out), "sha256:<hex>"; "" without
// drift. Equal drifts have equal hashes, on any cluster and in any run: a
// review mark made for one drift is outdated once the hash changes.
std::string diffHash(const report::CrResult &result);

} // namespace ds::review
