// SPDX-License-Identifier: Apache-2.0
#include "diff/DiffSideEditor.h"

#include "diff/DiffGutter.h"
#include "highlight/YamlHighlighting.h"

#include <QContextMenuEvent>
#include <QFontDatabase>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QSyntaxHighlighter>
#include <QTextBlock>
#include <QTextLayout>

#include <algorithm>
#include <cmath>

namespace ds::ui {

namespace {

constexpr int kGutterPadding = 6;
constexpr int kMarkWidth = 3;
constexpr int kFoldIndent = 10;

int lineOf(const diff::SideBySideRow &row, DiffSide side)
{
    return side == DiffSide::Left ? row.leftLine : row.rightLine;
}

const QList<diff::TextRange> &highlightsOf(const diff::SideBySideRow &row, DiffSide side)
{
    return side == DiffSide::Left ? row.leftHighlights : row.rightHighlights;
}

} // namespace

DiffSideEditor::DiffSideEditor(DiffSide side, QWidget *parent)
    : QPlainTextEdit(parent), m_side(side), m_colors(DiffColors::fromPalette(palette())),
      m_gutter(new DiffGutter(this))
{
    setObjectName(side == DiffSide::Left ? QStringLiteral("leftDiffEditor") : QStringLiteral("rightDiffEditor"));
    setReadOnly(true);
    setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    setLineWrapMode(NoWrap);
    setFrameShape(QFrame::NoFrame);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    document()->setUndoRedoEnabled(false);
    viewport()->setMouseTracking(true);

    connect(this, &QPlainTextEdit::updateRequest, m_gutter, [this] { m_gutter->update(); });
    recreateHighlighter();
    updateGutterGeometry();
}

DiffSideEditor::~DiffSideEditor() = default;

void DiffSideEditor::setDisplay(std::shared_ptr<const DiffDisplay> display)
{
    m_display = std::move(display);
    m_currentChange = -1;
    setPlainText(m_display ? m_display->text(m_side) : QString());
    updateGutterGeometry();
    viewport()->update();
}

void DiffSideEditor::setColors(const DiffColors &colors)
{
    m_colors = colors;
    viewport()->update();
    m_gutter->update();
}

void DiffSideEditor::setCurrentChange(int index)
{
    if (m_currentChange == index)
        return;
    m_currentChange = index;
    m_gutter->update();
    viewport()->update();
}

int DiffSideEditor::firstVisibleRow() const
{
    return firstVisibleBlock().blockNumber();
}

qreal DiffSideEditor::rowHeight() const
{
    const qreal height = blockBoundingRect(firstVisibleBlock()).height();
    return height > 0 ? height : fontMetrics().lineSpacing();
}

qreal DiffSideEditor::rowTop(int row) const
{
    const QTextBlock first = firstVisibleBlock();
    const qreal top = blockBoundingGeometry(first).translated(contentOffset()).top();
    return top + (row - first.blockNumber()) * rowHeight();
}

int DiffSideEditor::rowAt(qreal viewportY) const
{
    if (!m_display || m_display->rowCount() == 0)
        return -1;
    const int row = firstVisibleRow() + static_cast<int>(std::floor((viewportY - rowTop(firstVisibleRow())) / rowHeight()));
    return row >= 0 && row < m_display->rowCount() ? row : -1;
}

int DiffSideEditor::visibleRowCount() const
{
    return std::max(1, static_cast<int>(viewport()->height() / rowHeight()));
}

void DiffSideEditor::scrollToRow(int row)
{
    // Without wrapping, QPlainTextEdit's vertical value is the first visible block.
    verticalScrollBar()->setValue(row);
}

int DiffSideEditor::gutterWidth() const
{
    const int maxLine = m_display ? m_display->maxLineNumber(m_side) : 0;
    const int digits = std::max(2, static_cast<int>(QString::number(maxLine).size()));
    return 2 * kGutterPadding + kMarkWidth + fontMetrics().horizontalAdvance(QLatin1Char('9')) * digits;
}

template<typename Fn>
void DiffSideEditor::forEachVisibleRow(const QRect &clip, Fn &&fn) const
{
    QTextBlock block = firstVisibleBlock();
    qreal top = blockBoundingGeometry(block).translated(contentOffset()).top();
    const qreal width = viewport()->width();
    while (block.isValid() && top <= clip.bottom()) {
        const qreal height = blockBoundingRect(block).height();
        if (top + height >= clip.top())
            fn(block, QRectF(0, top, width, height));
        top += height;
        block = block.next();
    }
}

void DiffSideEditor::paintEvent(QPaintEvent *event)
{
    if (m_display && m_display->rowCount() > 0) {
        QPainter painter(viewport());
        forEachVisibleRow(event->rect(), [&](const QTextBlock &block, const QRectF &rect) {
            paintRowBackground(painter, block, rect);
        });
    }
    QPlainTextEdit::paintEvent(event);
    if (!m_display)
        return;
    QPainter painter(viewport());
    if (m_display->foldCount() > 0) {
        forEachVisibleRow(event->rect(), [&](const QTextBlock &block, const QRectF &rect) {
            if (m_display->isFold(block.blockNumber()))
                paintFoldLabel(painter, block.blockNumber(), rect);
        });
    }
    paintCurrentChangeFrame(painter);
}

// Lines above and below the current change, so it stands out among the others.
void DiffSideEditor::paintCurrentChangeFrame(QPainter &painter) const
{
    if (m_currentChange < 0 || m_currentChange >= m_display->changeBlocks().size())
        return;
    const diff::RowRange &block = m_display->changeBlocks()[m_currentChange];
    painter.setPen(QPen(m_colors.markColor(m_display->changeBlockKind(m_currentChange)), 1));
    const qreal width = viewport()->width();
    for (const qreal y : {rowTop(block.firstRow), rowTop(block.endRow()) - 1}) {
        if (y >= 0 && y <= viewport()->height())
            painter.drawLine(QLineF(0, y + 0.5, width, y + 0.5));
    }
}

void DiffSideEditor::paintRowBackground(QPainter &painter, const QTextBlock &block, const QRectF &rect) const
{
    const int displayRow = block.blockNumber();
    if (m_display->isFold(displayRow)) {
        painter.fillRect(rect, m_colors.foldRow);
        return;
    }
    const diff::SideBySideRow *row = m_display->modelRow(displayRow);
    if (row && !m_mutedLines.isEmpty() && m_mutedLines.contains(lineOf(*row, m_side))) {
        painter.fillRect(rect, m_colors.foldRow);
        painter.fillRect(rect, QBrush(m_colors.fillerHatch, Qt::Dense6Pattern));
        return;
    }
    if (!row || row->kind == diff::RowKind::Equal)
        return;
    if (lineOf(*row, m_side) == 0) {
        painter.fillRect(rect, m_colors.fillerRow);
        painter.fillRect(rect, QBrush(m_colors.fillerHatch, Qt::BDiagPattern));
        return;
    }
    painter.fillRect(rect, m_colors.rowColor(row->kind));
    const QTextLayout *layout = block.layout();
    const QTextLine line = layout ? layout->lineAt(0) : QTextLine();
    if (!line.isValid())
        return;
    const qreal x0 = contentOffset().x() + layout->position().x();
    for (const diff::TextRange &range : highlightsOf(*row, m_side)) {
        const qreal left = x0 + line.cursorToX(range.start);
        const qreal right = x0 + line.cursorToX(range.end());
        painter.fillRect(QRectF(left, rect.top(), right - left, rect.height()), m_colors.charColor(row->kind));
    }
}

void DiffSideEditor::paintFoldLabel(QPainter &painter, int row, const QRectF &rect) const
{
    const int hidden = m_display->row(row).modelRowCount;
    painter.setPen(m_colors.fillerHatch);
    painter.drawLine(rect.topLeft(), rect.topRight());
    painter.drawLine(rect.bottomLeft(), rect.bottomRight());
    QFont labelFont = font();
    labelFont.setItalic(true);
    painter.setFont(labelFont);
    painter.setPen(m_colors.foldText);
    painter.drawText(rect.adjusted(kFoldIndent, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                     tr("\u22ef %n unchanged lines (click to show)", nullptr, hidden));
}

void DiffSideEditor::paintGutter(QPaintEvent *event)
{
    QPainter painter(m_gutter);
    painter.fillRect(event->rect(), m_colors.gutter);
    if (!m_display || m_display->rowCount() == 0)
        return;
    painter.setFont(font());
    const int width = m_gutter->width();
    forEachVisibleRow(event->rect(), [&](const QTextBlock &block, const QRectF &rect) {
        paintGutterRow(painter, block.blockNumber(), rect, width);
    });
}

void DiffSideEditor::paintGutterRow(QPainter &painter, int displayRow, const QRectF &rect, int width) const
{
    const QRectF r(0, rect.top(), width, rect.height());
    if (m_display->isFold(displayRow)) {
        painter.fillRect(r, m_colors.foldRow);
        return;
    }
    const diff::SideBySideRow *row = m_display->modelRow(displayRow);
    if (!row)
        return;
    const int line = lineOf(*row, m_side);
    if (row->kind != diff::RowKind::Equal) {
        painter.fillRect(r, line ? m_colors.rowColor(row->kind) : m_colors.fillerRow);
        const bool current = m_currentChange >= 0 && m_display->changeBlockForRow(displayRow) == m_currentChange;
        const int markWidth = current ? 2 * kMarkWidth : kMarkWidth;
        painter.fillRect(QRectF(width - markWidth, r.top(), markWidth, r.height()), m_colors.markColor(row->kind));
    }
    if (line == 0)
        return;
    painter.setPen(row->kind == diff::RowKind::Equal ? m_colors.gutterText : m_colors.text);
    painter.drawText(r.adjusted(0, 0, -(kGutterPadding + kMarkWidth), 0), Qt::AlignRight | Qt::AlignVCenter,
                     QString::number(line));
}

void DiffSideEditor::resizeEvent(QResizeEvent *event)
{
    QPlainTextEdit::resizeEvent(event);
    updateGutterGeometry();
}

void DiffSideEditor::updateGutterGeometry()
{
    const int width = gutterWidth();
    setViewportMargins(width, 0, 0, 0);
    const QRect cr = contentsRect();
    m_gutter->setGeometry(QRect(cr.left(), cr.top(), width, cr.height()));
    m_gutter->update();
}

void DiffSideEditor::mousePressEvent(QMouseEvent *event)
{
    const int row = rowAt(event->position().y());
    if (event->button() == Qt::LeftButton && m_display && m_display->isFold(row)) {
        event->accept();
        emit foldClicked(row);
        return;
    }
    QPlainTextEdit::mousePressEvent(event);
}

void DiffSideEditor::mouseMoveEvent(QMouseEvent *event)
{
    const bool overFold = m_display && m_display->isFold(rowAt(event->position().y()));
    viewport()->setCursor(overFold ? Qt::PointingHandCursor : Qt::IBeamCursor);
    QPlainTextEdit::mouseMoveEvent(event);
}

void DiffSideEditor::changeEvent(QEvent *event)
{
    QPlainTextEdit::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        recreateHighlighter();
    else if (event->type() == QEvent::FontChange)
        updateGutterGeometry();
}

void DiffSideEditor::recreateHighlighter()
{
    m_highlighter.reset();
    m_highlighter = YamlHighlighting::create(document(), palette());
}

void DiffSideEditor::setMutedLines(const QSet<int> &lines)
{
    m_mutedLines = lines;
    viewport()->update();
}

void DiffSideEditor::contextMenuEvent(QContextMenuEvent *event)
{
    std::unique_ptr<QMenu> menu(createStandardContextMenu(event->pos()));
    if (!m_extraActions.isEmpty()) {
        menu->addSeparator();
        menu->addActions(m_extraActions);
    }
    menu->exec(event->globalPos());
}

} // namespace ds::ui
