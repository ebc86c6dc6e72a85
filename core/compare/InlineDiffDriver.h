// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "reference/Reference.h"
#include "reference/ReferenceLoader.h"
#include "util/Log.h"
#include "value/Value.h"

#include <optional>
#include <string>

namespace ds::compare {

// What one inline diff function decided about a field.
struct InlineCheck
{
    std::string pathToKey;
    std::string function;
    bool accepted = false; // the cluster's value satisfied it (no drift shown there)
};

// Runs a template's v2 `perField` inline diff functions on the rendered
// reference object (regex, capturegroups; tst_inlinediff): two passes over the
// sorted paths sharing one capture table; pass 2 writes the rewritten values back
// into `reference`. Returns the joined errors in kube-compare's words.
// `checks` (optional) gets each field a function judged.
std::optional<std::string> runInlineDiffFunctions(Value &reference, const Value &cluster,
                                                  const ref::ReferenceTemplate &t, const std::string &objectName,
                                                  Log &log, std::vector<InlineCheck> *checks = nullptr);

// Load-time validation of perField values with the named function.
ref::InlineDiffValidator inlineDiffValidator();

} // namespace ds::compare
