// SPDX-License-Identifier: Apache-2.0
#include "main/DocumentFile.h"

#include "main/RecentFiles.h"
#include "session/ChangeWatcher.h"

#include <QFileDialog>
#include <QMessageBox>

namespace ds::ui {

DocumentFile::DocumentFile(Kind kind, Access access, QWidget *window, RecentFiles *recent, ChangeWatcher *watcher,
                           QObject *parent)
    : QObject(parent), m_kind(std::move(kind)), m_access(std::move(access)), m_window(window), m_recent(recent),
      m_watcher(watcher)
{
}

void DocumentFile::choose()
{
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open %1").arg(m_kind.title),
                                                      m_recent->lastDirectory(),
                                                      m_kind.fileFilter + tr(";;All files (*)"));
    if (!path.isEmpty())
        open(path);
}

bool DocumentFile::open(const QString &path)
{
    if (!confirmDiscard())
        return false;
    if (!m_access.load(path)) {
        QMessageBox::warning(m_window, tr("Open %1").arg(m_kind.title),
                             tr("Could not read %1:\n%2").arg(path, m_access.errorString()));
        return false;
    }
    m_recent->addDocument(m_kind.recentKind, path);
    emit fileChanged(path);
    return true;
}

bool DocumentFile::save()
{
    const QString path = m_access.filePath();
    return path.isEmpty() ? saveAs() : write(path);
}

bool DocumentFile::saveAs()
{
    const QString current = m_access.filePath();
    const QString start = current.isEmpty() ? m_recent->lastDirectory() + QLatin1Char('/') + m_kind.defaultFileName
                                            : current;
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Save %1 As").arg(m_kind.title), start,
                                                      m_kind.fileFilter);
    if (path.isEmpty() || !write(path))
        return false;
    m_recent->addDocument(m_kind.recentKind, path);
    emit fileChanged(path);
    return true;
}

bool DocumentFile::write(const QString &path)
{
    if (m_watcher)
        m_watcher->suspendFor(2 * ChangeWatcher::kSettleMilliseconds); // our own write
    if (!m_access.save(path)) {
        QMessageBox::warning(m_window, tr("Save %1").arg(m_kind.title), m_access.errorString());
        return false;
    }
    emit message(tr("Saved %1").arg(path), 4000);
    return true;
}

bool DocumentFile::confirmDiscard()
{
    if (!m_access.isDirty())
        return true;
    const auto answer = QMessageBox::question(m_window, tr("Unsaved %1").arg(m_kind.title), m_kind.unsavedText,
                                              QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel,
                                              QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

} // namespace ds::ui
