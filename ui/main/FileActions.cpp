// SPDX-License-Identifier: Apache-2.0
#include "main/FileActions.h"
#include "image/ImageName.h"

#include "live/ConnectClusterDialog.h"
#include "main/ClusterDataDialog.h"
#include "main/RecentFiles.h"
#include "main/WindowDocuments.h"
#include "session/ComparisonSession.h"
#include "session/HtmlReportExport.h"
#include "session/ManualCorrelations.h"
#include "session/OverridesDocument.h"
#include "session/ReviewDocument.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QInputDialog>
#include <QMessageBox>
#include <QSettings>
#include <QUrl>

#include "util/UrlReader.h"

namespace ds::ui {

FileActions::FileActions(QWidget *window, ComparisonSession *session, WindowDocuments *documents, RecentFiles *recent,
                         QObject *parent)
    : QObject(parent), m_window(window), m_session(session), m_documents(documents), m_recent(recent), m_exportHtml(new QAction(tr("&Export HTML Report…"), this))
{
    m_exportHtml->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_exportHtml->setToolTip(tr("Save the comparison as one self-contained HTML page to share"));
    m_exportHtml->setEnabled(false);
    connect(m_exportHtml, &QAction::triggered, this, &FileActions::chooseHtmlReport);
    connect(m_session, &ComparisonSession::snapshotChanged, this,
            [this] { m_exportHtml->setEnabled(m_session->snapshot()->hasReport()); });
}

void FileActions::chooseReference()
{
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open Reference"), m_recent->lastDirectory(),
                                                      tr("Reference metadata (metadata.yaml *.yaml);;All files (*)"));
    if (!path.isEmpty())
        emit referenceChosen(path);
}

void FileActions::chooseReferenceFolder()
{
    const QString dir = QFileDialog::getExistingDirectory(m_window, tr("Open Reference Folder (with metadata.yaml)"),
                                                          m_recent->lastDirectory());
    if (!dir.isEmpty())
        emit referenceChosen(dir);
}

void FileActions::chooseInputFolder()
{
    const QString dir = QFileDialog::getExistingDirectory(
        m_window, tr("Open Cluster Data Folder (CRs, must-gather or ConfigDir)"), m_recent->lastDirectory());
    if (!dir.isEmpty())
        emit inputsChosen({dir});
}

void FileActions::chooseInputFiles()
{
    ClusterDataDialog dialog(m_window, m_recent->lastDirectory());
    if (dialog.exec() == QDialog::Accepted && !dialog.chosenPaths().isEmpty())
        emit inputsChosen(dialog.chosenPaths());
}

// A reference published on a web server (kube-compare's `-r https://…/metadata.yaml`)
// or inside a container image (`-r container://IMAGE:TAG:/path/metadata.yaml`).
void FileActions::chooseReferenceUrl()
{
    const QString title = tr("Open Reference from URL or Image");
    QStringList recent;
    for (const QString &entry : QSettings().value(QStringLiteral("recent/references")).toStringList())
        if (isHttpUrl(entry.toStdString()) || image::isContainerReference(entry.toStdString()))
            recent << entry;
    bool ok = false;
    const QString text = QInputDialog::getItem(m_window, title,
                                               tr("The reference's metadata.yaml: an http(s) URL, or an image as "
                                                  "container://IMAGE:TAG:/path/in/image/metadata.yaml"),
                                               recent, 0, true, &ok)
                             .trimmed();
    if (!ok || text.isEmpty())
        return;
    if (image::isContainerReference(text.toStdString())) {
        std::string error;
        if (!image::parseContainerReference(text.toStdString(), error)) {
            QMessageBox::warning(m_window, title, QString::fromStdString(error));
            return;
        }
    } else if (!isHttpUrl(text.toStdString()) || !QUrl(text, QUrl::StrictMode).isValid()) {
        QMessageBox::warning(m_window, title,
                             tr("“%1” is neither an http(s):// URL nor a container:// image. Give the URL of the "
                                "reference's metadata.yaml, e.g. https://example.com/reference/metadata.yaml, or "
                                "an image, e.g. container://quay.io/org/reference:v1:/usr/share/reference/metadata.yaml.")
                                 .arg(text));
        return;
    }
    emit referenceChosen(text);
}

void FileActions::chooseCluster()
{
    const QSettings settings;
    const auto current = m_session->cluster();
    ConnectClusterDialog dialog(
        current ? current->kubeconfig : settings.value(QStringLiteral("cluster/kubeconfig")).toString(),
        current ? current->context : settings.value(QStringLiteral("cluster/context")).toString(), m_window);
    if (dialog.exec() == QDialog::Accepted)
        emit clusterChosen(dialog.target());
}

void FileActions::chooseHtmlReport()
{
    const auto snapshot = m_session->snapshot();
    if (!snapshot->hasReport())
        return;
    const ref::Reference &reference = *snapshot->reference;
    const QString name =
        referenceName(QString::fromStdString(reference.origin.empty() ? reference.metadataFile : reference.origin));
    const QString path = QFileDialog::getSaveFileName(
        m_window, tr("Export HTML Report"),
        m_recent->lastDirectory() + QStringLiteral("/drift-report-%1.html").arg(name), tr("HTML report (*.html *.htm)"));
    if (path.isEmpty())
        return;
    m_recent->rememberDirectory(path);
    exportHtmlReport(path);
}

QFuture<QString> FileActions::exportHtmlReport(const QString &path)
{
    m_exportHtml->setEnabled(false);
    emit message(tr("Writing %1…").arg(path), 0);
    HtmlReportDocuments documents{m_documents->correlations()->filePath(), m_documents->overrides()->filePath(),
                                  m_documents->review()->filePath(), m_documents->review()->file()};
    QFuture<QString> future = exportHtmlReportAsync(m_session->snapshot(), std::move(documents), path);
    auto *watcher = new QFutureWatcher<QString>(this);
    connect(watcher, &QFutureWatcher<QString>::finished, this, [this, watcher, path] {
        watcher->deleteLater();
        m_exportHtml->setEnabled(m_session->snapshot()->hasReport());
        const QString error = watcher->result();
        if (error.isEmpty())
            emit message(tr("Exported the HTML report to %1").arg(path), 6000);
        else
            QMessageBox::warning(m_window, tr("Export HTML Report"), error);
    });
    watcher->setFuture(future);
    return future;
}

} // namespace ds::ui
