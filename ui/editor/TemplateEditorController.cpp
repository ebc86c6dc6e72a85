// SPDX-License-Identifier: Apache-2.0
#include "editor/TemplateEditorController.h"

#include "diff/SideBySideDiffView.h"
#include "editor/TemplateEditorPanel.h"
#include "lint/ReferenceLinter.h"
#include "main/SelectionController.h"
#include "models/States.h"
#include "reference/Reference.h"
#include "session/ComparisonSession.h"
#include "util/LargeStack.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QMainWindow>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QSaveFile>
#include <QThreadPool>
#include <QToolButton>
#include <QtConcurrent>

namespace ds::ui {

namespace {

// Previews render templates: a thread with a render-sized stack, one at a time.
QThreadPool &previewPool()
{
    static QThreadPool *pool = [] {
        auto *p = new QThreadPool;
        p->setMaxThreadCount(1);
        p->setStackSize(static_cast<uint>(kRenderStackBytes));
        return p;
    }();
    return *pool;
}

const ref::ReferenceTemplate *findTemplate(const ComparisonSnapshot &snapshot, const QString &path,
                                           std::size_t *index = nullptr)
{
    if (!snapshot.reference)
        return nullptr;
    const auto &templates = snapshot.reference->templates;
    for (std::size_t i = 0; i < templates.size(); ++i)
        if (qs(templates[i].path) == path) {
            if (index)
                *index = i;
            return &templates[i];
        }
    return nullptr;
}

} // namespace

TemplateEditorController::TemplateEditorController(ComparisonSession *session, SelectionController *selection,
                                                   SideBySideDiffView *diff, QWidget *window)
    : QObject(window), m_session(session), m_selection(selection), m_diff(diff), m_window(window),
      m_panel(new TemplateEditorPanel(window)), m_editAction(new QAction(tr("Ed&it Template"), this))
{
    m_editAction->setObjectName(QStringLiteral("editTemplateAction"));
    m_editAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    m_editAction->setStatusTip(tr("Edit the template of the pair shown; the diff follows as you type"));
    connect(m_editAction, &QAction::triggered, this, [this] { editTemplate(m_selection->selectedTemplate()); });

    auto *saveShortcut = new QAction(tr("Save Template"), m_panel);
    saveShortcut->setShortcut(QKeySequence::Save);
    saveShortcut->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_panel->addAction(saveShortcut);
    connect(saveShortcut, &QAction::triggered, this, &TemplateEditorController::save);
    connect(m_panel->saveButton(), &QToolButton::clicked, this, &TemplateEditorController::save);
    connect(m_panel->revertButton(), &QToolButton::clicked, this, &TemplateEditorController::revert);

    m_debounce.setSingleShot(true);
    m_debounce.setInterval(kDebounceMilliseconds);
    connect(&m_debounce, &QTimer::timeout, this, &TemplateEditorController::startPreview);
    connect(m_panel->editor(), &QPlainTextEdit::textChanged, this, [this] {
        if (!m_loading)
            schedulePreview();
    });
    connect(m_panel->editor()->document(), &QTextDocument::modificationChanged, this, [this](bool modified) {
        m_panel->saveButton()->setEnabled(modified && m_panel->saveButton()->property("canSave").toBool());
        m_panel->revertButton()->setEnabled(modified);
    });
    connect(&m_watcher, &QFutureWatcher<pipeline::TemplatePreview>::finished, this,
            &TemplateEditorController::applyPreview);
    connect(m_selection, &SelectionController::shown, this, &TemplateEditorController::onShown);
    connect(m_session, &ComparisonSession::snapshotChanged, this, [this] {
        // Saved (or changed on disk) and reloaded: show the file as loaded,
        // unless there are edits the user has not saved.
        if (m_templatePath.isEmpty() || isModified())
            return;
        const auto snapshot = m_session->snapshot();
        const ref::ReferenceTemplate *t = findTemplate(*snapshot, m_templatePath);
        if (!t && snapshot->reference) { // another reference, without this template
            m_panel->setStatus(tr("%1 is not a template of the reference open now.").arg(m_templatePath), true);
            m_templatePath.clear();
            if (m_cancel)
                m_cancel->store(true); // its result is for a template no longer open
            m_panel->editor()->setReadOnly(true);
            return;
        }
        m_panel->editor()->setReadOnly(false);
        if (t && qs(t->source) != m_panel->editor()->toPlainText()) {
            m_loading = true;
            m_panel->editor()->setPlainText(qs(t->source));
            m_loading = false;
        }
    });
    m_panel->saveButton()->setEnabled(false);
    m_panel->revertButton()->setEnabled(false);
}

TemplateEditorController::~TemplateEditorController()
{
    if (m_cancel)
        m_cancel->store(true);
    m_watcher.waitForFinished();
}

bool TemplateEditorController::isModified() const
{
    return m_panel->editor()->document()->isModified();
}

QString TemplateEditorController::fileOf(const QString &templatePath) const
{
    const auto snapshot = m_session->snapshot();
    return snapshot && snapshot->reference ? QDir(qs(snapshot->reference->directory)).filePath(templatePath) : QString();
}

bool TemplateEditorController::editTemplate(const QString &templatePath)
{
    const auto snapshot = m_session->snapshot();
    std::size_t index = 0;
    const ref::ReferenceTemplate *t = snapshot ? findTemplate(*snapshot, templatePath, &index) : nullptr;
    if (!t) {
        QMessageBox::information(m_window, tr("Edit Template"),
                                 tr("Select a template, or a CR compared with one, to edit it."));
        return false;
    }
    if (templatePath != m_templatePath && !confirmDiscard())
        return false;
    m_templatePath = templatePath;
    // The CR shown if it belongs to this template, else the first one compared with it.
    m_objectId.clear();
    if (m_selection->selectedTemplate() == templatePath)
        m_objectId = m_selection->selectedObject();
    if (m_objectId.isEmpty() && snapshot->report) {
        const auto &ids = snapshot->lookup().templateStatus(index).clusterObjectIds;
        if (!ids.empty())
            m_objectId = qs(ids.front());
    }
    m_loading = true;
    m_panel->editor()->setReadOnly(false);
    m_panel->editor()->setPlainText(qs(t->source)); // a fresh undo history
    m_panel->editor()->document()->setModified(false);
    m_loading = false;
    // A reference read from a URL or an image has no file of the user's to write.
    const bool canSave = snapshot->reference->origin.empty();
    m_panel->saveButton()->setProperty("canSave", canSave);
    m_panel->saveButton()->setEnabled(false);
    m_panel->revertButton()->setEnabled(false);
    m_panel->setTitle(templatePath, m_objectId);
    m_panel->setMarks(0, {});
    m_panel->setStatus(canSave ? tr("Edit the template: the diff follows as you type.")
                               : tr("This reference was read from %1: edits are previewed but cannot be saved.")
                                     .arg(qs(snapshot->reference->origin)),
                       false);
    if (m_dock) {
        const bool wasHidden = m_dock->isHidden();
        m_dock->show();
        m_dock->raise();
        // Room to write: a third of the window, taken from the diff.
        if (auto *main = qobject_cast<QMainWindow *>(m_window); main && wasHidden && !m_dock->isFloating())
            main->resizeDocks({m_dock}, {std::max(420, main->width() / 3)}, Qt::Horizontal);
    }
    m_panel->editor()->setFocus();
    startPreview(); // the template's lint findings, before any edit
    return true;
}

void TemplateEditorController::onShown(const QString &objectId, const QString &)
{
    if (m_templatePath.isEmpty() || objectId.isEmpty() || objectId == m_objectId)
        return;
    // Another CR picked in the list: render the edited template against it.
    m_objectId = objectId;
    m_panel->setTitle(m_templatePath, m_objectId);
    if (isModified())
        startPreview();
}

void TemplateEditorController::schedulePreview()
{
    m_panel->setStatus(tr("Rendering…"), false);
    m_debounce.start();
}

void TemplateEditorController::startPreview()
{
    m_debounce.stop();
    if (m_watcher.isRunning()) { // the text moved on: stop that one, then start again
        m_cancel->store(true);
        m_restartWhenDone = true;
        return;
    }
    const auto snapshot = m_session->snapshot();
    if (!snapshot || !snapshot->reference || m_templatePath.isEmpty())
        return;
    pipeline::TemplatePreviewRequest request;
    request.metadataPath = snapshot->reference->metadataFile;
    request.templatePath = m_templatePath.toStdString();
    request.source = m_panel->editor()->toPlainText().toStdString();
    request.objects = snapshot->objects;
    request.objectId = m_objectId.toStdString();
    request.options = snapshot->options;
    request.overrides = snapshot->overrides;
    m_cancel = std::make_shared<std::atomic_bool>(false);
    m_restartWhenDone = false;
    m_previewPath = m_templatePath;
    m_watcher.setFuture(QtConcurrent::run(&previewPool(), [request, cancel = m_cancel] {
        return pipeline::previewTemplate(request, cancel.get());
    }));
}

void TemplateEditorController::applyPreview()
{
    if (m_restartWhenDone) {
        startPreview();
        return;
    }
    if (m_previewPath != m_templatePath)
        return; // rendered for a template no longer open (another reference came)
    const pipeline::TemplatePreview p = m_watcher.result();
    QMap<int, QString> findings;
    for (const lint::LintFinding &f : p.findings)
        if (f.line > 0)
            findings[f.line] += (findings.contains(f.line) ? QStringLiteral("\n") : QString()) + qs(f.message);
    const std::string path = m_templatePath.toStdString();
    int errorLine = p.errorLine;
    if (p.failure && errorLine == 0)
        errorLine = lint::lineOfError(p.failure->error, path);
    m_panel->setMarks(errorLine, findings);
    const QString where = errorLine > 0 ? tr("Line %1: ").arg(errorLine) : QString();
    if (!p.error.empty()) {
        m_panel->setStatus(qs(p.error), true);
    } else if (!p.templateError.empty()) {
        m_panel->setStatus(where + qs(p.templateError), true);
    } else if (p.failure) {
        m_panel->setStatus(where + tr("rendering against %1 failed: %2").arg(m_objectId, qs(p.failure->error)), true);
    } else if (p.result) {
        const QString lint = findings.isEmpty() ? QString() : tr(" · %n lint finding(s) underlined", nullptr, int(p.findings.size()));
        m_panel->setStatus((p.result->hasDiff() ? tr("Rendered: differs from %1").arg(m_objectId)
                                                : tr("Rendered: matches %1").arg(m_objectId))
                               + lint,
                           false);
        if (isModified())
            m_diff->setDiff(tr("%1 (unsaved)").arg(m_templatePath), qs(p.result->referenceYaml), m_objectId,
                            qs(p.result->clusterYaml), qs(p.result->description));
    } else {
        m_panel->setStatus(findings.isEmpty() ? tr("The template parses and renders.")
                                              : tr("%n lint finding(s) underlined.", nullptr, int(p.findings.size())),
                           false);
    }
    emit previewApplied();
}

bool TemplateEditorController::save()
{
    if (m_templatePath.isEmpty() || !m_panel->saveButton()->property("canSave").toBool())
        return false;
    const QString file = fileOf(m_templatePath);
    QSaveFile out(file);
    const QByteArray text = m_panel->editor()->toPlainText().toUtf8();
    if (!out.open(QIODevice::WriteOnly) || out.write(text) != text.size() || !out.commit()) {
        QMessageBox::warning(m_window, tr("Save Template"), tr("Could not save %1:\n%2").arg(file, out.errorString()));
        return false;
    }
    m_panel->editor()->document()->setModified(false);
    m_panel->setStatus(tr("Saved %1; the reference is loaded again.").arg(file), false);
    emit saved(file);
    return true;
}

void TemplateEditorController::revert()
{
    const auto snapshot = m_session->snapshot();
    const ref::ReferenceTemplate *t = snapshot ? findTemplate(*snapshot, m_templatePath) : nullptr;
    if (!t)
        return;
    m_loading = true;
    m_panel->editor()->setPlainText(qs(t->source));
    m_panel->editor()->document()->setModified(false);
    m_loading = false;
    m_panel->setMarks(0, {});
    m_panel->setStatus(tr("Reverted to the file as loaded."), false);
    if (!m_objectId.isEmpty())
        m_selection->showClusterObject(m_objectId); // the saved template's diff again
}

bool TemplateEditorController::confirmDiscard()
{
    if (m_templatePath.isEmpty() || !isModified())
        return true;
    const auto answer = QMessageBox::question(
        m_window, tr("Unsaved Template"), tr("%1 has edits that are not saved. Save them?").arg(m_templatePath),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    if (answer == QMessageBox::Discard) {
        revert();
        return true;
    }
    return false;
}

} // namespace ds::ui
