// SPDX-License-Identifier: Apache-2.0
#include "fleet/FleetMatrixModel.h"

#include <QColor>

namespace ds::ui {

namespace {

// Tints readable in light and dark themes alike (the text keeps the palette's colour).
QColor tint(const std::string &state)
{
    if (state == "drift")
        return QColor(240, 150, 60, 90);
    if (state == "missing")
        return QColor(220, 60, 60, 90);
    if (state == "failed")
        return QColor(160, 80, 200, 90);
    if (state == "patched")
        return QColor(70, 130, 220, 80);
    if (state == "clean")
        return QColor(60, 170, 90, 60);
    return {};
}

} // namespace

FleetMatrixModel::FleetMatrixModel(QObject *parent) : QAbstractTableModel(parent) {}

void FleetMatrixModel::setReport(std::shared_ptr<const fleet::FleetReport> report)
{
    beginResetModel();
    m_report = std::move(report);
    endResetModel();
}

int FleetMatrixModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_report ? 0 : int(m_report->templatePaths().size());
}

int FleetMatrixModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_report ? 0 : int(m_report->clusters().size());
}

QString FleetMatrixModel::templatePath(int row) const
{
    return m_report && row >= 0 && row < rowCount() ? QString::fromStdString(m_report->templatePaths()[std::size_t(row)])
                                                    : QString();
}

const fleet::FleetReport::Cluster *FleetMatrixModel::cluster(int column) const
{
    return m_report && column >= 0 && column < columnCount() ? &m_report->clusters()[std::size_t(column)] : nullptr;
}

QVariant FleetMatrixModel::data(const QModelIndex &index, int role) const
{
    const fleet::FleetReport::Cluster *c = cluster(index.column());
    if (!c || index.row() >= rowCount())
        return {};
    const std::string path = m_report->templatePaths()[std::size_t(index.row())];
    const std::string state = m_report->state(path, *c);
    switch (role) {
    case Qt::DisplayRole:
    case StateRole:
        return QString::fromStdString(state);
    case Qt::BackgroundRole:
        if (const QColor color = tint(state); color.isValid())
            return color;
        return {};
    case Qt::ToolTipRole:
        return c->error.empty() ? tr("%1 on %2: %3").arg(QString::fromStdString(path), QString::fromStdString(c->name),
                                                         QString::fromStdString(state))
                                : tr("%1 could not be compared: %2")
                                      .arg(QString::fromStdString(c->name), QString::fromStdString(c->error));
    default:
        return {};
    }
}

QVariant FleetMatrixModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    if (orientation == Qt::Vertical)
        return templatePath(section);
    const fleet::FleetReport::Cluster *c = cluster(section);
    if (!c)
        return {};
    if (role == Qt::ToolTipRole)
        return QString::fromStdString(c->source + (c->error.empty() ? "" : "\n" + c->error));
    return QString::fromStdString(c->name + (c->error.empty() ? "" : " \u26A0"));
}

} // namespace ds::ui
