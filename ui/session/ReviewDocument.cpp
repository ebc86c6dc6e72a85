// SPDX-License-Identifier: Apache-2.0
#include "ReviewDocument.h"

#include "ReviewMarkCommand.h"

#include <QSaveFile>
#include <QUndoStack>

namespace ds::ui {

ReviewDocument::ReviewDocument(QObject *parent, QUndoStack *undoStack)
    : QObject(parent), m_undoStack(undoStack ? undoStack : new QUndoStack(this))
{
}

bool ReviewDocument::load(const QString &path)
{
    review::ReviewFile::LoadResult loaded = review::ReviewFile::load(path.toStdString());
    if (!loaded.ok()) {
        m_error = QString::fromStdString(*loaded.error);
        return false;
    }
    m_error.clear();
    m_undoStack->clear();
    m_file = std::move(loaded.file);
    m_savedText = m_file.toYaml();
    setFilePath(path);
    updateDirty();
    emit changed();
    return true;
}

bool ReviewDocument::save(const QString &path)
{
    const std::string text = m_file.toYaml();
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text.data(), qint64(text.size())) < 0 || !file.commit()) {
        m_error = tr("Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    m_error.clear();
    m_savedText = text;
    setFilePath(path);
    updateDirty();
    return true;
}

void ReviewDocument::close()
{
    m_undoStack->clear();
    m_file = review::ReviewFile();
    m_savedText = m_file.toYaml();
    setFilePath(QString());
    updateDirty();
    emit changed();
}

void ReviewDocument::setMark(const std::string &crId, const std::string &templatePath,
                             std::optional<review::ReviewMark> mark, const QString &description)
{
    m_undoStack->push(new ReviewMarkCommand(this, description, crId, templatePath, std::move(mark)));
}

void ReviewDocument::applyMark(const std::string &crId, const std::string &templatePath,
                               const std::optional<review::ReviewMark> &mark)
{
    m_file.set(crId, templatePath, mark);
    updateDirty();
    emit changed();
}

void ReviewDocument::updateDirty()
{
    const bool dirty = isDirty();
    if (dirty == m_dirty)
        return;
    m_dirty = dirty;
    emit dirtyChanged(dirty);
}

void ReviewDocument::setFilePath(const QString &path)
{
    if (path == m_path)
        return;
    m_path = path;
    emit filePathChanged(path);
}

} // namespace ds::ui
