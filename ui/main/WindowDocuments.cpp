// SPDX-License-Identifier: Apache-2.0
#include "main/WindowDocuments.h"

#include "main/DocumentFile.h"
#include "main/RecentFiles.h"
#include "session/ManualCorrelations.h"
#include "session/OverridesDocument.h"
#include "session/ReviewDocument.h"

#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>
#include <QUndoStack>

namespace ds::ui {

namespace {

// The Access of a document class with load/save/filePath/errorString/isDirty.
template <class Document>
DocumentFile::Access accessOf(Document *d)
{
    return {[d](const QString &path) { return d->load(path); }, [d](const QString &path) { return d->save(path); },
            [d] { return d->filePath(); }, [d] { return d->errorString(); }, [d] { return d->isDirty(); }};
}

} // namespace

WindowDocuments::WindowDocuments(QWidget *window, RecentFiles *recent, ChangeWatcher *watcher, QObject *parent)
    : QObject(parent), m_window(window), m_undoStack(new QUndoStack(this)),
      m_correlations(new ManualCorrelations(this, m_undoStack)), m_overrides(new OverridesDocument(this, m_undoStack)),
      m_review(new ReviewDocument(this, m_undoStack))
{
    const QString yaml = tr(" (*.yaml *.yml)");
    m_diffConfigFile = new DocumentFile(
        {tr("Diff Config"), tr("Diff config") + yaml, QStringLiteral("diff-config.yaml"),
         tr("The manual correlations have changed since they were saved. Save them?"), RecentFiles::kDiffConfigs},
        accessOf(m_correlations), window, recent, watcher, this);
    m_overridesFile = new DocumentFile(
        {tr("Overrides"), tr("User overrides") + yaml, QStringLiteral("overrides.yaml"),
         tr("The user overrides (accepted differences) have changed since they were saved. Save them?"),
         RecentFiles::kOverrides},
        accessOf(m_overrides), window, recent, watcher, this);
    m_reviewFile = new DocumentFile(
        {tr("Review"), tr("Driftscope review") + yaml, QStringLiteral("review.yaml"),
         tr("The review marks have changed since they were saved. Save them?"), RecentFiles::kReviews},
        accessOf(m_review), window, recent, watcher, this);

    for (DocumentFile *file : {m_diffConfigFile, m_overridesFile, m_reviewFile})
        connect(file, &DocumentFile::fileChanged, this, &WindowDocuments::stateChanged);
    connect(m_correlations, &ManualCorrelations::dirtyChanged, this, &WindowDocuments::stateChanged);
    connect(m_overrides, &OverridesDocument::dirtyChanged, this, &WindowDocuments::stateChanged);
    connect(m_review, &ReviewDocument::dirtyChanged, this, &WindowDocuments::stateChanged);
}

DocumentFile *WindowDocuments::fileOf(const QString &recentKind) const
{
    for (DocumentFile *file : {m_diffConfigFile, m_overridesFile, m_reviewFile})
        if (file->kind().recentKind == recentKind)
            return file;
    return nullptr;
}

bool WindowDocuments::isDirty() const
{
    return m_correlations->isDirty() || m_overrides->isDirty() || m_review->isDirty();
}

bool WindowDocuments::saveAll()
{
    bool saved = true;
    for (DocumentFile *file : {m_diffConfigFile, m_overridesFile, m_reviewFile})
        if (file->isDirty())
            saved = file->save() && saved;
    return saved;
}

bool WindowDocuments::confirmDiscardAll()
{
    return m_diffConfigFile->confirmDiscard() && m_overridesFile->confirmDiscard() && m_reviewFile->confirmDiscard();
}

bool WindowDocuments::keepOrCloseFor(const QString &what)
{
    const bool open = !m_correlations->filePath().isEmpty() || !m_correlations->pairs().empty()
        || m_overrides->isOpen() || !m_review->filePath().isEmpty() || !m_review->file().marks().empty();
    if (!open)
        return true;
    QMessageBox box(QMessageBox::Question, tr("Keep the Review Files?"),
                    tr("Compare %1 with the same diff config, overrides and review marks?").arg(what),
                    QMessageBox::NoButton, m_window);
    box.setInformativeText(fileNames().isEmpty() ? tr("They have not been saved to files yet.")
                                                 : tr("In force: %1").arg(fileNames()));
    QPushButton *keep = box.addButton(tr("&Keep Them"), QMessageBox::AcceptRole);
    QPushButton *close = box.addButton(tr("&Close Them"), QMessageBox::DestructiveRole);
    box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(keep);
    box.exec();
    if (box.clickedButton() == keep)
        return true;
    if (box.clickedButton() != close || !confirmDiscardAll())
        return false;
    closeAll();
    return true;
}

void WindowDocuments::closeAll()
{
    m_correlations->reset();
    m_overrides->close();
    m_review->close();
    m_undoStack->clear();
    emit stateChanged();
}

QString WindowDocuments::fileNames() const
{
    QStringList names;
    for (const QString &path : {m_correlations->filePath(), m_overrides->filePath(), m_review->filePath()})
        if (!path.isEmpty())
            names << QFileInfo(path).fileName();
    return names.join(QStringLiteral(", "));
}

} // namespace ds::ui
