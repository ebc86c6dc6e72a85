// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "StatusFilterBar.h"

#include <QModelIndexList>
#include <QWidget>

class QAbstractItemModel;
class QLabel;
class QLineEdit;
class QTreeView;

namespace ds::ui {

class StatusFilterProxyModel;

// A titled tree with a text filter and status filter buttons: the reference
// tree and the CR list both use it.
class NavigatorPanel : public QWidget
{
    Q_OBJECT

public:
    NavigatorPanel(const QString &title, QAbstractItemModel *model, QList<StatusFilterBar::StateInfo> states,
                   QWidget *parent = nullptr);

    QTreeView *view() const { return m_view; }
    StatusFilterProxyModel *proxy() const { return m_proxy; }
    StatusFilterBar *filterBar() const { return m_filterBar; }
    QLineEdit *filterEdit() const { return m_filter; }

    // Opens the top-level groups except those that are always shown (the CR
    // list's often huge Unmatched group stays closed).
    void expandTopLevel();
    // Opens every group when the filters leave at most kExpandAllBelow rows.
    void revealMatches();
    static constexpr int kExpandAllBelow = 300;
    // Selects and shows the row of a source-model index.
    void selectSource(const QModelIndex &sourceIndex);
    QModelIndex currentSource() const;
    QModelIndexList selectedSourceRows() const;

private:
    QLineEdit *m_filter;
    QTreeView *m_view;
    StatusFilterProxyModel *m_proxy;
    StatusFilterBar *m_filterBar;
};

} // namespace ds::ui
