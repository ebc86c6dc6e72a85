// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "review/ReviewFile.h"

#include <QObject>
#include <QString>

#include <optional>
#include <string>

class QUndoStack;

namespace ds::ui {

// The review marks of the comparison (docs/review-file.md): per drifted CR and
// template, reviewed or to fix, with a note and the drift it was made for.
// Kept in a review file next to the diff config; every change is undoable (on
// the window's shared stack); "dirty" means the marks differ from the file as
// last loaded or saved.
class ReviewDocument : public QObject
{
    Q_OBJECT

public:
    explicit ReviewDocument(QObject *parent = nullptr, QUndoStack *undoStack = nullptr);

    bool load(const QString &path);
    bool save(const QString &path); // atomic (QSaveFile)
    void close();

    QString filePath() const { return m_path; }
    QString errorString() const { return m_error; }
    bool isDirty() const { return m_file.toYaml() != m_savedText; }
    QUndoStack *undoStack() const { return m_undoStack; }
    const review::ReviewFile &file() const { return m_file; }
    const review::ReviewMark *mark(const std::string &crId, const std::string &templatePath) const
    {
        return m_file.find(crId, templatePath);
    }

    // Undoable: sets (or with nullopt removes) the mark of a CR and template.
    void setMark(const std::string &crId, const std::string &templatePath, std::optional<review::ReviewMark> mark,
                 const QString &description);
    // Applies a mark as the undo command does.
    void applyMark(const std::string &crId, const std::string &templatePath,
                   const std::optional<review::ReviewMark> &mark);

signals:
    void changed();
    void dirtyChanged(bool dirty);
    void filePathChanged(const QString &path);

private:
    void setFilePath(const QString &path);
    void updateDirty();

    QUndoStack *m_undoStack;
    QString m_path;
    QString m_error;
    review::ReviewFile m_file;
    std::string m_savedText = review::ReviewFile().toYaml();
    bool m_dirty = false;
};

} // namespace ds::ui
