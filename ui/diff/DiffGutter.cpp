// SPDX-License-Identifier: Apache-2.0
#include "diff/DiffGutter.h"

#include "diff/DiffSideEditor.h"

namespace ds::ui {

DiffGutter::DiffGutter(DiffSideEditor *editor) : QWidget(editor), m_editor(editor)
{
}

QSize DiffGutter::sizeHint() const
{
    return QSize(m_editor->gutterWidth(), 0);
}

void DiffGutter::paintEvent(QPaintEvent *event)
{
    m_editor->paintGutter(event);
}

} // namespace ds::ui
