// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QFileSystemWatcher>
#include <QObject>
#include <QStringList>
#include <QTimer>

#include <cstdint>
#include <memory>

namespace ds::input {
class ChangeJournal;
}

namespace ds::ui {

// Notices when the files behind the open comparison change on disk: the
// reference (metadata.yaml, templates, function files and their folders), the
// cluster data (files and folders, up to a limit) and the diff config. Bursts of
// changes (an editor saving, `git checkout`) are reported once.
class ChangeWatcher : public QObject
{
    Q_OBJECT

public:
    enum class What { Reference, Input, DiffConfig };
    Q_ENUM(What)

    explicit ChangeWatcher(QObject *parent = nullptr);

    void watchReference(const QStringList &files);
    // Folders are walked off the GUI thread (a must-gather has thousands of
    // files): inputsWatched() says when the watches are in place. The same
    // paths again change nothing.
    void watchInputs(const QStringList &paths);
    void watchDiffConfig(const QString &path);
    // The change journal the cluster data was read with (see input::ChangeJournal):
    // it sees edits anywhere in the folders, also beyond kMaxWatchedPaths, and
    // is asked every kJournalPollMilliseconds. Null: none.
    void watchJournal(std::shared_ptr<input::ChangeJournal> journal, std::uint64_t readFrom);
    static constexpr int kJournalPollMilliseconds = 1000;
    // Ignore changes for a moment (our own saves).
    void suspendFor(int milliseconds);
    // Changes noticed but not yet reported are taken in by a reload starting
    // now: they are not reported after it.
    void forgetPending();

    // Input files and folders beyond this many are not watched (inotify limits,
    // huge must-gathers): edits deeper in those are not noticed.
    static constexpr int kMaxWatchedPaths = 4000;
    static constexpr int kSettleMilliseconds = 600;

signals:
    void changed(ds::ui::ChangeWatcher::What what);
    void inputsWatched();

private:
    void replace(QFileSystemWatcher &watcher, const QStringList &paths);
    void setInputWatches(const QStringList &paths);
    void pathChanged(What what);

    QFileSystemWatcher m_reference;
    QFileSystemWatcher m_inputs;
    QFileSystemWatcher m_diffConfig;
    QTimer m_settle;
    QTimer m_journalPoll;
    std::shared_ptr<input::ChangeJournal> m_journal;
    std::uint64_t m_journalMark = 0; // events up to here were read or reported
    QList<What> m_changed;
    qint64 m_suspendedUntil = 0;
    QStringList m_inputRoots;
    quint64 m_inputGeneration = 0; // drops walks for inputs no longer open
};

} // namespace ds::ui
