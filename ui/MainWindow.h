// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "session/ChangeWatcher.h"
#include "session/ComparisonJob.h"

#include <QFuture>
#include <QMainWindow>

class QAbstractItemModel;
class QAction;
class QMenu;
class QSplitter;
class QStackedWidget;
class QTableView;
class QToolBar;

namespace ds::ui {

class ClusterObjectModel;
class ContextBadge;
class ComparisonSession;
class CorrelationsModel;
class ExplainController;
class TemplateEditorController;
class FileActions;
class ManualCorrelations;
class NavigatorPanel;
class ProblemsModel;
struct Problem;
class InputNoticeBar;
class RecentFiles;
class ReferenceTreeModel;
class OverridesView;
class ReloadBar;
class ReviewController;
class SelectionController;
class SessionStatusBar;
class SideBySideDiffView;
class WelcomePanel;
class WindowDocuments;

// Driftscope's window: the reference tree and the cluster CR list on the left,
// the side-by-side diff of the selection on the right, Problems, manual
// Correlations and Overrides in docks, progress and Cancel in the status bar.
// It builds the parts and wires them: the ComparisonSession does the work off
// the GUI thread, the SelectionController keeps panels and diff in step,
// WindowDocuments holds the diff config, overrides and review marks, the
// ReviewController decides about drift, RecentFiles remembers what was
// opened, SessionStatusBar shows what was found.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    void openReference(const QString &path);
    void openInputs(const QStringList &paths);
    bool openDiffConfig(const QString &path);
    // User overrides applied as `driftscope-cli -p` applies them.
    bool openOverrides(const QString &path);
    // Review marks (docs/review-file.md).
    bool openReview(const QString &path);
    // The bundled sample: reference-core with its overrides and a cluster with a few changes.
    void openSample();
    // File ▸ Open Fleet…: the clusters (as driftscope-cli fleet takes them)
    // compared with the open reference in a FleetWindow; null without a reference.
    class FleetWindow *openFleet(const QStringList &clusters, bool allContexts);
    // Compares against a live cluster (read-only) instead of files.
    void openCluster(const ClusterTarget &target);
    // Writes the current comparison as an HTML report (off the GUI thread); the
    // future's result is "" or the error, which is also shown to the user.
    QFuture<QString> exportHtmlReport(const QString &path);

    ComparisonSession *session() const { return m_session; }
    ManualCorrelations *correlations() const { return m_correlations; }
    WindowDocuments *documents() const { return m_documents; }
    ReviewController *review() const { return m_review; }
    ExplainController *explain() const { return m_explain; }
    TemplateEditorController *templateEditor() const { return m_templateEditor; }
    OverridesView *overridesView() const { return m_overridesView; }
    ReferenceTreeModel *referenceModel() const { return m_referenceModel; }
    ClusterObjectModel *objectModel() const { return m_objectModel; }
    NavigatorPanel *referencePanel() const { return m_referencePanel; }
    NavigatorPanel *objectPanel() const { return m_objectPanel; }
    SideBySideDiffView *diffView() const { return m_diffView; }
    ProblemsModel *problemsModel() const { return m_problemsModel; }
    ContextBadge *contextBadge() const { return m_contextBadge; }
    SelectionController *selection() const { return m_selection; }
    FileActions *fileActions() const { return m_files; }
    QAction *reloadAction() const { return m_reloadAction; }

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createModels();
    void createCentralArea();
    void createDocks();
    QTableView *createTableDock(const QString &title, const QString &name, QAbstractItemModel *model);
    void addTableDock(const QString &title, const QString &name, QWidget *view);
    void createActions();
    void createMenus();
    void createToolBar();
    void createContextMenus();
    void connectSession();
    void connectFiles();

    void onSnapshotChanged();
    void onProblemsChanged();
    void showProblems();
    void goToProblem(const Problem &problem);
    void onFilesChanged(ChangeWatcher::What what);
    void reloadFromDisk();

    void unpinSelectedCorrelations();
    void showObjectContextMenu(const QPoint &pos);
    void showReferenceContextMenu(const QPoint &pos);
    void correlateWithTemplate();
    // Another reference or cluster data is about to be compared: keep the documents?
    bool keepDocumentsFor(const QString &what);

    void updateWatches();
    void updateTitle();
    void updateClusterState();
    void restoreSettings();
    void saveSettings() const;

    ComparisonSession *m_session = nullptr;
    ChangeWatcher *m_watcher = nullptr;
    WindowDocuments *m_documents = nullptr;
    ManualCorrelations *m_correlations = nullptr;
    ReviewController *m_review = nullptr;
    ExplainController *m_explain = nullptr;
    TemplateEditorController *m_templateEditor = nullptr;
    ReferenceTreeModel *m_referenceModel = nullptr;
    ClusterObjectModel *m_objectModel = nullptr;
    ProblemsModel *m_problemsModel = nullptr;
    CorrelationsModel *m_correlationsModel = nullptr;
    SelectionController *m_selection = nullptr;
    RecentFiles *m_recent = nullptr;
    FileActions *m_files = nullptr;
    SessionStatusBar *m_statusBar = nullptr;

    QSplitter *m_navigatorSplitter = nullptr;
    QSplitter *m_mainSplitter = nullptr;
    NavigatorPanel *m_referencePanel = nullptr;
    NavigatorPanel *m_objectPanel = nullptr;
    SideBySideDiffView *m_diffView = nullptr;
    WelcomePanel *m_welcome = nullptr;
    QStackedWidget *m_diffStack = nullptr;
    ReloadBar *m_reloadBar = nullptr;
    InputNoticeBar *m_noticeBar = nullptr;
    QTableView *m_correlationsView = nullptr;
    OverridesView *m_overridesView = nullptr;
    QMenu *m_recentMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QToolBar *m_toolBar = nullptr;
    ContextBadge *m_contextBadge = nullptr;

    QAction *m_reloadAction = nullptr;
    QAction *m_autoReloadAction = nullptr;
    QAction *m_connectAction = nullptr;
    QAction *m_correlateAction = nullptr;
};

} // namespace ds::ui
