// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ApiDiscovery.h"
#include "FetchNeeds.h"

#include <optional>
#include <string>
#include <vector>

namespace ds::live {

// One LIST to run (paged): a resource, optionally narrowed to one namespace
// and/or one name (fieldSelector=metadata.name=<name>).
struct ListJob
{
    ServedResource resource;
    std::string namespaceName; // "" = all namespaces
    std::string name;          // "" = every name
    // Path and query of the first page, e.g. /api/v1/namespaces/ns/configmaps?limit=500
    std::string firstPage(int pageSize) const;
    // For progress and errors: "ConfigMap (v1) in namespace ns".
    std::string label() const;
};

// Which lists to run for a reference, following kube-compare's live mode
// (tst_kubeconfig): every group/version the cluster serves for each template kind
// (bare Kind for the core group, resolved like kubectl to the first group
// serving it), its two warnings and its "no supported kinds" error.
// Beyond kube-compare: lists are narrowed to the namespaces and names that
// every template of a kind fixes (friendlier to RBAC, far smaller), and
// lookupCR kinds are fetched too.
struct FetchPlan
{
    std::vector<ListJob> jobs;
    std::vector<std::string> warnings; // in kube-compare's order
    std::optional<std::string> error;

    // Narrowing gives up beyond this many names per namespace and lists the namespace.
    static constexpr std::size_t kMaxNamedRequests = 8;

    static FetchPlan build(const FetchNeeds &needs, const std::vector<ServedResource> &served);
};

} // namespace ds::live
