// SPDX-License-Identifier: Apache-2.0
#include "ReviewDecisions.h"

#include "FixPlan.h"

namespace ds::review {

std::map<std::string, report::HtmlDecision> htmlDecisions(const report::ComparisonReport &report,
                                                          const ref::Reference &reference, const ReviewFile &review)
{
    std::map<std::string, report::HtmlDecision> out;
    for (const report::CrResult &result : report.diffs) {
        const ReviewMark *mark = result.hasDiff() ? review.find(result.crName, result.correlatedTemplate) : nullptr;
        if (!mark)
            continue;
        report::HtmlDecision &d = out[result.crName];
        d.toFix = mark->outcome == ReviewMark::Outcome::ToFix;
        d.note = mark->note;
        d.outdated = isOutdated(*mark, result);
        if (!d.toFix)
            continue;
        const std::vector<Fix> fixes = planFixes(report, reference, {result.crName}, false);
        if (!fixes.empty()) {
            d.fixCommand = kubectlCommand(fixes.front());
            d.fixNote = fixes.front().note;
        }
    }
    return out;
}

} // namespace ds::review
