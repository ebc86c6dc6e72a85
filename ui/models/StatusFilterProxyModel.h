// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ItemRoles.h"

#include <QSet>
#include <QSortFilterProxyModel>

#include <optional>

namespace ds::ui {

// Text and status filtering for ReferenceTreeModel and ClusterObjectModel
// (anything answering the ItemRole roles). A leaf row stays when its
// FilterText contains every word of the text filter and one of its States is
// in the state filter; group rows stay when a leaf below stays or they are
// AlwaysVisible. stateCounts() gives the numbers for status filter buttons.
class StatusFilterProxyModel : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    explicit StatusFilterProxyModel(QObject *parent = nullptr);

    void setSourceModel(QAbstractItemModel *model) override;

    QString textFilter() const { return m_text; }
    void setTextFilter(const QString &text);
    // States (TemplateState / ClusterObjectState values) to show; empty shows all.
    QSet<int> stateFilter() const { return m_states; }
    void setStateFilter(const QSet<int> &states);

    // Counted leaf rows of the source model that pass the text filter (not the
    // state filter, so buttons show what each state would add), by state.
    StateCounts stateCounts() const;

signals:
    // The counts last returned by stateCounts() are out of date.
    void stateCountsChanged();

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    bool matchesText(const QModelIndex &sourceIndex) const;
    bool matchesStates(const QModelIndex &sourceIndex) const;
    void countLeaves(const QModelIndex &sourceParent, StateCounts &counts) const;
    void invalidateCounts();

    QString m_text;
    QStringList m_words;
    QSet<int> m_states;
    mutable std::optional<StateCounts> m_counts;
    QList<QMetaObject::Connection> m_sourceConnections;
};

} // namespace ds::ui
