// SPDX-License-Identifier: Apache-2.0
#include "diff/DiffFindBar.h"

#include "diff/DiffSideEditor.h"
#include "diff/SideBySideDiffView.h"

#include <QAction>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QTextBlock>
#include <QToolButton>

namespace ds::ui {

DiffFindBar::DiffFindBar(SideBySideDiffView *view)
    : QWidget(view), m_view(view), m_edit(new QLineEdit(this)), m_count(new QLabel(this))
{
    setObjectName(QStringLiteral("diffFindBar"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 2, 8, 2);
    layout->addWidget(new QLabel(tr("Find:"), this));
    m_edit->setObjectName(QStringLiteral("diffFindEdit"));
    m_edit->setPlaceholderText(tr("Text in either side"));
    m_edit->setClearButtonEnabled(true);
    m_edit->installEventFilter(this);
    layout->addWidget(m_edit, 1);
    m_count->setObjectName(QStringLiteral("diffFindCount"));
    layout->addWidget(m_count);

    // F3 works from the diff's sides too, not only from the find field.
    m_next = new QAction(tr("Find Next"), view);
    m_next->setShortcut(QKeySequence::FindNext);
    m_next->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(m_next, &QAction::triggered, this, &DiffFindBar::findNext);
    view->addAction(m_next);
    m_previous = new QAction(tr("Find Previous"), view);
    m_previous->setShortcut(QKeySequence::FindPrevious);
    m_previous->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(m_previous, &QAction::triggered, this, &DiffFindBar::findPrevious);
    view->addAction(m_previous);
    for (QAction *action : {m_previous, m_next}) {
        auto *button = new QToolButton(this);
        button->setDefaultAction(action);
        button->setAutoRaise(true);
        layout->addWidget(button);
    }
    auto *close = new QToolButton(this);
    close->setText(tr("Close"));
    close->setAutoRaise(true);
    connect(close, &QToolButton::clicked, this, &DiffFindBar::closeBar);
    layout->addWidget(close);

    connect(m_edit, &QLineEdit::textChanged, this, &DiffFindBar::search);
    connect(m_view, &SideBySideDiffView::diffShown, this, [this] {
        if (isVisible())
            search();
    });
}

void DiffFindBar::start()
{
    setVisible(true);
    m_edit->setFocus();
    m_edit->selectAll();
    search();
}

bool DiffFindBar::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_edit && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Escape) {
            closeBar();
            return true;
        }
        if (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) {
            key->modifiers() & Qt::ShiftModifier ? findPrevious() : findNext();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void DiffFindBar::search()
{
    m_matches.clear();
    m_current = -1;
    const QString text = m_edit->text();
    const auto diff = m_view->diff();
    if (!text.isEmpty() && diff) {
        const Qt::CaseSensitivity cs = text.toLower() == text ? Qt::CaseInsensitive : Qt::CaseSensitive;
        const QList<diff::SideBySideRow> &rows = diff->rows();
        for (int row = 0; row < rows.size(); ++row) {
            for (const bool right : {false, true}) {
                const QString &line = right ? rows[row].rightText : rows[row].leftText;
                for (qsizetype at = line.indexOf(text, 0, cs); at >= 0; at = line.indexOf(text, at + text.size(), cs))
                    m_matches.append({right, row, int(at), int(text.size())});
            }
        }
    }
    if (!m_matches.isEmpty())
        showMatch(0);
    else
        highlight();
}

void DiffFindBar::findNext()
{
    if (!isVisible())
        return start();
    if (!m_matches.isEmpty())
        showMatch((m_current + 1) % int(m_matches.size()));
}

void DiffFindBar::findPrevious()
{
    if (!isVisible())
        return start();
    if (!m_matches.isEmpty())
        showMatch((m_current + int(m_matches.size()) - 1) % int(m_matches.size()));
}

void DiffFindBar::showMatch(int index)
{
    m_current = index;
    const Match &m = m_matches[index];
    const int displayRow = m_view->revealModelRow(m.modelRow);
    DiffSideEditor *editor = m.right ? m_view->rightEditor() : m_view->leftEditor();
    if (displayRow >= 0) {
        QTextCursor cursor(editor->document()->findBlockByNumber(displayRow));
        cursor.setPosition(cursor.block().position() + m.start);
        cursor.setPosition(cursor.block().position() + m.start + m.length, QTextCursor::KeepAnchor);
        editor->setTextCursor(cursor);
    }
    highlight();
}

// Every match on the rows shown, the current one selected.
void DiffFindBar::highlight()
{
    const QString text = m_edit->text();
    m_count->setText(text.isEmpty()      ? QString()
                     : m_matches.isEmpty() ? tr("No match")
                                           : tr("%1 of %2").arg(m_current + 1).arg(m_matches.size()));
    const DiffDisplay *display = m_view->display();
    for (const bool right : {false, true}) {
        DiffSideEditor *editor = right ? m_view->rightEditor() : m_view->leftEditor();
        QList<QTextEdit::ExtraSelection> selections;
        if (display && isVisible()) {
            for (const Match &m : m_matches) {
                const int row = display->displayRowForModelRow(m.modelRow);
                if (m.right != right || row < 0 || display->isFold(row))
                    continue;
                QTextEdit::ExtraSelection selection;
                selection.cursor = QTextCursor(editor->document()->findBlockByNumber(row));
                selection.cursor.setPosition(selection.cursor.block().position() + m.start);
                selection.cursor.setPosition(selection.cursor.block().position() + m.start + m.length,
                                             QTextCursor::KeepAnchor);
                selection.format.setBackground(palette().color(QPalette::Highlight).lighter(160));
                selections.append(selection);
            }
        }
        editor->setExtraSelections(selections);
    }
}

void DiffFindBar::closeBar()
{
    hide();
    m_matches.clear();
    m_current = -1;
    highlight();
    m_view->setFocus();
}

} // namespace ds::ui
