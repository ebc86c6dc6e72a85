// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "diff/FieldChanges.h"
#include "report/ComparisonReport.h"

#include <QAbstractTableModel>

#include <vector>

namespace ds::ui {

// The fields of one compared pair: first every changed field (path, change,
// the reference's and the cluster's value — from the canonical YAML both sides
// were diffed as, so Secret data stays masked), then every field the
// reference's rules hid (greyed: omitted, left open, judged by an inline
// function). The Fields panel lists them; a row leads to its lines in the diff.
class FieldsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { FieldColumn, ChangeColumn, ReferenceColumn, ClusterColumn, ColumnCount };

    explicit FieldsModel(QObject *parent = nullptr);

    // Null: no pair (nothing listed).
    void setResult(const report::CrResult *result);
    int changedCount() const { return int(m_changes.size()); }
    int hiddenCount() const { return int(m_hidden.size()); }
    // The field of a row, and whether a rule hid it.
    ObjectPath pathAt(int row) const;
    bool isHidden(int row) const { return row >= changedCount(); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant changeData(const diff::FieldChange &change, int column, int role) const;
    QVariant hiddenData(const report::HiddenField &hidden, int column, int role) const;

    std::vector<diff::FieldChange> m_changes;
    std::vector<report::HiddenField> m_hidden;
};

} // namespace ds::ui
