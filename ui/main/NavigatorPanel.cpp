// SPDX-License-Identifier: Apache-2.0
#include "NavigatorPanel.h"

#include "main/ElideMiddleDelegate.h"
#include "models/ItemRoles.h"
#include "models/StatusFilterProxyModel.h"

#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTreeView>
#include <QVBoxLayout>

namespace ds::ui {

NavigatorPanel::NavigatorPanel(const QString &title, QAbstractItemModel *model,
                               QList<StatusFilterBar::StateInfo> states, QWidget *parent)
    : QWidget(parent), m_filter(new QLineEdit(this)), m_view(new QTreeView(this)),
      m_proxy(new StatusFilterProxyModel(this))
{
    m_proxy->setSourceModel(model);
    m_filterBar = new StatusFilterBar(m_proxy, std::move(states), this);

    auto *heading = new QLabel(QStringLiteral("<b>%1</b>").arg(title.toHtmlEscaped()), this);
    m_filter->setPlaceholderText(tr("Filter %1…").arg(title.toLower()));
    m_filter->setClearButtonEnabled(true);
    m_filter->setAccessibleName(tr("Filter %1").arg(title.toLower()));
    connect(m_filter, &QLineEdit::textChanged, m_proxy, &StatusFilterProxyModel::setTextFilter);
    connect(m_proxy, &StatusFilterProxyModel::filterChanged, this, &NavigatorPanel::revealMatches);

    m_view->setModel(m_proxy);
    m_view->setUniformRowHeights(true);
    m_view->setItemDelegateForColumn(0, new ElideMiddleDelegate(m_view)); // names keep their ends
    m_view->setAlternatingRowColors(true);
    m_view->header()->setStretchLastSection(true);
    m_view->header()->setSectionResizeMode(0, QHeaderView::Interactive);
    m_view->setColumnWidth(0, 300);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(3);
    layout->addWidget(heading);
    layout->addWidget(m_filter);
    layout->addWidget(m_filterBar);
    layout->addWidget(m_view, 1);
}

// A filter that leaves few rows opens the groups holding them; a broad one
// would open thousands of rows nobody reads.
void NavigatorPanel::revealMatches()
{
    if (m_proxy->isFiltering() && m_proxy->shownLeavesBound() <= kExpandAllBelow)
        m_view->expandAll();
}

void NavigatorPanel::expandTopLevel()
{
    for (int row = 0; row < m_proxy->rowCount(); ++row) {
        const QModelIndex group = m_proxy->index(row, 0);
        m_view->setExpanded(group, !group.data(ItemRole::AlwaysVisible).toBool());
    }
}

void NavigatorPanel::selectSource(const QModelIndex &sourceIndex)
{
    const QModelIndex index = m_proxy->mapFromSource(sourceIndex);
    if (!index.isValid())
        return;
    m_view->setCurrentIndex(index);
    m_view->scrollTo(index);
}

QModelIndex NavigatorPanel::currentSource() const
{
    return m_proxy->mapToSource(m_view->currentIndex());
}

QModelIndexList NavigatorPanel::selectedSourceRows() const
{
    QModelIndexList out;
    for (const QModelIndex &i : m_view->selectionModel()->selectedRows())
        out << m_proxy->mapToSource(i);
    return out;
}

} // namespace ds::ui
