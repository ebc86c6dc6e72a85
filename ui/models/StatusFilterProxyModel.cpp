// SPDX-License-Identifier: Apache-2.0
#include "StatusFilterProxyModel.h"

#include <QTimer>

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
    // Connected before QSortFilterProxyModel's own handlers, so the index is
    // up to date when it re-filters the rows that changed.
    if (model) {
        const auto changed = [this] { sourceChanged(); };
        m_sourceConnections << connect(model, &QAbstractItemModel::modelReset, this, changed)
                            << connect(model, &QAbstractItemModel::rowsInserted, this, changed)
                            << connect(model, &QAbstractItemModel::rowsRemoved, this, changed)
                            << connect(model, &QAbstractItemModel::layoutChanged, this, changed)
                            << connect(model, &QAbstractItemModel::dataChanged, this,
                                       [this](const QModelIndex &topLeft, const QModelIndex &bottomRight) {
                                           m_index.refresh(sourceModel(), topLeft.parent(), topLeft.row(),
                                                           bottomRight.row());
                                           m_stateMask.reset(); // a refreshed leaf may bring a new state
                                           m_shownLeaves.clear();
                                           invalidateCounts();
                                       });
    }
    QSortFilterProxyModel::setSourceModel(model);
    sourceChanged();
}

void StatusFilterProxyModel::sourceChanged()
{
    m_index.clear();
    m_stateMask.reset();
    m_matched = false;
    m_narrowing = false;
    m_shownLeaves.clear();
    invalidateCounts();
    // Read the leaves once the event loop is idle, not in the first keystroke.
    if (!m_buildScheduled) {
        m_buildScheduled = true;
        QTimer::singleShot(0, this, [this] {
            m_buildScheduled = false;
            if (sourceModel() && !m_index.isBuilt()) {
                m_index.build(sourceModel());
                m_stateMask.reset();
            }
        });
    }
}

const LeafFilterIndex &StatusFilterProxyModel::leafIndex() const
{
    if (!m_index.isBuilt()) {
        m_index.build(sourceModel());
        m_stateMask.reset();
        m_matched = false;
    }
    if (!m_matched) {
        m_index.match(m_words, m_narrowing);
        m_matched = true;
        m_narrowing = false;
    }
    return m_index;
}

// The state filter as the index numbers states (recomputed when either changed).
std::uint64_t StatusFilterProxyModel::stateMask() const
{
    if (!m_stateMask)
        m_stateMask = m_index.maskOf(QList<int>(m_states.cbegin(), m_states.cend()));
    return *m_stateMask;
}

void StatusFilterProxyModel::setTextFilter(const QString &text)
{
    if (text == m_text)
        return;
    // Typing on (the text only grows): a leaf that did not match cannot match now.
    m_narrowing = m_matched && !m_text.isEmpty() && text.startsWith(m_text, Qt::CaseInsensitive);
    m_matched = false;
    m_shownLeaves.clear();
    m_text = text;
    m_words = text.toLower().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    refilter();
    invalidateCounts();
    emit filterChanged();
}

void StatusFilterProxyModel::setStateFilter(const QSet<int> &states)
{
    if (states == m_states)
        return;
    m_states = states;
    m_stateMask.reset();
    m_shownLeaves.clear();
    refilter();
    emit filterChanged();
}

// invalidate(), not invalidateRowsFilter(): the latter updates every row
// mapping the proxy holds (the view's layout makes one for every group it
// shows) and signals each run of rows that came or went — on a first character
// or a cleared filter at 50k CRs that is thousands of runs and most of the
// keystroke. invalidate() drops the mappings in one layout change; the view
// then maps only the groups it shows, and keeps its selection and expanded
// groups through their persistent indexes.
void StatusFilterProxyModel::refilter()
{
    invalidate();
}

bool StatusFilterProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (!isFiltering())
        return true; // no need to read the leaves
    const quintptr id = sourceModel()->index(sourceRow, 0, sourceParent).internalId();
    const LeafFilterIndex &index = leafIndex();
    if (const int leaf = index.leafOf(id); leaf >= 0)
        return index.textMatches(leaf) && (m_states.isEmpty() || index.hasState(leaf, stateMask()));
    // Groups with nothing matching below go, unless nothing is filtered.
    return index.alwaysVisible(id) || (m_words.isEmpty() && m_states.isEmpty());
}

int StatusFilterProxyModel::shownLeaves(const QModelIndex &proxyParent) const
{
    const quintptr key = mapToSource(proxyParent).internalId();
    if (const auto known = m_shownLeaves.constFind(key); known != m_shownLeaves.cend())
        return *known;
    const LeafFilterIndex &leaves = leafIndex();
    // With no state filter every state passes, even one no leaf has a bit for.
    const int n = leaves.shownBelow(key, m_states.isEmpty() ? std::nullopt : std::optional(stateMask()));
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
    return leafIndex().matchingLeaves();
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
    if (!m_counts)
        m_counts = sourceModel() ? leafIndex().countsByState() : StateCounts();
    return *m_counts;
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
