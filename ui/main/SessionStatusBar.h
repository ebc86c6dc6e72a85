// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>

class QLabel;
class QProgressBar;
class QStatusBar;
class QToolButton;

namespace ds::ui {

class ComparisonSession;

// The window's status bar for a session: what the comparison found (the
// counts every pane shows, from core's ReportCounts), progress while work
// runs and a Cancel button (Esc).
class SessionStatusBar : public QObject
{
    Q_OBJECT

public:
    SessionStatusBar(ComparisonSession *session, QStatusBar *bar, QObject *parent = nullptr);

    // Re-reads the session's snapshot.
    void updateSummary();
    QLabel *summaryLabel() const { return m_summary; }
    // "12 of 40 drifted CRs reviewed"; hidden when empty.
    void setReviewProgress(const QString &text);
    QLabel *reviewLabel() const { return m_review; }
    // "2 errors · 5 warnings" from the Problems panel; hidden when both are 0.
    void setProblemCounts(int errors, int warnings);
    QToolButton *problemsButton() const { return m_problems; }

signals:
    void problemsRequested();

private:
    void onBusyChanged(bool busy);
    void onProgress(int done, int total, const QString &label);

    ComparisonSession *m_session;
    QStatusBar *m_bar;
    QLabel *m_summary;
    QLabel *m_review;
    QProgressBar *m_progress;
    QToolButton *m_cancel;
    QToolButton *m_problems;
};

} // namespace ds::ui
