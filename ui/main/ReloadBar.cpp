// SPDX-License-Identifier: Apache-2.0
#include "ReloadBar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace ds::ui {

ReloadBar::ReloadBar(QWidget *parent) : QFrame(parent), m_label(new QLabel(this))
{
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::ToolTipBase);
    auto *reload = new QPushButton(tr("&Reload"), this);
    auto *ignore = new QPushButton(tr("Ignore"), this);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 4);
    layout->addWidget(m_label, 1);
    layout->addWidget(reload);
    layout->addWidget(ignore);
    connect(reload, &QPushButton::clicked, this, [this] {
        hide();
        emit reloadRequested();
    });
    connect(ignore, &QPushButton::clicked, this, &QWidget::hide);
    hide();
}

void ReloadBar::showMessage(const QString &text)
{
    m_label->setText(text);
    show();
}

} // namespace ds::ui
