// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace ds::cli {

// Entry point of driftscope-cli, separated from main() so that tests can run
// it in-process. Returns the process exit code.
int run(const std::vector<std::string> &args, std::ostream &out, std::ostream &err);

} // namespace ds::cli
