// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QAbstractTableModel>
#include <QPointer>

namespace ds::ui {

class ManualCorrelations;

// The manual correlation pairs as a table (CR → template) for the
// Correlations panel; follows ManualCorrelations::changed().
class CorrelationsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { ClusterObjectColumn, TemplateColumn, ColumnCount };

    explicit CorrelationsModel(ManualCorrelations *correlations, QObject *parent = nullptr);

    QString clusterObjectId(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    void reload();

    QPointer<ManualCorrelations> m_correlations;
    QList<QPair<QString, QString>> m_rows;
};

} // namespace ds::ui
