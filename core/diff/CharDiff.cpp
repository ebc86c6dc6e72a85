// SPDX-License-Identifier: Apache-2.0
#include "CharDiff.h"

#include "text/Utf8.h"

#include <algorithm>

namespace ds::diff {

namespace {

using Operation = CharDiff::Operation;
using Op = CharDiff::Op;
using Ops = CharDiff::Ops;

// Go's []rune(s).
std::u32string toRunes(std::string_view s)
{
    std::u32string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        int width = 1;
        out.push_back(utf8::decodeRune(s, i, width));
        i += static_cast<std::size_t>(width);
    }
    return out;
}

// Go's string(runes).
std::string toUtf8(std::u32string_view runes)
{
    std::string out;
    out.reserve(runes.size());
    for (char32_t r : runes)
        utf8::appendRune(out, r);
    return out;
}

std::size_t commonPrefixLength(std::u32string_view a, std::u32string_view b)
{
    std::size_t n = 0;
    while (n < a.size() && n < b.size() && a[n] == b[n])
        ++n;
    return n;
}

std::size_t commonSuffixLength(std::u32string_view a, std::u32string_view b)
{
    std::size_t n = 0;
    while (n < a.size() && n < b.size() && a[a.size() - 1 - n] == b[b.size() - 1 - n])
        ++n;
    return n;
}

// go-diff's runesIndexOf: -1 when i is past the last rune.
long long runesIndexOf(std::u32string_view target, std::u32string_view pattern, long long i)
{
    if (i > static_cast<long long>(target.size()) - 1)
        return -1;
    const auto found = target.find(pattern, static_cast<std::size_t>(std::max(i, 0LL)));
    return found == std::u32string_view::npos ? -1 : static_cast<long long>(found);
}

long long runeCount(std::string_view s)
{
    return static_cast<long long>(utf8::runeCount(s));
}

// utf8.DecodeLastRuneInString (only the rune is needed).
char32_t decodeLastRune(std::string_view s)
{
    const std::size_t end = s.size();
    std::size_t start = end - 1;
    if (static_cast<unsigned char>(s[start]) < 0x80)
        return static_cast<unsigned char>(s[start]);
    const std::size_t lim = end >= 4 ? end - 4 : 0;
    while (start > lim && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80)
        --start;
    int width = 1;
    const char32_t r = utf8::decodeRune(s, start, width);
    return start + static_cast<std::size_t>(width) == end ? r : utf8::kRuneError;
}

bool isGoRegexpSpace(char32_t r)
{
    // RE2's \s is ASCII only: [\t\n\f\r ].
    return r == '\t' || r == '\n' || r == '\f' || r == '\r' || r == ' ';
}

bool endsWithBlankLine(std::string_view s)
{
    // `\n\r?\n$`
    return s.ends_with("\n\n") || s.ends_with("\n\r\n");
}

// diffCleanupSemanticScore: 6 (edge) down to 0 (inside a word).
int semanticScore(std::string_view one, std::string_view two)
{
    if (one.empty() || two.empty())
        return 6;
    const char32_t char1 = decodeLastRune(one);
    int width = 1;
    const char32_t char2 = utf8::decodeRune(two, 0, width);
    auto isAlnum = [](char32_t c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    };
    const bool nonAlphaNumeric1 = !isAlnum(char1);
    const bool nonAlphaNumeric2 = !isAlnum(char2);
    const bool whitespace1 = nonAlphaNumeric1 && isGoRegexpSpace(char1);
    const bool whitespace2 = nonAlphaNumeric2 && isGoRegexpSpace(char2);
    const bool lineBreak1 = whitespace1 && (char1 == '\r' || char1 == '\n');
    const bool lineBreak2 = whitespace2 && (char2 == '\r' || char2 == '\n');
    const bool blankLine1 = lineBreak1 && endsWithBlankLine(one);
    // go-diff tests `two` with the blank-line-end pattern too (upstream uses ^\r?\n\r?\n).
    const bool blankLine2 = lineBreak2 && endsWithBlankLine(two);
    if (blankLine1 || blankLine2)
        return 5;
    if (lineBreak1 || lineBreak2)
        return 4;
    if (nonAlphaNumeric1 && !whitespace1 && whitespace2)
        return 3;
    if (whitespace1 || whitespace2)
        return 2;
    if (nonAlphaNumeric1 || nonAlphaNumeric2)
        return 1;
    return 0;
}

// go-diff's splice: remove `amount` items at index and insert `elements` there.
void splice(Ops &diffs, long long index, long long amount, std::initializer_list<Op> elements = {})
{
    const auto at = diffs.begin() + index;
    diffs.insert(diffs.erase(at, at + amount), elements);
}

} // namespace

CharDiff::CharDiff(std::chrono::nanoseconds timeout)
    : m_timeout(timeout)
{
}

Ops CharDiff::diffMain(std::string_view text1, std::string_view text2) const
{
    Deadline deadline;
    if (m_timeout.count() > 0)
        deadline = Clock::now() + m_timeout;
    return diffMain(text1, text2, deadline);
}

Ops CharDiff::diffMain(std::string_view text1, std::string_view text2, Deadline deadline) const
{
    const std::u32string runes1 = toRunes(text1);
    const std::u32string runes2 = toRunes(text2);
    return mainRunes(runes1, runes2, deadline);
}

Ops CharDiff::diffBisect(std::string_view text1, std::string_view text2, Deadline deadline) const
{
    const std::u32string runes1 = toRunes(text1);
    const std::u32string runes2 = toRunes(text2);
    return bisect(runes1, runes2, deadline);
}

std::optional<std::array<std::string, 5>> CharDiff::diffHalfMatch(std::string_view text1,
                                                                  std::string_view text2) const
{
    const std::u32string runes1 = toRunes(text1);
    const std::u32string runes2 = toRunes(text2);
    const auto hm = halfMatch(runes1, runes2);
    if (!hm)
        return std::nullopt;
    std::array<std::string, 5> out;
    for (std::size_t i = 0; i < out.size(); ++i)
        out[i] = toUtf8((*hm)[i]);
    return out;
}

Ops CharDiff::mainRunes(Runes text1, Runes text2, const Deadline &deadline) const
{
    if (text1 == text2) {
        Ops diffs;
        if (!text1.empty())
            diffs.push_back({Operation::Equal, toUtf8(text1)});
        return diffs;
    }
    // Trim off the common prefix and suffix (speed-up).
    std::size_t n = commonPrefixLength(text1, text2);
    const Runes prefix = text1.substr(0, n);
    text1.remove_prefix(n);
    text2.remove_prefix(n);
    n = commonSuffixLength(text1, text2);
    const Runes suffix = text1.substr(text1.size() - n);
    text1.remove_suffix(n);
    text2.remove_suffix(n);

    Ops diffs = compute(text1, text2, deadline);
    if (!prefix.empty())
        diffs.insert(diffs.begin(), Op{Operation::Equal, toUtf8(prefix)});
    if (!suffix.empty())
        diffs.push_back({Operation::Equal, toUtf8(suffix)});
    return cleanupMerge(std::move(diffs));
}

// Assumes no common prefix or suffix.
Ops CharDiff::compute(Runes text1, Runes text2, const Deadline &deadline) const
{
    if (text1.empty())
        return {{Operation::Insert, toUtf8(text2)}};
    if (text2.empty())
        return {{Operation::Delete, toUtf8(text1)}};

    const bool firstLonger = text1.size() > text2.size();
    const Runes longText = firstLonger ? text1 : text2;
    const Runes shortText = firstLonger ? text2 : text1;
    if (const auto i = longText.find(shortText); i != Runes::npos) {
        // The shorter text is inside the longer one.
        const Operation op = firstLonger ? Operation::Delete : Operation::Insert;
        return {{op, toUtf8(longText.substr(0, i))},
                {Operation::Equal, toUtf8(shortText)},
                {op, toUtf8(longText.substr(i + shortText.size()))}};
    }
    if (shortText.size() == 1) {
        // After the previous check the single character cannot be an equality.
        return {{Operation::Delete, toUtf8(text1)}, {Operation::Insert, toUtf8(text2)}};
    }
    if (const auto hm = halfMatch(text1, text2)) {
        Ops diffs = mainRunes((*hm)[0], (*hm)[2], deadline);
        Ops diffsB = mainRunes((*hm)[1], (*hm)[3], deadline);
        diffs.push_back({Operation::Equal, toUtf8((*hm)[4])});
        diffs.insert(diffs.end(), std::make_move_iterator(diffsB.begin()), std::make_move_iterator(diffsB.end()));
        return diffs;
    }
    return bisect(text1, text2, deadline);
}

// Myers' middle snake (An O(ND) Difference Algorithm and Its Variations).
Ops CharDiff::bisect(Runes runes1, Runes runes2, const Deadline &deadline) const
{
    const long long len1 = static_cast<long long>(runes1.size());
    const long long len2 = static_cast<long long>(runes2.size());
    const long long maxD = (len1 + len2 + 1) / 2;
    const long long vOffset = maxD;
    const long long vLength = 2 * maxD;
    // Go sizes the arrays vLength; two spare slots keep single-rune inputs
    // (which DiffMain never bisects) in bounds without changing any result.
    std::vector<long long> v1(static_cast<std::size_t>(vLength + 2), -1);
    std::vector<long long> v2(static_cast<std::size_t>(vLength + 2), -1);
    v1[static_cast<std::size_t>(vOffset + 1)] = 0;
    v2[static_cast<std::size_t>(vOffset + 1)] = 0;
    auto at = [](std::vector<long long> &v, long long i) -> long long & { return v[static_cast<std::size_t>(i)]; };
    auto rune1 = [&runes1](long long i) { return runes1[static_cast<std::size_t>(i)]; };
    auto rune2 = [&runes2](long long i) { return runes2[static_cast<std::size_t>(i)]; };
    auto split = [&](long long x, long long y) {
        return bisectSplit(runes1, runes2, static_cast<std::size_t>(x), static_cast<std::size_t>(y), deadline);
    };

    const long long delta = len1 - len2;
    // With an odd total length the front path collides with the reverse path.
    const bool front = delta % 2 != 0;
    long long k1start = 0, k1end = 0, k2start = 0, k2end = 0;
    for (long long d = 0; d < maxD; ++d) {
        if (deadline && d % 16 == 0 && Clock::now() > *deadline)
            break;

        for (long long k1 = -d + k1start; k1 <= d - k1end; k1 += 2) {
            const long long k1Offset = vOffset + k1;
            long long x1;
            if (k1 == -d || (k1 != d && at(v1, k1Offset - 1) < at(v1, k1Offset + 1)))
                x1 = at(v1, k1Offset + 1);
            else
                x1 = at(v1, k1Offset - 1) + 1;
            long long y1 = x1 - k1;
            while (x1 < len1 && y1 < len2 && rune1(x1) == rune2(y1)) {
                ++x1;
                ++y1;
            }
            at(v1, k1Offset) = x1;
            if (x1 > len1) {
                k1end += 2; // ran off the right of the graph
            } else if (y1 > len2) {
                k1start += 2; // ran off the bottom of the graph
            } else if (front) {
                const long long k2Offset = vOffset + delta - k1;
                if (k2Offset >= 0 && k2Offset < vLength && at(v2, k2Offset) != -1) {
                    const long long x2 = len1 - at(v2, k2Offset);
                    if (x1 >= x2)
                        return split(x1, y1);
                }
            }
        }

        for (long long k2 = -d + k2start; k2 <= d - k2end; k2 += 2) {
            const long long k2Offset = vOffset + k2;
            long long x2;
            if (k2 == -d || (k2 != d && at(v2, k2Offset - 1) < at(v2, k2Offset + 1)))
                x2 = at(v2, k2Offset + 1);
            else
                x2 = at(v2, k2Offset - 1) + 1;
            long long y2 = x2 - k2;
            while (x2 < len1 && y2 < len2 && rune1(len1 - x2 - 1) == rune2(len2 - y2 - 1)) {
                ++x2;
                ++y2;
            }
            at(v2, k2Offset) = x2;
            if (x2 > len1) {
                k2end += 2; // ran off the left of the graph
            } else if (y2 > len2) {
                k2start += 2; // ran off the top of the graph
            } else if (!front) {
                const long long k1Offset = vOffset + delta - k2;
                if (k1Offset >= 0 && k1Offset < vLength && at(v1, k1Offset) != -1) {
                    const long long x1 = at(v1, k1Offset);
                    const long long y1 = vOffset + x1 - k1Offset;
                    if (x1 >= len1 - x2)
                        return split(x1, y1);
                }
            }
        }
    }
    // The deadline passed, or there is no commonality at all.
    return {{Operation::Delete, toUtf8(runes1)}, {Operation::Insert, toUtf8(runes2)}};
}

Ops CharDiff::bisectSplit(Runes text1, Runes text2, std::size_t x, std::size_t y, const Deadline &deadline) const
{
    Ops diffs = mainRunes(text1.substr(0, x), text2.substr(0, y), deadline);
    Ops diffsB = mainRunes(text1.substr(x), text2.substr(y), deadline);
    diffs.insert(diffs.end(), std::make_move_iterator(diffsB.begin()), std::make_move_iterator(diffsB.end()));
    return diffs;
}

// Do the texts share a substring at least half the length of the longer one?
// This speed-up can produce non-minimal diffs, so it is off without a timeout.
std::optional<CharDiff::HalfMatch> CharDiff::halfMatch(Runes text1, Runes text2) const
{
    if (m_timeout.count() <= 0)
        return std::nullopt;
    const bool firstLonger = text1.size() > text2.size();
    const Runes longText = firstLonger ? text1 : text2;
    const Runes shortText = firstLonger ? text2 : text1;
    if (longText.size() < 4 || shortText.size() * 2 < longText.size())
        return std::nullopt;

    // Seeds at the second and the third quarter.
    const auto hm1 = halfMatchAt(longText, shortText, (longText.size() + 3) / 4);
    const auto hm2 = halfMatchAt(longText, shortText, (longText.size() + 1) / 2);
    HalfMatch hm;
    if (!hm1 && !hm2)
        return std::nullopt;
    if (!hm2)
        hm = *hm1;
    else if (!hm1)
        hm = *hm2;
    else
        hm = (*hm1)[4].size() > (*hm2)[4].size() ? *hm1 : *hm2;

    if (firstLonger)
        return hm;
    return HalfMatch{hm[2], hm[3], hm[0], hm[1], hm[4]};
}

// {long prefix, long suffix, short prefix, short suffix, common middle} around
// the best match of longText's quarter-length seed at i, if that is long enough.
std::optional<CharDiff::HalfMatch> CharDiff::halfMatchAt(Runes longText, Runes shortText, std::size_t i)
{
    const Runes seed = longText.substr(i, longText.size() / 4);
    HalfMatch best;
    std::size_t bestCommonLength = 0;
    for (long long j = runesIndexOf(shortText, seed, 0); j != -1; j = runesIndexOf(shortText, seed, j + 1)) {
        const auto uj = static_cast<std::size_t>(j);
        const std::size_t prefixLength = commonPrefixLength(longText.substr(i), shortText.substr(uj));
        const std::size_t suffixLength = commonSuffixLength(longText.substr(0, i), shortText.substr(0, uj));
        if (bestCommonLength < suffixLength + prefixLength) {
            best[4] = shortText.substr(uj - suffixLength, suffixLength + prefixLength);
            bestCommonLength = suffixLength + prefixLength;
            best[0] = longText.substr(0, i - suffixLength);
            best[1] = longText.substr(i + prefixLength);
            best[2] = shortText.substr(0, uj - suffixLength);
            best[3] = shortText.substr(uj + prefixLength);
        }
    }
    if (bestCommonLength * 2 < longText.size())
        return std::nullopt;
    return best;
}

Ops CharDiff::cleanupMerge(Ops diffs)
{
    diffs.push_back({Operation::Equal, {}}); // dummy entry at the end
    long long pointer = 0;
    long long countDelete = 0;
    long long countInsert = 0;
    std::u32string textDelete;
    std::u32string textInsert;
    auto diffAt = [&diffs](long long i) -> Op & { return diffs[static_cast<std::size_t>(i)]; };

    while (pointer < static_cast<long long>(diffs.size())) {
        switch (diffAt(pointer).operation) {
        case Operation::Insert:
            ++countInsert;
            textInsert += toRunes(diffAt(pointer).text);
            ++pointer;
            break;
        case Operation::Delete:
            ++countDelete;
            textDelete += toRunes(diffAt(pointer).text);
            ++pointer;
            break;
        case Operation::Equal:
            if (countDelete + countInsert > 1) {
                if (countDelete != 0 && countInsert != 0) {
                    // Factor out a common prefix.
                    std::size_t common = commonPrefixLength(textInsert, textDelete);
                    if (common != 0) {
                        const long long x = pointer - countDelete - countInsert;
                        const std::string prefix = toUtf8(std::u32string_view(textInsert).substr(0, common));
                        if (x > 0 && diffAt(x - 1).operation == Operation::Equal) {
                            diffAt(x - 1).text += prefix;
                        } else {
                            // Upstream inserts at the very front, not at x.
                            diffs.insert(diffs.begin(), Op{Operation::Equal, prefix});
                            ++pointer;
                        }
                        textInsert.erase(0, common);
                        textDelete.erase(0, common);
                    }
                    // Factor out a common suffix.
                    common = commonSuffixLength(textInsert, textDelete);
                    if (common != 0) {
                        const std::size_t insertIndex = textInsert.size() - common;
                        diffAt(pointer).text = toUtf8(std::u32string_view(textInsert).substr(insertIndex))
                                               + diffAt(pointer).text;
                        textInsert.resize(insertIndex);
                        textDelete.resize(textDelete.size() - common);
                    }
                }
                // Replace the run by the merged records, even if now empty.
                if (countDelete == 0) {
                    splice(diffs, pointer - countInsert, countInsert, {Op{Operation::Insert, toUtf8(textInsert)}});
                } else if (countInsert == 0) {
                    splice(diffs, pointer - countDelete, countDelete, {Op{Operation::Delete, toUtf8(textDelete)}});
                } else {
                    splice(diffs, pointer - countDelete - countInsert, countDelete + countInsert,
                           {Op{Operation::Delete, toUtf8(textDelete)}, Op{Operation::Insert, toUtf8(textInsert)}});
                }
                pointer = pointer - countDelete - countInsert + 1;
                if (countDelete != 0)
                    ++pointer;
                if (countInsert != 0)
                    ++pointer;
            } else if (pointer != 0 && diffAt(pointer - 1).operation == Operation::Equal) {
                // Merge this equality with the previous one.
                diffAt(pointer - 1).text += diffAt(pointer).text;
                diffs.erase(diffs.begin() + pointer);
            } else {
                ++pointer;
            }
            countInsert = 0;
            countDelete = 0;
            textDelete.clear();
            textInsert.clear();
            break;
        }
    }
    if (diffs.back().text.empty())
        diffs.pop_back(); // the dummy entry

    // Second pass: single edits between equalities that can be shifted
    // sideways to eliminate an equality, e.g. A<ins>BA</ins>C -> <ins>AB</ins>AC.
    bool changes = false;
    pointer = 1;
    while (pointer < static_cast<long long>(diffs.size()) - 1) {
        Op &previous = diffAt(pointer - 1);
        Op &current = diffAt(pointer);
        Op &next = diffAt(pointer + 1);
        if (previous.operation == Operation::Equal && next.operation == Operation::Equal) {
            if (current.text.ends_with(previous.text)) {
                current.text = previous.text + current.text.substr(0, current.text.size() - previous.text.size());
                next.text = previous.text + next.text;
                diffs.erase(diffs.begin() + (pointer - 1));
                changes = true;
            } else if (current.text.starts_with(next.text)) {
                previous.text += next.text;
                current.text = current.text.substr(next.text.size()) + next.text;
                diffs.erase(diffs.begin() + (pointer + 1));
                changes = true;
            }
        }
        ++pointer;
    }
    if (changes)
        return cleanupMerge(std::move(diffs));
    return diffs;
}

Ops CharDiff::cleanupSemantic(Ops diffs)
{
    bool changes = false;
    std::vector<long long> equalities; // indices of equalities
    std::string lastEquality;
    long long pointer = 0;
    // Characters (runes) changed before and after the last equality.
    long long insertions1 = 0, deletions1 = 0, insertions2 = 0, deletions2 = 0;
    while (pointer < static_cast<long long>(diffs.size())) {
        const Op &op = diffs[static_cast<std::size_t>(pointer)];
        if (op.operation == Operation::Equal) {
            equalities.push_back(pointer);
            insertions1 = insertions2;
            deletions1 = deletions2;
            insertions2 = 0;
            deletions2 = 0;
            lastEquality = op.text;
        } else {
            if (op.operation == Operation::Insert)
                insertions2 += runeCount(op.text);
            else
                deletions2 += runeCount(op.text);
            // Eliminate an equality no longer than the edits on both sides of it.
            const long long equalityLength = runeCount(lastEquality);
            if (equalityLength > 0 && equalityLength <= std::max(insertions1, deletions1)
                && equalityLength <= std::max(insertions2, deletions2)) {
                const long long insertPoint = equalities.back();
                splice(diffs, insertPoint, 0, {Op{Operation::Delete, lastEquality}});
                diffs[static_cast<std::size_t>(insertPoint + 1)].operation = Operation::Insert;
                equalities.pop_back(); // the equality just deleted
                if (!equalities.empty())
                    equalities.pop_back(); // the previous one needs re-evaluating
                pointer = equalities.empty() ? -1 : equalities.back();
                insertions1 = deletions1 = insertions2 = deletions2 = 0;
                lastEquality.clear();
                changes = true;
            }
        }
        ++pointer;
    }

    if (changes)
        diffs = cleanupMerge(std::move(diffs));
    diffs = cleanupSemanticLossless(std::move(diffs));

    // Extract overlaps between a deletion and the following insertion when the
    // overlap is at least half of either:
    //   <del>abcxxx</del><ins>xxxdef</ins> -> <del>abc</del>xxx<ins>def</ins>
    //   <del>xxxabc</del><ins>defxxx</ins> -> <ins>def</ins>xxx<del>abc</del>
    // (Go compares the overlap in bytes with half the rune counts.)
    pointer = 1;
    while (pointer < static_cast<long long>(diffs.size())) {
        const auto p = static_cast<std::size_t>(pointer);
        if (diffs[p - 1].operation == Operation::Delete && diffs[p].operation == Operation::Insert) {
            const std::string deletion = diffs[p - 1].text;
            const std::string insertion = diffs[p].text;
            const auto overlap1 = static_cast<std::size_t>(commonOverlap(deletion, insertion));
            const auto overlap2 = static_cast<std::size_t>(commonOverlap(insertion, deletion));
            const double halfDeletion = static_cast<double>(runeCount(deletion)) / 2;
            const double halfInsertion = static_cast<double>(runeCount(insertion)) / 2;
            if (overlap1 >= overlap2) {
                if (static_cast<double>(overlap1) >= halfDeletion || static_cast<double>(overlap1) >= halfInsertion) {
                    splice(diffs, pointer, 0, {Op{Operation::Equal, insertion.substr(0, overlap1)}});
                    diffs[p - 1].text = deletion.substr(0, deletion.size() - overlap1);
                    diffs[p + 1].text = insertion.substr(overlap1);
                    ++pointer;
                }
            } else if (static_cast<double>(overlap2) >= halfDeletion
                       || static_cast<double>(overlap2) >= halfInsertion) {
                splice(diffs, pointer, 0, {Op{Operation::Equal, deletion.substr(0, overlap2)}});
                diffs[p - 1] = {Operation::Insert, insertion.substr(0, insertion.size() - overlap2)};
                diffs[p + 1] = {Operation::Delete, deletion.substr(overlap2)};
                ++pointer;
            }
            ++pointer;
        }
        ++pointer;
    }
    return diffs;
}

Ops CharDiff::cleanupSemanticLossless(Ops diffs)
{
    long long pointer = 1;
    // The first and the last element need no checking.
    while (pointer >= 1 && pointer < static_cast<long long>(diffs.size()) - 1) {
        const auto p = static_cast<std::size_t>(pointer);
        if (diffs[p - 1].operation == Operation::Equal && diffs[p + 1].operation == Operation::Equal) {
            std::string equality1 = diffs[p - 1].text;
            std::string edit = diffs[p].text;
            std::string equality2 = diffs[p + 1].text;

            // Shift the edit as far left as possible. go-diff measures the
            // common suffix in runes but cuts that many bytes.
            const std::size_t commonOffset = commonSuffixLength(toRunes(equality1), toRunes(edit));
            if (commonOffset > 0) {
                const std::string commonString = edit.substr(edit.size() - commonOffset);
                equality1.resize(equality1.size() - commonOffset);
                edit = commonString + edit.substr(0, edit.size() - commonOffset);
                equality2 = commonString + equality2;
            }

            // Step right one rune at a time, looking for the best fit.
            std::string bestEquality1 = equality1;
            std::string bestEdit = edit;
            std::string bestEquality2 = equality2;
            int bestScore = semanticScore(equality1, edit) + semanticScore(edit, equality2);
            while (!edit.empty() && !equality2.empty()) {
                int width = 1;
                utf8::decodeRune(edit, 0, width);
                const auto size = static_cast<std::size_t>(width);
                if (equality2.size() < size || edit.compare(0, size, equality2, 0, size) != 0)
                    break;
                equality1 += edit.substr(0, size);
                edit = edit.substr(size) + equality2.substr(0, size);
                equality2.erase(0, size);
                const int score = semanticScore(equality1, edit) + semanticScore(edit, equality2);
                // >= prefers trailing rather than leading whitespace on edits.
                if (score >= bestScore) {
                    bestScore = score;
                    bestEquality1 = equality1;
                    bestEdit = edit;
                    bestEquality2 = equality2;
                }
            }

            if (diffs[p - 1].text != bestEquality1) {
                if (!bestEquality1.empty()) {
                    diffs[static_cast<std::size_t>(pointer - 1)].text = bestEquality1;
                } else {
                    diffs.erase(diffs.begin() + (pointer - 1));
                    --pointer;
                }
                diffs[static_cast<std::size_t>(pointer)].text = bestEdit;
                if (!bestEquality2.empty()) {
                    diffs[static_cast<std::size_t>(pointer + 1)].text = bestEquality2;
                } else {
                    diffs.erase(diffs.begin() + (pointer + 1));
                    --pointer;
                }
            }
        }
        ++pointer;
    }
    return diffs;
}

int CharDiff::commonOverlap(std::string_view text1, std::string_view text2)
{
    const std::size_t length1 = text1.size();
    const std::size_t length2 = text2.size();
    if (length1 == 0 || length2 == 0)
        return 0;
    // Truncate the longer string.
    if (length1 > length2)
        text1 = text1.substr(length1 - length2);
    else if (length1 < length2)
        text2 = text2.substr(0, length1);
    const std::size_t textLength = std::min(length1, length2);
    if (text1 == text2)
        return static_cast<int>(textLength);

    // Grow a single-character match until no match is found.
    std::size_t best = 0;
    std::size_t length = 1;
    for (;;) {
        const std::string_view pattern = text1.substr(textLength - length);
        const std::size_t found = text2.find(pattern);
        if (found == std::string_view::npos)
            break;
        length += found;
        if (found == 0 || text1.substr(textLength - length) == text2.substr(0, length)) {
            best = length;
            ++length;
        }
    }
    return static_cast<int>(best);
}

int CharDiff::score(const Ops &diffs)
{
    std::size_t total = 0;
    for (const Op &op : diffs) {
        if (op.operation != Operation::Equal)
            total += op.text.size();
    }
    return static_cast<int>(total);
}

} // namespace ds::diff
