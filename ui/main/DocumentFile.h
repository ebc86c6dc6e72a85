// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>
#include <QString>

#include <functional>

class QWidget;

namespace ds::ui {

class ChangeWatcher;
class RecentFiles;

// The File menu's Open / Save / Save As for one of the documents the window
// edits and keeps in a file of its own — the diff config, the user overrides,
// the review marks — and the question before unsaved edits would be dropped.
// The document itself reads and writes (atomically, keeping what else the file
// holds); this class owns the dialogs, the messages and the recent list.
class DocumentFile : public QObject
{
    Q_OBJECT

public:
    // What the dialogs call the document and how to reach it.
    struct Kind
    {
        QString title;           // "Diff Config": "Open Diff Config", "Save Diff Config As"
        QString fileFilter;      // "Diff config (*.yaml *.yml)"
        QString defaultFileName; // "diff-config.yaml"
        QString unsavedText;     // the question when unsaved edits would be dropped
        QString recentKind;      // RecentFiles list the opened and saved files go to
    };
    struct Access
    {
        std::function<bool(const QString &path)> load;
        std::function<bool(const QString &path)> save;
        std::function<QString()> filePath;
        std::function<QString()> errorString;
        std::function<bool()> isDirty;
    };

    DocumentFile(Kind kind, Access access, QWidget *window, RecentFiles *recent, ChangeWatcher *watcher,
                 QObject *parent = nullptr);

    const Kind &kind() const { return m_kind; }
    bool isDirty() const { return m_access.isDirty(); }

    // A file dialog, then open().
    void choose();
    // Asks before unsaved edits are dropped; says what is wrong with the file.
    bool open(const QString &path);
    bool save();
    bool saveAs();
    // True when there is nothing unsaved, or the user saved or discarded it.
    bool confirmDiscard();

signals:
    // The file in force changed (opened, or saved under a new name).
    void fileChanged(const QString &path);
    void message(const QString &text, int timeoutMs);

private:
    bool write(const QString &path);

    Kind m_kind;
    Access m_access;
    QWidget *m_window;
    RecentFiles *m_recent;
    ChangeWatcher *m_watcher;
};

} // namespace ds::ui
