// SPDX-License-Identifier: Apache-2.0
#include "CorrelationsModel.h"

#include "ManualCorrelations.h"

namespace ds::ui {

CorrelationsModel::CorrelationsModel(ManualCorrelations *correlations, QObject *parent)
    : QAbstractTableModel(parent), m_correlations(correlations)
{
    connect(correlations, &ManualCorrelations::changed, this, &CorrelationsModel::reload);
    reload();
}

QString CorrelationsModel::clusterObjectId(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows[row].first : QString();
}

int CorrelationsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CorrelationsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CorrelationsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid) || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return {};
    const auto &row = m_rows.at(index.row());
    return index.column() == ClusterObjectColumn ? row.first : row.second;
}

QVariant CorrelationsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return section == ClusterObjectColumn ? tr("Cluster CR") : tr("Template");
}

void CorrelationsModel::reload()
{
    beginResetModel();
    m_rows.clear();
    if (m_correlations)
        for (const auto &[id, path] : m_correlations->pairs())
            m_rows.append({QString::fromStdString(id), QString::fromStdString(path)});
    endResetModel();
}

} // namespace ds::ui
