// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QWidget>

namespace ds::ui {

class DiffSideEditor;

// The line-number margin of a DiffSideEditor; the editor paints it, since it
// owns the rows and their geometry.
class DiffGutter : public QWidget
{
    Q_OBJECT

public:
    explicit DiffGutter(DiffSideEditor *editor);

    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    DiffSideEditor *m_editor;
};

} // namespace ds::ui
