// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "reference/Reference.h"
#include "report/ComparisonReport.h"

#include <map>
#include <string>

namespace ds::compare {

// The summary's validation issues from the per-template match counts, with the
// v1 Required/Optional and v2 group rules (tst_summaryrules). numMissing receives the
// count kube-compare prints as "CRs in reference missing from the cluster".
report::ValidationIssues validationIssues(const ref::Reference &reference,
                                          const std::map<std::string, int> &matchCounts, int &numMissing);

} // namespace ds::compare
