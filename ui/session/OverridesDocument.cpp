// SPDX-License-Identifier: Apache-2.0
#include "OverridesDocument.h"

#include "OverridesEditCommand.h"

#include <QFile>
#include <QSaveFile>
#include <QUndoStack>

namespace ds::ui {

OverridesDocument::OverridesDocument(QObject *parent, QUndoStack *undoStack)
    : QObject(parent), m_undoStack(undoStack ? undoStack : new QUndoStack(this))
{
}

bool OverridesDocument::load(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        m_error = tr("Cannot read the overrides file %1: %2").arg(path, file.errorString());
        return false;
    }
    const std::string text = file.readAll().toStdString();
    const compare::UserOverrides::LoadResult loaded = compare::UserOverrides::parse(text);
    if (!loaded.ok()) {
        m_error = tr("%1: %2").arg(path, QString::fromStdString(*loaded.error));
        return false;
    }
    m_error.clear();
    m_undoStack->clear();
    setFilePath(path);
    setContent(text, loaded.overrides->all());
    setSavedText(text);
    return true;
}

bool OverridesDocument::save(const QString &path)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(m_text.data(), qint64(m_text.size())) < 0 || !file.commit()) {
        m_error = tr("Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    m_error.clear();
    setFilePath(path);
    setSavedText(m_text);
    return true;
}

void OverridesDocument::close()
{
    m_undoStack->clear();
    setFilePath(QString());
    setContent({}, {});
    setSavedText({});
}

bool OverridesDocument::append(const std::vector<compare::UserOverride> &added)
{
    return edit(compare::OverridesWriter::append(m_text, added),
                added.size() == 1 ? tr("Accept Differences") : tr("Accept Differences of %1 CRs").arg(added.size()));
}

bool OverridesDocument::remove(int index)
{
    return edit(compare::OverridesWriter::remove(m_text, std::size_t(index)), tr("Remove Override"));
}

bool OverridesDocument::setReason(int index, const QString &reason)
{
    if (reason.trimmed().isEmpty()) {
        m_error = tr("An override needs a reason.");
        return false;
    }
    return edit(compare::OverridesWriter::setReason(m_text, std::size_t(index), reason.toStdString()),
                tr("Edit Override Reason"));
}

bool OverridesDocument::edit(const compare::OverridesWriter::Result &result, const QString &description)
{
    if (!result.ok()) {
        m_error = QString::fromStdString(*result.error);
        return false;
    }
    m_error.clear();
    m_undoStack->push(new OverridesEditCommand(this, description, result.text, result.overrides));
    return true;
}

void OverridesDocument::setContent(const std::string &text, const std::vector<compare::UserOverride> &overrides)
{
    m_text = text;
    m_overrides = overrides;
    m_compiled = overrides.empty() ? nullptr : std::make_shared<const compare::UserOverrides>(overrides);
    setSavedText(m_savedText); // re-evaluates dirtiness
    emit changed();
}

void OverridesDocument::setSavedText(std::string text)
{
    m_savedText = std::move(text);
    const bool dirty = m_text != m_savedText;
    if (dirty != m_dirty) {
        m_dirty = dirty;
        emit dirtyChanged(dirty);
    }
}

void OverridesDocument::setFilePath(const QString &path)
{
    if (path == m_path)
        return;
    m_path = path;
    emit filePathChanged(path);
}

} // namespace ds::ui
