// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>
#include <QString>

class QUndoStack;
class QWidget;

namespace ds::ui {

class ChangeWatcher;
class DocumentFile;
class ManualCorrelations;
class OverridesDocument;
class RecentFiles;
class ReviewDocument;

// The three documents a review edits besides what it compares — the diff
// config (manual correlations), the user overrides and the review marks —
// with one undo history (Edit ▸ Undo takes back the last edit, whatever it
// was) and their File menu commands (DocumentFile). The window asks here
// before anything unsaved would be dropped, and whether to keep the files
// when another reference or cluster is opened.
class WindowDocuments : public QObject
{
    Q_OBJECT

public:
    WindowDocuments(QWidget *window, RecentFiles *recent, ChangeWatcher *watcher, QObject *parent = nullptr);

    QUndoStack *undoStack() const { return m_undoStack; }
    ManualCorrelations *correlations() const { return m_correlations; }
    OverridesDocument *overrides() const { return m_overrides; }
    ReviewDocument *review() const { return m_review; }
    DocumentFile *diffConfigFile() const { return m_diffConfigFile; }
    DocumentFile *overridesFile() const { return m_overridesFile; }
    DocumentFile *reviewFile() const { return m_reviewFile; }
    // By RecentFiles kind (RecentFiles::kDiffConfigs, kOverrides, kReviews).
    DocumentFile *fileOf(const QString &recentKind) const;

    bool isDirty() const;
    // Saves every document with unsaved edits (asking for a file where there is none).
    bool saveAll();
    // True when nothing unsaved is left (saved or discarded); false: cancel.
    bool confirmDiscardAll();
    // Before another reference or cluster data replaces the current one: when
    // files are open, asks whether the new comparison keeps them. False: the
    // user cancelled.
    bool keepOrCloseFor(const QString &what);
    // Not undoable: no pairs, overrides or marks; no files.
    void closeAll();
    // "diff-config.yaml, overrides.yaml" — the files in force, for the title.
    QString fileNames() const;

signals:
    // A document's file or dirtiness changed (the title follows).
    void stateChanged();

private:
    QWidget *m_window;
    QUndoStack *m_undoStack;
    ManualCorrelations *m_correlations;
    OverridesDocument *m_overrides;
    ReviewDocument *m_review;
    DocumentFile *m_diffConfigFile;
    DocumentFile *m_overridesFile;
    DocumentFile *m_reviewFile;
};

} // namespace ds::ui
