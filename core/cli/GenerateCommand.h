// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <optional>
#include <ostream>
#include <string>

namespace ds::cli {

class FlagParser;

// Generate mode (`-g config.yaml [-f must-gather] [--output-dir D]`, spec g.3).
// kube-compare's checks of the other flags, in its order: the usage error's
// text, or nullopt.
std::optional<std::string> generateUsageError(const FlagParser &flags);
// Writes the reference; 0, or 1 with "error: …" on stderr as kube-compare's
// generate branch exits (kubectl's CheckErr, not CheckDiffErr).
int runGenerate(const FlagParser &flags, std::ostream &out, std::ostream &err);

} // namespace ds::cli
