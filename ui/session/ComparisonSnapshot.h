// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ReportIndex.h"
#include "compare/CompareOptions.h"
#include "compare/ComparisonMemo.h"
#include "compare/UserOverrides.h"
#include "input/ClusterObject.h"
#include "input/ReadRecord.h"
#include "reference/Reference.h"
#include "reference/ReferenceStamps.h"
#include "report/ComparisonReport.h"

#include <QDateTime>
#include <QString>

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace ds::schema {
class CrdCatalog;
}

namespace ds::ui {

// Everything the views show about one comparison, immutable once published:
// the background worker builds a new snapshot for every (re-)comparison and the
// models swap it in, so views never see half-updated state.
struct ComparisonSnapshot
{
    std::shared_ptr<const ref::Reference> reference;          // null until a reference is open
    std::shared_ptr<const ref::ReferenceStamps> referenceStamps; // its files as loaded (null: load it again)
    std::shared_ptr<const report::ComparisonReport> report;   // null until compared
    // Every cluster object loaded, duplicates dropped, in load order. Objects of
    // kinds the reference cannot use are identity skeletons (partial).
    std::shared_ptr<const std::vector<input::ClusterObject>> objects;
    // Manual correlations in force (CR id → template path), from the diff
    // config and drag-and-drop.
    std::map<std::string, std::string> manualCorrelations;
    std::string inputDescription; // what was opened (paths, archive, cluster context)
    // When the CRs were read, and why reading them again failed: the objects
    // (and the report compared from them) are then the last good ones, stale.
    QDateTime readAt;
    QString staleBecause;
    // What the report was compared with (fixes are proven with the same).
    compare::CompareOptions options;
    std::shared_ptr<const compare::UserOverrides> overrides;
    // The CRDs found in the cluster data (a must-gather folder's
    // customresourcedefinitions), for the Details panel's schema check; null: none.
    std::shared_ptr<const schema::CrdCatalog> crds;
    // What comparing `objects` again needs (compare::CompareEngine::compareAgain), made with `report`.
    std::shared_ptr<const compare::ComparisonMemo> memo;
    // What reading `objects` found, file by file: reading the same inputs
    // again reads only the files changed since (null: read everything).
    std::shared_ptr<const input::ReadRecord> readRecord;
    // States, counts and look-ups over the fields above (see indexed()).
    std::shared_ptr<const ReportIndex> index;

    bool hasReference() const { return reference != nullptr; }
    bool hasReport() const { return report != nullptr; }
    bool isStale() const { return !staleBecause.isEmpty(); }
    // The index, or an empty one for a snapshot that was not indexed.
    const ReportIndex &lookup() const;

    // The snapshot with its index built, ready to publish. Call it where the
    // snapshot is made (the worker thread), not on the GUI thread.
    static std::shared_ptr<const ComparisonSnapshot> indexed(ComparisonSnapshot snapshot);
};

} // namespace ds::ui
