// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "diff/DiffColors.h"

#include <QWidget>

namespace ds::ui {

class DiffSideEditor;

// The band between the two editors: every visible change block is drawn as a
// ribbon from the left lines it spans to the right lines it spans, so a block
// that only removes lines narrows to a line on the cluster side.
class DiffConnector : public QWidget
{
    Q_OBJECT

public:
    DiffConnector(DiffSideEditor *left, DiffSideEditor *right, QWidget *parent = nullptr);

    void setColors(const DiffColors &colors);
    void setCurrentChange(int index);

    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    qreal editorOffset(const DiffSideEditor *editor) const;

    DiffSideEditor *m_left;
    DiffSideEditor *m_right;
    DiffColors m_colors;
    int m_currentChange = -1;
};

} // namespace ds::ui
