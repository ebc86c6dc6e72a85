// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "review/ReviewFile.h"

#include <QUndoCommand>

#include <optional>
#include <string>

namespace ds::ui {

class ReviewDocument;

// One undoable change of a review mark: the mark before and after.
class ReviewMarkCommand : public QUndoCommand
{
public:
    ReviewMarkCommand(ReviewDocument *document, const QString &text, std::string crId, std::string templatePath,
                      std::optional<review::ReviewMark> after);

    void redo() override;
    void undo() override;

private:
    ReviewDocument *m_document;
    std::string m_crId;
    std::string m_templatePath;
    std::optional<review::ReviewMark> m_before;
    std::optional<review::ReviewMark> m_after;
};

} // namespace ds::ui
