// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "FixVerifier.h"
#include "ReviewFile.h"
#include "reference/Reference.h"
#include "report/HtmlReportWriter.h"

#include <map>
#include <string>

namespace ds::review {

// What the HTML report shows of a review: per drifted CR with a mark, the
// reviewer's outcome and note (outdated when made for another drift) and, for
// CRs to fix, the proven change that reconciles the cluster (provenFixes).
std::map<std::string, report::HtmlDecision> htmlDecisions(const report::ComparisonReport &report,
                                                          const FixInputs &inputs, const ReviewFile &review);

} // namespace ds::review
