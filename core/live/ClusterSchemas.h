// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "LiveInputSource.h"
#include "value/Value.h"

#include <optional>
#include <string>
#include <vector>

namespace ds::live {

// What a cluster validates with, read with GETs only: every
// CustomResourceDefinition (a paged LIST) and, for the group/versions asked,
// the API server's OpenAPI v3 documents (/openapi/v3), which give built-in
// kinds their schemas. For `lint --context`.
struct ClusterSchemas
{
    std::vector<Value> documents; // CRDs (with apiVersion and kind) and OpenAPI documents
    std::vector<std::string> notes; // what the cluster could not give (no /openapi/v3, …)
    std::optional<std::string> error; // nothing could be read

    static ClusterSchemas fetch(const LiveSettings &settings, const std::vector<std::string> &groupVersions);
};

} // namespace ds::live
