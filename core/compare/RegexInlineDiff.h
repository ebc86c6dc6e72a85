// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "InlineDiffFunction.h"

namespace ds::compare {

// inlineDiffFunc: regex (kube-compare regexInlineDiff.go). The whole template
// value is an unanchored Go regexp. On a match the result is the matched part
// of the cluster value with each top-level named group replaced, right to
// left, by its CaptureTable substitution, followed by the table's warnings;
// without a match (or if it does not compile) the template value is kept.
//
// Quirk kept from Go: the group offsets are relative to the cluster value but
// applied to the matched substring, so a match not starting at offset 0 gives
// wrong text, or a GoPanic when an offset falls outside it. An optional named
// group that did not take part also panics in Go (slice [-1:-1]).
class RegexInlineDiff : public InlineDiffFunction
{
public:
    std::string_view name() const override { return "regex"; }
    std::optional<std::string> validate(std::string_view templateValue) const override;
    using InlineDiffFunction::diff;
    std::string diff(std::string_view templateValue, std::string_view crValue, CaptureTable &captures,
                     Log &log) const override;
};

} // namespace ds::compare
