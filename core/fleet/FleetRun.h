// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "FleetReport.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace ds::fleet {

struct ClusterSpec
{
    std::string name;
    std::string source; // a must-gather or CR folder, an archive, or a -o json report
};

struct FleetOptions
{
    std::string metadataPath;
    std::optional<std::string> overridesPath;  // -p
    std::optional<std::string> diffConfigPath; // -c
    std::vector<ClusterSpec> clusters;
    // A cluster's warnings (files skipped, …), as `name: text`.
    std::function<void(const std::string &)> warning;
};

// `NAME=SOURCE` or `SOURCE`, whose name is the file or folder name without
// .tar.gz, .tgz, .tar.xz, .tar, .zip or .json.
ClusterSpec parseClusterSpec(const std::string &argument);

// Compares every cluster with one reference (loaded once), each as
// `driftscope-cli -r REF -f SOURCE -R` would, or reads its report; a cluster
// that fails is recorded with its error and the rest go on. The error of the
// reference itself ends the run (nullopt result, `error` set).
std::optional<FleetReport> runFleet(const FleetOptions &options, std::string &error);

} // namespace ds::fleet
