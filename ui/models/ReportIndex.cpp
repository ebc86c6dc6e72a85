// SPDX-License-Identifier: Apache-2.0
#include "ReportIndex.h"

#include "report/TemplateStatus.h"
#include "session/ComparisonSnapshot.h"

namespace ds::ui {

namespace {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

QStringList qsList(const std::vector<std::string> &items)
{
    QStringList out;
    out.reserve(static_cast<qsizetype>(items.size()));
    for (const std::string &item : items)
        out << qs(item);
    return out;
}

TemplateStatus toUi(const report::TemplateStatus &s)
{
    TemplateStatus out;
    out.state = s.state;
    out.manual = s.manual;
    out.patched = s.patched;
    out.byReferenceOnly = s.byReferenceOnly;
    out.matchCount = s.matchCount;
    out.driftedObjects = s.driftedObjects;
    out.changedLines = s.changedLines;
    out.clusterObjectIds = qsList(s.clusterObjectIds);
    out.issue = qs(s.issue);
    out.errors = qsList(s.errors);
    return out;
}

bool pinnedTo(const ComparisonSnapshot &snapshot, const std::string &crId, const std::string &path)
{
    const auto it = snapshot.manualCorrelations.find(crId);
    return it != snapshot.manualCorrelations.end() && it->second == path;
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
    return snapshot.hasReport() ? report::componentIssue(*snapshot.report, part, component) : nullptr;
}

// The states themselves are derived in core (report::templateStatuses) so the
// HTML report shows exactly what the tree shows.
void ReportIndex::indexTemplates(const ComparisonSnapshot &snapshot)
{
    const auto statuses = report::templateStatuses(*snapshot.report, *snapshot.reference, snapshot.manualCorrelations);
    m_templates.clear();
    m_templates.reserve(statuses.size());
    for (const report::TemplateStatus &s : statuses)
        m_templates.push_back(toUi(s));
}

void ReportIndex::indexObjects(const ComparisonSnapshot &snapshot)
{
    const report::ComparisonReport &compared = *snapshot.report;
    for (const report::CrResult &result : compared.diffs) {
        ClusterObjectStatus &s = m_objects[result.crName];
        s.state = result.hasDiff() ? ClusterObjectState::Drift : ClusterObjectState::Clean;
        s.manual = result.manualCorrelation;
        s.patched = !result.patched.empty();
        s.changedLines = report::changedLines(result);
        s.templatePath = qs(result.correlatedTemplate);
    }
    for (const report::FailedCr &failure : compared.failures) {
        ClusterObjectStatus &s = m_objects[failure.crName];
        s.state = ClusterObjectState::RenderError;
        s.error = qs(failure.error);
        for (const std::string &path : failure.templates) {
            s.candidates << qs(path);
            s.manual = s.manual || pinnedTo(snapshot, failure.crName, path);
        }
    }
    for (const std::string &id : compared.skippedByDoNotMatch)
        m_objects[id].state = ClusterObjectState::SkippedByDoNotMatch;
    for (const std::string &id : compared.unmatchedAll)
        m_objects[id].state = ClusterObjectState::Unmatched;
}

} // namespace ds::ui
