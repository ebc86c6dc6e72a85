// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ItemRoles.h"
#include "LeafFilterIndex.h"

#include <QHash>
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
    bool isFiltering() const { return !m_words.isEmpty() || !m_states.isEmpty(); }
    // The source column whose group rows say "2 of 40 shown" under a filter.
    void setStatusColumn(int column) { m_statusColumn = column; }
    // Leaf rows shown below a (proxy) group row.
    int shownLeaves(const QModelIndex &proxyParent) const;
    // At least as many as the leaf rows the filters leave (cheap: from the
    // matches and counts already made), for deciding whether to open them all.
    int shownLeavesBound() const;

    // Under a filter, a group's status column says how many of its CRs or
    // templates are shown ("2 of 40 shown").
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

signals:
    // The counts last returned by stateCounts() are out of date.
    void stateCountsChanged();
    // The text or the states filtered by changed (rows came or went).
    void filterChanged();

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    const LeafFilterIndex &leafIndex() const;
    std::uint64_t stateMask() const;
    void sourceChanged();
    void refilter();
    void invalidateCounts();

    QString m_text;
    QStringList m_words; // lowercase
    // Built from the source model on first use after it changed (mutable: the
    // filter asks for it from const overrides).
    mutable LeafFilterIndex m_index;
    mutable bool m_narrowing = false; // the next match may re-test only earlier matches
    mutable bool m_matched = true;    // m_index matched m_words
    bool m_buildScheduled = false;
    mutable QHash<quintptr, int> m_shownLeaves; // per group, for the current filter
    int m_statusColumn = 1;
    QSet<int> m_states;
    mutable std::optional<std::uint64_t> m_stateMask; // m_states in the index's numbering

    mutable std::optional<StateCounts> m_counts;
    QList<QMetaObject::Connection> m_sourceConnections;
};

} // namespace ds::ui
