// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QAbstractTableModel>
#include <QPointer>

namespace ds::ui {

class OverridesDocument;

// The user overrides in force as a table (CR, template, type, reason) for the
// Overrides panel; follows OverridesDocument::changed(). The reason is
// editable: an edit goes through the document (undoable, only that override's
// reason line changes in the file) and an empty reason is refused.
class OverridesModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { ClusterObjectColumn, TemplateColumn, TypeColumn, ReasonColumn, ColumnCount };

    explicit OverridesModel(OverridesDocument *document, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

signals:
    // An edit the document refused (an empty reason, a file it cannot edit).
    void editRefused(const QString &why);

private:
    QPointer<OverridesDocument> m_document;
};

} // namespace ds::ui
