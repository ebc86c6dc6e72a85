// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QList>
#include <QString>

#include <string_view>
#include <utility>

// The rows a side-by-side diff view shows, computed apart from any widget so
// it can run off the GUI thread and be tested without a display.
//
// Lines are aligned with LineDiff (GNU diff's edit script). Inside one change
// chunk the removed and added lines are paired row by row: the first
// min(removed, added) rows are Changed (both sides, with intra-line ranges from
// CharDiff + cleanupSemantic), the rest are Removed (left only) or Added (right
// only) rows whose other side is a filler.
//
// A text without a final newline is diffed as if it had one: the view shows
// lines, and "\ No newline at end of file" would only add noise there.
namespace ds::diff {

// A half-open range [start, start + length) of UTF-16 code units, i.e. QString
// indices into one row's text (what QTextLayout and QTextCursor use).
struct TextRange {
    int start = 0;
    int length = 0;

    int end() const { return start + length; }
    bool operator==(const TextRange &other) const = default;
};

enum class RowKind { Equal, Removed, Added, Changed };

struct SideBySideRow {
    RowKind kind = RowKind::Equal;
    int leftLine = 0;  // 1-based line of the left text; 0 = filler row on that side
    int rightLine = 0; // 1-based line of the right text; 0 = filler row on that side
    QString leftText;  // without newline; empty on a filler side
    QString rightText;
    // Characters that differ from the other side; only Changed rows have them.
    QList<TextRange> leftHighlights;
    QList<TextRange> rightHighlights;
    bool operator==(const SideBySideRow &other) const = default;
};

// Rows [firstRow, firstRow + rowCount) of a SideBySideDiff.
struct RowRange {
    int firstRow = 0;
    int rowCount = 0;

    int endRow() const { return firstRow + rowCount; }
    bool contains(int row) const { return row >= firstRow && row < endRow(); }
    bool operator==(const RowRange &other) const = default;
};

class SideBySideDiff
{
public:
    // No rows (two empty texts).
    SideBySideDiff() = default;
    // left: the rendered reference, right: the cluster CR.
    SideBySideDiff(const QString &leftText, const QString &rightText);

    // The same from UTF-8 texts (what the engine renders).
    static SideBySideDiff fromUtf8(std::string_view leftText, std::string_view rightText);

    const QList<SideBySideRow> &rows() const { return m_rows; }
    int rowCount() const { return static_cast<int>(m_rows.size()); }
    bool hasChanges() const { return !m_changeBlocks.isEmpty(); }

    // Maximal runs of non-Equal rows, in order: what next/previous change visit.
    const QList<RowRange> &changeBlocks() const { return m_changeBlocks; }
    // Index into changeBlocks() of the block holding row, or -1.
    int changeBlockForRow(int row) const;

    // Runs of Equal rows that can be folded away while keeping contextLines
    // rows next to every change. A negative contextLines folds nothing, and so
    // does a diff without changes (there is nothing to focus on). A run is only
    // offered when it would hide at least kMinimumCollapsedRows rows: folding
    // one line into a "1 unchanged line" row saves nothing.
    QList<RowRange> collapsibleRegions(int contextLines) const;
    static constexpr int kMinimumCollapsedRows = 2;

    int leftLineCount() const { return m_leftLineCount; }
    int rightLineCount() const { return m_rightLineCount; }
    // Lines of each side that take part in a change (Removed/Changed on the
    // left, Added/Changed on the right).
    int changedLeftLineCount() const { return m_changedLeft; }
    int changedRightLineCount() const { return m_changedRight; }

    // The intra-line ranges of one changed line pair: {left ranges, right ranges}.
    static std::pair<QList<TextRange>, QList<TextRange>> intraLineRanges(const QString &left,
                                                                         const QString &right);

private:
    void build(std::string_view leftUtf8, std::string_view rightUtf8);
    void appendRow(SideBySideRow row);

    QList<SideBySideRow> m_rows;
    QList<RowRange> m_changeBlocks;
    int m_leftLineCount = 0;
    int m_rightLineCount = 0;
    int m_changedLeft = 0;
    int m_changedRight = 0;
};

} // namespace ds::diff
