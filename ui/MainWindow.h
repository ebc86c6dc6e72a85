// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "session/ChangeWatcher.h"
#include "session/ComparisonJob.h"

#include <QFuture>

#include <QMainWindow>
#include <QPointer>

#include <map>
#include <string>

class QAction;
class QLabel;
class QMenu;
class QProgressBar;
class QSplitter;
class QTableView;
class QToolBar;
class QToolButton;

namespace ds::ui {

class ClusterObjectModel;
class ContextBadge;
class ComparisonSession;
class CorrelationsModel;
class ManualCorrelations;
class NavigatorPanel;
class ProblemsModel;
class ReferenceTreeModel;
class ReloadBar;
class SideBySideDiffView;

// Driftscope's window: the reference tree and the cluster CR list on the left,
// the side-by-side diff of the selection on the right, Problems and manual
// Correlations in docks, progress and Cancel in the status bar. All work runs
// in the ComparisonSession's background thread.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    void openReference(const QString &path);
    void openInputs(const QStringList &paths);
    bool openDiffConfig(const QString &path);
    // Compares against a live cluster (read-only) instead of files.
    void openCluster(const ClusterTarget &target);
    // Writes the current comparison as an HTML report (off the GUI thread); the
    // future's result is "" or the error, which is also shown to the user.
    QFuture<QString> exportHtmlReport(const QString &path);

    ComparisonSession *session() const { return m_session; }
    ManualCorrelations *correlations() const { return m_correlations; }
    ReferenceTreeModel *referenceModel() const { return m_referenceModel; }
    ClusterObjectModel *objectModel() const { return m_objectModel; }
    NavigatorPanel *referencePanel() const { return m_referencePanel; }
    NavigatorPanel *objectPanel() const { return m_objectPanel; }
    SideBySideDiffView *diffView() const { return m_diffView; }
    ProblemsModel *problemsModel() const { return m_problemsModel; }
    ContextBadge *contextBadge() const { return m_contextBadge; }
    QAction *exportHtmlAction() const { return m_exportHtmlAction; }
    QAction *reloadAction() const { return m_reloadAction; }

    // Selects a CR (by id) or a template (by path) and shows its diff.
    void showClusterObject(const QString &id);
    void showTemplate(const QString &path);
    // F8 / Shift+F8: the next (previous) CR with drift in list order.
    void nextDriftedObject(bool forward = true);

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createModels();
    void createCentralArea();
    void createDocks();
    void createActions();
    void createMenus();
    void createToolBar();
    void createStatusBar();
    void connectSession();

    void onSnapshotChanged();
    void onProblemsChanged();
    void onBusyChanged(bool busy);
    void onProgress(int done, int total, const QString &label);
    void onReferenceSelection();
    void onObjectSelection();
    void onFilesChanged(ChangeWatcher::What what);
    void reloadFromDisk();

    void showObjectDiff(const QString &id);
    void showTemplateDiff(const QModelIndex &sourceIndex);
    void restoreSelection();

    void chooseReference();
    void chooseReferenceFolder();
    void chooseInputFolder();
    void chooseInputFiles();
    void chooseDiffConfig();
    void chooseCluster();
    void chooseHtmlReport();
    bool saveDiffConfig();
    bool saveDiffConfigAs();
    bool confirmDiscardCorrelations();
    void unpinSelectedCorrelations();
    void showObjectContextMenu(const QPoint &pos);

    void updateWatches();
    void updateTitle();
    void updateSummary();
    void updateClusterState();
    void addRecent(const QString &kind, const QStringList &paths);
    void rebuildRecentMenu();
    QString lastDirectory() const;
    void rememberDirectory(const QString &path);
    void restoreSettings();
    void saveSettings() const;
    void showShortcuts();
    void showAbout();

    ComparisonSession *m_session = nullptr;
    ManualCorrelations *m_correlations = nullptr;
    ChangeWatcher *m_watcher = nullptr;
    ReferenceTreeModel *m_referenceModel = nullptr;
    ClusterObjectModel *m_objectModel = nullptr;
    ProblemsModel *m_problemsModel = nullptr;
    CorrelationsModel *m_correlationsModel = nullptr;

    QSplitter *m_navigatorSplitter = nullptr;
    QSplitter *m_mainSplitter = nullptr;
    NavigatorPanel *m_referencePanel = nullptr;
    NavigatorPanel *m_objectPanel = nullptr;
    SideBySideDiffView *m_diffView = nullptr;
    ReloadBar *m_reloadBar = nullptr;
    QTableView *m_problemsView = nullptr;
    QTableView *m_correlationsView = nullptr;
    QLabel *m_summaryLabel = nullptr;
    QProgressBar *m_progress = nullptr;
    QToolButton *m_cancelButton = nullptr;
    QMenu *m_recentMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QToolBar *m_toolBar = nullptr;
    ContextBadge *m_contextBadge = nullptr;

    QAction *m_saveDiffConfigAction = nullptr;
    QAction *m_reloadAction = nullptr;
    QAction *m_autoReloadAction = nullptr;
    QAction *m_connectAction = nullptr;
    QAction *m_exportHtmlAction = nullptr;

    // What was selected before a new snapshot, to select it again.
    QString m_selectedObject;
    QString m_selectedTemplate;
    bool m_selecting = false; // re-entrancy guard between the two selections
};

} // namespace ds::ui
