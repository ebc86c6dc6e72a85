// SPDX-License-Identifier: Apache-2.0
#include "main/SessionStatusBar.h"

#include "session/ComparisonSession.h"

#include <QLabel>
#include <QProgressBar>
#include <QStatusBar>
#include <QStyle>
#include <QToolButton>

namespace ds::ui {

SessionStatusBar::SessionStatusBar(ComparisonSession *session, QStatusBar *bar, QObject *parent)
    : QObject(parent), m_session(session), m_bar(bar), m_summary(new QLabel(bar)), m_review(new QLabel(bar)), m_progress(new QProgressBar(bar)),
      m_cancel(new QToolButton(bar)), m_problems(new QToolButton(bar))
{
    m_summary->setObjectName(QStringLiteral("summaryLabel"));
    m_progress->setMaximumWidth(220);
    m_progress->setTextVisible(true);
    m_progress->hide();
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop loading or comparing (Esc)"));
    m_cancel->setShortcut(Qt::Key_Escape);
    m_cancel->hide();
    connect(m_cancel, &QToolButton::clicked, m_session, &ComparisonSession::cancel);
    bar->addWidget(m_summary, 1);
    m_review->setObjectName(QStringLiteral("reviewProgressLabel"));
    m_review->setToolTip(tr("Drifted CRs with a review mark for their current drift (Space: reviewed, "
                            "Shift+Space: to fix)"));
    m_review->hide();
    bar->addPermanentWidget(m_review);
    m_problems->setObjectName(QStringLiteral("problemCountButton"));
    m_problems->setAutoRaise(true);
    m_problems->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_problems->setToolTip(tr("Show the Problems panel"));
    m_problems->hide();
    connect(m_problems, &QToolButton::clicked, this, &SessionStatusBar::problemsRequested);
    bar->addPermanentWidget(m_problems);
    bar->addPermanentWidget(m_progress);
    bar->addPermanentWidget(m_cancel);
    connect(m_session, &ComparisonSession::busyChanged, this, &SessionStatusBar::onBusyChanged);
    connect(m_session, &ComparisonSession::progressChanged, this, &SessionStatusBar::onProgress);
    updateSummary();
}

void SessionStatusBar::setReviewProgress(const QString &text)
{
    m_review->setText(text);
    m_review->setVisible(!text.isEmpty());
}

void SessionStatusBar::setProblemCounts(int errors, int warnings)
{
    QStringList parts;
    if (errors > 0)
        parts << tr("%n error(s)", nullptr, errors);
    if (warnings > 0)
        parts << tr("%n warning(s)", nullptr, warnings);
    m_problems->setText(parts.join(QStringLiteral(" · ")));
    m_problems->setIcon(m_bar->style()->standardIcon(errors > 0 ? QStyle::SP_MessageBoxCritical
                                                               : QStyle::SP_MessageBoxWarning));
    m_problems->setVisible(!parts.isEmpty());
}

void SessionStatusBar::updateSummary()
{
    const auto snapshot = m_session->snapshot();
    if (!snapshot->reference) {
        m_summary->setText(tr("Open a reference (Ctrl+O) and cluster data (Ctrl+Shift+O) or a cluster "
                              "(Ctrl+K) to compare them."));
        return;
    }
    if (!snapshot->report) {
        const int n = int(snapshot->reference->templates.size());
        m_summary->setText(n == 1 ? tr("Reference loaded: 1 template. Open cluster data to compare.")
                                  : tr("Reference loaded: %1 templates. Open cluster data to compare.").arg(n));
        return;
    }
    const report::ReportCounts &n = snapshot->lookup().counts();
    QString text = tr("%1 CRs compared · %2 with drift · %3 missing from the cluster · %4 unmatched · %5 "
                      "failed · %6 patched")
                       .arg(n.compared)
                       .arg(n.withDrift)
                       .arg(n.missing)
                       .arg(n.unmatched)
                       .arg(n.failed)
                       .arg(n.patched);
    if (n.notVerified > 0)
        text += tr(" · %n required template(s) not verified", nullptr, int(n.notVerified));
    if (!snapshot->report->inputErrors.empty())
        text += tr(" · cluster data incomplete");
    if (n.foundByReference == 1)
        text += tr(" · 1 template found by reference only");
    else if (n.foundByReference > 1)
        text += tr(" · %1 templates found by reference only").arg(n.foundByReference);
    m_summary->setText(text);
}

void SessionStatusBar::onBusyChanged(bool busy)
{
    m_progress->setVisible(busy);
    m_cancel->setVisible(busy);
    if (busy) {
        m_progress->setRange(0, 0);
        m_progress->setFormat(tr("Working…"));
    } else {
        m_bar->clearMessage();
    }
}

void SessionStatusBar::onProgress(int done, int total, const QString &label)
{
    if (!m_session->isBusy()) {
        m_bar->showMessage(label, 3000);
        return;
    }
    m_progress->setRange(0, total);
    m_progress->setValue(total > 0 ? done : 0);
    m_progress->setFormat(total > 0 ? QStringLiteral("%1 %p%").arg(label) : label);
    // A busy bar (no total) shows no text: the stage is also said where messages go.
    m_bar->showMessage(total > 0 ? tr("%1 (%2 of %3)").arg(label).arg(done).arg(total) : label + u'…');
}

} // namespace ds::ui
