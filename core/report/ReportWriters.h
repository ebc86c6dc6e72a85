// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ComparisonReport.h"
#include "HtmlReportWriter.h"
#include "reference/Reference.h"

#include <string>

namespace ds::report {

struct WriteOptions
{
    // "" or any unknown value: text (kube-compare prints text for unknown -o values);
    // "json", "yaml", "junit", "generate-patches", "html".
    std::string format;
    bool verbose = false;
    HtmlOptions html; // -o html: title, date, input, version, manual correlations
};

// Renders the report in the requested format. All formats read the same model.
std::string writeReport(const ComparisonReport &report, const ref::Reference &reference, const WriteOptions &options);

// kube-compare's Output as a Value (for YAML) and as JSON text in Go's field order.
std::string writeJson(const ComparisonReport &report);
std::string writeYaml(const ComparisonReport &report);

} // namespace ds::report
