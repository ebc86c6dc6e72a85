// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "FleetReport.h"

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace ds::fleet {

struct ClusterSpec
{
    std::string name;
    std::string source; // a must-gather or CR folder, an archive, a -o json report, or context:NAME
    bool isContext() const { return source.starts_with("context:"); }
    std::string context() const { return source.substr(8); }
};

struct FleetOptions
{
    std::string metadataPath;
    std::optional<std::string> overridesPath;  // -p
    std::optional<std::string> diffConfigPath; // -c
    std::vector<ClusterSpec> clusters;
    std::string kubeconfig; // for context:NAME clusters; empty: $KUBECONFIG or ~/.kube/config
    int requestTimeoutMs = 0; // 0: the live client's default
    // A cluster's warnings (files skipped, …), as `name: text`.
    std::function<void(const std::string &)> warning;
    // Clusters done of all, before each cluster and at the end; `cancel` (set
    // by another thread) stops before the next cluster and inside the current one.
    std::function<void(std::size_t done, std::size_t total, const std::string &cluster)> progress;
    const std::atomic_bool *cancel = nullptr;
};

// `NAME=SOURCE` or `SOURCE`, whose name is the file or folder name without
// .tar.gz, .tgz, .tar.xz, .tar, .zip or .json, or the context's name.
ClusterSpec parseClusterSpec(const std::string &argument);

// Compares every cluster with one reference (loaded once), each as
// `driftscope-cli -r REF -f SOURCE -R` (or `--context NAME`, read-only) would,
// or reads its report; a cluster
// that fails is recorded with its error and the rest go on. The error of the
// reference itself ends the run (nullopt result, `error` set).
std::optional<FleetReport> runFleet(const FleetOptions &options, std::string &error);

// Every context of the kubeconfig (--all-contexts), as context:NAME clusters.
std::vector<ClusterSpec> allContexts(const std::string &kubeconfig, std::string &error);

} // namespace ds::fleet
