// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <array>
#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// Google's diff-match-patch character diff as sergi/go-diff v1.4.0 implements
// it (diffmatchpatch/diff.go), including its quirks:
// - texts are diffed as Go runes ([]rune(s): every invalid UTF-8 byte becomes
//   one U+FFFD, so segment texts are always valid UTF-8);
// - DiffMain uses the half-match speed-up and a deadline (checked every 16
//   steps of the bisection), so with a timeout the result is not necessarily
//   minimal, and past the deadline a sub-problem becomes delete-all/insert-all;
// - DiffCleanupMerge follows the pre-2018 upstream code: after factoring out a
//   common prefix and suffix it may leave empty Delete/Insert segments;
// - the cleanups mix byte lengths and rune counts exactly where go-diff does
//   (DiffCommonOverlap works on bytes, DiffCleanupSemanticLossless shifts by a
//   rune count used as a byte count), and the semantic score tests the text
//   after a boundary with the blank-line-*end* pattern, as go-diff does.
// kube-compare scores a candidate template with
// DiffMain(merged, live, checklines=false) and sums the bytes of all inserts
// and deletes (score()). checklines=true is not ported.
namespace ds::diff {

class CharDiff
{
public:
    enum class Operation { Delete, Equal, Insert };

    struct Op {
        Operation operation = Operation::Equal;
        std::string text;

        bool operator==(const Op &other) const = default;
    };
    using Ops = std::vector<Op>;

    using Clock = std::chrono::steady_clock;
    // No value: no deadline (go-diff's zero time.Time).
    using Deadline = std::optional<Clock::time_point>;

    // go-diff's DiffTimeout. Zero or negative means no deadline and no
    // half-match speed-up (an optimal diff). kube-compare uses the default 1 s.
    explicit CharDiff(std::chrono::nanoseconds timeout = std::chrono::seconds(1));

    std::chrono::nanoseconds timeout() const { return m_timeout; }

    // DiffMain(text1, text2, false): the deadline starts now.
    Ops diffMain(std::string_view text1, std::string_view text2) const;
    // The same with an explicit deadline (diffMainRunes).
    Ops diffMain(std::string_view text1, std::string_view text2, Deadline deadline) const;

    // DiffBisect: the Myers middle-snake step alone (exposed for tests).
    Ops diffBisect(std::string_view text1, std::string_view text2, Deadline deadline) const;
    // DiffHalfMatch: {text1 prefix, text1 suffix, text2 prefix, text2 suffix,
    // common middle}, or nothing (always nothing without a timeout).
    std::optional<std::array<std::string, 5>> diffHalfMatch(std::string_view text1,
                                                             std::string_view text2) const;

    // DiffCleanupMerge: merges like segments and factors out common affixes.
    static Ops cleanupMerge(Ops diffs);
    // DiffCleanupSemantic: removes semantically trivial equalities, then
    // aligns edits to word boundaries and extracts delete/insert overlaps.
    static Ops cleanupSemantic(Ops diffs);
    // DiffCleanupSemanticLossless: slides single edits to logical boundaries.
    static Ops cleanupSemanticLossless(Ops diffs);
    // DiffCommonOverlap: bytes of text1's suffix that are text2's prefix.
    static int commonOverlap(std::string_view text1, std::string_view text2);

    // kube-compare's score: the UTF-8 byte length of all Insert and Delete texts.
    static int score(const Ops &diffs);

private:
    using Runes = std::u32string_view;
    using HalfMatch = std::array<Runes, 5>;

    Ops mainRunes(Runes text1, Runes text2, const Deadline &deadline) const;
    Ops compute(Runes text1, Runes text2, const Deadline &deadline) const;
    Ops bisect(Runes text1, Runes text2, const Deadline &deadline) const;
    Ops bisectSplit(Runes text1, Runes text2, std::size_t x, std::size_t y, const Deadline &deadline) const;
    std::optional<HalfMatch> halfMatch(Runes text1, Runes text2) const;
    static std::optional<HalfMatch> halfMatchAt(Runes longText, Runes shortText, std::size_t i);

    std::chrono::nanoseconds m_timeout;
};

} // namespace ds::diff
