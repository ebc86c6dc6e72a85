// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "diff/SideBySideDiff.h"

#include <QList>
#include <QSet>
#include <QString>

#include <memory>

namespace ds::ui {

enum class DiffSide { Left, Right };

// What the two editors show, row for row: the model's rows with some Equal
// runs folded into one "⋯ N unchanged lines" row. Both editors hold exactly
// rowCount() blocks, which is what keeps them aligned and their scroll
// ranges identical. Immutable once built; shared by the editors.
class DiffDisplay
{
public:
    struct Row {
        int firstModelRow = 0;
        int modelRowCount = 1; // > 1 only for a fold
        bool fold = false;
    };

    DiffDisplay() = default;
    // contextLines < 0 shows every row; expandedFolds holds the first model
    // row of each fold the user opened.
    DiffDisplay(std::shared_ptr<const diff::SideBySideDiff> diff, int contextLines,
                const QSet<int> &expandedFolds = {});

    const std::shared_ptr<const diff::SideBySideDiff> &diff() const { return m_diff; }
    int rowCount() const { return static_cast<int>(m_rows.size()); }
    const Row &row(int displayRow) const { return m_rows[displayRow]; }
    bool isFold(int displayRow) const;
    // nullptr for folds and out-of-range rows.
    const diff::SideBySideRow *modelRow(int displayRow) const;

    // The display row showing modelRow (its fold when folded), or -1.
    int displayRowForModelRow(int modelRow) const;
    // The model's change blocks in display rows.
    const QList<diff::RowRange> &changeBlocks() const { return m_changeBlocks; }
    int changeBlockForRow(int displayRow) const;
    // Real (non-filler) lines of a change block on each side. Pairs come
    // first, so they are the block's first rows on that side.
    struct BlockLines {
        int left = 0;
        int right = 0;
    };
    const BlockLines &changeBlockLines(int index) const { return m_blockLines[index]; }
    // Removed when only the left has lines, Added when only the right, else Changed.
    diff::RowKind changeBlockKind(int index) const;
    int foldCount() const { return m_foldCount; }

    // One line per display row; fillers and folds are empty lines.
    QString text(DiffSide side) const;
    // The widest line number shown on side (for the gutter width).
    int maxLineNumber(DiffSide side) const;

private:
    std::shared_ptr<const diff::SideBySideDiff> m_diff;
    QList<Row> m_rows;
    QList<diff::RowRange> m_changeBlocks;
    QList<BlockLines> m_blockLines;
    int m_foldCount = 0;
};

} // namespace ds::ui
