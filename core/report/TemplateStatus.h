// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ComparisonReport.h"
#include "reference/Reference.h"

#include <map>
#include <string>
#include <vector>

namespace ds::report {

// What the comparison says about one template of the reference. Manual and
// Patched also appear as extra states of templates whose main state is another
// one. The GUI (ui/models) and the HTML report show these same states, so they
// are derived here, once, from the report alone.
enum class TemplateState : int {
    NotCompared,            // no report yet
    Clean,                  // matched, no differences
    Drift,                  // matched with differences
    MissingRequired,        // named by a "missing" validation issue
    NotPresent,             // unmatched and not required
    MatchedMoreThanAllowed, // matched, and a validation issue says it should not have been
    Patched,                // matched clean after user overrides
    RenderError,            // a CR failed to compare against it
    Manual,                 // a CR was pinned to it
};

// Every state, most severe first (the order of summaries and filter buttons).
const std::vector<TemplateState> &templateStatesBySeverity();

// A template's state and what it was derived from.
struct TemplateStatus
{
    TemplateState state = TemplateState::NotCompared;
    bool manual = false;
    bool patched = false;
    bool byReferenceOnly = false; // counted as matched through ownerReferences / RBAC subjects
    int matchCount = 0;
    int driftedObjects = 0;
    int changedLines = 0;
    std::vector<std::string> clusterObjectIds; // CRs correlated with it or failing on it, no duplicates
    std::string issue;                         // the validation issue message naming it
    std::vector<std::string> errors;           // why it did not load, render errors of CRs compared with it
    // Missing or not present by the report, but the cluster data could not all
    // be read (ComparisonReport::inputErrors): the state is NotCompared.
    bool unverified = false;
};

// CR id → template path pinned by the user (diff config or drag and drop).
using ManualCorrelationMap = std::map<std::string, std::string>;

// One status per template, indexed like Reference::templates. Only reads what
// the engine decided; nothing is re-derived from the reference's rules.
// manualCorrelations marks templates a failed CR was pinned to (a successful
// CR carries CrResult::manualCorrelation itself).
std::vector<TemplateStatus> templateStatuses(const ComparisonReport &report, const ref::Reference &reference,
                                             const ManualCorrelationMap &manualCorrelations = {});

// The validation issue of a component, or null.
const ValidationIssue *componentIssue(const ComparisonReport &report, const std::string &part,
                                      const std::string &component);

// Changed (added + removed) lines of a CR's diff output.
int changedLines(const CrResult &result);

} // namespace ds::report
