// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "InlineDiffFunction.h"

#include <cstddef>
#include <vector>

namespace ds::compare {

// inlineDiffFunc: capturegroups (kube-compare capturegroupsInlineDiff.go).
// The template value is literal text with (?<name>regex) groups. Each group
// becomes one private-use placeholder rune (U+F0000 + i), the text is
// character-diffed (go-diff DiffMain) against the cluster value, and every
// adjacent delete/insert pair whose delete side holds groups is matched as a
// pattern (text around the groups quoted, anchored with ^, $ and \b) against
// the insert side to record the named captures. The result is the template
// with each group replaced by its CaptureTable substitution (or kept when
// nothing was captured), followed by the table's warnings.
class CapturegroupsInlineDiff : public InlineDiffFunction
{
public:
    // CgInfo: one top-level "(?<name>...)" group, byte offsets [start, end).
    struct Group {
        std::string name;
        std::size_t start = 0;
        std::size_t end = 0;

        bool operator==(const Group &other) const = default;
    };

    std::string_view name() const override { return "capturegroups"; }
    // Each line, quoted as below, must compile; errors are "line <n> <go error>"
    // joined with "\n" (errors.Join).
    std::optional<std::string> validate(std::string_view templateValue) const override;
    using InlineDiffFunction::diff;
    std::string diff(std::string_view templateValue, std::string_view crValue, CaptureTable &captures,
                     Log &log) const override;

    // CapturegroupIndex: finds each "(?<", reads the name up to '>' (a
    // backslash escapes one byte), then the group up to its closing ')',
    // honouring backslash escapes and ignoring parentheses inside [...].
    // Groups nested in a found group are part of it; an unclosed group is dropped.
    static std::vector<Group> groupIndex(std::string_view pattern);
    // CapturegroupQuoteMeta: regexp.QuoteMeta on the text between the groups,
    // the groups verbatim, '^' before a group at the start, '$' after one at
    // the end, and \b on a group's side that touches a space.
    static std::string quoteMeta(std::string_view pattern, const std::vector<Group> &groups);
};

} // namespace ds::compare
