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

std::string FleetReport::state(const std::string &templatePath, const Cluster &cluster) const
{
    if (!cluster.error.empty())
        return {};
    const ClusterOutcome &o = cluster.outcome;
    if (o.failedTemplates.contains(templatePath))
        return "failed";
    bool matched = false, drift = false, patched = false;
    for (const ClusterOutcome::Compared &c : o.compared) {
        if (c.templatePath != templatePath)
            continue;
        matched = true;
        drift = drift || !c.diff.empty();
        patched = patched || !c.patched.empty();
    }
    if (drift)
        return "drift";
    if (o.missingTemplates.contains(templatePath))
        return "missing";
    if (patched)
        return "patched";
    return matched ? "clean" : "not-present";
}

std::vector<FleetReport::DriftGroup> FleetReport::driftGroups() const
{
    std::map<std::pair<std::string, std::string>, DriftGroup> groups; // (template, hash)
    for (const Cluster &cluster : m_clusters)
        for (const ClusterOutcome::Compared &c : cluster.outcome.compared) {
            if (c.diff.empty())
                continue;
            const std::string body = diffBody(c.diff);
            DriftGroup &g = groups[{c.templatePath, sha256(c.templatePath + "\n" + body)}];
            if (g.clusters.empty()) {
                g.templatePath = c.templatePath;
                g.diffHash = sha256(c.templatePath + "\n" + body);
                g.diff = body;
            }
            if (std::find(g.clusters.begin(), g.clusters.end(), cluster.name) == g.clusters.end())
                g.clusters.push_back(cluster.name);
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
