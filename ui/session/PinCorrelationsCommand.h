// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "CorrelationCommand.h"

namespace ds::ui {

// Pins CRs to a template, replacing pairs they had.
class PinCorrelationsCommand : public CorrelationCommand
{
public:
    PinCorrelationsCommand(ManualCorrelations *correlations, const QStringList &clusterObjectIds,
                           const QString &templatePath, QUndoCommand *parent = nullptr);
};

} // namespace ds::ui
