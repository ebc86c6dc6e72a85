// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "session/ComparisonJob.h"

#include <QFuture>
#include <QObject>

class QAction;
class QWidget;

namespace ds::ui {

class ComparisonSession;
class RecentFiles;
class WindowDocuments;

// The File menu's commands for what is compared and what is shared: the
// dialogs that choose a reference, cluster data or a cluster (the window opens
// what they choose) and exporting the HTML report off the GUI thread, with
// the window's documents (WindowDocuments) in its header and decisions.
class FileActions : public QObject
{
    Q_OBJECT

public:
    FileActions(QWidget *window, ComparisonSession *session, WindowDocuments *documents, RecentFiles *recent,
                QObject *parent = nullptr);

    void chooseReference();
    void chooseReferenceFolder();
    void chooseReferenceUrl();
    void chooseInputFolder();
    void chooseInputFiles();
    void chooseCluster();
    void chooseHtmlReport();

    // Writes the current comparison as an HTML report (off the GUI thread); the
    // future's result is "" or the error, which is also shown to the user.
    QFuture<QString> exportHtmlReport(const QString &path);
    QAction *exportHtmlAction() const { return m_exportHtml; }

signals:
    void referenceChosen(const QString &path);
    void inputsChosen(const QStringList &paths);
    void clusterChosen(const ds::ui::ClusterTarget &target);
    void message(const QString &text, int timeoutMs);

private:
    QWidget *m_window;
    ComparisonSession *m_session;
    WindowDocuments *m_documents;
    RecentFiles *m_recent;
    QAction *m_exportHtml;
};

} // namespace ds::ui
