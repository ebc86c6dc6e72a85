// SPDX-License-Identifier: Apache-2.0
#include "UnpinCorrelationsCommand.h"

#include <QCoreApplication>

namespace ds::ui {

namespace {

ManualCorrelations::Change unpinning(const QStringList &ids)
{
    ManualCorrelations::Change change;
    for (const QString &id : ids)
        change[id.toStdString()] = std::nullopt;
    return change;
}

} // namespace

UnpinCorrelationsCommand::UnpinCorrelationsCommand(ManualCorrelations *correlations,
                                                   const QStringList &clusterObjectIds, QUndoCommand *parent)
    : CorrelationCommand(correlations, unpinning(clusterObjectIds), parent)
{
    const auto n = after().size();
    setText(n == 1 ? QCoreApplication::translate("ds::ui::ManualCorrelations", "Unpin %1")
                         .arg(QString::fromStdString(after().begin()->first))
                   : QCoreApplication::translate("ds::ui::ManualCorrelations", "Unpin %1 CRs").arg(n));
}

} // namespace ds::ui
