// SPDX-License-Identifier: Apache-2.0
#include "diff/SideBySideDiff.h"

#include "diff/CharDiff.h"
#include "diff/LineDiff.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <string>
#include <tuple>

namespace ds::diff {

namespace {

using Clock = CharDiff::Clock;

// One pair rarely needs more than microseconds; the caps only matter for huge
// single-line values (e.g. last-applied-configuration annotations), where a
// coarser intra-line diff is better than a stalled view.
constexpr auto kPairBudget = std::chrono::milliseconds(100);
constexpr auto kTotalBudget = std::chrono::seconds(2);

std::string withFinalNewline(std::string_view text)
{
    std::string out(text);
    if (!out.empty() && out.back() != '\n')
        out.push_back('\n');
    return out;
}

// UTF-16 code units of a valid UTF-8 text (CharDiff's segments always are).
int utf16Length(std::string_view utf8)
{
    int n = 0;
    for (const char c : utf8) {
        const auto b = static_cast<unsigned char>(c);
        if ((b & 0xC0) != 0x80)
            n += b >= 0xF0 ? 2 : 1;
    }
    return n;
}

void appendRange(QList<TextRange> &ranges, int start, int length)
{
    if (length <= 0)
        return;
    if (!ranges.isEmpty() && ranges.last().end() == start)
        ranges.last().length += length;
    else
        ranges.append(TextRange{start, length});
}

std::pair<QList<TextRange>, QList<TextRange>> rangesFromOps(const CharDiff::Ops &ops)
{
    std::pair<QList<TextRange>, QList<TextRange>> out;
    int leftPos = 0;
    int rightPos = 0;
    for (const CharDiff::Op &op : ops) {
        const int length = utf16Length(op.text);
        switch (op.operation) {
        case CharDiff::Operation::Equal:
            leftPos += length;
            rightPos += length;
            break;
        case CharDiff::Operation::Delete:
            appendRange(out.first, leftPos, length);
            leftPos += length;
            break;
        case CharDiff::Operation::Insert:
            appendRange(out.second, rightPos, length);
            rightPos += length;
            break;
        }
    }
    return out;
}

bool isWordChar(QChar c)
{
    return c.isLetterOrNumber() || c == QLatin1Char('_');
}

// Widens each range to whole words ("false" → "true", never "fals" → "tru"):
// a reviewer reads values, not the letters two values happen to share.
QList<TextRange> wholeWords(const QList<TextRange> &ranges, const QString &text)
{
    QList<TextRange> out;
    for (const TextRange &r : ranges) {
        int start = r.start;
        int end = r.end();
        while (start > 0 && start < text.size() && isWordChar(text[start - 1]) && isWordChar(text[start]))
            --start;
        while (end > 0 && end < text.size() && isWordChar(text[end]) && isWordChar(text[end - 1]))
            ++end;
        if (!out.isEmpty() && out.last().end() >= start)
            out.last().length = std::max(out.last().end(), end) - out.last().start;
        else
            out.append(TextRange{start, end - start});
    }
    return out;
}

std::pair<QList<TextRange>, QList<TextRange>> pairRanges(std::string_view left, std::string_view right,
                                                         Clock::time_point deadline)
{
    const CharDiff differ(kPairBudget);
    auto ranges = rangesFromOps(CharDiff::cleanupSemantic(differ.diffMain(left, right, deadline)));
    const QString l = QString::fromUtf8(left.data(), static_cast<qsizetype>(left.size()));
    const QString r = QString::fromUtf8(right.data(), static_cast<qsizetype>(right.size()));
    return {wholeWords(ranges.first, l), wholeWords(ranges.second, r)};
}

// The key part of a YAML line ("  image:", "- name:"), or "" when it has none.
std::string_view yamlKey(std::string_view line)
{
    const std::size_t colon = line.find(": ");
    if (colon != std::string_view::npos)
        return line.substr(0, colon + 1);
    return !line.empty() && line.back() == ':' ? line : std::string_view();
}

// How alike two lines are, as a pairing weight: 2 for the same field (same
// key and indentation), 1 for lines without a common key that share at least
// half of their text (list items, block text), 0 otherwise — different keys
// are different fields, whatever their values look like. Pairs of weight 0
// are shown as a removal next to an addition, not as one changed line.
int likeness(std::string_view left, std::string_view right)
{
    const std::string_view leftKey = yamlKey(left), rightKey = yamlKey(right);
    if (!leftKey.empty() && !rightKey.empty())
        return leftKey == rightKey ? 2 : 0;
    const auto trimmed = [](std::string_view s) {
        const std::size_t start = s.find_first_not_of(' ');
        return start == std::string_view::npos ? std::string_view() : s.substr(start);
    };
    left = trimmed(left);
    right = trimmed(right);
    const CharDiff differ(kPairBudget);
    std::size_t equal = 0;
    for (const CharDiff::Op &op : differ.diffMain(left, right, Clock::now() + kPairBudget))
        if (op.operation == CharDiff::Operation::Equal)
            equal += op.text.size();
    return 4 * equal >= 2 * std::max(left.size(), right.size()) && equal > 0 ? 1 : 0;
}

// Which lines of a changed chunk pair up: the in-order pairing of greatest
// total likeness (chunks are small; large ones pair by position, as before).
std::vector<std::pair<int, int>> similarPairs(const std::vector<std::string> &oldLines, int oldStart, int oldCount,
                                              const std::vector<std::string> &newLines, int newStart, int newCount)
{
    std::vector<std::pair<int, int>> pairs;
    if (std::int64_t(oldCount) * newCount > 2500) {
        for (int k = 0; k < std::min(oldCount, newCount); ++k)
            pairs.emplace_back(k, k);
        return pairs;
    }
    const auto at = [](auto &table, int i, int j) -> auto & { return table[std::size_t(i)][std::size_t(j)]; };
    std::vector<std::vector<int>> best(std::size_t(oldCount + 1), std::vector<int>(std::size_t(newCount + 1), 0));
    std::vector<std::vector<int>> weight(std::size_t(oldCount), std::vector<int>(std::size_t(newCount), 0));
    for (int i = oldCount - 1; i >= 0; --i) {
        for (int j = newCount - 1; j >= 0; --j) {
            at(weight, i, j) = likeness(oldLines[std::size_t(oldStart + i)], newLines[std::size_t(newStart + j)]);
            at(best, i, j) = std::max({at(best, i + 1, j), at(best, i, j + 1),
                                       at(weight, i, j) ? at(best, i + 1, j + 1) + at(weight, i, j) : 0});
        }
    }
    int i = 0, j = 0;
    while (i < oldCount && j < newCount) {
        if (at(weight, i, j) && at(best, i, j) == at(best, i + 1, j + 1) + at(weight, i, j)) {
            pairs.emplace_back(i++, j++);
        } else if (at(best, i + 1, j) >= at(best, i, j + 1)) {
            ++i;
        } else {
            ++j;
        }
    }
    return pairs;
}

QList<QString> toQStrings(const std::vector<std::string> &lines)
{
    QList<QString> out;
    out.reserve(static_cast<qsizetype>(lines.size()));
    for (const std::string &line : lines)
        out.append(QString::fromUtf8(line.data(), static_cast<qsizetype>(line.size())));
    return out;
}

} // namespace

SideBySideDiff::SideBySideDiff(const QString &leftText, const QString &rightText)
{
    const QByteArray left = leftText.toUtf8();
    const QByteArray right = rightText.toUtf8();
    build(std::string_view(left.constData(), static_cast<std::size_t>(left.size())),
          std::string_view(right.constData(), static_cast<std::size_t>(right.size())));
}

SideBySideDiff SideBySideDiff::fromUtf8(std::string_view leftText, std::string_view rightText)
{
    SideBySideDiff diff;
    diff.build(leftText, rightText);
    return diff;
}

std::pair<QList<TextRange>, QList<TextRange>> SideBySideDiff::intraLineRanges(const QString &left,
                                                                              const QString &right)
{
    const QByteArray l = left.toUtf8();
    const QByteArray r = right.toUtf8();
    return pairRanges(std::string_view(l.constData(), static_cast<std::size_t>(l.size())),
                      std::string_view(r.constData(), static_cast<std::size_t>(r.size())),
                      Clock::now() + kPairBudget);
}

void SideBySideDiff::build(std::string_view leftUtf8, std::string_view rightUtf8)
{
    const LineDiff lineDiff(withFinalNewline(leftUtf8), withFinalNewline(rightUtf8), 0);
    const QList<QString> leftLines = toQStrings(lineDiff.oldLines());
    const QList<QString> rightLines = toQStrings(lineDiff.newLines());
    m_leftLineCount = static_cast<int>(leftLines.size());
    m_rightLineCount = static_cast<int>(rightLines.size());
    m_rows.reserve(std::max(leftLines.size(), rightLines.size()));
    const Clock::time_point budgetEnd = Clock::now() + kTotalBudget;

    for (const Chunk &chunk : lineDiff.chunks()) {
        if (chunk.kind == Chunk::Kind::Equal) {
            for (int k = 0; k < chunk.oldCount; ++k) {
                const int l = chunk.oldStart + k;
                const int r = chunk.newStart + k;
                appendRow({RowKind::Equal, l + 1, r + 1, leftLines[l], rightLines[r], {}, {}});
            }
            continue;
        }
        std::vector<std::pair<int, int>> pairs =
            similarPairs(lineDiff.oldLines(), chunk.oldStart, chunk.oldCount, lineDiff.newLines(), chunk.newStart,
                         chunk.newCount);
        pairs.emplace_back(chunk.oldCount, chunk.newCount); // the end of the chunk closes the last gap
        int i = 0, j = 0;
        for (const auto &[pi, pj] : pairs) {
            // Unpaired lines before the pair: the removals, then the additions.
            for (; i < pi; ++i)
                appendRow(SideBySideRow{RowKind::Removed, chunk.oldStart + i + 1, 0, leftLines[chunk.oldStart + i], {}, {}, {}});
            for (; j < pj; ++j)
                appendRow(SideBySideRow{RowKind::Added, 0, chunk.newStart + j + 1, {}, rightLines[chunk.newStart + j], {}, {}});
            if (pi == chunk.oldCount)
                break;
            SideBySideRow row{RowKind::Changed, chunk.oldStart + pi + 1, chunk.newStart + pj + 1,
                              leftLines[chunk.oldStart + pi], rightLines[chunk.newStart + pj], {}, {}};
            if (Clock::now() < budgetEnd)
                std::tie(row.leftHighlights, row.rightHighlights) =
                    pairRanges(lineDiff.oldLines()[std::size_t(chunk.oldStart + pi)],
                               lineDiff.newLines()[std::size_t(chunk.newStart + pj)],
                               std::min(Clock::now() + kPairBudget, budgetEnd));
            appendRow(std::move(row));
            i = pi + 1;
            j = pj + 1;
        }
    }
}

void SideBySideDiff::appendRow(SideBySideRow row)
{
    const int index = rowCount();
    if (row.kind != RowKind::Equal) {
        if (!m_changeBlocks.isEmpty() && m_changeBlocks.last().endRow() == index)
            ++m_changeBlocks.last().rowCount;
        else
            m_changeBlocks.append(RowRange{index, 1});
        m_changedLeft += row.leftLine ? 1 : 0;
        m_changedRight += row.rightLine ? 1 : 0;
    }
    m_rows.append(std::move(row));
}

int SideBySideDiff::changeBlockForRow(int row) const
{
    const auto it = std::partition_point(m_changeBlocks.cbegin(), m_changeBlocks.cend(),
                                         [row](const RowRange &block) { return block.endRow() <= row; });
    if (it == m_changeBlocks.cend() || !it->contains(row))
        return -1;
    return static_cast<int>(it - m_changeBlocks.cbegin());
}

QList<RowRange> SideBySideDiff::collapsibleRegions(int contextLines) const
{
    QList<RowRange> regions;
    if (contextLines < 0 || !hasChanges())
        return regions;
    // The Equal runs are exactly the gaps around the change blocks.
    int runStart = 0;
    auto addRun = [&](int start, int end) {
        const int hideStart = start == 0 ? start : start + contextLines;
        const int hideEnd = end == rowCount() ? end : end - contextLines;
        if (hideEnd - hideStart >= kMinimumCollapsedRows)
            regions.append(RowRange{hideStart, hideEnd - hideStart});
    };
    for (const RowRange &block : m_changeBlocks) {
        addRun(runStart, block.firstRow);
        runStart = block.endRow();
    }
    addRun(runStart, rowCount());
    return regions;
}

} // namespace ds::diff
