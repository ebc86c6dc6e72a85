// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <map>
#include <string>
#include <vector>

namespace ds::compare {

struct CompareOptions
{
    bool verbose = false;            // -v: V(1) logs and every CR in the text report
    bool allResources = false;       // -A: report unmatched CRs
    bool showManagedFields = false;  // --show-managed-fields
    bool keepGoing = false;          // --keep-going: a failing CR does not abort the run
    // diff config (-c): CR id → template path
    std::map<std::string, std::string> manualCorrelations;
    std::string diffConfigPath; // -c, named as the source of manual pins
    std::string overridesPath;                // -p, shown as "Patched with ..."
    std::vector<std::string> generateOverrideFor; // --generate-override-for
    std::string overrideReason;               // --override-reason
    // KUBECTL_EXTERNAL_DIFF; empty: Driftscope's built-in GNU-compatible diff.
    std::string externalDiff;
    std::string tmpDir; // where MERGED-/LIVE- paths live ($TMPDIR or /tmp)
    // CRs compared at once when their comparisons cannot see each other
    // (0: one per core; 1: always one after the other).
    int threads = 0;
    // Record per pair what the rules hid (CrResult::hidden): the window and
    // the HTML report explain verdicts; the other outputs do not need it.
    bool explain = false;

    bool operator==(const CompareOptions &) const = default;
};

} // namespace ds::compare
