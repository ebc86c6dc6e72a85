// SPDX-License-Identifier: Apache-2.0
#include "CrStatus.h"

namespace ds::report {

const std::vector<CrState> &crStatesBySeverity()
{
    static const std::vector<CrState> order{CrState::RenderError, CrState::Drift,   CrState::Unmatched,
                                            CrState::SkippedByDoNotMatch, CrState::Patched, CrState::Manual,
                                            CrState::Clean,       CrState::NotCompared};
    return order;
}

// Later lists win: a CR the engine lists as unmatched is unmatched whatever an
// earlier entry said.
CrStatusMap crStatuses(const ComparisonReport &report, const ManualCorrelationMap &manualCorrelations,
                       bool withUnmatched)
{
    CrStatusMap out;
    out.reserve(report.diffs.size() + report.failures.size() + (withUnmatched ? report.unmatchedAll.size() : 0));
    for (const CrResult &result : report.diffs) {
        CrStatus &s = out[result.crName];
        s.patched = !result.patched.empty();
        s.state = result.hasDiff() ? CrState::Drift : (s.patched ? CrState::Patched : CrState::Clean);
        s.manual = result.manualCorrelation;
        s.changedLines = changedLines(result);
        s.templatePath = result.correlatedTemplate;
    }
    for (const FailedCr &failure : report.failures) {
        CrStatus &s = out[failure.crName];
        s.state = CrState::RenderError;
        s.error = failure.error;
        for (const std::string &path : failure.templates) {
            s.candidates.push_back(path);
            const auto pinned = manualCorrelations.find(failure.crName);
            s.manual = s.manual || (pinned != manualCorrelations.end() && pinned->second == path);
        }
    }
    for (const std::string &id : report.skippedByDoNotMatch)
        out[id].state = CrState::SkippedByDoNotMatch;
    if (withUnmatched)
        for (const std::string &id : report.unmatchedAll)
            out[id].state = CrState::Unmatched;
    return out;
}

StateSet<CrState> statesOf(const CrStatus &status)
{
    StateSet<CrState> out;
    out.push_back(status.state);
    if (status.patched && status.state != CrState::Patched)
        out.push_back(CrState::Patched);
    if (status.manual)
        out.push_back(CrState::Manual);
    return out;
}

StateSet<TemplateState> statesOf(const TemplateStatus &status)
{
    StateSet<TemplateState> out;
    out.push_back(status.state);
    if (status.manual)
        out.push_back(TemplateState::Manual);
    if (status.patched && status.state != TemplateState::Patched)
        out.push_back(TemplateState::Patched);
    return out;
}

} // namespace ds::report
