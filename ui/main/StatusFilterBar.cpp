// SPDX-License-Identifier: Apache-2.0
#include "StatusFilterBar.h"

#include "models/StatusFilterProxyModel.h"
#include "models/StatusIcons.h"

#include <QHBoxLayout>
#include <QToolButton>

namespace ds::ui {

QList<StatusFilterBar::StateInfo> StatusFilterBar::templateStates()
{
    QList<StateInfo> out;
    for (TemplateState s : templateStatesBySeverity())
        if (s != TemplateState::NotCompared)
            out.append({int(s), templateStateLabel(s), StatusIcons::forTemplate(s)});
    return out;
}

QList<StatusFilterBar::StateInfo> StatusFilterBar::clusterObjectStates()
{
    QList<StateInfo> out;
    for (ClusterObjectState s : clusterObjectStatesBySeverity())
        if (s != ClusterObjectState::NotCompared)
            out.append({int(s), clusterObjectStateLabel(s), StatusIcons::forClusterObject(s)});
    out.append({kUnreviewedDrift, tr("unreviewed"), StatusIcons::unreviewedDrift()});
    return out;
}

StatusFilterBar::StatusFilterBar(StatusFilterProxyModel *proxy, QList<StateInfo> states, QWidget *parent)
    : QWidget(parent), m_proxy(proxy), m_states(std::move(states))
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    for (const StateInfo &info : m_states) {
        auto *button = new QToolButton(this);
        button->setCheckable(true);
        button->setAutoRaise(true);
        button->setIcon(info.icon);
        button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        button->setToolTip(tr("Show only rows that are %1 (several buttons combine)").arg(info.label));
        connect(button, &QToolButton::toggled, this, &StatusFilterBar::applyFilter);
        layout->addWidget(button);
        m_buttons << button;
    }
    layout->addStretch();
    connect(m_proxy, &StatusFilterProxyModel::stateCountsChanged, this, &StatusFilterBar::updateCounts);
    updateCounts();
}

QStringList StatusFilterBar::buttonTexts() const
{
    QStringList out;
    for (const QToolButton *b : m_buttons)
        if (!b->isHidden())
            out << b->text();
    return out;
}

void StatusFilterBar::setChecked(int state, bool checked)
{
    for (qsizetype i = 0; i < m_states.size(); ++i)
        if (m_states[i].state == state)
            m_buttons[i]->setChecked(checked);
}

void StatusFilterBar::updateCounts()
{
    const StateCounts counts = m_proxy->stateCounts();
    for (qsizetype i = 0; i < m_states.size(); ++i) {
        const int n = counts.value(m_states[i].state);
        m_buttons[i]->setText(QStringLiteral("%1 %2").arg(m_states[i].label).arg(n));
        // A checked button stays visible so that it can be unchecked.
        m_buttons[i]->setVisible(n > 0 || m_buttons[i]->isChecked());
    }
}

void StatusFilterBar::applyFilter()
{
    QSet<int> states;
    for (qsizetype i = 0; i < m_states.size(); ++i)
        if (m_buttons[i]->isChecked())
            states.insert(m_states[i].state);
    m_proxy->setStateFilter(states);
}

} // namespace ds::ui
