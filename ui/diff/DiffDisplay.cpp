// SPDX-License-Identifier: Apache-2.0
#include "diff/DiffDisplay.h"

#include <algorithm>

namespace ds::ui {

DiffDisplay::DiffDisplay(std::shared_ptr<const diff::SideBySideDiff> diff, int contextLines,
                         const QSet<int> &expandedFolds)
    : m_diff(std::move(diff))
{
    if (!m_diff)
        return;
    m_rows.reserve(m_diff->rowCount());
    int next = 0;
    auto appendRowsUpTo = [&](int end) {
        for (; next < end; ++next)
            m_rows.append(Row{next, 1, false});
    };
    for (const diff::RowRange &region : m_diff->collapsibleRegions(contextLines)) {
        if (expandedFolds.contains(region.firstRow))
            continue;
        appendRowsUpTo(region.firstRow);
        m_rows.append(Row{region.firstRow, region.rowCount, true});
        next = region.endRow();
        ++m_foldCount;
    }
    appendRowsUpTo(m_diff->rowCount());

    for (const diff::RowRange &block : m_diff->changeBlocks()) {
        // Change rows are never folded, so the block stays contiguous.
        m_changeBlocks.append(diff::RowRange{displayRowForModelRow(block.firstRow), block.rowCount});
        BlockLines lines;
        for (int row = block.firstRow; row < block.endRow(); ++row) {
            lines.left += m_diff->rows()[row].leftLine ? 1 : 0;
            lines.right += m_diff->rows()[row].rightLine ? 1 : 0;
        }
        m_blockLines.append(lines);
    }
}

diff::RowKind DiffDisplay::changeBlockKind(int index) const
{
    const BlockLines &lines = m_blockLines[index];
    if (lines.right == 0)
        return diff::RowKind::Removed;
    if (lines.left == 0)
        return diff::RowKind::Added;
    return diff::RowKind::Changed;
}

bool DiffDisplay::isFold(int displayRow) const
{
    return displayRow >= 0 && displayRow < rowCount() && m_rows[displayRow].fold;
}

const diff::SideBySideRow *DiffDisplay::modelRow(int displayRow) const
{
    if (displayRow < 0 || displayRow >= rowCount() || m_rows[displayRow].fold)
        return nullptr;
    return &m_diff->rows()[m_rows[displayRow].firstModelRow];
}

int DiffDisplay::displayRowForModelRow(int modelRow) const
{
    const auto it = std::partition_point(m_rows.cbegin(), m_rows.cend(), [modelRow](const Row &row) {
        return row.firstModelRow + row.modelRowCount <= modelRow;
    });
    if (it == m_rows.cend() || modelRow < it->firstModelRow)
        return -1;
    return static_cast<int>(it - m_rows.cbegin());
}

int DiffDisplay::changeBlockForRow(int displayRow) const
{
    const auto it = std::partition_point(m_changeBlocks.cbegin(), m_changeBlocks.cend(),
                                         [displayRow](const diff::RowRange &b) { return b.endRow() <= displayRow; });
    if (it == m_changeBlocks.cend() || !it->contains(displayRow))
        return -1;
    return static_cast<int>(it - m_changeBlocks.cbegin());
}

QString DiffDisplay::text(DiffSide side) const
{
    QString out;
    qsizetype size = 0;
    for (int i = 0; i < rowCount(); ++i) {
        if (const diff::SideBySideRow *row = modelRow(i))
            size += (side == DiffSide::Left ? row->leftText : row->rightText).size() + 1;
        else
            ++size;
    }
    out.reserve(size);
    for (int i = 0; i < rowCount(); ++i) {
        if (i > 0)
            out += QLatin1Char('\n');
        if (const diff::SideBySideRow *row = modelRow(i))
            out += side == DiffSide::Left ? row->leftText : row->rightText;
    }
    return out;
}

int DiffDisplay::maxLineNumber(DiffSide side) const
{
    if (!m_diff)
        return 0;
    return side == DiffSide::Left ? m_diff->leftLineCount() : m_diff->rightLineCount();
}

} // namespace ds::ui
