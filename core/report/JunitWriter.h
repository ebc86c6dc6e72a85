// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ComparisonReport.h"

#include <string>

namespace ds::report {

// kube-compare's `-o junit`: three suites (differences, reference validation,
// unmatched CRs) marshalled like Go's encoding/xml MarshalIndent with tabs.
std::string writeJunit(const ComparisonReport &report);

// Go encoding/xml escaping of attribute values and character data.
std::string xmlEscape(const std::string &text);

} // namespace ds::report
