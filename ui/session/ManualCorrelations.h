// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>
#include <QStringList>

#include <map>
#include <optional>
#include <string>

class QUndoStack;

namespace ds::ui {

// The manual correlation pairs (CR id → template path) the user pinned by
// drag and drop or loaded from a diff config. Every edit goes through the undo
// stack (the window's, shared with the overrides and the review marks, so one
// Undo takes back the last edit whatever it was); "dirty" means the pairs
// differ from the last load or save.
class ManualCorrelations : public QObject
{
    Q_OBJECT

public:
    using Pairs = std::map<std::string, std::string>;
    // CR id → the path it gets (nullopt: unpinned)
    using Change = std::map<std::string, std::optional<std::string>>;

    // Without a stack the document keeps its own.
    explicit ManualCorrelations(QObject *parent = nullptr, QUndoStack *undoStack = nullptr);
    ~ManualCorrelations() override;

    const Pairs &pairs() const { return m_pairs; }
    QString templateFor(const QString &clusterObjectId) const; // empty when not pinned
    bool contains(const QString &clusterObjectId) const;

    QUndoStack *undoStack() const { return m_undoStack; }
    bool isDirty() const;
    QString filePath() const { return m_filePath; } // the diff config last loaded or saved
    QString errorString() const { return m_error; } // why load() or save() failed

    // Undoable: pins the CRs to the template (one undo step, replacing earlier
    // pairs of these CRs). Does nothing when they are pinned to it already.
    void pin(const QStringList &clusterObjectIds, const QString &templatePath);
    // Undoable: removes the pairs of these CRs (one undo step).
    void unpin(const QStringList &clusterObjectIds);
    // Not undoable: no pairs, no file, empty history.
    void reset();

    // Replaces the pairs with the diff config's (kube-compare's reader and
    // error texts); clears the history. False (errorString) leaves everything as it was.
    bool load(const QString &path);
    // Writes the pairs into the diff config at `path` atomically, keeping the
    // rest of that file (or of the file last loaded, for a new path).
    bool save(const QString &path);

    // Applies a change as an undo command does; emits changed().
    void apply(const Change &change);

signals:
    void changed();
    void dirtyChanged(bool dirty);
    void filePathChanged(const QString &path);

private:
    void setFilePath(const QString &path);
    std::optional<std::string> writeText(const QString &path);
    void setSavedPairs(Pairs saved);
    void updateDirty();

    Pairs m_pairs;
    Pairs m_savedPairs; // as last loaded or saved
    bool m_dirty = false;
    QUndoStack *m_undoStack;
    QString m_filePath;
    std::string m_baseText; // the file text last loaded or saved
    QString m_error;
};

} // namespace ds::ui
