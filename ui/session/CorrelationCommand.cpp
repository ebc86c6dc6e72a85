// SPDX-License-Identifier: Apache-2.0
#include "CorrelationCommand.h"

namespace ds::ui {

namespace {

// Only the CRs whose pair really changes, so undo restores exactly those.
ManualCorrelations::Change effective(const ManualCorrelations::Pairs &pairs, ManualCorrelations::Change after)
{
    for (auto it = after.begin(); it != after.end();) {
        const auto current = pairs.find(it->first);
        const bool same = current == pairs.end() ? !it->second : it->second == current->second;
        it = same ? after.erase(it) : std::next(it);
    }
    return after;
}

} // namespace

CorrelationCommand::CorrelationCommand(ManualCorrelations *correlations, ManualCorrelations::Change after,
                                       QUndoCommand *parent)
    : QUndoCommand(parent), m_correlations(correlations), m_after(effective(correlations->pairs(), std::move(after)))
{
    for (const auto &[id, path] : m_after) {
        const auto current = correlations->pairs().find(id);
        m_before[id] = current == correlations->pairs().end() ? std::nullopt : std::optional(current->second);
    }
}

void CorrelationCommand::redo()
{
    m_correlations->apply(m_after);
}

void CorrelationCommand::undo()
{
    m_correlations->apply(m_before);
}

} // namespace ds::ui
