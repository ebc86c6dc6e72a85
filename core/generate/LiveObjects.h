// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "GenerateConfig.h"
#include "live/LiveInputSource.h"
#include "value/Value.h"

#include <optional>
#include <string>
#include <vector>

namespace ds::generate {

// Generate mode's objects from a live cluster (spec g.3.4): each entry's kind
// found through API discovery, then listed (in its namespace, or across all;
// one list per name with a field selector when `names` is given; pages of
// 500), read-only GETs only.
struct LiveObjects
{
    struct Entry
    {
        std::vector<Value> objects;
        std::optional<std::string> error; // kube-compare's text, without "failed to fetch <Kind>: "
        std::string failedName;           // the name whose list failed, when `names` was given
    };
    std::vector<Entry> entries;        // one per config entry
    std::optional<std::string> error;  // the cluster could not be used at all (kubeconfig)

    static LiveObjects fetch(const live::LiveSettings &settings, const std::vector<ResourceSpec> &resources);
};

} // namespace ds::generate
