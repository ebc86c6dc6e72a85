// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "fleet/FleetReport.h"

#include <QAbstractTableModel>

#include <memory>

namespace ds::ui {

// The fleet matrix: a row per template, a column per cluster (clusters that
// could not be compared keep their column, empty, with the error as tooltip),
// each cell a state (clean, drift, missing, …) with its colour.
class FleetMatrixModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Role { StateRole = Qt::UserRole + 1 };

    explicit FleetMatrixModel(QObject *parent = nullptr);

    void setReport(std::shared_ptr<const fleet::FleetReport> report);
    const fleet::FleetReport *report() const { return m_report.get(); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    QString templatePath(int row) const;
    const fleet::FleetReport::Cluster *cluster(int column) const;

private:
    std::shared_ptr<const fleet::FleetReport> m_report;
};

} // namespace ds::ui
