// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "FixPlan.h"
#include "compare/CompareOptions.h"
#include "compare/UserOverrides.h"
#include "input/ClusterObject.h"

#include <memory>
#include <vector>

namespace ds::review {

// What proving a fix needs besides the report: the comparison's reference,
// the CRs it read (in full for the kinds it compared), its options (manual
// correlations) and the user overrides it applied.
struct FixInputs
{
    std::shared_ptr<const ref::Reference> reference;
    std::shared_ptr<const std::vector<input::ClusterObject>> objects;
    compare::CompareOptions options;
    std::shared_ptr<const compare::UserOverrides> overrides;
};

// Proves each patch before anyone runs it: applies it to a copy of the CR (the
// same RFC 7386 / RFC 6902 code the engine uses for overrides), compares the
// copy again with the same reference, correlations and overrides (and the CRs
// lookups can see), and takes out of the fix every field that still differs —
// a template that computes a value from the CR's own fields (a version check,
// a validation message) expects something no fixed value satisfies. Those
// fields are named in the note; a fix left with nothing becomes Type::None.
void verifyFixes(std::vector<Fix> &fixes, const FixInputs &inputs);

// planFixes, then verifyFixes: what `-o fixes`, the HTML report and the
// window's Export Fixes write.
std::vector<Fix> provenFixes(const report::ComparisonReport &report, const FixInputs &inputs,
                             const std::vector<std::string> &crIds = {}, bool missingTemplates = true);

} // namespace ds::review
