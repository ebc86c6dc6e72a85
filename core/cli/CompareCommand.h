// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace ds::cli {

// driftscope-cli's compare mode: kubectl cluster-compare's flags, outputs and
// exit codes (0 clean, 1 differences or validation issues, 2 errors).
int runCompare(const std::vector<std::string> &args, std::ostream &out, std::ostream &err);

// The `--show-template-functions` listing.
std::string templateFunctionListing();

} // namespace ds::cli
