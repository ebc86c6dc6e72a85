// SPDX-License-Identifier: Apache-2.0
#include "ReportCounts.h"

namespace ds::report {

ReportCounts countsOf(const ComparisonReport &report, const std::vector<TemplateStatus> &templates)
{
    ReportCounts c;
    c.compared = report.diffs.size();
    for (const CrResult &r : report.diffs) {
        c.withDrift += r.hasDiff() ? 1 : 0;
        c.patched += r.patched.empty() ? 0 : 1;
    }
    for (const TemplateStatus &t : templates)
        c.notVerified += !t.issue.empty() && t.matchCount == 0
            && (t.state == TemplateState::RenderError || t.state == TemplateState::NotCompared);
    const auto missing = static_cast<std::size_t>(report.summary.numMissing);
    c.missing = missing > c.notVerified ? missing - c.notVerified : 0;
    for (const auto &[part, components] : report.summary.validationIssues)
        c.validationIssues += components.size();
    c.unmatched = report.unmatchedAll.size();
    c.failed = report.failures.size();
    c.skipped = report.skippedByDoNotMatch.size();
    c.foundByReference = report.summary.matchedByReferenceOnly.size();
    return c;
}

} // namespace ds::report
