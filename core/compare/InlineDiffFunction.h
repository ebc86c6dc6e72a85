// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "go/GoPanic.h"

#include "util/Log.h"

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace ds::compare {

class CaptureTable;

// Raised where kube-compare's Go code panics (an index out of range), with
// Go's runtime error text, e.g. "runtime error: slice bounds out of range [:-1]".
// kube-compare itself would crash; the engine decides how to report it.
using GoPanic = go::Panic;

// A v2 perField inline diff function (kube-compare's InlineDiff interface):
// it rewrites the rendered template value so that an acceptable cluster value
// compares equal. The comparison engine runs the two passes over the sorted
// paths and owns the shared CaptureTable.
class InlineDiffFunction
{
public:
    virtual ~InlineDiffFunction() = default;

    // The inlineDiffFunc name in the metadata ("regex", "capturegroups").
    virtual std::string_view name() const = 0;

    // Validate: Go's error text, or nothing when the template value is usable.
    virtual std::optional<std::string> validate(std::string_view templateValue) const = 0;

    // Diff: the rewritten template value. Captured named groups are added to
    // `captures`, and the table's current contents decide the substitutions.
    // kube-compare's klog output of the function goes to `log` (V(1) infos,
    // warnings). May throw GoPanic.
    virtual std::string diff(std::string_view templateValue, std::string_view crValue, CaptureTable &captures,
                             Log &log) const = 0;
    std::string diff(std::string_view templateValue, std::string_view crValue, CaptureTable &captures) const
    {
        return diff(templateValue, crValue, captures, Log::null());
    }

    // kube-compare's InlineDiffs map; nullptr for an unknown name.
    static const InlineDiffFunction *find(std::string_view name);
};

} // namespace ds::compare
