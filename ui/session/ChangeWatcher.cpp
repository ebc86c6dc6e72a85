// SPDX-License-Identifier: Apache-2.0
#include "ChangeWatcher.h"

#include "input/ChangeJournal.h"

#include <QDateTime>
#include <QDirIterator>
#include <QFileInfo>
#include <QPointer>
#include <QThreadPool>

namespace ds::ui {

ChangeWatcher::ChangeWatcher(QObject *parent) : QObject(parent)
{
    m_settle.setSingleShot(true);
    m_settle.setInterval(kSettleMilliseconds);
    connect(&m_settle, &QTimer::timeout, this, [this] {
        const QList<What> changed = std::exchange(m_changed, {});
        for (What what : changed)
            emit this->changed(what);
    });
    const auto hook = [this](QFileSystemWatcher &watcher, What what) {
        connect(&watcher, &QFileSystemWatcher::fileChanged, this, [this, what] { pathChanged(what); });
        connect(&watcher, &QFileSystemWatcher::directoryChanged, this, [this, what] { pathChanged(what); });
    };
    m_journalPoll.setInterval(kJournalPollMilliseconds);
    connect(&m_journalPoll, &QTimer::timeout, this, [this] {
        // A non-blocking read of the journal's descriptor, not of any file.
        if (m_journal && m_journal->touchedSince(m_journalMark)) {
            m_journalMark = m_journal->mark();
            pathChanged(What::Input);
        }
    });
    hook(m_reference, What::Reference);
    hook(m_inputs, What::Input);
    hook(m_diffConfig, What::DiffConfig);
}

void ChangeWatcher::watchReference(const QStringList &files)
{
    QStringList paths = files;
    for (const QString &f : files)
        paths << QFileInfo(f).absolutePath(); // templates added or removed
    paths.removeDuplicates();
    replace(m_reference, paths);
}

namespace {

// The inputs and, below folders, their files and folders up to the limit.
// Folders report added and removed files; edits need the files themselves.
QStringList walkInputs(const QStringList &inputPaths, int limit)
{
    QStringList paths;
    for (const QString &p : inputPaths) {
        if (!QFileInfo::exists(p))
            continue;
        paths << p;
        QDirIterator it(p, QDir::Dirs | QDir::Files | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
        while (it.hasNext() && paths.size() < limit)
            paths << it.next();
    }
    return paths;
}

} // namespace

void ChangeWatcher::watchInputs(const QStringList &inputPaths)
{
    if (inputPaths == m_inputRoots)
        return;
    m_inputRoots = inputPaths;
    const quint64 generation = ++m_inputGeneration;
    const QPointer<ChangeWatcher> self(this);
    QThreadPool::globalInstance()->start([self, inputPaths, generation] {
        const QStringList paths = walkInputs(inputPaths, kMaxWatchedPaths);
        QMetaObject::invokeMethod(self, [self, paths, generation] {
            if (self && generation == self->m_inputGeneration)
                self->setInputWatches(paths);
        }, Qt::QueuedConnection);
    });
}

void ChangeWatcher::setInputWatches(const QStringList &paths)
{
    const QStringList old = m_inputs.files() + m_inputs.directories();
    if (!old.isEmpty())
        m_inputs.removePaths(old);
    if (!paths.isEmpty())
        m_inputs.addPaths(paths);
    emit inputsWatched();
}

void ChangeWatcher::watchJournal(std::shared_ptr<input::ChangeJournal> journal, std::uint64_t readFrom)
{
    if (journal == m_journal && readFrom <= m_journalMark)
        return; // the same reading again: keep what was reported
    m_journal = std::move(journal);
    m_journalMark = readFrom;
    if (m_journal)
        m_journalPoll.start();
    else
        m_journalPoll.stop();
}

void ChangeWatcher::watchDiffConfig(const QString &path)
{
    replace(m_diffConfig, path.isEmpty() ? QStringList() : QStringList{path});
}

void ChangeWatcher::suspendFor(int milliseconds)
{
    m_suspendedUntil = QDateTime::currentMSecsSinceEpoch() + milliseconds;
}

void ChangeWatcher::forgetPending()
{
    m_settle.stop();
    m_changed.clear();
    if (m_journal)
        m_journalMark = m_journal->mark();
}

void ChangeWatcher::replace(QFileSystemWatcher &watcher, const QStringList &paths)
{
    const QStringList old = watcher.files() + watcher.directories();
    if (!old.isEmpty())
        watcher.removePaths(old);
    QStringList existing;
    for (const QString &p : paths)
        if (QFileInfo::exists(p))
            existing << p;
    if (!existing.isEmpty())
        watcher.addPaths(existing);
}

void ChangeWatcher::pathChanged(What what)
{
    if (QDateTime::currentMSecsSinceEpoch() < m_suspendedUntil)
        return;
    if (!m_changed.contains(what))
        m_changed << what;
    m_settle.start();
}

} // namespace ds::ui
