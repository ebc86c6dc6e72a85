// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ApiDiscovery.h"
#include "LiveInputSource.h"

#include <optional>
#include <string>
#include <vector>

namespace ds::live {

class ApiClient;

// Discovery, step by step on the caller's thread: aggregated documents first,
// the per-group-version ones from servers without them.
std::optional<std::vector<ServedResource>> discoverServed(ApiClient &client, std::string &error);

// What the cluster of `settings` serves (the kubeconfig context, or the pod's
// service account): discovery on a thread of its own, so any thread may ask.
std::optional<std::vector<ServedResource>> servedByCluster(const LiveSettings &settings, std::string &error);

} // namespace ds::live
