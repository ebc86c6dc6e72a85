// SPDX-License-Identifier: Apache-2.0
#include "ManualCorrelations.h"

#include "PinCorrelationsCommand.h"
#include "UnpinCorrelationsCommand.h"
#include "compare/DiffConfig.h"
#include "compare/DiffConfigWriter.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QUndoStack>

#include <memory>

namespace ds::ui {

namespace {

bool samePath(const QString &a, const QString &b)
{
    return !a.isEmpty() && !b.isEmpty() && QFileInfo(a).absoluteFilePath() == QFileInfo(b).absoluteFilePath();
}

std::optional<std::string> readText(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    return file.readAll().toStdString();
}

template<typename Command, typename... Args>
void pushUnlessNoOp(QUndoStack *stack, Args &&...args)
{
    auto command = std::make_unique<Command>(std::forward<Args>(args)...);
    if (!command->isNoOp())
        stack->push(command.release());
}

} // namespace

ManualCorrelations::ManualCorrelations(QObject *parent, QUndoStack *undoStack)
    : QObject(parent), m_undoStack(undoStack ? undoStack : new QUndoStack(this))
{
}

ManualCorrelations::~ManualCorrelations() = default;

QString ManualCorrelations::templateFor(const QString &clusterObjectId) const
{
    const auto it = m_pairs.find(clusterObjectId.toStdString());
    return it == m_pairs.end() ? QString() : QString::fromStdString(it->second);
}

bool ManualCorrelations::contains(const QString &clusterObjectId) const
{
    return m_pairs.count(clusterObjectId.toStdString()) > 0;
}

bool ManualCorrelations::isDirty() const
{
    return m_dirty;
}

void ManualCorrelations::setSavedPairs(Pairs saved)
{
    m_savedPairs = std::move(saved);
    updateDirty();
}

void ManualCorrelations::updateDirty()
{
    const bool dirty = m_pairs != m_savedPairs;
    if (dirty == m_dirty)
        return;
    m_dirty = dirty;
    emit dirtyChanged(dirty);
}

void ManualCorrelations::pin(const QStringList &clusterObjectIds, const QString &templatePath)
{
    pushUnlessNoOp<PinCorrelationsCommand>(m_undoStack, this, clusterObjectIds, templatePath);
}

void ManualCorrelations::unpin(const QStringList &clusterObjectIds)
{
    pushUnlessNoOp<UnpinCorrelationsCommand>(m_undoStack, this, clusterObjectIds);
}

void ManualCorrelations::apply(const Change &change)
{
    for (const auto &[id, path] : change) {
        if (path)
            m_pairs[id] = *path;
        else
            m_pairs.erase(id);
    }
    updateDirty();
    emit changed();
}

void ManualCorrelations::reset()
{
    m_undoStack->clear();
    m_baseText.clear();
    m_error.clear();
    setFilePath(QString());
    const bool had = !m_pairs.empty();
    m_pairs.clear();
    setSavedPairs({});
    if (had)
        emit changed();
}

bool ManualCorrelations::load(const QString &path)
{
    const compare::DiffConfig::LoadResult loaded = compare::DiffConfig::load(path.toStdString());
    if (!loaded.ok()) {
        m_error = QString::fromStdString(*loaded.error);
        return false;
    }
    m_error.clear();
    m_baseText = readText(path).value_or(std::string());
    m_undoStack->clear();
    setFilePath(path);
    m_pairs = loaded.config.correlationPairs;
    setSavedPairs(m_pairs);
    emit changed();
    return true;
}

// The new file text: the pairs written into what the file holds now (edits
// made elsewhere survive), or into the text last loaded or saved.
std::optional<std::string> ManualCorrelations::writeText(const QString &path)
{
    if (samePath(path, m_filePath)) {
        if (const auto current = readText(path)) {
            auto written = compare::DiffConfigWriter::update(*current, m_pairs);
            if (written.ok())
                return written.text;
        }
    }
    auto written = compare::DiffConfigWriter::update(m_baseText, m_pairs);
    if (written.ok())
        return written.text;
    m_error = QString::fromStdString(*written.error);
    return std::nullopt;
}

bool ManualCorrelations::save(const QString &path)
{
    const std::optional<std::string> text = writeText(path);
    if (!text)
        return false;
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text->data(), static_cast<qint64>(text->size())) < 0
        || !file.commit()) {
        m_error = tr("Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    m_error.clear();
    m_baseText = *text;
    setFilePath(path);
    setSavedPairs(m_pairs);
    return true;
}

void ManualCorrelations::setFilePath(const QString &path)
{
    if (path == m_filePath)
        return;
    m_filePath = path;
    emit filePathChanged(path);
}

} // namespace ds::ui
