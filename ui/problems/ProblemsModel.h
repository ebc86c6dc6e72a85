// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "session/Problem.h"

#include <QAbstractTableModel>

namespace ds::ui {

// The Problems panel's rows: severity, message, file, line.
class ProblemsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { SeverityColumn, MessageColumn, LocationColumn, ColumnCount };
    enum Role { FileRole = Qt::UserRole + 1, LineRole, SeverityRole, ColumnRole, CrIdRole };

    explicit ProblemsModel(QObject *parent = nullptr);

    void setProblems(const ProblemList &problems);
    const ProblemList &problems() const { return m_problems; }
    int count(Problem::Severity severity) const;
    const Problem &problem(int row) const { return m_problems.at(row); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    ProblemList m_problems;
};

} // namespace ds::ui
