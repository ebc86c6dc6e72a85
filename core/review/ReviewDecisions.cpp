// SPDX-License-Identifier: Apache-2.0
#include "ReviewDecisions.h"

namespace ds::review {

std::map<std::string, report::HtmlDecision> htmlDecisions(const report::ComparisonReport &report,
                                                          const FixInputs &inputs, const ReviewFile &review)
{
    std::map<std::string, report::HtmlDecision> out;
    std::vector<std::string> toFix;
    for (const report::CrResult &result : report.diffs) {
        const ReviewMark *mark = result.hasDiff() ? review.find(result.crName, result.correlatedTemplate) : nullptr;
        if (!mark)
            continue;
        report::HtmlDecision &d = out[result.crName];
        d.toFix = mark->outcome == ReviewMark::Outcome::ToFix;
        d.note = mark->note;
        d.outdated = isOutdated(*mark, result);
        if (d.toFix)
            toFix.push_back(result.crName);
    }
    if (toFix.empty())
        return out;
    for (const Fix &fix : provenFixes(report, inputs, toFix, false)) {
        report::HtmlDecision &d = out[fix.crId];
        d.fixCommand = kubectlCommand(fix);
        d.fixNote = fix.note;
    }
    return out;
}

} // namespace ds::review
