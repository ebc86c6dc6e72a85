// SPDX-License-Identifier: Apache-2.0
#include "review/ReviewNoteDialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QShortcut>
#include <QVBoxLayout>

namespace ds::ui {

ReviewNoteDialog::ReviewNoteDialog(const QString &subject, const QString &note, QWidget *parent)
    : QDialog(parent), m_editor(new QPlainTextEdit(note, this))
{
    setObjectName(QStringLiteral("reviewNoteDialog"));
    setWindowTitle(tr("Review Note"));
    auto *label = new QLabel(tr("Note on %1 (shown in the review file and the HTML report):").arg(subject), this);
    label->setWordWrap(true);
    m_editor->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_editor->setTabChangesFocus(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Save)->setToolTip(tr("Ctrl+Return"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(label);
    layout->addWidget(m_editor, 1);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (const QKeySequence &key : {QKeySequence(Qt::CTRL | Qt::Key_Return), QKeySequence(Qt::CTRL | Qt::Key_Enter)})
        connect(new QShortcut(key, this), &QShortcut::activated, this, &QDialog::accept);
    resize(520, 220);
    m_editor->setFocus();
    m_editor->moveCursor(QTextCursor::End);
}

QString ReviewNoteDialog::note() const
{
    return m_editor->toPlainText().trimmed();
}

} // namespace ds::ui
