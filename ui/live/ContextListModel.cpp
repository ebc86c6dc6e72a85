// SPDX-License-Identifier: Apache-2.0
#include "ContextListModel.h"

#include <QFont>

namespace ds::ui {

ContextListModel::ContextListModel(QObject *parent) : QAbstractTableModel(parent) {}

void ContextListModel::setContexts(std::vector<live::ContextSummary> contexts)
{
    beginResetModel();
    m_contexts = std::move(contexts);
    endResetModel();
}

int ContextListModel::currentRow() const
{
    for (std::size_t i = 0; i < m_contexts.size(); ++i)
        if (m_contexts[i].current)
            return int(i);
    return -1;
}

int ContextListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_contexts.size());
}

int ContextListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ContextListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const live::ContextSummary &c = m_contexts[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Name:
            return QString::fromStdString(c.name);
        case Server:
            return c.server.empty() ? tr("(cluster entry \"%1\" missing)").arg(QString::fromStdString(c.cluster))
                                    : QString::fromStdString(c.server);
        case User:
            return QString::fromStdString(c.user);
        case Namespace:
            return c.namespaceName.empty() ? QStringLiteral("default") : QString::fromStdString(c.namespaceName);
        }
        return {};
    case Qt::FontRole:
        if (c.current) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::ToolTipRole:
        return c.current ? tr("%1 (the kubeconfig's current context)").arg(QString::fromStdString(c.name))
                         : QString::fromStdString(c.name);
    }
    return {};
}

QVariant ContextListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Name:
        return tr("Context");
    case Server:
        return tr("Cluster");
    case User:
        return tr("User");
    case Namespace:
        return tr("Namespace");
    }
    return {};
}

} // namespace ds::ui
