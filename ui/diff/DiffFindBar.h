// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QList>
#include <QWidget>

class QAction;
class QLabel;
class QLineEdit;

namespace ds::ui {

class SideBySideDiffView;

// Find in the diff: Ctrl+F (when the diff has focus) opens it, typing finds
// in both sides — folded lines included, which open when a match is shown —
// F3 / Shift+F3 (or Return / Shift+Return) step through the matches, every
// match is highlighted, Esc closes it. Case-insensitive unless the text has
// an upper-case letter.
class DiffFindBar : public QWidget
{
    Q_OBJECT

public:
    explicit DiffFindBar(SideBySideDiffView *view);

    void start();
    void findNext();
    void findPrevious();
    // Matches of the current text: (side, model row, start, length).
    struct Match
    {
        bool right = false;
        int modelRow = 0;
        int start = 0;
        int length = 0;
    };
    const QList<Match> &matches() const { return m_matches; }
    int current() const { return m_current; }
    QLineEdit *edit() const { return m_edit; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void search();
    void showMatch(int index);
    void highlight();
    void closeBar();

    SideBySideDiffView *m_view;
    QLineEdit *m_edit;
    QLabel *m_count;
    QAction *m_next;
    QAction *m_previous;
    QList<Match> m_matches;
    int m_current = -1;
};

} // namespace ds::ui
