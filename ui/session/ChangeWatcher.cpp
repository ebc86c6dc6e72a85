// SPDX-License-Identifier: Apache-2.0
#include "ChangeWatcher.h"

#include <QDateTime>
#include <QDirIterator>
#include <QFileInfo>

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

void ChangeWatcher::watchInputs(const QStringList &inputPaths)
{
    QStringList paths;
    for (const QString &p : inputPaths) {
        paths << p;
        if (!QFileInfo(p).isDir())
            continue;
        // Folders report added and removed files; edits need the files themselves.
        QDirIterator it(p, QDir::Dirs | QDir::Files | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
        while (it.hasNext() && paths.size() < kMaxWatchedPaths)
            paths << it.next();
    }
    replace(m_inputs, paths);
}

void ChangeWatcher::watchDiffConfig(const QString &path)
{
    replace(m_diffConfig, path.isEmpty() ? QStringList() : QStringList{path});
}

void ChangeWatcher::suspendFor(int milliseconds)
{
    m_suspendedUntil = QDateTime::currentMSecsSinceEpoch() + milliseconds;
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
