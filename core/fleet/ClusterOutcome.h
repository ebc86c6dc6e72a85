// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "value/Value.h"

#include <set>
#include <string>
#include <vector>

namespace ds::report {
struct ComparisonReport;
}

namespace ds::fleet {

// What a fleet needs of one cluster's comparison: the figures and, per CR, the
// template and the diff. Read from a report Driftscope made, or from the
// `-o json` report of driftscope-cli or `kubectl cluster-compare` run
// elsewhere — the same fields either way, so merged reports and direct
// comparisons give the same matrix.
struct ClusterOutcome
{
    struct Compared
    {
        std::string crName;
        std::string templatePath;
        std::string diff;    // empty: clean
        std::string patched; // the overrides file when one applied
    };
    int crsCompared = 0;
    int crsWithDiffs = 0;
    int missing = 0;
    int unmatched = 0;
    int failed = 0;
    int patched = 0;
    std::vector<Compared> compared;
    std::set<std::string> missingTemplates; // named by validation issues
    std::set<std::string> failedTemplates;  // tried by CRs that failed to compare

    static ClusterOutcome fromReport(const report::ComparisonReport &report);
    // nullopt-like: `error` set when the document is not such a report.
    static ClusterOutcome fromJson(const Value &document, std::string &error);
};

// A diff without its header (temporary folders, timestamps): equal bodies are the same drift.
std::string diffBody(const std::string &diffOutput);

} // namespace ds::fleet
