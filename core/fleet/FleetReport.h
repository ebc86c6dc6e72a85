// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ClusterOutcome.h"

#include <map>
#include <string>
#include <vector>

namespace ds::fleet {

// One reference, many clusters (docs/fleet.md): per cluster its figures, per
// template its state in every cluster, and drift groups — the same template
// with the same diff body on several clusters is one drift with one cause.
class FleetReport
{
public:
    struct Cluster
    {
        std::string name;
        std::string source;
        ClusterOutcome outcome;
        std::string error; // the cluster could not be compared; its figures are zero
    };
    struct DriftGroup
    {
        std::string templatePath;
        std::string diffHash; // sha256 of the diff body
        std::string diff;     // the body, once
        std::vector<std::string> clusters; // in the order they were given
    };

    // The reference's templates, in its order: every template has a state in every cluster.
    explicit FleetReport(std::vector<std::string> templatePaths) : m_templates(std::move(templatePaths)) {}
    void add(Cluster cluster) { m_clusters.push_back(std::move(cluster)); }

    const std::vector<Cluster> &clusters() const { return m_clusters; }
    const std::vector<std::string> &templatePaths() const { return m_templates; }
    // clean, drift, missing, not-present, patched, failed (empty for a cluster that failed)
    std::string state(const std::string &templatePath, const Cluster &cluster) const;
    // Largest first, then by template and hash.
    std::vector<DriftGroup> driftGroups() const;
    // 0 clean, 1 drift or missing anywhere, 2 a cluster failed.
    int exitCode() const;

    std::string toJson() const;
    std::string toText() const;

    // The clusters of a `fleet -o json` result, rebuilt so that states and
    // drift groups come out as they went in (the diffs are the groups' bodies).
    static std::vector<Cluster> clustersFromJson(const Value &document);

private:
    std::vector<std::string> m_templates;
    std::vector<Cluster> m_clusters;
};

} // namespace ds::fleet
