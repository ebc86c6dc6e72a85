// SPDX-License-Identifier: Apache-2.0
#include "ReportIndex.h"

#include "diff/DiffStat.h"
#include "session/ComparisonSnapshot.h"

#include <algorithm>

namespace ds::ui {

namespace {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

int changedLines(const report::CrResult &result)
{
    return diff::diffStat(result.diffOutput).changedLines();
}

bool pinnedTo(const ComparisonSnapshot &snapshot, const std::string &crId, const std::string &path)
{
    const auto it = snapshot.manualCorrelations.find(crId);
    return it != snapshot.manualCorrelations.end() && it->second == path;
}

// The main state from what the report says about the template.
TemplateState mainState(const TemplateStatus &s)
{
    if (!s.errors.isEmpty())
        return TemplateState::RenderError;
    // A validation issue lists either templates that are missing or ones that should not have matched.
    if (!s.issue.isEmpty())
        return s.matchCount > 0 ? TemplateState::MatchedMoreThanAllowed : TemplateState::MissingRequired;
    if (s.matchCount == 0)
        return TemplateState::NotPresent;
    if (s.driftedObjects > 0)
        return TemplateState::Drift;
    return s.patched ? TemplateState::Patched : TemplateState::Clean;
}

const TemplateStatus &notComparedTemplate()
{
    static const TemplateStatus status;
    return status;
}

const ClusterObjectStatus &notComparedObject()
{
    static const ClusterObjectStatus status;
    return status;
}

} // namespace

ReportIndex::ReportIndex(const ComparisonSnapshot &snapshot)
{
    m_hasReport = snapshot.hasReport();
    if (!m_hasReport)
        return;
    if (snapshot.hasReference())
        indexTemplates(snapshot);
    indexObjects(snapshot);
}

const TemplateStatus &ReportIndex::templateStatus(std::size_t templateIndex) const
{
    return templateIndex < m_templates.size() ? m_templates[templateIndex] : notComparedTemplate();
}

const ClusterObjectStatus &ReportIndex::objectStatus(const std::string &id) const
{
    const auto it = m_objects.find(id);
    return it == m_objects.end() ? notComparedObject() : it->second;
}

const report::ValidationIssue *ReportIndex::componentIssue(const ComparisonSnapshot &snapshot, const std::string &part,
                                                           const std::string &component) const
{
    if (!snapshot.hasReport())
        return nullptr;
    const auto &issues = snapshot.report->summary.validationIssues;
    const auto p = issues.find(part);
    if (p == issues.end())
        return nullptr;
    const auto c = p->second.find(component);
    return c == p->second.end() ? nullptr : &c->second;
}

void ReportIndex::indexTemplates(const ComparisonSnapshot &snapshot)
{
    const ref::Reference &reference = *snapshot.reference;
    const report::ComparisonReport &report = *snapshot.report;
    m_templates.assign(reference.templates.size(), TemplateStatus{});
    std::unordered_map<std::string, std::vector<std::size_t>> byPath;
    for (std::size_t i = 0; i < reference.templates.size(); ++i) {
        const auto &path = reference.templates[i].path;
        byPath[path].push_back(i);
        const auto count = report.matchCounts.find(path);
        m_templates[i].matchCount = count == report.matchCounts.end() ? 0 : count->second;
        const auto &byRef = report.summary.matchedByReferenceOnly;
        m_templates[i].byReferenceOnly = std::find(byRef.begin(), byRef.end(), path) != byRef.end();
    }
    for (const report::CrResult &result : report.diffs) {
        if (result.templateIndex >= m_templates.size())
            continue;
        TemplateStatus &s = m_templates[result.templateIndex];
        s.clusterObjectIds << qs(result.crName);
        s.changedLines += changedLines(result);
        s.driftedObjects += result.hasDiff() ? 1 : 0;
        s.patched = s.patched || !result.patched.empty();
        s.manual = s.manual || result.manualCorrelation;
    }
    for (const report::FailedCr &failure : report.failures)
        for (const std::string &path : failure.templates)
            for (std::size_t i : byPath[path]) {
                m_templates[i].errors << qs(failure.error);
                m_templates[i].clusterObjectIds << qs(failure.crName);
                m_templates[i].manual = m_templates[i].manual || pinnedTo(snapshot, failure.crName, path);
            }
    for (std::size_t p = 0; p < reference.parts.size(); ++p)
        for (std::size_t c = 0; c < reference.parts[p].components.size(); ++c) {
            const ref::Part &part = reference.parts[p];
            const auto *issue = componentIssue(snapshot, part.name, part.components[c].name);
            if (!issue)
                continue;
            for (const std::string &path : issue->crs)
                for (std::size_t i : byPath[path])
                    if (reference.templates[i].partIndex == p && reference.templates[i].componentIndex == c)
                        m_templates[i].issue = qs(issue->msg);
        }
    for (TemplateStatus &s : m_templates) {
        s.clusterObjectIds.removeDuplicates();
        s.state = mainState(s);
    }
}

void ReportIndex::indexObjects(const ComparisonSnapshot &snapshot)
{
    const report::ComparisonReport &report = *snapshot.report;
    for (const report::CrResult &result : report.diffs) {
        ClusterObjectStatus &s = m_objects[result.crName];
        s.state = result.hasDiff() ? ClusterObjectState::Drift : ClusterObjectState::Clean;
        s.manual = result.manualCorrelation;
        s.patched = !result.patched.empty();
        s.changedLines = changedLines(result);
        s.templatePath = qs(result.correlatedTemplate);
    }
    for (const report::FailedCr &failure : report.failures) {
        ClusterObjectStatus &s = m_objects[failure.crName];
        s.state = ClusterObjectState::RenderError;
        s.error = qs(failure.error);
        for (const std::string &path : failure.templates) {
            s.candidates << qs(path);
            s.manual = s.manual || pinnedTo(snapshot, failure.crName, path);
        }
    }
    for (const std::string &id : report.skippedByDoNotMatch)
        m_objects[id].state = ClusterObjectState::SkippedByDoNotMatch;
    for (const std::string &id : report.unmatchedAll)
        m_objects[id].state = ClusterObjectState::Unmatched;
}

} // namespace ds::ui
