// SPDX-License-Identifier: Apache-2.0
#include "ReviewMarkCommand.h"

#include "ReviewDocument.h"

namespace ds::ui {

ReviewMarkCommand::ReviewMarkCommand(ReviewDocument *document, const QString &text, std::string crId,
                                     std::string templatePath, std::optional<review::ReviewMark> after)
    : QUndoCommand(text), m_document(document), m_crId(std::move(crId)), m_templatePath(std::move(templatePath)),
      m_after(std::move(after))
{
    if (const review::ReviewMark *before = document->mark(m_crId, m_templatePath))
        m_before = *before;
}

void ReviewMarkCommand::redo()
{
    m_document->applyMark(m_crId, m_templatePath, m_after);
}

void ReviewMarkCommand::undo()
{
    m_document->applyMark(m_crId, m_templatePath, m_before);
}

} // namespace ds::ui
