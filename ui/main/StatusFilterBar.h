// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QIcon>
#include <QList>
#include <QSet>
#include <QWidget>

class QToolButton;
class QHBoxLayout;

namespace ds::ui {

class StatusFilterProxyModel;

// A row of toggle buttons, one per state, each with its icon, label and count
// ("drift 12"). Checked buttons restrict the proxy to those states; none
// checked shows everything. States with no rows are hidden.
class StatusFilterBar : public QWidget
{
    Q_OBJECT

public:
    struct StateInfo
    {
        int state;
        QString label;
        QIcon icon;
    };

    StatusFilterBar(StatusFilterProxyModel *proxy, QList<StateInfo> states, QWidget *parent = nullptr);

    // The buttons of the reference tree and of the CR list: every state but "not compared".
    static QList<StateInfo> templateStates();
    static QList<StateInfo> clusterObjectStates();

    // Text of the visible buttons, for tests: "drift 3".
    QStringList buttonTexts() const;
    void setChecked(int state, bool checked);

private:
    void updateCounts();
    void applyFilter();

    StatusFilterProxyModel *m_proxy;
    QList<StateInfo> m_states;
    QList<QToolButton *> m_buttons;
};

} // namespace ds::ui
