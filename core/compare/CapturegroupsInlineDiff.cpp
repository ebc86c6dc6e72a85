// SPDX-License-Identifier: Apache-2.0
#include "CapturegroupsInlineDiff.h"

#include "CaptureTable.h"
#include "diff/CharDiff.h"
#include "go/GoFmt.h"
#include "go/GoRegexp.h"
#include "text/Utf8.h"
#include "go/GoStrconv.h"

namespace ds::compare {

namespace {

using diff::CharDiff;

constexpr char32_t kFirstPlaceholder = 0xF0000; // Supplementary Private Use Area-A

// Records the named captures of `deletion` (as a pattern) matched against
// `insertion` (captureAllGroups).
void captureAllGroups(const std::string &deletion, const std::string &insertion, CaptureTable &captures,
                      Log &log)
{
    const auto groups = CapturegroupsInlineDiff::groupIndex(deletion);
    if (groups.empty())
        return;
    log.info(1, "Comparing Pattern '" + deletion + "' to value '" + insertion + "'");
    std::string error;
    const auto re = go::Regexp::compile(CapturegroupsInlineDiff::quoteMeta(deletion, groups), error);
    if (!re) {
        // Validation makes this unlikely; kube-compare only warns.
        log.warning("capturegroup error: template " + go::strconv::quote(deletion) + " regex compilation failed: "
                    + error);
        return;
    }
    const auto matches = re->findStringSubmatch(insertion);
    if (matches.empty())
        return;
    const auto &names = re->subexpNames();
    for (std::size_t i = 1; i < names.size(); ++i) {
        if (!names[i].empty())
            captures.add(names[i], matches[i]);
    }
}

// escapeCaptureGroups + DiffMain + unescapeCaptureGroupDiffs.
CharDiff::Ops diffWithPlaceholders(std::string_view pattern, const std::vector<CapturegroupsInlineDiff::Group> &groups,
                                   std::string_view value)
{
    std::string replaced;
    std::size_t idx = 0;
    char32_t placeholder = kFirstPlaceholder;
    for (const auto &group : groups) {
        if (idx < group.start)
            replaced += pattern.substr(idx, group.start - idx);
        utf8::appendRune(replaced, placeholder++);
        idx = group.end;
    }
    if (idx < pattern.size())
        replaced += pattern.substr(idx);

    CharDiff::Ops diffs = CharDiff().diffMain(replaced, value);
    for (auto &op : diffs) {
        std::string fixed;
        for (std::size_t i = 0; i < op.text.size();) {
            int width = 1;
            const char32_t r = utf8::decodeRune(op.text, i, width);
            // Any placeholder rune is restored, even one that came from the cluster value.
            if (r >= kFirstPlaceholder && r < kFirstPlaceholder + groups.size()) {
                const auto &group = groups[r - kFirstPlaceholder];
                fixed += pattern.substr(group.start, group.end - group.start);
            } else {
                utf8::appendRune(fixed, r);
            }
            i += static_cast<std::size_t>(width);
        }
        op.text = std::move(fixed);
    }
    return diffs;
}

} // namespace

std::vector<CapturegroupsInlineDiff::Group> CapturegroupsInlineDiff::groupIndex(std::string_view pattern)
{
    std::vector<Group> result;
    const std::size_t length = pattern.size();
    for (std::size_t i = 0; i < length; ++i) {
        const std::size_t found = pattern.find("(?<", i);
        if (found == std::string_view::npos)
            break;
        Group group;
        group.start = found;
        // The name runs to the next unescaped '>'.
        for (i = found + 3; i < length; ++i) {
            if (pattern[i] == '\\') {
                ++i;
            } else if (pattern[i] == '>') {
                group.name = std::string(pattern.substr(found + 3, i - (found + 3)));
                ++i;
                break;
            }
        }
        int parenDepth = 0;
        int classDepth = 0;
        for (; i < length; ++i) {
            const char c = pattern[i];
            if (c == '\\') {
                ++i;
            } else if (c == '(') {
                if (classDepth > 0)
                    continue;
                ++parenDepth;
            } else if (c == ')') {
                if (classDepth > 0)
                    continue;
                --parenDepth;
            } else if (c == '[') {
                ++classDepth;
            } else if (c == ']') {
                --classDepth;
            }
            if (parenDepth < 0) {
                group.end = i + 1;
                result.push_back(group);
                break;
            }
        }
    }
    return result;
}

std::string CapturegroupsInlineDiff::quoteMeta(std::string_view pattern, const std::vector<Group> &groups)
{
    std::string out;
    std::size_t last = 0;
    for (const auto &group : groups) {
        if (last < group.start)
            out += go::Regexp::quoteMeta(pattern.substr(last, group.start - last));
        if (group.start == 0)
            out += '^';
        if (group.start > 0 && pattern[group.start - 1] == ' ')
            out += "\\b";
        out += pattern.substr(group.start, group.end - group.start);
        if (group.end == pattern.size())
            out += '$';
        if (group.end < pattern.size() && pattern[group.end] == ' ')
            out += "\\b";
        last = group.end;
    }
    if (last < pattern.size())
        out += go::Regexp::quoteMeta(pattern.substr(last));
    return out;
}

std::optional<std::string> CapturegroupsInlineDiff::validate(std::string_view templateValue) const
{
    std::optional<std::string> errors;
    std::size_t lineNumber = 0;
    std::size_t pos = 0;
    for (;;) {
        const std::size_t newline = templateValue.find('\n', pos);
        const std::size_t count = newline == std::string_view::npos ? newline : newline - pos;
        const std::string_view line = templateValue.substr(pos, count);
        ++lineNumber;
        std::string error;
        if (!go::Regexp::compile(quoteMeta(line, groupIndex(line)), error)) {
            const std::string message = "line " + std::to_string(lineNumber) + " " + error;
            errors = errors ? *errors + "\n" + message : message;
        }
        if (newline == std::string_view::npos)
            break;
        pos = newline + 1;
    }
    return errors;
}

std::string CapturegroupsInlineDiff::diff(std::string_view templateValue, std::string_view crValue,
                                          CaptureTable &captures, Log &log) const
{
    const auto groups = groupIndex(templateValue);
    const CharDiff::Ops diffs = diffWithPlaceholders(templateValue, groups, crValue);

    // Each adjacent delete/insert pair, in either order (pairs may overlap).
    for (std::size_t i = 0; i + 1 < diffs.size(); ++i) {
        const auto &a = diffs[i];
        const auto &b = diffs[i + 1];
        if (a.operation == CharDiff::Operation::Insert && b.operation == CharDiff::Operation::Delete)
            captureAllGroups(b.text, a.text, captures, log);
        else if (a.operation == CharDiff::Operation::Delete && b.operation == CharDiff::Operation::Insert)
            captureAllGroups(a.text, b.text, captures, log);
    }

    std::string result;
    std::size_t idx = 0;
    for (const auto &group : groups) {
        if (idx < group.start)
            result += templateValue.substr(idx, group.start - idx);
        const std::string value = captures.substitution(group.name);
        if (!value.empty())
            result += value;
        else
            result += templateValue.substr(group.start, group.end - group.start);
        idx = group.end;
    }
    if (idx < templateValue.size())
        result += templateValue.substr(idx);
    return result + captures.warnings();
}

} // namespace ds::compare
