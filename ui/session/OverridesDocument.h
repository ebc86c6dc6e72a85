// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "compare/OverridesWriter.h"

#include <QObject>
#include <QString>

#include <memory>
#include <string>
#include <vector>

class QUndoStack;

namespace ds::ui {

// The user overrides in force (`driftscope -p FILE`, File ▸ Open Overrides…):
// the file's text and what it holds. Accepting drift appends the override
// `driftscope-cli -o generate-patches` would write; removing one and editing a
// reason change only that override's lines (compare/OverridesWriter), so the
// rest of the file — other overrides, their order, comments — stays byte for
// byte. Every edit is undoable (on the window's shared stack); "dirty" means
// the text differs from the file as last loaded or saved. The comparison
// applies these overrides exactly as `driftscope-cli -p` does.
class OverridesDocument : public QObject
{
    Q_OBJECT

public:
    explicit OverridesDocument(QObject *parent = nullptr, QUndoStack *undoStack = nullptr);

    // Reads the file (kube-compare's reader and error texts); clears the undo
    // history. False (errorString) leaves everything as it was.
    bool load(const QString &path);
    // Writes the text atomically (QSaveFile) to `path`, which becomes the file in force.
    bool save(const QString &path);
    // No file, no overrides.
    void close();

    QString filePath() const { return m_path; }
    QString errorString() const { return m_error; }
    bool isDirty() const { return m_text != m_savedText; }
    // A file is open or overrides were added.
    bool isOpen() const { return !m_path.isEmpty() || !m_overrides.empty(); }
    QUndoStack *undoStack() const { return m_undoStack; }

    const std::vector<compare::UserOverride> &overrides() const { return m_overrides; }
    // For the engine; null when there are none.
    std::shared_ptr<const compare::UserOverrides> compiled() const { return m_compiled; }
    const std::string &text() const { return m_text; }

    // Undoable edits. False (errorString) when the text cannot take them.
    bool append(const std::vector<compare::UserOverride> &added);
    bool remove(int index);
    bool setReason(int index, const QString &reason);

    // Applies a text and what it holds (the undo command's redo and undo).
    void setContent(const std::string &text, const std::vector<compare::UserOverride> &overrides);

signals:
    // The overrides in force changed.
    void changed();
    void dirtyChanged(bool dirty);
    void filePathChanged(const QString &path);

private:
    bool edit(const compare::OverridesWriter::Result &result, const QString &description);
    void setFilePath(const QString &path);
    void setSavedText(std::string text);

    QUndoStack *m_undoStack;
    QString m_path;
    QString m_error;
    std::string m_text;
    std::string m_savedText;
    bool m_dirty = false;
    std::vector<compare::UserOverride> m_overrides;
    std::shared_ptr<const compare::UserOverrides> m_compiled;
};

} // namespace ds::ui
