// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ApiDiscovery.h"
#include "FetchPlan.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace ds::live {

// The least privilege a live comparison needs: get/list on exactly the
// resources its FetchPlan lists, cluster-wide where it lists all namespaces
// (a ClusterRole) and per namespace where it lists only fixed namespaces
// (a Role in each), with resourceNames where every list of a resource is
// narrowed to names (the API server authorizes a list with a
// metadata.name field selector against resourceNames, since Kubernetes 1.11).
// Discovery needs nothing: every authenticated user may read it
// (system:discovery).
class RbacPolicy
{
public:
    struct Rule
    {
        std::string group;
        std::string resource;
        std::set<std::string> names; // empty: every name
    };

    static RbacPolicy fromPlan(const FetchPlan &plan);

    // Without a cluster to ask: each template kind served at its template's
    // apiVersion, under kubectl's plural of its kind, namespaced when a
    // template of it fixes a namespace. Kinds only lookupCR names have no
    // group to go by: they get every group ("*"), and a warning says so.
    static std::vector<ServedResource> assumedServed(const FetchNeeds &needs, std::vector<std::string> &warnings);
    // kubectl's (gengo's) English plural of a kind: what discovery would say for
    // nearly every kind.
    static std::string pluralOf(const std::string &kind);

    // Namespace ("" = cluster-wide) → rules, sorted.
    const std::map<std::string, std::vector<Rule>> &rules() const { return m_rules; }

    // The ClusterRole (and Roles) named `name` with their bindings to the
    // service account, as YAML documents for `kubectl apply -f -`.
    std::string toYaml(const std::string &name, const std::string &serviceAccountNamespace,
                       const std::string &serviceAccountName) const;

private:
    std::map<std::string, std::vector<Rule>> m_rules;
};

} // namespace ds::live
