// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace ds::cli {

// `driftscope-cli fleet -r REF [-p OVERRIDES] [-c DIFFCONFIG] CLUSTER... [-o text|json|html]`
// (docs/fleet.md). Exit 0 clean, 1 drift or missing CRs anywhere, 2 an error
// (a cluster that could not be compared is reported and the rest go on).
int runFleet(const std::vector<std::string> &args, std::ostream &out, std::ostream &err);

} // namespace ds::cli
