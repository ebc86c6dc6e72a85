// SPDX-License-Identifier: Apache-2.0
#include "PinCorrelationsCommand.h"

#include <QCoreApplication>

namespace ds::ui {

namespace {

ManualCorrelations::Change pinning(const QStringList &ids, const QString &templatePath)
{
    ManualCorrelations::Change change;
    for (const QString &id : ids)
        change[id.toStdString()] = templatePath.toStdString();
    return change;
}

} // namespace

PinCorrelationsCommand::PinCorrelationsCommand(ManualCorrelations *correlations, const QStringList &clusterObjectIds,
                                               const QString &templatePath, QUndoCommand *parent)
    : CorrelationCommand(correlations, pinning(clusterObjectIds, templatePath), parent)
{
    const auto n = after().size();
    setText(n == 1 ? QCoreApplication::translate("ds::ui::ManualCorrelations", "Pin %1 to %2")
                         .arg(QString::fromStdString(after().begin()->first), templatePath)
                   : QCoreApplication::translate("ds::ui::ManualCorrelations", "Pin %1 CRs to %2")
                         .arg(n)
                         .arg(templatePath));
}

} // namespace ds::ui
