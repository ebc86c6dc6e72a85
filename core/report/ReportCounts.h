// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ComparisonReport.h"
#include "TemplateStatus.h"

#include <cstddef>

namespace ds::report {

// The numbers a comparison is summed up with. The window's status bar, its
// filter buttons and tree groups (which count CR rows by state) and the HTML
// report's summary all show these, so the panes never disagree about how many
// CRs were compared. kube-compare's own summary (Summary::totalCRs, which also
// counts templates found through ownerReferences) stays in its text report.
struct ReportCounts
{
    std::size_t compared = 0;          // CRs correlated with a template and diffed
    std::size_t withDrift = 0;         // ... with differences left
    std::size_t patched = 0;           // ... with user overrides applied
    std::size_t missing = 0;           // required templates no CR matched (and that could have)
    // Required templates no CR matched that could not have: the template did not
    // load, its CRs failed to render, or the cluster data is incomplete.
    std::size_t notVerified = 0;
    std::size_t validationIssues = 0;  // components the rules report
    std::size_t unmatched = 0;         // CRs no template correlated with
    std::size_t failed = 0;            // CRs whose comparison failed
    std::size_t skipped = 0;           // CRs every candidate excluded (doNotMatch)
    std::size_t foundByReference = 0;  // templates counted through ownerReferences / RBAC subjects only
};

// `templates`: templateStatuses() of the same report.
ReportCounts countsOf(const ComparisonReport &report, const std::vector<TemplateStatus> &templates);

} // namespace ds::report
