// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ComparisonReport.h"

#include <string>

namespace ds::report {

// kube-compare's text report (output.go; `conformance`), byte for byte: the blocks of CRs with a
// diff (or a patch, or every CR with `verbose`) sorted by template+CR name,
// separated by 34 asterisks, then the Summary.
std::string writeText(const ComparisonReport &report, bool verbose);

// One CR block and the Summary alone (also used by the HTML report).
std::string textBlock(const CrResult &result);
std::string textSummary(const Summary &summary, const std::vector<FailedCr> &failures = {});

} // namespace ds::report
