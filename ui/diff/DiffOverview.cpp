// SPDX-License-Identifier: Apache-2.0
#include "diff/DiffOverview.h"

#include "diff/DiffSideEditor.h"

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>

namespace ds::ui {

namespace {

constexpr int kMargin = 2;
constexpr qreal kMinimumMarkHeight = 2;

} // namespace

DiffOverview::DiffOverview(DiffSideEditor *editor, QWidget *parent)
    : QWidget(parent), m_editor(editor), m_colors(DiffColors::fromPalette(palette()))
{
    setObjectName(QStringLiteral("diffOverview"));
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Expanding);
    setCursor(Qt::PointingHandCursor);
}

void DiffOverview::setColors(const DiffColors &colors)
{
    m_colors = colors;
    update();
}

void DiffOverview::setCurrentChange(int index)
{
    m_currentChange = index;
    update();
}

QSize DiffOverview::sizeHint() const
{
    return QSize(14, 0);
}

qreal DiffOverview::scale() const
{
    const DiffDisplay *display = m_editor->display();
    const int rows = display ? display->rowCount() : 0;
    return rows > 0 ? qreal(height() - 2 * kMargin) / rows : 0;
}

void DiffOverview::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.fillRect(rect(), m_colors.band);
    const DiffDisplay *display = m_editor->display();
    if (!display || display->rowCount() == 0)
        return;
    const qreal s = scale();
    const QList<diff::RowRange> &blocks = display->changeBlocks();
    for (int i = 0; i < blocks.size(); ++i) {
        const qreal top = kMargin + blocks[i].firstRow * s;
        const qreal height = std::max(kMinimumMarkHeight, blocks[i].rowCount * s);
        const qreal inset = i == m_currentChange ? 0 : 2;
        painter.fillRect(QRectF(inset, top, width() - 2 * inset, height),
                         m_colors.markColor(display->changeBlockKind(i)));
    }
    const qreal top = kMargin + m_editor->firstVisibleRow() * s;
    const qreal height = std::max(kMinimumMarkHeight, m_editor->visibleRowCount() * s);
    painter.setPen(m_colors.viewportFrame);
    painter.drawRect(QRectF(0.5, top, width() - 1.0, std::min(height, qreal(this->height() - 1) - top)));
}

void DiffOverview::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton)
        requestRowAt(event->position().y());
}

void DiffOverview::mouseMoveEvent(QMouseEvent *event)
{
    if (event->buttons() & Qt::LeftButton)
        requestRowAt(event->position().y());
}

void DiffOverview::requestRowAt(qreal y)
{
    const qreal s = scale();
    if (s <= 0)
        return;
    emit rowRequested(std::clamp(static_cast<int>((y - kMargin) / s), 0, m_editor->display()->rowCount() - 1));
}

} // namespace ds::ui
