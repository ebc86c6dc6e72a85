// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "input/ObjectIdIndex.h"
#include "report/CrStatus.h"
#include "report/ReportCounts.h"
#include "report/TemplateStatus.h"

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace ds::compare {
struct ComparisonMemo;
}

namespace ds::ui {

struct ComparisonSnapshot;

// Look-ups into one comparison snapshot, built once on the worker thread
// before the snapshot is published: the states the models and views show (per
// template, by index into Reference::templates, and per CR id — derived in
// core/report, as for the HTML report), the counts every pane shows, and where
// a CR's result, failure and object are. Only reads what the engine decided.
class ReportIndex
{
public:
    ReportIndex() = default;
    // Keeps pointers into the snapshot's report and objects (shared, immutable).
    explicit ReportIndex(const ComparisonSnapshot &snapshot);

    bool hasReport() const { return m_report != nullptr; }
    // NotCompared status for unknown indices / ids.
    const report::TemplateStatus &templateStatus(std::size_t templateIndex) const;
    const report::CrStatus &objectStatus(const std::string &id) const;
    // The issue of a component (part and component name), or null.
    const report::ValidationIssue *componentIssue(const std::string &part, const std::string &component) const;
    const report::ReportCounts &counts() const { return m_counts; }

    // The CR's comparison result / failure, or null.
    const report::CrResult *result(const std::string &id) const;
    const report::FailedCr *failure(const std::string &id) const;
    // The object read with this id (the first one when an id repeats), or null.
    const input::ClusterObject *object(const std::string &id) const;
    // Its index in the snapshot's objects, or -1.
    int objectIndex(const std::string &id) const;
    // The status of the object at this index of the snapshot's objects (the
    // CR list resolves 50,000 rows by index, without hashing ids on the GUI thread).
    const report::CrStatus &objectStatusAt(int objectIndex) const;
    // The report's unmatched CRs as indexes into the snapshot's objects, in
    // the report's order (-1: an id that is not among them).
    const std::vector<int> &unmatchedObjects() const { return m_unmatchedObjects; }

private:
    void indexByVerdicts(const compare::ComparisonMemo &memo);

    const report::ComparisonReport *m_report = nullptr;
    const std::vector<input::ClusterObject> *m_objects = nullptr;
    std::vector<report::TemplateStatus> m_templates;
    report::CrStatusMap m_crs;
    report::ReportCounts m_counts;
    std::unordered_map<std::string, std::size_t> m_results;  // CR id → index into report->diffs
    std::unordered_map<std::string, std::size_t> m_failures; // CR id → index into report->failures
    // CR id → first index into objects: the comparison memo's when it has one
    // for these objects (kept from one comparison of them to the next).
    std::shared_ptr<const input::ObjectIdIndex> m_objectIndex;
    std::vector<const report::CrStatus *> m_statusOfObject; // by object index; null: not compared
    std::vector<int> m_unmatchedObjects;
};

} // namespace ds::ui
