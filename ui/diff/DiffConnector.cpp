// SPDX-License-Identifier: Apache-2.0
#include "diff/DiffConnector.h"

#include "diff/DiffSideEditor.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>

namespace ds::ui {

DiffConnector::DiffConnector(DiffSideEditor *left, DiffSideEditor *right, QWidget *parent)
    : QWidget(parent), m_left(left), m_right(right), m_colors(DiffColors::fromPalette(palette()))
{
    setObjectName(QStringLiteral("diffConnector"));
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Expanding);
}

void DiffConnector::setColors(const DiffColors &colors)
{
    m_colors = colors;
    update();
}

void DiffConnector::setCurrentChange(int index)
{
    m_currentChange = index;
    update();
}

QSize DiffConnector::sizeHint() const
{
    return QSize(28, 0);
}

// Where y = 0 of the editor's viewport lies in this widget.
qreal DiffConnector::editorOffset(const DiffSideEditor *editor) const
{
    return mapFrom(window(), editor->viewport()->mapTo(window(), QPoint(0, 0))).y();
}

void DiffConnector::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.fillRect(rect(), m_colors.band);
    const DiffDisplay *display = m_left->display();
    if (!display || display->changeBlocks().isEmpty())
        return;
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setClipRect(QRectF(0, editorOffset(m_right), width(), m_right->viewport()->height()));

    const int firstRow = m_right->firstVisibleRow();
    const int lastRow = firstRow + m_right->visibleRowCount() + 1;
    const qreal height = m_right->rowHeight();
    const qreal leftOffset = editorOffset(m_left);
    const qreal rightOffset = editorOffset(m_right);
    const qreal w = width();
    const QList<diff::RowRange> &blocks = display->changeBlocks();
    auto it = std::partition_point(blocks.cbegin(), blocks.cend(),
                                   [firstRow](const diff::RowRange &b) { return b.endRow() <= firstRow; });
    for (; it != blocks.cend() && it->firstRow <= lastRow; ++it) {
        const int index = static_cast<int>(it - blocks.cbegin());
        const DiffDisplay::BlockLines &lines = display->changeBlockLines(index);
        const qreal leftTop = leftOffset + m_left->rowTop(it->firstRow);
        const qreal rightTop = rightOffset + m_right->rowTop(it->firstRow);
        const qreal leftBottom = leftTop + lines.left * height;
        const qreal rightBottom = rightTop + lines.right * height;

        QPainterPath path(QPointF(0, leftTop));
        path.cubicTo(w / 2, leftTop, w / 2, rightTop, w, rightTop);
        path.lineTo(w, rightBottom);
        path.cubicTo(w / 2, rightBottom, w / 2, leftBottom, 0, leftBottom);
        path.closeSubpath();
        const diff::RowKind kind = display->changeBlockKind(index);
        painter.fillPath(path, m_colors.rowColor(kind));
        if (index == m_currentChange)
            painter.strokePath(path, QPen(m_colors.markColor(kind), 1.5));
        else if (lines.left == 0 || lines.right == 0)
            painter.strokePath(path, QPen(m_colors.markColor(kind), 1.0)); // the thin end needs an edge
    }
}

} // namespace ds::ui
