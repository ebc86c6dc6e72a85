// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ds::pipeline {

// A file or folder Driftscope ships: next to the installed program
// (<prefix>/share/<installed>), else in the source tree it was built from
// (<source>/<inSource>), for running from a build tree. nullopt when neither
// exists.
std::optional<std::string> installedFile(const std::string &installed, const std::string &inSource);

// The libraries Driftscope runs on and their versions ("Qt", "6.4.2"), for the
// About box and bug reports.
std::vector<std::pair<std::string, std::string>> libraryVersions();

} // namespace ds::pipeline
