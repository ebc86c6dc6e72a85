// SPDX-License-Identifier: Apache-2.0
#include "ReportIndex.h"

#include "ComparisonSnapshot.h"

namespace ds::ui {

namespace {

template <class T>
const T &notCompared()
{
    static const T status;
    return status;
}

} // namespace

ReportIndex::ReportIndex(const ComparisonSnapshot &snapshot)
{
    // The comparison's memo, when it was made from these objects.
    const compare::ComparisonMemo *memo = snapshot.objects && snapshot.memo && snapshot.memo->objects == snapshot.objects
            && snapshot.memo->size() == snapshot.objects->size()
        ? snapshot.memo.get()
        : nullptr;
    if (snapshot.objects) {
        m_objects = snapshot.objects.get();
        if (memo) {
            m_objectIndex = memo->indexOfId;
        } else {
            compare::ComparisonMemo memo;
            memo.bind(snapshot.objects);
            m_objectIndex = memo.indexOfId;
        }
    }
    if (!snapshot.report)
        return;
    m_report = snapshot.report.get();
    if (snapshot.reference)
        m_templates = report::templateStatuses(*m_report, *snapshot.reference, snapshot.manualCorrelations);
    // With the memo, the unmatched are known by index (indexByVerdicts).
    m_crs = report::crStatuses(*m_report, snapshot.manualCorrelations, memo == nullptr);
    m_counts = report::countsOf(*m_report, m_templates);
    for (std::size_t i = 0; i < m_report->diffs.size(); ++i)
        m_results.emplace(m_report->diffs[i].crName, i);
    for (std::size_t i = 0; i < m_report->failures.size(); ++i)
        m_failures.emplace(m_report->failures[i].crName, i);
    if (memo) {
        indexByVerdicts(*memo);
        return;
    }
    if (m_objects) {
        m_statusOfObject.assign(m_objects->size(), nullptr);
        for (const auto &[id, status] : m_crs)
            if (const int i = objectIndex(id); i >= 0)
                m_statusOfObject[std::size_t(i)] = &status;
    }
    m_unmatchedObjects.reserve(m_report->unmatchedAll.size());
    for (const std::string &id : m_report->unmatchedAll)
        m_unmatchedObjects.push_back(objectIndex(id));
}

// The memo knows each object's verdict: the unmatched (most of a must-gather)
// need no look-up by id, which keeps comparing again after a pin cheap.
void ReportIndex::indexByVerdicts(const compare::ComparisonMemo &memo)
{
    static const report::CrStatus unmatched = [] {
        report::CrStatus status;
        status.state = report::CrState::Unmatched;
        return status;
    }();
    m_statusOfObject.assign(m_objects->size(), nullptr);
    for (std::size_t i = 0; i < m_objects->size(); ++i) {
        if (memo.entry(i).verdict == compare::ComparisonMemo::Verdict::Unmatched) {
            m_statusOfObject[i] = &unmatched;
            m_unmatchedObjects.push_back(static_cast<int>(i));
        } else if (const auto it = m_crs.find((*m_objects)[i].id); it != m_crs.end()) {
            m_statusOfObject[i] = &it->second;
        }
    }
}

const report::TemplateStatus &ReportIndex::templateStatus(std::size_t templateIndex) const
{
    return templateIndex < m_templates.size() ? m_templates[templateIndex] : notCompared<report::TemplateStatus>();
}

const report::CrStatus &ReportIndex::objectStatus(const std::string &id) const
{
    const auto it = m_crs.find(id);
    if (it != m_crs.end())
        return it->second;
    return m_statusOfObject.empty() ? notCompared<report::CrStatus>() : objectStatusAt(objectIndex(id));
}

const report::CrStatus &ReportIndex::objectStatusAt(int objectIndex) const
{
    const auto i = static_cast<std::size_t>(objectIndex);
    return objectIndex >= 0 && i < m_statusOfObject.size() && m_statusOfObject[i] ? *m_statusOfObject[i]
                                                                                   : notCompared<report::CrStatus>();
}

const report::ValidationIssue *ReportIndex::componentIssue(const std::string &part, const std::string &component) const
{
    return m_report ? report::componentIssue(*m_report, part, component) : nullptr;
}

const report::CrResult *ReportIndex::result(const std::string &id) const
{
    const auto it = m_results.find(id);
    return it == m_results.end() ? nullptr : &m_report->diffs[it->second];
}

const report::FailedCr *ReportIndex::failure(const std::string &id) const
{
    const auto it = m_failures.find(id);
    return it == m_failures.end() ? nullptr : &m_report->failures[it->second];
}

const input::ClusterObject *ReportIndex::object(const std::string &id) const
{
    const int i = objectIndex(id);
    return i < 0 ? nullptr : &(*m_objects)[static_cast<std::size_t>(i)];
}

int ReportIndex::objectIndex(const std::string &id) const
{
    if (!m_objectIndex)
        return -1;
    const std::uint32_t i = m_objectIndex->find(id);
    return i == input::ObjectIdIndex::kNone ? -1 : static_cast<int>(i);
}

} // namespace ds::ui
