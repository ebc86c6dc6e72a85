// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "CorrelationCommand.h"

namespace ds::ui {

// Removes the manual correlation pairs of CRs.
class UnpinCorrelationsCommand : public CorrelationCommand
{
public:
    UnpinCorrelationsCommand(ManualCorrelations *correlations, const QStringList &clusterObjectIds,
                             QUndoCommand *parent = nullptr);
};

} // namespace ds::ui
