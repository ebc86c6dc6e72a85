// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "CrStatus.h"
#include "TemplateStatus.h"

#include <string>

namespace ds::report {

// The words for states, shared by the window and the HTML report so both say
// the same thing about the same CR or template.

// Short lower-case label: "drift", "missing", "not present", "too many", ...
std::string stateLabel(TemplateState state);
std::string stateLabel(CrState state);

// A status as one line: "Drift: 12 changed lines in 2 CRs · patched · manual",
// "Clean (3 CRs)", "Render error", ...
std::string statusText(const TemplateStatus &status);
std::string statusText(const CrStatus &status);

// "1 changed line", "3 changed lines".
std::string countText(int n, const char *one, const char *many);

} // namespace ds::report
