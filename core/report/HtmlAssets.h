// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>

namespace ds::report {

// The inline stylesheet and script of the HTML report. Kept apart from the
// writer so the page's look and behaviour can be read (and changed) in one
// place. Neither may contain "</style" or "</script".
const std::string &htmlReportStyle();
const char *htmlReportScript();

} // namespace ds::report
