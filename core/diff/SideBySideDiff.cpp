// SPDX-License-Identifier: Apache-2.0
#include "diff/SideBySideDiff.h"

#include "diff/CharDiff.h"
#include "diff/LineDiff.h"

#include <algorithm>
#include <chrono>
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

std::pair<QList<TextRange>, QList<TextRange>> pairRanges(std::string_view left, std::string_view right,
                                                         Clock::time_point deadline)
{
    const CharDiff differ(kPairBudget);
    return rangesFromOps(CharDiff::cleanupSemantic(differ.diffMain(left, right, deadline)));
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
        const int paired = std::min(chunk.oldCount, chunk.newCount);
        for (int k = 0; k < std::max(chunk.oldCount, chunk.newCount); ++k) {
            SideBySideRow row;
            if (k < chunk.oldCount) {
                row.leftLine = chunk.oldStart + k + 1;
                row.leftText = leftLines[row.leftLine - 1];
            }
            if (k < chunk.newCount) {
                row.rightLine = chunk.newStart + k + 1;
                row.rightText = rightLines[row.rightLine - 1];
            }
            row.kind = k < paired ? RowKind::Changed : (row.leftLine ? RowKind::Removed : RowKind::Added);
            if (row.kind == RowKind::Changed && Clock::now() < budgetEnd) {
                const std::string &l = lineDiff.oldLines()[static_cast<std::size_t>(row.leftLine - 1)];
                const std::string &r = lineDiff.newLines()[static_cast<std::size_t>(row.rightLine - 1)];
                std::tie(row.leftHighlights, row.rightHighlights) =
                    pairRanges(l, r, std::min(Clock::now() + kPairBudget, budgetEnd));
            }
            appendRow(std::move(row));
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
