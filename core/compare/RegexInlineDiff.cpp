// SPDX-License-Identifier: Apache-2.0
#include "RegexInlineDiff.h"

#include "CaptureTable.h"
#include "go/GoFmt.h"
#include "go/GoRegexp.h"
#include "go/GoStrconv.h"

#include <algorithm>
#include <cstddef>
#include <vector>

namespace ds::compare {

namespace {

struct GroupSpan {
    std::string name;
    std::ptrdiff_t start = 0;
    std::ptrdiff_t end = 0;
};

std::string sliceBoundsPanic(const std::string &bounds)
{
    return "runtime error: slice bounds out of range " + bounds;
}

// capturedValueIndices.addCapture's bookkeeping of top-level groups: a span
// inside a known one is dropped; known spans inside a new one are deleted,
// one at a time by their pre-deletion indices (Go's loop over slices.Delete).
void addTopLevel(std::vector<GroupSpan> &topLevel, const GroupSpan &span)
{
    bool addNew = true;
    std::vector<std::size_t> replaces;
    for (std::size_t n = 0; n < topLevel.size(); ++n) {
        const GroupSpan &known = topLevel[n];
        if (span.start >= known.start && span.end <= known.end)
            addNew = false;
        else if (span.start <= known.start && span.end >= known.end)
            replaces.push_back(n);
    }
    if (addNew || !replaces.empty())
        topLevel.push_back(span);
    for (const std::size_t i : replaces) {
        if (i + 1 > topLevel.size()) {
            throw GoPanic(sliceBoundsPanic("[:" + std::to_string(i + 1) + ":" + std::to_string(topLevel.size())
                                           + "]"));
        }
        topLevel.erase(topLevel.begin() + static_cast<std::ptrdiff_t>(i));
    }
}

// sort.Slice by descending start. Go's pdqsort is an insertion sort (stable)
// up to 12 elements; beyond that only ties could differ, kept stable here.
void sortByStartDescending(std::vector<GroupSpan> &spans)
{
    std::stable_sort(spans.begin(), spans.end(),
                     [](const GroupSpan &a, const GroupSpan &b) { return b.start < a.start; });
}

} // namespace

std::optional<std::string> RegexInlineDiff::validate(std::string_view templateValue) const
{
    std::string error;
    if (!go::Regexp::compile(templateValue, error))
        return "invalid regex passed to inline regex diff function: " + error;
    return std::nullopt;
}

std::string RegexInlineDiff::diff(std::string_view templateValue, std::string_view crValue, CaptureTable &captures,
                                  Log &log) const
{
    std::string error;
    const auto re = go::Regexp::compile(templateValue, error);
    if (!re) {
        log.info(1, "Failed to compile regex " + go::strconv::quote(templateValue) + " in inline diff: " + error);
        return std::string(templateValue);
    }
    const go::Regexp::Indices match = re->findStringSubmatchIndex(crValue);
    if (match.empty())
        return std::string(templateValue);

    std::vector<GroupSpan> topLevel;
    const auto &names = re->subexpNames();
    for (std::size_t n = 0; n < names.size(); ++n) {
        if (names[n].empty())
            continue;
        const GroupSpan span{names[n], match[2 * n], match[2 * n + 1]};
        if (span.end < 0)
            throw GoPanic(sliceBoundsPanic("[:" + std::to_string(span.end) + "]"));
        captures.add(span.name, std::string(crValue.substr(static_cast<std::size_t>(span.start),
                                                           static_cast<std::size_t>(span.end - span.start))));
        addTopLevel(topLevel, span);
    }

    std::string result(crValue.substr(static_cast<std::size_t>(match[0]),
                                      static_cast<std::size_t>(match[1] - match[0])));
    sortByStartDescending(topLevel);
    for (const GroupSpan &span : topLevel) {
        // CR-relative offsets on the matched substring, bounds-checked as Go does.
        const auto length = static_cast<std::ptrdiff_t>(result.size());
        if (span.start > length) {
            throw GoPanic(sliceBoundsPanic("[:" + std::to_string(span.start) + "] with length "
                                           + std::to_string(length)));
        }
        if (span.end > length)
            throw GoPanic(sliceBoundsPanic("[" + std::to_string(span.end) + ":" + std::to_string(length) + "]"));
        result = result.substr(0, static_cast<std::size_t>(span.start)) + captures.substitution(span.name)
                 + result.substr(static_cast<std::size_t>(span.end));
    }
    return result + captures.warnings();
}

} // namespace ds::compare
