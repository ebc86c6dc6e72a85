// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "live/Kubeconfig.h"

#include <QAbstractTableModel>

#include <vector>

namespace ds::ui {

// The contexts of a kubeconfig as a table: name, cluster URL, user, namespace.
// The current context is marked (bold, "current" in the tooltip).
class ContextListModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Name, Server, User, Namespace, ColumnCount };

    explicit ContextListModel(QObject *parent = nullptr);

    void setContexts(std::vector<live::ContextSummary> contexts);
    const live::ContextSummary &context(int row) const { return m_contexts.at(std::size_t(row)); }
    // The row of the current context, or -1.
    int currentRow() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<live::ContextSummary> m_contexts;
};

} // namespace ds::ui
