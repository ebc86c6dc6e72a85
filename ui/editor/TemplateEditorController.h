// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "pipeline/TemplatePreview.h"

#include <QFutureWatcher>
#include <QDockWidget>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <atomic>
#include <memory>

class QAction;

namespace ds::ui {

class ComparisonSession;
class SelectionController;
class SideBySideDiffView;
class TemplateEditorPanel;

// Edit ▸ Edit Template: the template of the pair shown, editable beside the
// diff. Each edit is rendered against the CR shown — debounced, off the GUI
// thread, through the same loading and comparison as a saved template
// (pipeline::previewTemplate) — and the diff, the render error's line and the
// template's lint findings follow. Picking another CR renders against it.
// Save writes the file atomically and the window loads the reference again,
// so every panel shows the saved template. Undo is the editor's own.
class TemplateEditorController : public QObject
{
    Q_OBJECT

public:
    static constexpr int kDebounceMilliseconds = 300;

    TemplateEditorController(ComparisonSession *session, SelectionController *selection, SideBySideDiffView *diff,
                             QWidget *window);
    ~TemplateEditorController() override;

    TemplateEditorPanel *panel() const { return m_panel; }
    // Opens the template of the pair shown (Ctrl+Shift+E).
    QAction *editAction() const { return m_editAction; }
    // Set by the window: shown when a template is opened.
    void setDock(QDockWidget *dock) { m_dock = dock; }

    // Opens a template of the open reference (asks first about unsaved edits).
    bool editTemplate(const QString &templatePath);
    QString templatePath() const { return m_templatePath; }
    QString objectId() const { return m_objectId; }
    bool isModified() const;
    bool save();
    void revert();
    // True when nothing is unsaved, or the user saved or discarded it.
    bool confirmDiscard();

signals:
    // A preview was applied to the panel (and, with a CR, to the diff).
    void previewApplied();
    // The template was written: the window loads the reference again (its own
    // write, so no "changed on disk" question).
    void saved(const QString &file);

private:
    void onShown(const QString &objectId, const QString &templatePath);
    void schedulePreview();
    void startPreview();
    void applyPreview();
    QString fileOf(const QString &templatePath) const;

    ComparisonSession *m_session;
    SelectionController *m_selection;
    SideBySideDiffView *m_diff;
    QWidget *m_window;
    TemplateEditorPanel *m_panel;
    QAction *m_editAction;
    QPointer<QDockWidget> m_dock;
    QTimer m_debounce;
    QFutureWatcher<pipeline::TemplatePreview> m_watcher;
    std::shared_ptr<std::atomic_bool> m_cancel; // of the preview running
    bool m_restartWhenDone = false;
    bool m_loading = false; // setting the text is not an edit
    QString m_templatePath;
    QString m_previewPath; // what the running (or last) preview renders
    QString m_objectId;
};

} // namespace ds::ui
