// SPDX-License-Identifier: Apache-2.0
#include "ProblemsModel.h"

#include <QApplication>
#include <QFileInfo>
#include <QStyle>

#include <algorithm>

namespace ds::ui {

namespace {

QString severityText(Problem::Severity s)
{
    switch (s) {
    case Problem::Severity::Error: return ProblemsModel::tr("Error");
    case Problem::Severity::Warning: return ProblemsModel::tr("Warning");
    case Problem::Severity::Info: return ProblemsModel::tr("Info");
    }
    return {};
}

QIcon severityIcon(Problem::Severity s)
{
    const QStyle *style = QApplication::style();
    switch (s) {
    case Problem::Severity::Error: return style->standardIcon(QStyle::SP_MessageBoxCritical);
    case Problem::Severity::Warning: return style->standardIcon(QStyle::SP_MessageBoxWarning);
    case Problem::Severity::Info: return style->standardIcon(QStyle::SP_MessageBoxInformation);
    }
    return {};
}

QString location(const Problem &p)
{
    if (p.file.isEmpty())
        return p.crId;
    QString text = QFileInfo(p.file).fileName();
    if (p.line > 0)
        text += QLatin1Char(':') + QString::number(p.line);
    if (p.line > 0 && p.column > 0)
        text += QLatin1Char(':') + QString::number(p.column);
    return text;
}

} // namespace

ProblemsModel::ProblemsModel(QObject *parent) : QAbstractTableModel(parent) {}

void ProblemsModel::setProblems(const ProblemList &problems)
{
    beginResetModel();
    m_problems = problems;
    // Errors first; otherwise the order they happened in.
    std::stable_sort(m_problems.begin(), m_problems.end(),
                     [](const Problem &a, const Problem &b) { return a.severity < b.severity; });
    endResetModel();
}

int ProblemsModel::count(Problem::Severity severity) const
{
    return int(std::count_if(m_problems.begin(), m_problems.end(),
                             [severity](const Problem &p) { return p.severity == severity; }));
}

int ProblemsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_problems.size());
}

int ProblemsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ProblemsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Problem &p = m_problems.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == SeverityColumn)
            return severityText(p.severity);
        if (index.column() == MessageColumn)
            return p.message.simplified(); // multi-line messages in one row; the tooltip has it all
        return location(p);
    case Qt::ToolTipRole:
        return index.column() == LocationColumn ? (p.file.isEmpty() ? p.crId : p.file) : p.message;
    case Qt::DecorationRole:
        return index.column() == SeverityColumn ? QVariant(severityIcon(p.severity)) : QVariant();
    case FileRole: return p.file;
    case LineRole: return p.line;
    case ColumnRole: return p.column;
    case CrIdRole: return p.crId;
    case SeverityRole: return int(p.severity);
    default: return {};
    }
}

QVariant ProblemsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SeverityColumn: return tr("Severity");
    case MessageColumn: return tr("Message");
    case LocationColumn: return tr("Location");
    default: return {};
    }
}

} // namespace ds::ui
