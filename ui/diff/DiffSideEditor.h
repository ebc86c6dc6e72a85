// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "diff/DiffColors.h"
#include "diff/DiffDisplay.h"

#include <QPlainTextEdit>
#include <QSet>

#include <memory>

class QSyntaxHighlighter;
class QTextBlock;

namespace ds::ui {

class DiffGutter;

// One side of the side-by-side view: a read-only, non-wrapping editor with a
// YAML highlighter and a gutter of real line numbers (empty on filler rows).
// Every display row is one block of one line, so rows have one height and the
// two sides line up; row tints and intra-line ranges are painted for the
// visible blocks only, under the text.
class DiffSideEditor : public QPlainTextEdit
{
    Q_OBJECT

public:
    explicit DiffSideEditor(DiffSide side, QWidget *parent = nullptr);
    ~DiffSideEditor() override;

    DiffSide side() const { return m_side; }
    void setDisplay(std::shared_ptr<const DiffDisplay> display);
    const DiffDisplay *display() const { return m_display.get(); }
    void setColors(const DiffColors &colors);
    // The change block (display rows) drawn as current; -1 for none.
    void setCurrentChange(int index);

    QSyntaxHighlighter *highlighter() const { return m_highlighter.get(); }

    // Row geometry in viewport coordinates; every row has rowHeight().
    int firstVisibleRow() const;
    qreal rowTop(int row) const;
    qreal rowHeight() const;
    int rowAt(qreal viewportY) const;
    // Whole rows that fit in the viewport.
    int visibleRowCount() const;
    // Scrolls so row is the first visible one (as far as the range allows).
    void scrollToRow(int row);

    int gutterWidth() const;
    // Lines (1-based, this side) the comparison did not look at (fields the
    // reference's rules hid): painted greyed, whatever the diff says of them.
    void setMutedLines(const QSet<int> &lines);
    const QSet<int> &mutedLines() const { return m_mutedLines; }
    // Shown after the standard Copy / Select All in the context menu (the
    // window's review commands for the CR shown).
    void setExtraContextActions(const QList<QAction *> &actions) { m_extraActions = actions; }

signals:
    // The "⋯ N unchanged lines" row at displayRow was clicked.
    void foldClicked(int displayRow);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void changeEvent(QEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;

private:
    friend class DiffGutter;

    template<typename Fn>
    void forEachVisibleRow(const QRect &clip, Fn &&fn) const;
    void paintGutter(QPaintEvent *event);
    void paintRowBackground(QPainter &painter, const QTextBlock &block, const QRectF &rect) const;
    void paintFoldLabel(QPainter &painter, int row, const QRectF &rect) const;
    void paintCurrentChangeFrame(QPainter &painter) const;
    void paintGutterRow(QPainter &painter, int row, const QRectF &rect, int width) const;
    void updateGutterGeometry();
    void recreateHighlighter();

    DiffSide m_side;
    std::shared_ptr<const DiffDisplay> m_display;
    DiffColors m_colors;
    int m_currentChange = -1;
    DiffGutter *m_gutter = nullptr;
    QList<QAction *> m_extraActions;
    QSet<int> m_mutedLines;
    std::unique_ptr<QSyntaxHighlighter> m_highlighter;
};

} // namespace ds::ui
