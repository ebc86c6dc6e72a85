// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace ds::cli {

// `driftscope-cli lint -r REF [--crds PATH]... [-f SAMPLES]... [--strict|--loose] [-o text|json|junit]`:
// ReferenceLinter's findings. Exit 0 clean, 1 findings, 2 could not run.
int runLint(const std::vector<std::string> &args, std::ostream &out, std::ostream &err);

} // namespace ds::cli
