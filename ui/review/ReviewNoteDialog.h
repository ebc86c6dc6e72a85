// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QDialog>

class QPlainTextEdit;

namespace ds::ui {

// Edit ▸ Review Note…: a few wrapped lines about the CRs chosen (what was
// checked, with whom, the ticket). Ctrl+Return saves, Esc cancels.
class ReviewNoteDialog : public QDialog
{
    Q_OBJECT

public:
    ReviewNoteDialog(const QString &subject, const QString &note, QWidget *parent = nullptr);

    QString note() const;
    QPlainTextEdit *editor() const { return m_editor; }

private:
    QPlainTextEdit *m_editor;
};

} // namespace ds::ui
