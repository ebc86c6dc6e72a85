// SPDX-License-Identifier: Apache-2.0
#include "FleetReport.h"

#include "json/JsonWriter.h"

#include <QCryptographicHash>

#include <algorithm>
#include <cstdio>

namespace ds::fleet {

namespace {

// Go's encoding/json quoting, as the other JSON outputs write strings.
std::string jsonString(const std::string &s)
{
    return json::quote(s);
}

std::string sha256(const std::string &text)
{
    return QCryptographicHash::hash(QByteArray::fromStdString(text), QCryptographicHash::Sha256).toHex().toStdString();
}

const ValueList &listOf(const Value &v)
{
    static const ValueList none;
    return v.isList() ? v.list() : none;
}

std::string padded(std::string s, std::size_t width)
{
    if (s.size() < width)
        s.append(width - s.size(), ' ');
    return s;
}

} // namespace

FleetReport::FleetReport(std::vector<std::string> templatePaths) : m_templates(std::move(templatePaths))
{
    for (const std::string &path : m_templates)
        pathId(path);
}

std::uint32_t FleetReport::pathId(const std::string &path)
{
    const auto [it, added] = m_pathIds.try_emplace(path, std::uint32_t(m_paths.size()));
    if (added)
        m_paths.push_back(path);
    return it->second;
}

std::uint32_t FleetReport::diffId(std::string body)
{
    const auto [it, added] = m_diffIds.try_emplace(sha256(body), std::uint32_t(m_diffs.size()));
    if (added)
        m_diffs.push_back(std::move(body));
    return it->second;
}

FleetReport::State FleetReport::stateOf(const ClusterOutcome &o, const std::string &templatePath)
{
    if (o.failedTemplates.contains(templatePath))
        return State::Failed;
    bool matched = false, drift = false, patched = false;
    for (const ClusterOutcome::Compared &c : o.compared) {
        if (c.templatePath != templatePath)
            continue;
        matched = true;
        drift = drift || !c.diff.empty();
        patched = patched || !c.patched.empty();
    }
    if (drift)
        return State::Drift;
    if (o.missingTemplates.contains(templatePath))
        return State::Missing;
    if (patched)
        return State::Patched;
    return matched ? State::Clean : State::NotPresent;
}

void FleetReport::add(Cluster cluster)
{
    Summary summary;
    if (cluster.error.empty()) {
        summary.states.reserve(m_templates.size());
        for (const std::string &path : m_templates)
            summary.states.push_back(stateOf(cluster.outcome, path));
    }
    for (const ClusterOutcome::Compared &c : cluster.outcome.compared) {
        if (c.diff.empty())
            continue;
        const Drift drift{pathId(c.templatePath), diffId(diffBody(c.diff))};
        if (std::find(summary.drifts.begin(), summary.drifts.end(), drift) == summary.drifts.end())
            summary.drifts.push_back(drift);
    }
    ClusterOutcome &o = cluster.outcome;
    o.compared = {};
    o.missingTemplates = {};
    o.failedTemplates = {};
    // Copies, not moves: the cluster was made on a worker thread, and a
    // string kept from it would pin that thread's malloc arena, page by page,
    // for the rest of the run (RSS then grew ~20 KB per cluster).
    m_clusters.push_back({std::string(cluster.name.data(), cluster.name.size()),
                          std::string(cluster.source.data(), cluster.source.size()), o,
                          std::string(cluster.error.data(), cluster.error.size())});
    m_summaries.push_back(std::move(summary));
}

std::string FleetReport::state(const std::string &templatePath, const Cluster &cluster) const
{
    const std::size_t index = std::size_t(&cluster - m_clusters.data());
    if (!cluster.error.empty() || index >= m_summaries.size())
        return {};
    const auto it = m_pathIds.find(templatePath);
    const std::vector<State> &states = m_summaries[index].states;
    const State state = it != m_pathIds.end() && it->second < states.size() ? states[it->second] : State::NotPresent;
    switch (state) {
    case State::Clean: return "clean";
    case State::Drift: return "drift";
    case State::Missing: return "missing";
    case State::Patched: return "patched";
    case State::Failed: return "failed";
    case State::NotPresent: break;
    }
    return "not-present";
}

std::vector<FleetReport::DriftGroup> FleetReport::driftGroups() const
{
    std::map<std::pair<std::string, std::string>, DriftGroup> groups; // (template, hash)
    std::map<std::pair<std::uint32_t, std::uint32_t>, DriftGroup *> byIds;
    for (std::size_t i = 0; i < m_clusters.size(); ++i)
        for (const Drift &d : m_summaries[i].drifts) {
            DriftGroup *&g = byIds[{d.path, d.diff}];
            if (!g) {
                const std::string &path = m_paths[d.path];
                const std::string hash = sha256(path + "\n" + m_diffs[d.diff]);
                g = &groups[{path, hash}];
                g->templatePath = path;
                g->diffHash = hash;
                g->diff = m_diffs[d.diff];
            }
            g->clusters.push_back(m_clusters[i].name);
        }
    std::vector<DriftGroup> out;
    for (auto &[key, group] : groups)
        out.push_back(std::move(group));
    std::stable_sort(out.begin(), out.end(), [](const DriftGroup &a, const DriftGroup &b) {
        return a.clusters.size() > b.clusters.size();
    });
    return out;
}

int FleetReport::exitCode() const
{
    int code = 0;
    for (const Cluster &c : m_clusters) {
        if (!c.error.empty() || c.outcome.failed > 0)
            return 2;
        if (c.outcome.crsWithDiffs > 0 || c.outcome.missing > 0)
            code = 1;
    }
    return code;
}

std::string FleetReport::toJson() const
{
    std::string out = "{\"clusters\":[";
    for (std::size_t i = 0; i < m_clusters.size(); ++i) {
        const Cluster &c = m_clusters[i];
        const ClusterOutcome &o = c.outcome;
        out += std::string(i ? "," : "") + "\n{\"name\":" + jsonString(c.name) + ",\"source\":" + jsonString(c.source)
            + ",\"crsCompared\":" + std::to_string(o.crsCompared) + ",\"crsWithDiffs\":" + std::to_string(o.crsWithDiffs)
            + ",\"missing\":" + std::to_string(o.missing) + ",\"unmatched\":" + std::to_string(o.unmatched)
            + ",\"failed\":" + std::to_string(o.failed) + ",\"patched\":" + std::to_string(o.patched)
            + ",\"error\":" + jsonString(c.error) + "}";
    }
    out += "\n],\"templates\":[";
    for (std::size_t t = 0; t < m_templates.size(); ++t) {
        out += std::string(t ? "," : "") + "\n{\"path\":" + jsonString(m_templates[t]) + ",\"states\":{";
        bool first = true;
        for (const Cluster &c : m_clusters) {
            if (!c.error.empty())
                continue;
            out += std::string(first ? "" : ",") + jsonString(c.name) + ":" + jsonString(state(m_templates[t], c));
            first = false;
        }
        out += "}}";
    }
    out += "\n],\"driftGroups\":[";
    const auto groups = driftGroups();
    for (std::size_t g = 0; g < groups.size(); ++g) {
        out += std::string(g ? "," : "") + "\n{\"template\":" + jsonString(groups[g].templatePath)
            + ",\"diffHash\":" + jsonString(groups[g].diffHash) + ",\"diff\":" + jsonString(groups[g].diff)
            + ",\"clusters\":[";
        for (std::size_t c = 0; c < groups[g].clusters.size(); ++c)
            out += std::string(c ? "," : "") + jsonString(groups[g].clusters[c]);
        out += "]}";
    }
    return out + "\n]}\n";
}

std::vector<FleetReport::Cluster> FleetReport::clustersFromJson(const Value &document)
{
    const auto text = [](const Value &v) { return v.isString() ? v.str() : std::string(); };
    const auto number = [](const Value &v) {
        return v.isSignedInteger() ? int(v.toInt64()) : v.isFloat() ? int(v.toFloat()) : 0;
    };
    std::vector<Cluster> clusters;
    std::map<std::string, std::size_t> byName;
    const Value list = document.get("clusters");
    for (const Value &c : listOf(list)) {
        Cluster cluster;
        cluster.name = text(c.get("name"));
        cluster.source = text(c.get("source"));
        cluster.error = text(c.get("error"));
        ClusterOutcome &o = cluster.outcome;
        o.crsCompared = number(c.get("crsCompared"));
        o.crsWithDiffs = number(c.get("crsWithDiffs"));
        o.missing = number(c.get("missing"));
        o.unmatched = number(c.get("unmatched"));
        o.failed = number(c.get("failed"));
        o.patched = number(c.get("patched"));
        byName[cluster.name] = clusters.size();
        clusters.push_back(std::move(cluster));
    }
    const Value groups = document.get("driftGroups");
    for (const Value &g : listOf(groups)) {
        const Value members = g.get("clusters");
        for (const Value &name : listOf(members))
            if (const auto it = byName.find(text(name)); it != byName.end())
                clusters[it->second].outcome.compared.push_back({{}, text(g.get("template")), text(g.get("diff")), {}});
    }
    const Value templates = document.get("templates");
    for (const Value &t : listOf(templates)) {
        const std::string path = text(t.get("path"));
        const Value states = t.get("states");
        if (!states.isMap())
            continue;
        for (const auto &[name, state] : states.map()) {
            const auto it = byName.find(name);
            if (it == byName.end())
                continue;
            ClusterOutcome &o = clusters[it->second].outcome;
            if (text(state) == "clean")
                o.compared.push_back({{}, path, {}, {}});
            else if (text(state) == "patched")
                o.compared.push_back({{}, path, {}, "patched"});
            else if (text(state) == "missing")
                o.missingTemplates.insert(path);
            else if (text(state) == "failed")
                o.failedTemplates.insert(path);
        }
    }
    return clusters;
}

std::string FleetReport::toText() const
{
    std::size_t width = 7;
    for (const Cluster &c : m_clusters)
        width = std::max(width, c.name.size());
    std::string out = padded("CLUSTER", width) + "  COMPARED  DRIFT  MISSING  UNMATCHED  FAILED  PATCHED\n";
    for (const Cluster &c : m_clusters) {
        const ClusterOutcome &o = c.outcome;
        if (!c.error.empty()) {
            out += padded(c.name, width) + "  error: " + c.error + "\n";
            continue;
        }
        char row[128];
        std::snprintf(row, sizeof row, "  %8d  %5d  %7d  %9d  %6d  %7d\n", o.crsCompared, o.crsWithDiffs, o.missing,
                      o.unmatched, o.failed, o.patched);
        out += padded(c.name, width) + row;
    }
    const auto groups = driftGroups();
    std::size_t compared = 0;
    for (const Cluster &c : m_clusters)
        compared += c.error.empty() ? 1 : 0;
    out += "\nDrift groups: " + std::to_string(groups.size()) + "\n";
    for (const DriftGroup &g : groups) {
        std::string names;
        for (const std::string &n : g.clusters)
            names += (names.empty() ? "" : ", ") + n;
        out += "\n" + g.templatePath + ": on " + std::to_string(g.clusters.size()) + " of " + std::to_string(compared)
            + " clusters (" + names + ")\n" + g.diff + (g.diff.ends_with('\n') ? "" : "\n");
    }
    return out;
}

} // namespace ds::fleet
