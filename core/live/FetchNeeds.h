// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

namespace ds::ref {
struct Reference;
}

namespace ds::live {

// What a template fixes about the objects it can match: the fields of its
// empty-data render that are non-empty strings (as the group correlator sees
// them). "" = not fixed.
struct TemplateScope
{
    std::string kind;
    std::string apiVersion;
    std::string namespaceName;
    std::string name;
};

// What a comparison needs from a live cluster.
struct FetchNeeds
{
    std::vector<TemplateScope> templates; // reference order
    // Kinds only lookupCR(s) names: fetched cluster-wide in every served
    // group/version, without kube-compare's warnings (kube-compare does not fetch
    // them at all; Driftscope does so lookupCR sees what it sees with files).
    std::set<std::string> lookupKinds;
    // Kinds that must be listed cluster-wide whatever the templates fix:
    // lookupCR kinds and kinds named by manual correlations.
    std::set<std::string> wholeKinds;
    // Narrow lists to the namespaces/names templates fix. Off with -A, which
    // reports every object of the template kinds.
    bool narrow = true;
    // A LIST the user may not run (403) is reported as an error and left out
    // instead of failing the whole load, so every other CR is still compared
    // (the GUI, --keep-going, -o html). kube-compare stops (the default).
    bool keepGoing = false;

    static FetchNeeds fromReference(const ref::Reference &reference,
                                    const std::map<std::string, std::string> &manualCorrelations = {},
                                    bool allResources = false);
};

} // namespace ds::live
