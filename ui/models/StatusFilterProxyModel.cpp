// SPDX-License-Identifier: Apache-2.0
#include "StatusFilterProxyModel.h"

#include <algorithm>

namespace ds::ui {

StatusFilterProxyModel::StatusFilterProxyModel(QObject *parent) : QSortFilterProxyModel(parent)
{
    setRecursiveFilteringEnabled(true);
}

void StatusFilterProxyModel::setSourceModel(QAbstractItemModel *model)
{
    for (const auto &connection : std::as_const(m_sourceConnections))
        disconnect(connection);
    m_sourceConnections.clear();
    QSortFilterProxyModel::setSourceModel(model);
    if (model) {
        const auto invalidate = [this] { invalidateCounts(); };
        m_sourceConnections << connect(model, &QAbstractItemModel::modelReset, this, invalidate)
                            << connect(model, &QAbstractItemModel::dataChanged, this, invalidate)
                            << connect(model, &QAbstractItemModel::rowsInserted, this, invalidate)
                            << connect(model, &QAbstractItemModel::rowsRemoved, this, invalidate)
                            << connect(model, &QAbstractItemModel::layoutChanged, this, invalidate);
    }
    invalidateCounts();
}

void StatusFilterProxyModel::setTextFilter(const QString &text)
{
    if (text == m_text)
        return;
    m_text = text;
    m_words = text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    invalidateRowsFilter();
    invalidateCounts();
}

void StatusFilterProxyModel::setStateFilter(const QSet<int> &states)
{
    if (states == m_states)
        return;
    m_states = states;
    invalidateRowsFilter();
}

bool StatusFilterProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    if (index.data(ItemRole::IsLeaf).toBool())
        return matchesText(index) && matchesStates(index);
    // Groups with nothing matching below go, unless nothing is filtered.
    return index.data(ItemRole::AlwaysVisible).toBool() || (m_words.isEmpty() && m_states.isEmpty());
}

bool StatusFilterProxyModel::matchesText(const QModelIndex &sourceIndex) const
{
    if (m_words.isEmpty())
        return true;
    const QString text = sourceIndex.data(ItemRole::FilterText).toString();
    return std::all_of(m_words.cbegin(), m_words.cend(),
                       [&](const QString &word) { return text.contains(word, Qt::CaseInsensitive); });
}

bool StatusFilterProxyModel::matchesStates(const QModelIndex &sourceIndex) const
{
    if (m_states.isEmpty())
        return true;
    const QList<int> states = sourceIndex.data(ItemRole::States).value<QList<int>>();
    return std::any_of(states.cbegin(), states.cend(), [&](int state) { return m_states.contains(state); });
}

StateCounts StatusFilterProxyModel::stateCounts() const
{
    if (!m_counts) {
        m_counts = StateCounts();
        if (sourceModel())
            countLeaves(QModelIndex(), *m_counts);
    }
    return *m_counts;
}

void StatusFilterProxyModel::countLeaves(const QModelIndex &sourceParent, StateCounts &counts) const
{
    const QAbstractItemModel *model = sourceModel();
    for (int row = 0, rows = model->rowCount(sourceParent); row < rows; ++row) {
        const QModelIndex index = model->index(row, 0, sourceParent);
        if (!index.data(ItemRole::IsLeaf).toBool()) {
            countLeaves(index, counts);
            continue;
        }
        if (!index.data(ItemRole::Counted).toBool() || !matchesText(index))
            continue;
        for (int state : index.data(ItemRole::States).value<QList<int>>())
            counts[state] += 1;
    }
}

void StatusFilterProxyModel::invalidateCounts()
{
    // Once per stateCounts() call: a swap emits dataChanged for every group.
    if (!m_counts)
        return;
    m_counts.reset();
    emit stateCountsChanged();
}

} // namespace ds::ui
