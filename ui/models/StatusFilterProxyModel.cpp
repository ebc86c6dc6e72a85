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
        const auto invalidate = [this] {
            // Source data changed: no earlier match can be trusted.
            m_textMatches.clear();
            m_previousMatches.clear();
            m_shownLeaves.clear();
            m_narrowing = false;
            invalidateCounts();
        };
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
    m_narrowing = !m_text.isEmpty() && text.startsWith(m_text, Qt::CaseInsensitive);
    m_previousMatches = m_narrowing ? std::move(m_textMatches) : QHash<quintptr, bool>();
    m_textMatches.clear();
    m_shownLeaves.clear();
    m_text = text;
    m_words = text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    invalidateRowsFilter();
    invalidateCounts();
    emit filterChanged();
}

void StatusFilterProxyModel::setStateFilter(const QSet<int> &states)
{
    if (states == m_states)
        return;
    m_states = states;
    m_shownLeaves.clear();
    invalidateRowsFilter();
    emit filterChanged();
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
    const quintptr key = sourceIndex.internalId();
    if (const auto known = m_textMatches.constFind(key); known != m_textMatches.cend())
        return *known;
    bool match = false;
    if (!m_narrowing || m_previousMatches.value(key, true)) {
        const QString text = sourceIndex.data(ItemRole::FilterText).toString();
        match = std::all_of(m_words.cbegin(), m_words.cend(),
                            [&](const QString &word) { return text.contains(word, Qt::CaseInsensitive); });
    }
    m_textMatches.insert(key, match);
    return match;
}

bool StatusFilterProxyModel::matchesStates(const QModelIndex &sourceIndex) const
{
    if (m_states.isEmpty())
        return true;
    const QList<int> states = sourceIndex.data(ItemRole::States).value<QList<int>>();
    return std::any_of(states.cbegin(), states.cend(), [&](int state) { return m_states.contains(state); });
}

int StatusFilterProxyModel::shownLeaves(const QModelIndex &proxyParent) const
{
    const quintptr key = mapToSource(proxyParent).internalId();
    if (const auto known = m_shownLeaves.constFind(key); known != m_shownLeaves.cend())
        return *known;
    int n = 0;
    for (int row = 0, rows = rowCount(proxyParent); row < rows; ++row) {
        const QModelIndex child = index(row, 0, proxyParent);
        n += child.data(ItemRole::IsLeaf).toBool() ? (child.data(ItemRole::Counted).toBool() ? 1 : 0)
                                                   : shownLeaves(child);
    }
    m_shownLeaves.insert(key, n);
    return n;
}

int StatusFilterProxyModel::shownLeavesBound() const
{
    const StateCounts counts = stateCounts(); // visits every leaf, so every text match is known
    if (!m_states.isEmpty()) {
        int n = 0;
        for (int state : m_states)
            n += counts.value(state);
        return n;
    }
    return int(std::count(m_textMatches.cbegin(), m_textMatches.cend(), true));
}

QVariant StatusFilterProxyModel::data(const QModelIndex &index, int role) const
{
    if (role == Qt::DisplayRole && index.column() == m_statusColumn && isFiltering() && !index.data(ItemRole::IsLeaf).toBool()) {
        const QModelIndex first = index.siblingAtColumn(0);
        const int total = first.data(ItemRole::LeafCount).toInt();
        if (total > 0)
            return tr("%1 of %2 shown").arg(shownLeaves(first)).arg(total);
    }
    return QSortFilterProxyModel::data(index, role);
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
