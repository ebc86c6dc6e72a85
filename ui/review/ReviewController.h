// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "report/ComparisonReport.h"
#include "review/ReviewFile.h"
#include "session/FixesExport.h"

#include <QFuture>
#include <QObject>
#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

class QAction;
class QMenu;
class QWidget;

namespace ds::ui {

class ClusterObjectModel;
class ComparisonSession;
class NavigatorPanel;
class SelectionController;
class SideBySideDiffView;
class WindowDocuments;

// Finishing a review: the commands that decide about drifted CRs and the
// figure that says how far the review is. Accept Differences… records user
// overrides (OverridesDocument) and compares again; Mark Reviewed / Mark To
// Fix / Review Note… set review marks (ReviewDocument); Export Fixes… writes
// the changes that reconcile the cluster. Every edit is undoable on the
// window's shared stack. Commands act on the CRs selected in the panel that
// has focus — a template's CRs in the reference tree — else on the CR the
// diff shows.
class ReviewController : public QObject
{
    Q_OBJECT

public:
    struct Views
    {
        NavigatorPanel *referencePanel;
        NavigatorPanel *objectPanel;
        ClusterObjectModel *objectModel;
        SideBySideDiffView *diffView;
        SelectionController *selection;
    };
    // Where a command takes its CRs from.
    enum class Source { Focus, Templates, Objects, Shown };

    ReviewController(QWidget *window, ComparisonSession *session, WindowDocuments *documents, Views views,
                     QObject *parent = nullptr);

    QAction *acceptAction() const { return m_accept; }
    QAction *markReviewedAction() const { return m_markReviewed; }
    QAction *markToFixAction() const { return m_markToFix; }
    QAction *noteAction() const { return m_note; }
    QAction *exportFixesAction() const { return m_exportFixes; }
    QAction *exportSelectedFixesAction() const { return m_exportSelectedFixes; }
    // The commands on a CR, for context menus.
    QList<QAction *> crActions() const;

    // The CR ids a command applies to (see the class comment).
    QStringList targets(Source source = Source::Focus) const;
    // The results of the drifted CRs among `ids`.
    std::vector<report::CrResult> driftedResults(const QStringList &ids) const;

    // What the dialogs end in (also for tests): record overrides accepting the
    // drift of `ids` with `reason` (refused when empty or nothing drifted);
    // toggle a mark (removed when every CR has it for its current drift);
    // set a note (a CR without a mark becomes reviewed).
    bool accept(const QStringList &ids, const QString &reason);
    void toggleMark(const QStringList &ids, review::ReviewMark::Outcome outcome);
    void setMarked(const QStringList &ids, bool marked);
    void setNote(const QStringList &ids, const QString &note);
    // Writes fixes.yaml and apply-fixes.sh into `directory` off the GUI thread
    // (every drifted and missing CR when `ids` is empty).
    QFuture<FixesExportResult> exportFixes(const QString &directory, const QStringList &ids = {});

    // "12 of 40 drifted CRs reviewed · 3 to fix"; "" without drift.
    QString progressText() const;

signals:
    void progressChanged(const QString &text);
    void message(const QString &text, int timeoutMs);

private:
    void createActions();
    void chooseAccept();
    void chooseNote();
    void chooseFixesDirectory(bool selectionOnly);
    void updateProgress();
    void setMarks(const QStringList &ids, const QString &description,
                  const std::function<std::optional<review::ReviewMark>(const report::CrResult &)> &markFor);

    QWidget *m_window;
    ComparisonSession *m_session;
    WindowDocuments *m_documents;
    Views m_views;
    QAction *m_accept = nullptr;
    QAction *m_markReviewed = nullptr;
    QAction *m_markToFix = nullptr;
    QAction *m_note = nullptr;
    QAction *m_exportFixes = nullptr;
    QAction *m_exportSelectedFixes = nullptr;
};

} // namespace ds::ui
