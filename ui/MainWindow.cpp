// SPDX-License-Identifier: Apache-2.0
#include "MainWindow.h"

#include "DriftscopeVersion.h"
#include "diff/SideBySideDiffView.h"
#include "input/ObjectReloader.h"
#include "live/ConnectClusterDialog.h"
#include "main/ContextBadge.h"
#include "main/NavigatorPanel.h"
#include "main/ReloadBar.h"
#include "main/Theme.h"
#include "models/ClusterObjectModel.h"
#include "models/ReferenceTreeModel.h"
#include "models/StatusFilterProxyModel.h"
#include "models/StatusIcons.h"
#include "problems/ProblemsModel.h"
#include "session/ComparisonSession.h"
#include "session/CorrelationsModel.h"
#include "session/HtmlReportExport.h"
#include "session/ManualCorrelations.h"
#include "yaml/YamlWriter.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QHeaderView>
#include <QLineEdit>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>
#include <QToolBar>
#include <QToolButton>
#include <QTreeView>
#include <QUndoStack>
#include <QVBoxLayout>

#include <functional>

namespace ds::ui {

namespace {

constexpr int kMaxRecent = 8;

QList<StatusFilterBar::StateInfo> templateFilterStates()
{
    QList<StatusFilterBar::StateInfo> out;
    for (TemplateState s : templateStatesBySeverity())
        if (s != TemplateState::NotCompared)
            out.append({int(s), templateStateLabel(s), StatusIcons::forTemplate(s)});
    return out;
}

QList<StatusFilterBar::StateInfo> objectFilterStates()
{
    QList<StatusFilterBar::StateInfo> out;
    for (ClusterObjectState s : clusterObjectStatesBySeverity())
        if (s != ClusterObjectState::NotCompared)
            out.append({int(s), clusterObjectStateLabel(s), StatusIcons::forClusterObject(s)});
    return out;
}

// Depth-first source indexes of a model's rows.
void forEachRow(const QAbstractItemModel *model, const QModelIndex &parent,
                const std::function<void(const QModelIndex &)> &visit)
{
    for (int row = 0; row < model->rowCount(parent); ++row) {
        const QModelIndex index = model->index(row, 0, parent);
        visit(index);
        forEachRow(model, index, visit);
    }
}

QString yamlOf(const Value &object)
{
    return QString::fromStdString(yaml::writeCanonical(object).text);
}

QString shortName(const QString &path)
{
    const QFileInfo info(path);
    return info.fileName() == QLatin1String("metadata.yaml") ? info.dir().dirName() : info.fileName();
}

} // namespace

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent)
{
    setObjectName(QStringLiteral("MainWindow"));
    setAcceptDrops(true);
    m_session = new ComparisonSession(this);
    m_correlations = new ManualCorrelations(this);
    m_watcher = new ChangeWatcher(this);
    createModels();
    createCentralArea();
    createDocks();
    createActions();
    createMenus();
    createToolBar();
    createStatusBar();
    connectSession();
    restoreSettings();
    updateTitle();
    updateSummary();
}

MainWindow::~MainWindow() = default;

// --- construction ---------------------------------------------------------------------------

void MainWindow::createModels()
{
    m_referenceModel = new ReferenceTreeModel(this);
    m_objectModel = new ClusterObjectModel(this);
    m_problemsModel = new ProblemsModel(this);
    m_correlationsModel = new CorrelationsModel(m_correlations, this);
}

void MainWindow::createCentralArea()
{
    m_referencePanel = new NavigatorPanel(tr("Reference"), m_referenceModel, templateFilterStates(), this);
    m_referencePanel->setObjectName(QStringLiteral("referencePanel"));
    QTreeView *tree = m_referencePanel->view();
    tree->setAcceptDrops(true);
    tree->setDragDropMode(QAbstractItemView::DropOnly);
    tree->setDragDropOverwriteMode(true);
    tree->setDropIndicatorShown(true);

    m_objectPanel = new NavigatorPanel(tr("Cluster CRs"), m_objectModel, objectFilterStates(), this);
    m_objectPanel->setObjectName(QStringLiteral("objectPanel"));
    QTreeView *list = m_objectPanel->view();
    list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    list->setDragEnabled(true);
    list->setDragDropMode(QAbstractItemView::DragOnly);
    list->setContextMenuPolicy(Qt::CustomContextMenu);
    list->setToolTip(tr("Drag CRs onto a template of the reference to compare them with it"));

    m_navigatorSplitter = new QSplitter(Qt::Vertical, this);
    m_navigatorSplitter->setObjectName(QStringLiteral("navigatorSplitter"));
    m_navigatorSplitter->addWidget(m_referencePanel);
    m_navigatorSplitter->addWidget(m_objectPanel);

    m_diffView = new SideBySideDiffView(this);
    m_diffView->setObjectName(QStringLiteral("diffView"));
    m_reloadBar = new ReloadBar(this);
    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->setSpacing(0);
    rightLayout->addWidget(m_reloadBar);
    rightLayout->addWidget(m_diffView, 1);

    m_mainSplitter = new QSplitter(Qt::Horizontal, this);
    m_mainSplitter->setObjectName(QStringLiteral("mainSplitter"));
    m_mainSplitter->addWidget(m_navigatorSplitter);
    m_mainSplitter->addWidget(right);
    m_mainSplitter->setStretchFactor(0, 0);
    m_mainSplitter->setStretchFactor(1, 1);
    m_mainSplitter->setSizes({430, 930});
    setCentralWidget(m_mainSplitter);

    connect(tree->selectionModel(), &QItemSelectionModel::currentChanged, this, &MainWindow::onReferenceSelection);
    connect(list->selectionModel(), &QItemSelectionModel::currentChanged, this, &MainWindow::onObjectSelection);
    connect(list, &QWidget::customContextMenuRequested, this, &MainWindow::showObjectContextMenu);
    connect(m_referenceModel, &ReferenceTreeModel::correlationRequested, m_correlations, &ManualCorrelations::pin);
    connect(m_reloadBar, &ReloadBar::reloadRequested, this, &MainWindow::reloadFromDisk);
}

void MainWindow::createDocks()
{
    m_problemsView = new QTableView(this);
    m_problemsView->setModel(m_problemsModel);
    m_problemsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_problemsView->setWordWrap(false);
    m_problemsView->verticalHeader()->hide();
    m_problemsView->horizontalHeader()->setSectionResizeMode(ProblemsModel::MessageColumn, QHeaderView::Stretch);
    auto *problems = new QDockWidget(tr("Problems"), this);
    problems->setObjectName(QStringLiteral("problemsDock"));
    problems->setWidget(m_problemsView);
    addDockWidget(Qt::BottomDockWidgetArea, problems);

    m_correlationsView = new QTableView(this);
    m_correlationsView->setModel(m_correlationsModel);
    m_correlationsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_correlationsView->verticalHeader()->hide();
    m_correlationsView->horizontalHeader()->setStretchLastSection(true);
    m_correlationsView->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto *unpin = new QAction(tr("Remove Correlation"), m_correlationsView);
    unpin->setShortcut(QKeySequence::Delete);
    unpin->setShortcutContext(Qt::WidgetShortcut);
    connect(unpin, &QAction::triggered, this, &MainWindow::unpinSelectedCorrelations);
    m_correlationsView->addAction(unpin);
    auto *correlations = new QDockWidget(tr("Manual Correlations"), this);
    correlations->setObjectName(QStringLiteral("correlationsDock"));
    correlations->setWidget(m_correlationsView);
    addDockWidget(Qt::BottomDockWidgetArea, correlations);
    tabifyDockWidget(problems, correlations);
    problems->raise();
    resizeDocks({problems}, {130}, Qt::Vertical); // the diff is what people came for
}

void MainWindow::createActions()
{
    m_saveDiffConfigAction = new QAction(tr("&Save Diff Config"), this);
    m_saveDiffConfigAction->setShortcut(QKeySequence::Save);
    connect(m_saveDiffConfigAction, &QAction::triggered, this, &MainWindow::saveDiffConfig);
    m_reloadAction = new QAction(tr("&Reload from Disk"), this);
    m_reloadAction->setShortcut(QKeySequence::Refresh);
    connect(m_reloadAction, &QAction::triggered, this, &MainWindow::reloadFromDisk);
    m_autoReloadAction = new QAction(tr("Reload &Automatically When Files Change"), this);
    m_autoReloadAction->setCheckable(true);
    m_connectAction = new QAction(tr("Connect to &Cluster…"), this);
    m_connectAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    m_connectAction->setToolTip(tr("Compare a live cluster of your kubeconfig (read-only)"));
    connect(m_connectAction, &QAction::triggered, this, &MainWindow::chooseCluster);
    m_exportHtmlAction = new QAction(tr("&Export HTML Report…"), this);
    m_exportHtmlAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_exportHtmlAction->setToolTip(tr("Save the comparison as one self-contained HTML page to share"));
    m_exportHtmlAction->setEnabled(false);
    connect(m_exportHtmlAction, &QAction::triggered, this, &MainWindow::chooseHtmlReport);
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->setObjectName(QStringLiteral("menuFile"));
    file->addAction(tr("Open &Reference…"), QKeySequence::Open, this, &MainWindow::chooseReference);
    file->addAction(tr("Open Reference F&older…"), this, &MainWindow::chooseReferenceFolder);
    file->addAction(tr("Open Cluster Data &Folder…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O), this,
                    &MainWindow::chooseInputFolder);
    file->addAction(tr("Open Cluster Data &Archive or Files…"), this, &MainWindow::chooseInputFiles);
    file->addAction(m_connectAction);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    file->addSeparator();
    file->addAction(tr("Open &Diff Config…"), this, &MainWindow::chooseDiffConfig);
    file->addAction(m_saveDiffConfigAction);
    file->addAction(tr("Save Diff Config &As…"), QKeySequence::SaveAs, this, &MainWindow::saveDiffConfigAs);
    file->addSeparator();
    file->addAction(m_exportHtmlAction);
    file->addSeparator();
    file->addAction(m_reloadAction);
    file->addAction(m_autoReloadAction);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    quit->setMenuRole(QAction::QuitRole);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = m_correlations->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = m_correlations->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    edit->addAction(tr("Find in &Reference"), QKeySequence(Qt::CTRL | Qt::Key_F), this,
                    [this] { m_referencePanel->filterEdit()->setFocus(); });
    edit->addAction(tr("Find in &Cluster CRs"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F), this,
                    [this] { m_objectPanel->filterEdit()->setFocus(); });

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    m_viewMenu->setObjectName(QStringLiteral("menuView"));
    m_viewMenu->addAction(m_diffView->nextChangeAction());
    m_viewMenu->addAction(m_diffView->previousChangeAction());
    m_viewMenu->addAction(tr("Next CR with &Drift"), QKeySequence(Qt::Key_F8), this,
                          [this] { nextDriftedObject(true); });
    m_viewMenu->addAction(tr("Previous CR with D&rift"), QKeySequence(Qt::SHIFT | Qt::Key_F8), this,
                          [this] { nextDriftedObject(false); });
    m_viewMenu->addSeparator();
    for (QDockWidget *dock : findChildren<QDockWidget *>())
        m_viewMenu->addAction(dock->toggleViewAction());
    QMenu *themeMenu = m_viewMenu->addMenu(tr("&Theme"));
    auto *themes = new QActionGroup(this);
    const Theme current = themeFromName(QSettings().value(QStringLiteral("view/theme")).toString());
    for (const auto &[theme, label] : {std::pair{Theme::System, tr("&System")}, std::pair{Theme::Light, tr("&Light")},
                                       std::pair{Theme::Dark, tr("&Dark")}}) {
        QAction *a = themeMenu->addAction(label, this, [theme] {
            applyTheme(theme);
            QSettings().setValue(QStringLiteral("view/theme"), themeName(theme));
        });
        a->setCheckable(true);
        a->setChecked(theme == current);
        themes->addAction(a);
    }
    QAction *statusBarToggle = m_viewMenu->addAction(tr("Show &Status Bar"));
    statusBarToggle->setCheckable(true);
    statusBarToggle->setChecked(true);
    connect(statusBarToggle, &QAction::toggled, statusBar(), &QStatusBar::setVisible);

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->setObjectName(QStringLiteral("menuHelp"));
    help->addAction(tr("&Keyboard Shortcuts"), this, &MainWindow::showShortcuts);
    help->addAction(tr("&About Driftscope"), this, &MainWindow::showAbout);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::createToolBar()
{
    m_toolBar = addToolBar(tr("Main"));
    m_toolBar->setObjectName(QStringLiteral("mainToolBar"));
    m_toolBar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_toolBar->setMovable(false);
    m_toolBar->addAction(tr("Reference…"), this, &MainWindow::chooseReference)
        ->setToolTip(tr("Open a reference (metadata.yaml or its folder)"));
    m_toolBar->addAction(tr("Cluster Data…"), this, &MainWindow::chooseInputFolder)
        ->setToolTip(tr("Open a folder of CRs, a must-gather or a ConfigDir"));
    m_toolBar->addAction(m_connectAction);
    m_toolBar->addAction(m_reloadAction);
    m_toolBar->addSeparator();
    m_toolBar->addAction(m_exportHtmlAction);
    auto *spacer = new QWidget(m_toolBar);
    spacer->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_toolBar->addWidget(spacer);
    m_contextBadge = new ContextBadge(m_toolBar);
    m_toolBar->addWidget(m_contextBadge)->setVisible(true);
    m_viewMenu->addAction(m_toolBar->toggleViewAction());
}

void MainWindow::createStatusBar()
{
    m_summaryLabel = new QLabel(this);
    m_summaryLabel->setObjectName(QStringLiteral("summaryLabel"));
    m_progress = new QProgressBar(this);
    m_progress->setMaximumWidth(220);
    m_progress->setTextVisible(true);
    m_progress->hide();
    m_cancelButton = new QToolButton(this);
    m_cancelButton->setText(tr("Cancel"));
    m_cancelButton->setToolTip(tr("Stop loading or comparing (Esc)"));
    m_cancelButton->setShortcut(Qt::Key_Escape);
    m_cancelButton->hide();
    connect(m_cancelButton, &QToolButton::clicked, m_session, &ComparisonSession::cancel);
    statusBar()->addWidget(m_summaryLabel, 1);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancelButton);
}

void MainWindow::connectSession()
{
    connect(m_session, &ComparisonSession::snapshotChanged, this, &MainWindow::onSnapshotChanged);
    connect(m_session, &ComparisonSession::problemsChanged, this, &MainWindow::onProblemsChanged);
    connect(m_session, &ComparisonSession::busyChanged, this, &MainWindow::onBusyChanged);
    connect(m_session, &ComparisonSession::progressChanged, this, &MainWindow::onProgress);
    connect(m_correlations, &ManualCorrelations::changed, this,
            [this] { m_session->setManualCorrelations(m_correlations->pairs()); });
    connect(m_correlations, &ManualCorrelations::dirtyChanged, this, &MainWindow::updateTitle);
    connect(m_correlations, &ManualCorrelations::filePathChanged, this, &MainWindow::updateWatches);
    connect(m_watcher, &ChangeWatcher::changed, this, &MainWindow::onFilesChanged);
}

// --- opening ------------------------------------------------------------------------------

void MainWindow::openReference(const QString &path)
{
    m_session->openReference(path);
    addRecent(QStringLiteral("references"), {path});
    rememberDirectory(path);
    updateTitle();
}

void MainWindow::openInputs(const QStringList &paths)
{
    if (paths.isEmpty())
        return;
    m_session->openInputs(paths);
    addRecent(QStringLiteral("inputs"), paths);
    rememberDirectory(paths.front());
    updateTitle();
}

void MainWindow::openCluster(const ClusterTarget &target)
{
    m_session->openCluster(target);
    addRecent(QStringLiteral("clusters"), {target.kubeconfig, target.context});
    QSettings settings;
    settings.setValue(QStringLiteral("cluster/kubeconfig"), target.kubeconfig);
    settings.setValue(QStringLiteral("cluster/context"), target.context);
    updateClusterState();
    updateTitle();
}

QFuture<QString> MainWindow::exportHtmlReport(const QString &path)
{
    m_exportHtmlAction->setEnabled(false);
    statusBar()->showMessage(tr("Writing %1…").arg(path));
    QFuture<QString> future = exportHtmlReportAsync(m_session->snapshot(), path);
    auto *watcher = new QFutureWatcher<QString>(this);
    connect(watcher, &QFutureWatcher<QString>::finished, this, [this, watcher, path] {
        watcher->deleteLater();
        m_exportHtmlAction->setEnabled(m_session->snapshot()->hasReport());
        const QString error = watcher->result();
        if (error.isEmpty())
            statusBar()->showMessage(tr("Exported the HTML report to %1").arg(path), 6000);
        else
            QMessageBox::warning(this, tr("Export HTML Report"), error);
    });
    watcher->setFuture(future);
    return future;
}

bool MainWindow::openDiffConfig(const QString &path)
{
    if (!confirmDiscardCorrelations())
        return false;
    if (!m_correlations->load(path)) {
        QMessageBox::warning(this, tr("Open Diff Config"),
                             tr("Could not read the diff config %1:\n%2").arg(path, m_correlations->errorString()));
        return false;
    }
    rememberDirectory(path);
    updateWatches();
    return true;
}

void MainWindow::chooseReference()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Reference"), lastDirectory(),
                                                      tr("Reference metadata (metadata.yaml *.yaml);;All files (*)"));
    if (!path.isEmpty())
        openReference(path);
}

void MainWindow::chooseReferenceFolder()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open Reference Folder (with metadata.yaml)"),
                                                          lastDirectory());
    if (!dir.isEmpty())
        openReference(dir);
}

void MainWindow::chooseInputFolder()
{
    const QString dir = QFileDialog::getExistingDirectory(
        this, tr("Open Cluster Data Folder (CRs, must-gather or ConfigDir)"), lastDirectory());
    if (!dir.isEmpty())
        openInputs({dir});
}

void MainWindow::chooseInputFiles()
{
    const QStringList files = QFileDialog::getOpenFileNames(
        this, tr("Open Cluster Data"), lastDirectory(),
        tr("Archives and CR files (*.tar *.tar.gz *.tgz *.tar.xz *.zip *.yaml *.yml *.json);;All files (*)"));
    if (!files.isEmpty())
        openInputs(files);
}

void MainWindow::chooseCluster()
{
    QSettings settings;
    const auto current = m_session->cluster();
    ConnectClusterDialog dialog(current ? current->kubeconfig : settings.value(QStringLiteral("cluster/kubeconfig")).toString(),
                                current ? current->context : settings.value(QStringLiteral("cluster/context")).toString(),
                                this);
    if (dialog.exec() == QDialog::Accepted)
        openCluster(dialog.target());
}

void MainWindow::chooseHtmlReport()
{
    const auto snapshot = m_session->snapshot();
    if (!snapshot->hasReport())
        return;
    const QString name = shortName(QString::fromStdString(snapshot->reference->metadataFile));
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export HTML Report"), lastDirectory() + QStringLiteral("/drift-report-%1.html").arg(name),
        tr("HTML report (*.html *.htm)"));
    if (path.isEmpty())
        return;
    rememberDirectory(path);
    exportHtmlReport(path);
}

void MainWindow::chooseDiffConfig()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Diff Config"), lastDirectory(),
                                                      tr("Diff config (*.yaml *.yml);;All files (*)"));
    if (!path.isEmpty())
        openDiffConfig(path);
}

bool MainWindow::saveDiffConfig()
{
    if (m_correlations->filePath().isEmpty())
        return saveDiffConfigAs();
    m_watcher->suspendFor(2 * ChangeWatcher::kSettleMilliseconds); // our own write
    if (!m_correlations->save(m_correlations->filePath())) {
        QMessageBox::warning(this, tr("Save Diff Config"), m_correlations->errorString());
        return false;
    }
    statusBar()->showMessage(tr("Saved %1").arg(m_correlations->filePath()), 4000);
    return true;
}

bool MainWindow::saveDiffConfigAs()
{
    const QString start = m_correlations->filePath().isEmpty()
        ? lastDirectory() + QStringLiteral("/diff-config.yaml")
        : m_correlations->filePath();
    const QString path = QFileDialog::getSaveFileName(this, tr("Save Diff Config As"), start,
                                                      tr("Diff config (*.yaml *.yml)"));
    if (path.isEmpty())
        return false;
    m_watcher->suspendFor(2 * ChangeWatcher::kSettleMilliseconds);
    if (!m_correlations->save(path)) {
        QMessageBox::warning(this, tr("Save Diff Config"), m_correlations->errorString());
        return false;
    }
    addRecent(QStringLiteral("diffConfigs"), {path});
    updateWatches();
    return true;
}

bool MainWindow::confirmDiscardCorrelations()
{
    if (!m_correlations->isDirty())
        return true;
    const auto answer = QMessageBox::question(
        this, tr("Unsaved Correlations"),
        tr("The manual correlations have changed since they were saved. Save them?"),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return saveDiffConfig();
    return answer == QMessageBox::Discard;
}

void MainWindow::unpinSelectedCorrelations()
{
    QStringList ids;
    for (const QModelIndex &index : m_correlationsView->selectionModel()->selectedRows())
        ids << m_correlationsModel->clusterObjectId(index.row());
    if (!ids.isEmpty())
        m_correlations->unpin(ids);
}

void MainWindow::showObjectContextMenu(const QPoint &pos)
{
    QStringList pinned;
    for (const QModelIndex &index : m_objectPanel->selectedSourceRows()) {
        const QString id = index.data(ClusterObjectModel::ClusterObjectIdRole).toString();
        if (!id.isEmpty() && m_correlations->contains(id))
            pinned << id;
    }
    QMenu menu;
    QAction *unpin = menu.addAction(tr("Remove Manual Correlation"));
    unpin->setEnabled(!pinned.isEmpty());
    connect(unpin, &QAction::triggered, this, [this, pinned] { m_correlations->unpin(pinned); });
    menu.exec(m_objectPanel->view()->viewport()->mapToGlobal(pos));
}

// --- session results ------------------------------------------------------------------------

void MainWindow::onSnapshotChanged()
{
    const auto snapshot = m_session->snapshot();
    m_referenceModel->setSnapshot(snapshot);
    m_objectModel->setSnapshot(snapshot);
    m_referencePanel->view()->expandToDepth(1);
    // API groups open, the (often huge) Unmatched group closed.
    QTreeView *list = m_objectPanel->view();
    for (int row = 0; row < m_objectPanel->proxy()->rowCount(); ++row) {
        const QModelIndex group = m_objectPanel->proxy()->index(row, 0);
        list->setExpanded(group, !group.data(ItemRole::AlwaysVisible).toBool());
    }
    restoreSelection();
    updateWatches();
    updateSummary();
    updateTitle();
    updateClusterState();
    m_exportHtmlAction->setEnabled(snapshot->hasReport());
}

void MainWindow::onProblemsChanged()
{
    m_problemsModel->setProblems(m_session->problems());
    const int errors = m_problemsModel->count(Problem::Severity::Error);
    if (errors > 0) {
        if (auto *dock = findChild<QDockWidget *>(QStringLiteral("problemsDock"))) {
            dock->show();
            dock->raise();
        }
    }
}

void MainWindow::onBusyChanged(bool busy)
{
    m_progress->setVisible(busy);
    m_cancelButton->setVisible(busy);
    m_reloadAction->setEnabled(!busy);
    if (busy) {
        m_progress->setRange(0, 0);
        m_progress->setFormat(tr("Working…"));
    }
}

void MainWindow::onProgress(int done, int total, const QString &label)
{
    if (!m_session->isBusy()) {
        statusBar()->showMessage(label, 3000);
        return;
    }
    m_progress->setRange(0, total);
    m_progress->setValue(total > 0 ? done : 0);
    m_progress->setFormat(total > 0 ? QStringLiteral("%1 %p%").arg(label) : label);
}

void MainWindow::onFilesChanged(ChangeWatcher::What what)
{
    if (what == ChangeWatcher::What::DiffConfig && m_correlations->isDirty())
        return; // the user's unsaved pairs win; saving will keep the file's other content
    if (m_autoReloadAction->isChecked()) {
        reloadFromDisk();
        return;
    }
    const QString text = what == ChangeWatcher::What::Reference ? tr("The reference changed on disk.")
                         : what == ChangeWatcher::What::Input   ? tr("The cluster data changed on disk.")
                                                                : tr("The diff config changed on disk.");
    m_reloadBar->showMessage(text);
}

void MainWindow::reloadFromDisk()
{
    m_reloadBar->hide();
    if (!m_correlations->filePath().isEmpty() && !m_correlations->isDirty())
        m_correlations->load(m_correlations->filePath());
    m_session->reload();
}

// --- selection and diff -----------------------------------------------------------------------

void MainWindow::onReferenceSelection()
{
    if (m_selecting)
        return;
    const QModelIndex index = m_referencePanel->currentSource();
    if (index.data(ItemRole::IsLeaf).toBool())
        showTemplateDiff(index);
}

void MainWindow::onObjectSelection()
{
    if (m_selecting)
        return;
    const QString id = m_objectPanel->currentSource().data(ClusterObjectModel::ClusterObjectIdRole).toString();
    if (!id.isEmpty())
        showObjectDiff(id);
}

void MainWindow::showClusterObject(const QString &id)
{
    m_selecting = true;
    m_objectPanel->selectSource(m_objectModel->indexForObject(id));
    m_selecting = false;
    showObjectDiff(id);
}

void MainWindow::showTemplate(const QString &path)
{
    const QModelIndex index = m_referenceModel->indexForTemplate(path);
    m_selecting = true;
    m_referencePanel->selectSource(index);
    m_selecting = false;
    showTemplateDiff(index);
}

void MainWindow::showObjectDiff(const QString &id)
{
    m_selectedObject = id;
    const auto snapshot = m_session->snapshot();
    const std::string key = id.toStdString();
    if (const report::CrResult *r = snapshot->lookup().result(key)) {
        m_selectedTemplate = QString::fromStdString(r->correlatedTemplate);
        m_selecting = true;
        m_referencePanel->selectSource(m_referenceModel->indexForTemplate(m_selectedTemplate));
        m_selecting = false;
        m_diffView->setDiff(m_selectedTemplate, QString::fromStdString(r->referenceYaml), id,
                            QString::fromStdString(r->clusterYaml), QString::fromStdString(r->description));
        return;
    }
    // Not compared: show the CR itself (read again in full if it was skimmed).
    QString note = tr("No template of the reference correlates with this CR. Drag it onto a template to "
                      "compare them.");
    if (const report::FailedCr *f = snapshot->lookup().failure(key))
        note = tr("Comparing this CR failed:\n%1").arg(QString::fromStdString(f->error));
    QString yaml;
    if (const input::ClusterObject *o = snapshot->lookup().object(key)) {
        const std::optional<Value> full = o->partial ? input::reloadObject(*o) : std::optional<Value>(o->object);
        yaml = full ? yamlOf(*full) : tr("# %1 can no longer be read from %2\n").arg(id, QString::fromStdString(o->source));
    }
    m_diffView->setDiff(tr("(no template)"), QString(), id, yaml, note);
}

void MainWindow::showTemplateDiff(const QModelIndex &sourceIndex)
{
    const QString path = sourceIndex.data(ItemRole::TemplatePath).toString();
    m_selectedTemplate = path;
    const QStringList objects = sourceIndex.data(ReferenceTreeModel::ClusterObjectIdsRole).toStringList();
    if (!objects.isEmpty()) {
        // The template's first CR; the others are one click away in the CR list.
        m_selecting = true;
        m_objectPanel->selectSource(m_objectModel->indexForObject(objects.front()));
        m_selecting = false;
        showObjectDiff(objects.front());
        return;
    }
    m_selectedObject.clear();
    const auto snapshot = m_session->snapshot();
    const int templateIndex = sourceIndex.data(ReferenceTreeModel::TemplateIndexRole).toInt();
    QString expected;
    if (snapshot->reference && templateIndex >= 0 && std::size_t(templateIndex) < snapshot->reference->templates.size())
        expected = yamlOf(snapshot->reference->templates[std::size_t(templateIndex)].metadata);
    const QString state = sourceIndex.data(Qt::ToolTipRole).toString();
    m_diffView->setDiff(path, expected, tr("(not in the cluster)"), QString(), state);
}

void MainWindow::restoreSelection()
{
    if (!m_selectedObject.isEmpty() && m_objectModel->indexForObject(m_selectedObject).isValid())
        showClusterObject(m_selectedObject);
    else if (!m_selectedTemplate.isEmpty() && m_referenceModel->indexForTemplate(m_selectedTemplate).isValid())
        showTemplate(m_selectedTemplate);
    else if (m_session->snapshot()->report)
        nextDriftedObject(true); // start where the work is
    else
        m_diffView->clear();
}

void MainWindow::nextDriftedObject(bool forward)
{
    QStringList drifted; // list order, each CR once
    forEachRow(m_objectModel, {}, [&](const QModelIndex &index) {
        const QString id = index.data(ClusterObjectModel::ClusterObjectIdRole).toString();
        if (!id.isEmpty() && index.data(ItemRole::State).toInt() == int(ClusterObjectState::Drift)
            && !drifted.contains(id))
            drifted << id;
    });
    if (drifted.isEmpty()) {
        statusBar()->showMessage(tr("No CR has drift"), 3000);
        return;
    }
    const qsizetype at = drifted.indexOf(m_selectedObject);
    qsizetype next = 0;
    if (at >= 0)
        next = (at + (forward ? 1 : drifted.size() - 1)) % drifted.size();
    else if (!forward)
        next = drifted.size() - 1;
    showClusterObject(drifted[next]);
}

// --- window state -----------------------------------------------------------------------------

void MainWindow::updateWatches()
{
    const auto snapshot = m_session->snapshot();
    QStringList referenceFiles;
    if (snapshot->reference) {
        const QString dir = QString::fromStdString(snapshot->reference->directory);
        referenceFiles << QString::fromStdString(snapshot->reference->metadataFile);
        for (const auto &t : snapshot->reference->templates)
            referenceFiles << dir + QLatin1Char('/') + QString::fromStdString(t.path);
        for (const auto &f : snapshot->reference->templateFunctionFiles)
            referenceFiles << dir + QLatin1Char('/') + QString::fromStdString(f);
    }
    m_watcher->watchReference(referenceFiles);
    m_watcher->watchInputs(m_session->inputPaths());
    m_watcher->watchDiffConfig(m_correlations->filePath());
}

void MainWindow::updateTitle()
{
    QStringList parts;
    if (!m_session->referencePath().isEmpty())
        parts << shortName(m_session->referencePath());
    if (const auto &cluster = m_session->cluster())
        parts << (cluster->context.isEmpty() ? tr("current context") : cluster->context);
    else if (!m_session->inputPaths().isEmpty())
        parts << QFileInfo(m_session->inputPaths().front()).fileName();
    const QString what = parts.join(tr(" vs "));
    setWindowTitle(what.isEmpty() ? QStringLiteral("Driftscope")
                                  : QStringLiteral("%1[*] — Driftscope").arg(what));
    setWindowModified(m_correlations->isDirty());
}

void MainWindow::updateSummary()
{
    const auto snapshot = m_session->snapshot();
    if (!snapshot->reference) {
        m_summaryLabel->setText(tr("Open a reference (Ctrl+O) and cluster data (Ctrl+Shift+O) or a cluster "
                                   "(Ctrl+K) to compare them."));
        return;
    }
    if (!snapshot->report) {
        m_summaryLabel->setText(tr("Reference loaded: %n template(s). Open cluster data to compare.", nullptr,
                                   int(snapshot->reference->templates.size())));
        return;
    }
    const report::ReportCounts &n = snapshot->lookup().counts();
    QString text = tr("%1 CRs compared · %2 with drift · %3 missing from the cluster · %4 unmatched · %5 "
                      "failed · %6 patched")
                       .arg(n.compared)
                       .arg(n.withDrift)
                       .arg(n.missing)
                       .arg(n.unmatched)
                       .arg(n.failed)
                       .arg(n.patched);
    if (n.foundByReference > 0)
        text += tr(" · %n template(s) found by reference only", nullptr, int(n.foundByReference));
    m_summaryLabel->setText(text);
}

// The context badge and what Refresh means follow the kind of input.
void MainWindow::updateClusterState()
{
    const auto &cluster = m_session->cluster();
    if (cluster) {
        const QString described = QString::fromStdString(m_session->snapshot()->inputDescription);
        m_contextBadge->setContext(cluster->context.isEmpty() ? tr("current context") : cluster->context, described);
        m_reloadAction->setText(tr("&Refresh from Cluster"));
        m_reloadAction->setToolTip(tr("Fetch the CRs from the cluster again and compare"));
    } else {
        m_contextBadge->setContext({}, {});
        m_reloadAction->setText(tr("&Reload from Disk"));
        m_reloadAction->setToolTip(tr("Read the reference and the cluster data again"));
    }
}

void MainWindow::addRecent(const QString &kind, const QStringList &paths)
{
    QSettings settings;
    const QString key = QStringLiteral("recent/") + kind;
    QStringList list = settings.value(key).toStringList();
    const QString entry = paths.join(QLatin1Char('\n'));
    list.removeAll(entry);
    list.prepend(entry);
    settings.setValue(key, list.mid(0, kMaxRecent));
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    QSettings settings;
    const auto section = [&](const QString &kind, const QString &title, const std::function<void(QString)> &open) {
        const QStringList list = settings.value(QStringLiteral("recent/") + kind).toStringList();
        if (list.isEmpty())
            return;
        m_recentMenu->addSection(title);
        for (const QString &entry : list)
            m_recentMenu->addAction(QString(entry).replace(QLatin1Char('\n'), QStringLiteral(", ")),
                                    this, [open, entry] { open(entry); });
    };
    section(QStringLiteral("references"), tr("References"), [this](const QString &e) { openReference(e); });
    section(QStringLiteral("inputs"), tr("Cluster data"),
            [this](const QString &e) { openInputs(e.split(QLatin1Char('\n'))); });
    section(QStringLiteral("clusters"), tr("Clusters (kubeconfig, context)"), [this](const QString &e) {
        const QStringList parts = e.split(QLatin1Char('\n'));
        openCluster(ClusterTarget{parts.value(0), parts.value(1)});
    });
    section(QStringLiteral("diffConfigs"), tr("Diff configs"), [this](const QString &e) { openDiffConfig(e); });
    m_recentMenu->setEnabled(!m_recentMenu->isEmpty());
}

QString MainWindow::lastDirectory() const
{
    return QSettings().value(QStringLiteral("dirs/last")).toString();
}

void MainWindow::rememberDirectory(const QString &path)
{
    const QFileInfo info(path);
    QSettings().setValue(QStringLiteral("dirs/last"), info.isDir() ? info.absoluteFilePath() : info.absolutePath());
}

void MainWindow::restoreSettings()
{
    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray()))
        resize(1366, 768);
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    m_mainSplitter->restoreState(settings.value(QStringLiteral("window/mainSplitter")).toByteArray());
    m_navigatorSplitter->restoreState(settings.value(QStringLiteral("window/navigatorSplitter")).toByteArray());
    m_autoReloadAction->setChecked(settings.value(QStringLiteral("reload/automatic"), false).toBool());
    rebuildRecentMenu();
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("window/mainSplitter"), m_mainSplitter->saveState());
    settings.setValue(QStringLiteral("window/navigatorSplitter"), m_navigatorSplitter->saveState());
    settings.setValue(QStringLiteral("reload/automatic"), m_autoReloadAction->isChecked());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!confirmDiscardCorrelations()) {
        event->ignore();
        return;
    }
    m_session->cancel();
    saveSettings();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    QStringList inputs;
    for (const QUrl &url : event->mimeData()->urls()) {
        const QString path = url.toLocalFile();
        if (QFileInfo(path).fileName() == QLatin1String("metadata.yaml"))
            openReference(path);
        else if (!path.isEmpty())
            inputs << path;
    }
    openInputs(inputs);
    event->acceptProposedAction();
}

void MainWindow::showShortcuts()
{
    QString rows;
    const auto addRows = [&rows](const QList<QAction *> &actions) {
        for (const QAction *a : actions) {
            if (a->shortcut().isEmpty() || a->text().isEmpty())
                continue;
            rows += QStringLiteral("<tr><td>%1</td><td><b>%2</b></td></tr>")
                        .arg(QString(a->text()).remove(QLatin1Char('&')).toHtmlEscaped(),
                             a->shortcut().toString(QKeySequence::NativeText).toHtmlEscaped());
        }
    };
    for (QMenu *menu : menuBar()->findChildren<QMenu *>())
        addRows(menu->actions());
    rows += tr("<tr><td>Correlate a CR with a template</td><td><b>drag it onto the template</b></td></tr>");
    QMessageBox box(QMessageBox::NoIcon, tr("Keyboard Shortcuts"),
                    QStringLiteral("<table cellspacing=6>%1</table>").arg(rows), QMessageBox::Close, this);
    box.exec();
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About Driftscope"),
                       tr("<h3>Driftscope %1</h3><p>%2</p><p>%3</p>")
                           .arg(QStringLiteral(DRIFTSCOPE_VERSION_STRING),
                                tr("Shows how a Kubernetes cluster's configuration drifts from a "
                                   "reference configuration."),
                                tr("Reads kube-compare references; compatible with kubectl cluster-compare.")));
}

} // namespace ds::ui
