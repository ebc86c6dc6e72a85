// SPDX-License-Identifier: Apache-2.0
#include "OverridesModel.h"

#include "OverridesDocument.h"

namespace ds::ui {

namespace {

// What the override names: the exact CR id, else "Kind namespace/name" (the
// fields it correlates on; an empty one matches any value).
QString target(const compare::UserOverride &o)
{
    if (!o.exactMatch.empty())
        return QString::fromStdString(o.exactMatch);
    const QString name = QString::fromStdString(o.name.empty() ? std::string("*") : o.name);
    const QString where = o.ns.empty() ? name : QString::fromStdString(o.ns) + QLatin1Char('/') + name;
    return o.kind.empty() ? where : QString::fromStdString(o.kind) + QLatin1Char(' ') + where;
}

} // namespace

OverridesModel::OverridesModel(OverridesDocument *document, QObject *parent)
    : QAbstractTableModel(parent), m_document(document)
{
    // The document replaces its list as a whole on every edit, undo and load.
    connect(document, &OverridesDocument::changed, this, [this] {
        beginResetModel();
        endResetModel();
    });
}

int OverridesModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_document ? 0 : int(m_document->overrides().size());
}

int OverridesModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant OverridesModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const compare::UserOverride &o = m_document->overrides()[std::size_t(index.row())];
    if (role == Qt::ToolTipRole)
        return tr("%1 %2\n%3 patch:\n%4")
            .arg(QString::fromStdString(o.apiVersion), target(o), QString::fromStdString(o.type),
                 QString::fromStdString(o.patch));
    if (role != Qt::DisplayRole && role != Qt::EditRole)
        return {};
    switch (index.column()) {
    case ClusterObjectColumn: return target(o);
    case TemplateColumn: return QString::fromStdString(o.templatePath);
    case TypeColumn: return QString::fromStdString(o.type);
    case ReasonColumn: return QString::fromStdString(o.reason);
    default: return {};
    }
}

QVariant OverridesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ClusterObjectColumn: return tr("Cluster CR");
    case TemplateColumn: return tr("Template");
    case TypeColumn: return tr("Type");
    case ReasonColumn: return tr("Reason");
    default: return {};
    }
}

Qt::ItemFlags OverridesModel::flags(const QModelIndex &index) const
{
    const Qt::ItemFlags f = QAbstractTableModel::flags(index);
    return index.column() == ReasonColumn ? f | Qt::ItemIsEditable : f;
}

bool OverridesModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || index.column() != ReasonColumn || !m_document)
        return false;
    const QString reason = value.toString();
    if (reason == data(index, Qt::EditRole).toString())
        return false;
    if (!m_document->setReason(index.row(), reason)) {
        emit editRefused(m_document->errorString());
        return false;
    }
    return true;
}

} // namespace ds::ui
