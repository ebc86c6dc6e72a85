// SPDX-License-Identifier: Apache-2.0
#include "explain/FieldsModel.h"

#include "report/FieldsWriter.h"

#include <QGuiApplication>
#include <QPalette>

namespace ds::ui {

namespace {

QString text(const std::string &s)
{
    return QString::fromStdString(s);
}

// One line in the table; the tooltip has the whole value.
QString oneLine(const QString &value)
{
    QString line = value;
    line.replace(QLatin1Char('\n'), QStringLiteral(" ⏎ "));
    return line.size() > 200 ? line.left(200) + QStringLiteral("…") : line;
}

QString changeName(diff::FieldChange::Kind kind)
{
    switch (kind) {
    case diff::FieldChange::Kind::Changed: return FieldsModel::tr("changed");
    case diff::FieldChange::Kind::AddedInCluster: return FieldsModel::tr("only in the cluster");
    case diff::FieldChange::Kind::MissingFromCluster: return FieldsModel::tr("missing from the cluster");
    }
    return {};
}

QString hiddenName(const report::HiddenField &h)
{
    switch (h.reason) {
    case report::HiddenField::Reason::Omitted: return FieldsModel::tr("not compared: %1").arg(text(h.rule));
    case report::HiddenField::Reason::Unspecified:
        return FieldsModel::tr("not compared: the template leaves it open (ignore-unspecified-fields)");
    case report::HiddenField::Reason::InlineFunction:
        return h.accepted ? FieldsModel::tr("%1 accepted the value").arg(text(h.rule))
                          : FieldsModel::tr("%1 did not accept the value").arg(text(h.rule));
    }
    return {};
}

} // namespace

FieldsModel::FieldsModel(QObject *parent) : QAbstractTableModel(parent) {}

void FieldsModel::setResult(const report::CrResult *result)
{
    beginResetModel();
    m_changes = result ? report::fieldChangesOf(*result) : std::vector<diff::FieldChange>();
    m_hidden = result ? result->hidden : std::vector<report::HiddenField>();
    endResetModel();
}

ObjectPath FieldsModel::pathAt(int row) const
{
    if (row < 0 || row >= rowCount())
        return {};
    return isHidden(row) ? m_hidden[std::size_t(row - changedCount())].path : m_changes[std::size_t(row)].path;
}

int FieldsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_changes.size() + m_hidden.size());
}

int FieldsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant FieldsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    if (isHidden(index.row()))
        return hiddenData(m_hidden[std::size_t(index.row() - changedCount())], index.column(), role);
    return changeData(m_changes[std::size_t(index.row())], index.column(), role);
}

QVariant FieldsModel::changeData(const diff::FieldChange &change, int column, int role) const
{
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    QString value;
    switch (column) {
    case FieldColumn: return text(pathText(change.path));
    case ChangeColumn: return changeName(change.kind);
    case ReferenceColumn: value = text(report::fieldValueDisplay(change.reference)); break;
    case ClusterColumn: value = text(report::fieldValueDisplay(change.cluster)); break;
    default: return {};
    }
    return role == Qt::ToolTipRole ? value : oneLine(value);
}

// Hidden fields are greyed: the comparison did not look at them.
QVariant FieldsModel::hiddenData(const report::HiddenField &hidden, int column, int role) const
{
    if (role == Qt::ForegroundRole)
        return QGuiApplication::palette().color(QPalette::Disabled, QPalette::Text);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (column) {
    case FieldColumn: return text(pathText(hidden.path));
    case ChangeColumn: return hiddenName(hidden);
    case ClusterColumn: return role == Qt::ToolTipRole ? text(hidden.clusterValue) : oneLine(text(hidden.clusterValue));
    default: return {};
    }
}

QVariant FieldsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case FieldColumn: return tr("Field");
    case ChangeColumn: return tr("Change");
    case ReferenceColumn: return tr("Reference");
    case ClusterColumn: return tr("Cluster");
    default: return {};
    }
}

} // namespace ds::ui
