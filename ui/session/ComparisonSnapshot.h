// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "input/ClusterObject.h"
#include "reference/Reference.h"
#include "report/ComparisonReport.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace ds::ui {

// Everything the views show about one comparison, immutable once published:
// the background worker builds a new snapshot for every (re-)comparison and the
// models swap it in, so views never see half-updated state.
struct ComparisonSnapshot
{
    std::shared_ptr<const ref::Reference> reference;          // null until a reference is open
    std::shared_ptr<const report::ComparisonReport> report;   // null until compared
    // Every cluster object loaded, duplicates dropped, in load order. Objects of
    // kinds the reference cannot use are identity skeletons (partial).
    std::shared_ptr<const std::vector<input::ClusterObject>> objects;
    // Manual correlations in force (CR id → template path), from the diff
    // config and drag-and-drop.
    std::map<std::string, std::string> manualCorrelations;
    std::string inputDescription; // what was opened (paths, archive, cluster context)

    bool hasReference() const { return reference != nullptr; }
    bool hasReport() const { return report != nullptr; }
};

} // namespace ds::ui
