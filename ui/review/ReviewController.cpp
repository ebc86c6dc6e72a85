// SPDX-License-Identifier: Apache-2.0
#include "review/ReviewController.h"

#include "diff/SideBySideDiffView.h"
#include "main/NavigatorPanel.h"
#include "main/SelectionController.h"
#include "main/WindowDocuments.h"
#include "models/ClusterObjectModel.h"
#include "models/ReferenceTreeModel.h"
#include "review/AcceptDifferencesDialog.h"
#include "review/ReviewNoteDialog.h"
#include "session/ComparisonSession.h"
#include "session/OverridesDocument.h"
#include "session/ReviewDocument.h"

#include <QAction>
#include <QApplication>
#include <QFileDialog>
#include <QFutureWatcher>
#include <QMessageBox>
#include <QUndoStack>

#include <algorithm>

namespace ds::ui {

using Outcome = review::ReviewMark::Outcome;

ReviewController::ReviewController(QWidget *window, ComparisonSession *session, WindowDocuments *documents,
                                   Views views, QObject *parent)
    : QObject(parent), m_window(window), m_session(session), m_documents(documents), m_views(views)
{
    createActions();
    OverridesDocument *overrides = m_documents->overrides();
    // The overrides in force are the comparison's, as `driftscope-cli -p` applies them.
    const auto applyOverrides = [this, overrides] {
        m_session->setOverrides(overrides->compiled(), overrides->filePath());
    };
    connect(overrides, &OverridesDocument::changed, this, applyOverrides);
    connect(overrides, &OverridesDocument::filePathChanged, this, applyOverrides);
    connect(m_documents->review(), &ReviewDocument::changed, this, &ReviewController::updateProgress);
    connect(m_session, &ComparisonSession::snapshotChanged, this, &ReviewController::updateProgress);
    connect(m_views.objectModel, &ClusterObjectModel::reviewRequested, this,
            [this](const QString &id, bool reviewed) { setMarked({id}, reviewed); });
    m_views.objectModel->setReview(m_documents->review());
    updateProgress();
}

void ReviewController::createActions()
{
    m_accept = new QAction(tr("&Accept Differences…"), this);
    m_accept->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    m_accept->setToolTip(tr("Record the selected CRs' drift as intended: a user override with your reason"));
    connect(m_accept, &QAction::triggered, this, &ReviewController::chooseAccept);

    m_markReviewed = new QAction(tr("Mark Re&viewed"), this);
    m_markReviewed->setShortcut(QKeySequence(Qt::Key_Space));
    m_markReviewed->setToolTip(tr("Seen, nothing to do (again: remove the mark)"));
    connect(m_markReviewed, &QAction::triggered, this, [this] { toggleMark(targets(), Outcome::Reviewed); });

    m_markToFix = new QAction(tr("Mark To &Fix"), this);
    m_markToFix->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_Space));
    m_markToFix->setToolTip(tr("The cluster must change: the report carries the fix (again: remove the mark)"));
    connect(m_markToFix, &QAction::triggered, this, [this] { toggleMark(targets(), Outcome::ToFix); });

    m_note = new QAction(tr("Review &Note…"), this);
    m_note->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_M));
    connect(m_note, &QAction::triggered, this, &ReviewController::chooseNote);

    m_exportFixes = new QAction(tr("Export &Fixes…"), this);
    m_exportFixes->setToolTip(tr("Write the patches that bring every drifted CR back to the reference, and the "
                                 "manifests of missing CRs (fixes.yaml, apply-fixes.sh)"));
    connect(m_exportFixes, &QAction::triggered, this, [this] { chooseFixesDirectory(false); });
    m_exportSelectedFixes = new QAction(tr("Export Fixes of &Selection…"), this);
    connect(m_exportSelectedFixes, &QAction::triggered, this, [this] { chooseFixesDirectory(true); });
}

QList<QAction *> ReviewController::crActions() const
{
    return {m_accept, m_markReviewed, m_markToFix, m_note, m_exportSelectedFixes};
}

QStringList ReviewController::targets(Source source) const
{
    if (source == Source::Focus) {
        const QWidget *focus = QApplication::focusWidget();
        source = focus && m_views.referencePanel->isAncestorOf(focus) ? Source::Templates
            : focus && m_views.diffView->isAncestorOf(focus)        ? Source::Shown
                                                                    : Source::Objects;
    }
    QStringList ids;
    if (source == Source::Templates)
        for (const QModelIndex &index : m_views.referencePanel->selectedSourceRows())
            ids << index.data(ReferenceTreeModel::ClusterObjectIdsRole).toStringList();
    else if (source == Source::Objects)
        for (const QModelIndex &index : m_views.objectPanel->selectedSourceRows())
            if (const QString id = index.data(ClusterObjectModel::ClusterObjectIdRole).toString(); !id.isEmpty())
                ids << id;
    if (ids.isEmpty() && !m_views.selection->selectedObject().isEmpty())
        ids << m_views.selection->selectedObject();
    ids.removeDuplicates();
    return ids;
}

std::vector<report::CrResult> ReviewController::driftedResults(const QStringList &ids) const
{
    std::vector<report::CrResult> out;
    const auto snapshot = m_session->snapshot();
    for (const QString &id : ids)
        if (const report::CrResult *r = snapshot->lookup().result(id.toStdString()); r && r->hasDiff())
            out.push_back(*r);
    return out;
}

bool ReviewController::accept(const QStringList &ids, const QString &reason)
{
    std::vector<report::CrResult> results = driftedResults(ids);
    std::erase_if(results, [](const report::CrResult &r) { return r.acceptPatch.empty(); });
    if (reason.trimmed().isEmpty() || results.empty())
        return false;
    std::vector<compare::UserOverride> added;
    for (const report::CrResult &r : results)
        added.push_back(compare::UserOverrides::accepting(r, reason.trimmed().toStdString()));
    if (!m_documents->overrides()->append(added)) {
        QMessageBox::warning(m_window, tr("Accept Differences"), m_documents->overrides()->errorString());
        return false;
    }
    emit message(added.size() == 1 ? tr("Accepted the differences of %1").arg(QString::fromStdString(results[0].crName))
                                   : tr("Accepted the differences of %1 CRs").arg(added.size()),
                 4000);
    return true;
}

void ReviewController::chooseAccept()
{
    const QStringList ids = targets();
    std::vector<report::CrResult> results = driftedResults(ids);
    std::erase_if(results, [](const report::CrResult &r) { return r.acceptPatch.empty(); });
    if (results.empty()) {
        emit message(tr("Select a CR with drift to accept its differences"), 4000);
        return;
    }
    AcceptDifferencesDialog dialog(results, m_documents->overrides()->filePath(), m_window);
    if (dialog.exec() == QDialog::Accepted)
        accept(ids, dialog.reason());
}

void ReviewController::setMarks(const QStringList &ids, const QString &description,
                                const std::function<std::optional<review::ReviewMark>(const report::CrResult &)> &markFor)
{
    const std::vector<report::CrResult> results = driftedResults(ids);
    if (results.empty()) {
        emit message(tr("Select a CR with drift to review it"), 4000);
        return;
    }
    ReviewDocument *review = m_documents->review();
    // Several CRs marked at once are one step to undo.
    review->undoStack()->beginMacro(description);
    for (const report::CrResult &r : results)
        review->setMark(r.crName, r.correlatedTemplate, markFor(r), description);
    review->undoStack()->endMacro();
}

void ReviewController::toggleMark(const QStringList &ids, Outcome outcome)
{
    const ReviewDocument *review = m_documents->review();
    const std::vector<report::CrResult> results = driftedResults(ids);
    const bool allMarked = !results.empty() && std::all_of(results.begin(), results.end(), [&](const report::CrResult &r) {
        const review::ReviewMark *mark = review->mark(r.crName, r.correlatedTemplate);
        return mark && mark->outcome == outcome && !review::isOutdated(*mark, r);
    });
    const QString description = allMarked ? tr("Remove Review Mark")
        : outcome == Outcome::ToFix       ? tr("Mark To Fix")
                                          : tr("Mark Reviewed");
    setMarks(ids, description, [&](const report::CrResult &r) -> std::optional<review::ReviewMark> {
        if (allMarked)
            return std::nullopt;
        const review::ReviewMark *old = review->mark(r.crName, r.correlatedTemplate);
        return review::markFor(r, outcome, old ? old->note : std::string());
    });
}

void ReviewController::setMarked(const QStringList &ids, bool marked)
{
    const ReviewDocument *review = m_documents->review();
    setMarks(ids, marked ? tr("Mark Reviewed") : tr("Remove Review Mark"),
             [&](const report::CrResult &r) -> std::optional<review::ReviewMark> {
                 if (!marked)
                     return std::nullopt;
                 const review::ReviewMark *old = review->mark(r.crName, r.correlatedTemplate);
                 return review::markFor(r, old ? old->outcome : Outcome::Reviewed, old ? old->note : std::string());
             });
}

void ReviewController::setNote(const QStringList &ids, const QString &note)
{
    const ReviewDocument *review = m_documents->review();
    setMarks(ids, tr("Edit Review Note"), [&](const report::CrResult &r) -> std::optional<review::ReviewMark> {
        const review::ReviewMark *old = review->mark(r.crName, r.correlatedTemplate);
        if (!old)
            return review::markFor(r, Outcome::Reviewed, note.toStdString());
        review::ReviewMark mark = *old; // a note does not re-review an outdated mark
        mark.note = note.toStdString();
        return mark;
    });
}

void ReviewController::chooseNote()
{
    const QStringList ids = targets();
    const std::vector<report::CrResult> results = driftedResults(ids);
    if (results.empty()) {
        emit message(tr("Select a CR with drift to add a review note"), 4000);
        return;
    }
    const review::ReviewMark *mark = m_documents->review()->mark(results[0].crName, results[0].correlatedTemplate);
    const QString subject = results.size() == 1 ? QString::fromStdString(results[0].crName)
                                                : tr("%1 CRs").arg(results.size());
    ReviewNoteDialog dialog(subject, mark ? QString::fromStdString(mark->note) : QString(), m_window);
    if (dialog.exec() == QDialog::Accepted)
        setNote(ids, dialog.note());
}

QFuture<FixesExportResult> ReviewController::exportFixes(const QString &directory, const QStringList &ids)
{
    emit message(tr("Writing fixes to %1…").arg(directory), 0);
    QFuture<FixesExportResult> future = exportFixesAsync(m_session->snapshot(), ids, directory);
    auto *watcher = new QFutureWatcher<FixesExportResult>(this);
    connect(watcher, &QFutureWatcher<FixesExportResult>::finished, this, [this, watcher] {
        watcher->deleteLater();
        const FixesExportResult result = watcher->result();
        if (!result.error.isEmpty()) {
            QMessageBox::warning(m_window, tr("Export Fixes"), result.error);
            return;
        }
        emit message(tr("Wrote %1 and %2: %3 patches, %4 left to you (see their notes)")
                         .arg(result.fixesPath, result.scriptPath)
                         .arg(result.patches)
                         .arg(result.leftToPeople),
                     8000);
    });
    watcher->setFuture(future);
    return future;
}

void ReviewController::chooseFixesDirectory(bool selectionOnly)
{
    QStringList ids;
    if (selectionOnly) {
        for (const report::CrResult &r : driftedResults(targets()))
            ids << QString::fromStdString(r.crName);
        if (ids.isEmpty()) {
            emit message(tr("Select a CR with drift to export its fix"), 4000);
            return;
        }
    }
    const QString directory = QFileDialog::getExistingDirectory(
        m_window, ids.isEmpty()    ? tr("Export Fixes To")
                  : ids.size() == 1 ? tr("Export the Fix of %1 To").arg(ids.front())
                                    : tr("Export the Fixes of %1 CRs To").arg(ids.size()));
    if (!directory.isEmpty())
        exportFixes(directory, ids);
}

QString ReviewController::progressText() const
{
    const auto snapshot = m_session->snapshot();
    if (!snapshot->hasReport())
        return {};
    const review::ReviewProgress p = review::reviewProgress(*snapshot->report, m_documents->review()->file());
    if (p.drifted == 0)
        return {};
    QString text = p.drifted == 1 ? tr("%1 of 1 drifted CR reviewed").arg(p.reviewed)
                                  : tr("%1 of %2 drifted CRs reviewed").arg(p.reviewed).arg(p.drifted);
    if (p.toFix > 0)
        text += tr(" · %1 to fix").arg(p.toFix);
    if (p.outdated > 0)
        text += tr(" · %1 outdated").arg(p.outdated);
    return text;
}

void ReviewController::updateProgress()
{
    const bool compared = m_session->snapshot()->hasReport();
    for (QAction *action : {m_accept, m_markReviewed, m_markToFix, m_note, m_exportFixes, m_exportSelectedFixes})
        action->setEnabled(compared);
    emit progressChanged(progressText());
}

} // namespace ds::ui
