// SPDX-License-Identifier: Apache-2.0
#include "OverridesEditCommand.h"

#include "OverridesDocument.h"

namespace ds::ui {

OverridesEditCommand::OverridesEditCommand(OverridesDocument *document, const QString &text, std::string after,
                                           std::vector<compare::UserOverride> afterOverrides)
    : QUndoCommand(text), m_document(document), m_before(document->text()),
      m_beforeOverrides(document->overrides()), m_after(std::move(after)), m_afterOverrides(std::move(afterOverrides))
{
}

void OverridesEditCommand::redo()
{
    m_document->setContent(m_after, m_afterOverrides);
}

void OverridesEditCommand::undo()
{
    m_document->setContent(m_before, m_beforeOverrides);
}

} // namespace ds::ui
