// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ClusterOutcome.h"

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
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
    explicit FleetReport(std::vector<std::string> templatePaths);
    // Keeps the cluster's figures, its state on every template and its drifts,
    // each distinct diff once for the whole fleet: memory grows with distinct
    // drifts, not with clusters. The per-CR list (outcome.compared) is dropped.
    void add(Cluster cluster);

    const std::vector<Cluster> &clusters() const { return m_clusters; }
    const std::vector<std::string> &templatePaths() const { return m_templates; }
    // clean, drift, missing, not-present, patched, failed (empty for a cluster
    // that failed); `cluster` is one of clusters().
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
    enum class State : std::uint8_t { NotPresent, Clean, Drift, Missing, Patched, Failed };
    struct Drift
    {
        std::uint32_t path; // into m_paths
        std::uint32_t diff; // into m_diffs
        bool operator==(const Drift &) const = default;
    };
    // What a cluster adds beyond its figures: a state per template of
    // m_templates (empty for a cluster that failed) and its distinct drifts.
    struct Summary
    {
        std::vector<State> states;
        std::vector<Drift> drifts;
    };
    static State stateOf(const ClusterOutcome &outcome, const std::string &templatePath);
    std::uint32_t pathId(const std::string &path);
    std::uint32_t diffId(std::string body);

    std::vector<std::string> m_templates;
    std::vector<Cluster> m_clusters;
    std::vector<Summary> m_summaries; // one per cluster
    // Template paths of drifts (the reference's first, then any a merged report adds).
    std::vector<std::string> m_paths;
    std::unordered_map<std::string, std::uint32_t> m_pathIds;
    // Distinct diff bodies, by their sha256.
    std::vector<std::string> m_diffs;
    std::unordered_map<std::string, std::uint32_t> m_diffIds;
};

} // namespace ds::fleet
