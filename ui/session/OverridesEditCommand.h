// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "compare/UserOverrides.h"

#include <QUndoCommand>

#include <string>
#include <vector>

namespace ds::ui {

class OverridesDocument;

// One undoable edit of the overrides: the text (and what it holds) before and after.
class OverridesEditCommand : public QUndoCommand
{
public:
    OverridesEditCommand(OverridesDocument *document, const QString &text, std::string after,
                         std::vector<compare::UserOverride> afterOverrides);

    void redo() override;
    void undo() override;

private:
    OverridesDocument *m_document;
    std::string m_before;
    std::vector<compare::UserOverride> m_beforeOverrides;
    std::string m_after;
    std::vector<compare::UserOverride> m_afterOverrides;
};

} // namespace ds::ui
