// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "diff/DiffColors.h"

#include <QWidget>

namespace ds::ui {

class DiffSideEditor;

// A thin ruler beside the right editor: the whole diff scaled to its height,
// a mark per change block and a frame around the visible rows. Clicking or
// dragging asks for that row to be centred.
class DiffOverview : public QWidget
{
    Q_OBJECT

public:
    explicit DiffOverview(DiffSideEditor *editor, QWidget *parent = nullptr);

    void setColors(const DiffColors &colors);
    void setCurrentChange(int index);

    QSize sizeHint() const override;

signals:
    void rowRequested(int displayRow);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;

private:
    qreal scale() const;
    void requestRowAt(qreal y);

    DiffSideEditor *m_editor;
    DiffColors m_colors;
    int m_currentChange = -1;
};

} // namespace ds::ui
