// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ManualCorrelations.h"

#include <QUndoCommand>

namespace ds::ui {

// An undoable change of manual correlation pairs: several CRs at once make one step.
class CorrelationCommand : public QUndoCommand
{
public:
    // `after`: the new path of each CR (nullopt: unpinned); the old ones are read now.
    CorrelationCommand(ManualCorrelations *correlations, ManualCorrelations::Change after,
                       QUndoCommand *parent = nullptr);

    bool isNoOp() const { return m_after == m_before; }
    void redo() override;
    void undo() override;

protected:
    const ManualCorrelations::Change &after() const { return m_after; }

private:
    ManualCorrelations *m_correlations;
    ManualCorrelations::Change m_before;
    ManualCorrelations::Change m_after;
};

} // namespace ds::ui
