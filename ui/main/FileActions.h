// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "session/ComparisonJob.h"

#include <QFuture>
#include <QObject>

class QAction;
class QWidget;

namespace ds::ui {

class ChangeWatcher;
class ComparisonSession;
class ManualCorrelations;
class RecentFiles;

// The File menu's commands: the dialogs that choose a reference, cluster data,
// a cluster or a diff config (the window opens what they choose), saving the
// diff config — and asking before unsaved correlations would be dropped — and
// exporting the HTML report off the GUI thread.
class FileActions : public QObject
{
    Q_OBJECT

public:
    FileActions(QWidget *window, ComparisonSession *session, ManualCorrelations *correlations,
                ChangeWatcher *watcher, RecentFiles *recent, QObject *parent = nullptr);

    void chooseReference();
    void chooseReferenceFolder();
    void chooseInputFolder();
    void chooseInputFiles();
    void chooseCluster();
    void chooseDiffConfig();
    void chooseHtmlReport();

    bool openDiffConfig(const QString &path);
    bool saveDiffConfig();
    bool saveDiffConfigAs();
    // True when there is nothing unsaved, or the user saved or discarded it.
    bool confirmDiscardCorrelations();

    // Writes the current comparison as an HTML report (off the GUI thread); the
    // future's result is "" or the error, which is also shown to the user.
    QFuture<QString> exportHtmlReport(const QString &path);
    QAction *exportHtmlAction() const { return m_exportHtml; }

signals:
    void referenceChosen(const QString &path);
    void inputsChosen(const QStringList &paths);
    void clusterChosen(const ds::ui::ClusterTarget &target);
    // The diff config file in force changed (opened or saved under a new name).
    void diffConfigFileChanged();
    void message(const QString &text, int timeoutMs);

private:
    bool writeDiffConfig(const QString &path);

    QWidget *m_window;
    ComparisonSession *m_session;
    ManualCorrelations *m_correlations;
    ChangeWatcher *m_watcher;
    RecentFiles *m_recent;
    QAction *m_exportHtml;
};

} // namespace ds::ui
