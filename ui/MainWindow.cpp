// SPDX-License-Identifier: Apache-2.0
#include "MainWindow.h"

#include "diff/SideBySideDiffView.h"
#include "main/AppIcons.h"
#include "fleet/FleetRun.h"
#include "fleet/FleetWindow.h"
#include "fleet/OpenFleetDialog.h"
#include "main/ContextBadge.h"
#include "main/DocumentFile.h"
#include "main/ElideMiddleDelegate.h"
#include "main/FileActions.h"
#include "main/HelpDialogs.h"
#include "main/NavigatorPanel.h"
#include "main/RecentFiles.h"
#include "main/InputNoticeBar.h"
#include "main/ReloadBar.h"
#include "main/SelectionController.h"
#include "main/SessionStatusBar.h"
#include "main/Theme.h"
#include "main/WelcomePanel.h"
#include "main/WindowDocuments.h"
#include "pipeline/SampleComparison.h"
#include "models/ClusterObjectModel.h"
#include "models/ReferenceTreeModel.h"
#include "models/StatusFilterProxyModel.h"
#include "models/StatusIcons.h"
#include "problems/ProblemsModel.h"
#include "problems/ProblemsView.h"
#include "explain/ExplainController.h"
#include "explain/TemplateSourceView.h"
#include "editor/TemplateEditorController.h"
#include "editor/TemplateEditorPanel.h"
#include "main/TemplateChooserDialog.h"
#include "review/OverridesView.h"
#include "review/ReviewController.h"
#include "session/ComparisonSession.h"
#include "session/CorrelationsModel.h"
#include "session/ManualCorrelations.h"
#include "session/OverridesDocument.h"
#include "session/ReviewDocument.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDesktopServices>
#include <QDockWidget>
#include <QFileInfo>
#include <QHeaderView>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QTableView>
#include <QTextBrowser>
#include <QUrl>
#include <QToolBar>
#include <QTreeView>
#include <QUndoStack>
#include <QVBoxLayout>


namespace ds::ui {

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent)
{
    setObjectName(QStringLiteral("MainWindow"));
    setAcceptDrops(true);
    m_session = new ComparisonSession(this);
    m_watcher = new ChangeWatcher(this);
    m_recentMenu = new QMenu(tr("Open Rece&nt"), this);
    m_recent = new RecentFiles(m_recentMenu, this);
    m_documents = new WindowDocuments(this, m_recent, m_watcher, this);
    m_correlations = m_documents->correlations();
    m_files = new FileActions(this, m_session, m_documents, m_recent, this);
    createModels();
    createCentralArea();
    m_review = new ReviewController(
        this, m_session, m_documents,
        {m_referencePanel, m_objectPanel, m_objectModel, m_diffView, m_selection}, this);
    m_explain = new ExplainController(m_session, m_selection, m_diffView, this);
    m_templateEditor = new TemplateEditorController(m_session, m_selection, m_diffView, this);
    createDocks();
    createActions();
    createMenus();
    createToolBar();
    createContextMenus();
    m_statusBar = new SessionStatusBar(m_session, statusBar(), this);
    connect(m_statusBar, &SessionStatusBar::problemsRequested, this, &MainWindow::showProblems);
    connectSession();
    connectFiles();
    restoreSettings();
    updateTitle();
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
    m_referencePanel = new NavigatorPanel(tr("Reference"), m_referenceModel, StatusFilterBar::templateStates(), this);
    m_referencePanel->setObjectName(QStringLiteral("referencePanel"));
    m_referencePanel->view()->setAccessibleName(tr("Reference tree"));
    QTreeView *tree = m_referencePanel->view();
    tree->setAcceptDrops(true);
    tree->setDragDropMode(QAbstractItemView::DropOnly);
    tree->setDragDropOverwriteMode(true);
    tree->setDropIndicatorShown(true);

    m_objectPanel = new NavigatorPanel(tr("Cluster CRs"), m_objectModel, StatusFilterBar::clusterObjectStates(), this);
    m_objectPanel->setObjectName(QStringLiteral("objectPanel"));
    m_objectPanel->view()->setAccessibleName(tr("Cluster CRs"));
    QTreeView *list = m_objectPanel->view();
    list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    list->setDragEnabled(true);
    list->setDragDropMode(QAbstractItemView::DragOnly);
    list->setToolTip(tr("Drag CRs onto a template of the reference to compare them with it"));
    list->header()->setSectionResizeMode(ClusterObjectModel::ReviewColumn, QHeaderView::ResizeToContents);
    list->setColumnWidth(ClusterObjectModel::NameColumn, 230); // CR names are short; leave room for Review and Status
    m_objectPanel->proxy()->setStatusColumn(ClusterObjectModel::StatusColumn);
    list->setItemDelegateForColumn(ClusterObjectModel::TemplateColumn, new ElideMiddleDelegate(list));

    m_navigatorSplitter = new QSplitter(Qt::Vertical, this);
    m_navigatorSplitter->setObjectName(QStringLiteral("navigatorSplitter"));
    m_navigatorSplitter->addWidget(m_referencePanel);
    m_navigatorSplitter->addWidget(m_objectPanel);

    m_diffView = new SideBySideDiffView(this);
    m_diffView->setObjectName(QStringLiteral("diffView"));
    m_diffView->setAccessibleName(tr("Differences"));
    m_reloadBar = new ReloadBar(this);
    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->setSpacing(0);
    rightLayout->addWidget(m_reloadBar);
    m_noticeBar = new InputNoticeBar(this);
    rightLayout->addWidget(m_noticeBar);
    // An empty window says what to open where the diff will be.
    m_welcome = new WelcomePanel(this);
    m_diffStack = new QStackedWidget(this);
    m_diffStack->addWidget(m_welcome);
    m_diffStack->addWidget(m_diffView);
    rightLayout->addWidget(m_diffStack, 1);

    m_mainSplitter = new QSplitter(Qt::Horizontal, this);
    m_mainSplitter->setObjectName(QStringLiteral("mainSplitter"));
    m_mainSplitter->addWidget(m_navigatorSplitter);
    m_mainSplitter->addWidget(right);
    m_mainSplitter->setStretchFactor(0, 0);
    m_mainSplitter->setStretchFactor(1, 1);
    m_mainSplitter->setSizes({430, 930});
    setCentralWidget(m_mainSplitter);

    m_selection = new SelectionController(
        m_session, {m_referenceModel, m_referencePanel, m_objectModel, m_objectPanel, m_diffView}, this);
    connect(m_selection, &SelectionController::message, this, [this](const QString &text) {
        statusBar()->showMessage(text, 3000);
    });
    connect(m_referenceModel, &ReferenceTreeModel::correlationRequested, m_correlations, &ManualCorrelations::pin);
    connect(m_reloadBar, &ReloadBar::reloadRequested, this, &MainWindow::reloadFromDisk);
    connect(m_noticeBar, &InputNoticeBar::retryRequested, this, &MainWindow::reloadFromDisk);
    connect(m_noticeBar, &InputNoticeBar::problemsRequested, this, &MainWindow::showProblems);
}

QTableView *MainWindow::createTableDock(const QString &title, const QString &name, QAbstractItemModel *model)
{
    auto *view = new QTableView(this);
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->verticalHeader()->hide();
    addTableDock(title, name, view);
    return view;
}

void MainWindow::addTableDock(const QString &title, const QString &name, QWidget *view)
{
    auto *dock = new QDockWidget(title, this);
    dock->setObjectName(name);
    dock->setWidget(view);
    addDockWidget(Qt::BottomDockWidgetArea, dock);
}

void MainWindow::createDocks()
{
    auto *problems = new ProblemsView(m_problemsModel, this);
    connect(problems, &ProblemsView::problemActivated, this, &MainWindow::goToProblem);
    addTableDock(tr("Problems"), QStringLiteral("problemsDock"), problems);

    m_correlationsView = createTableDock(tr("Manual Correlations"), QStringLiteral("correlationsDock"),
                                         m_correlationsModel);
    m_correlationsView->horizontalHeader()->setStretchLastSection(true);
    m_correlationsView->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto *unpin = new QAction(tr("Remove Correlation"), m_correlationsView);
    unpin->setShortcut(QKeySequence::Delete);
    unpin->setShortcutContext(Qt::WidgetShortcut);
    connect(unpin, &QAction::triggered, this, &MainWindow::unpinSelectedCorrelations);
    m_correlationsView->addAction(unpin);

    m_overridesView = new OverridesView(m_documents->overrides(), this);
    addTableDock(tr("Overrides"), QStringLiteral("overridesDock"), m_overridesView);
    addTableDock(tr("Fields"), QStringLiteral("fieldsDock"), m_explain->fieldsPanel());
    addTableDock(tr("Details"), QStringLiteral("detailsDock"), m_explain->detailsView());
    addTableDock(tr("Template Source"), QStringLiteral("templateSourceDock"), m_explain->templateSource());
    // The editor goes beside the diff, out of the way until a template is edited.
    auto *editorDock = new QDockWidget(tr("Template Editor"), this);
    editorDock->setObjectName(QStringLiteral("templateEditorDock"));
    editorDock->setWidget(m_templateEditor->panel());
    addDockWidget(Qt::RightDockWidgetArea, editorDock);
    editorDock->hide();
    m_templateEditor->setDock(editorDock);
    connect(m_templateEditor, &TemplateEditorController::saved, this, [this] {
        m_watcher->suspendFor(2 * ChangeWatcher::kSettleMilliseconds); // our own write
        m_session->openReference(m_session->referencePath());
    });

    auto *problemsDock = findChild<QDockWidget *>(QStringLiteral("problemsDock"));
    tabifyDockWidget(problemsDock, findChild<QDockWidget *>(QStringLiteral("correlationsDock")));
    for (const char *name : {"overridesDock", "fieldsDock", "detailsDock", "templateSourceDock"})
        tabifyDockWidget(problemsDock, findChild<QDockWidget *>(QString::fromLatin1(name)));
    findChild<QDockWidget *>(QStringLiteral("fieldsDock"))->raise(); // what changed, until a problem needs attention
    resizeDocks({problemsDock}, {170}, Qt::Vertical); // the diff is what people came for
}

void MainWindow::createActions()
{
    m_reloadAction = new QAction(tr("Reload from Dis&k"), this);
    m_reloadAction->setShortcut(QKeySequence::Refresh);
    connect(m_reloadAction, &QAction::triggered, this, &MainWindow::reloadFromDisk);
    m_autoReloadAction = new QAction(tr("Reload Automatically &When Files Change"), this);
    m_autoReloadAction->setCheckable(true);
    m_connectAction = new QAction(tr("Connect to &Cluster…"), this);
    m_connectAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    m_connectAction->setToolTip(tr("Compare a live cluster of your kubeconfig (read-only)"));
    connect(m_connectAction, &QAction::triggered, m_files, &FileActions::chooseCluster);
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->setObjectName(QStringLiteral("menuFile"));
    file->addAction(tr("Open &Reference…"), QKeySequence::Open, m_files, &FileActions::chooseReference);
    file->addAction(tr("Open Reference F&older…"), m_files, &FileActions::chooseReferenceFolder);
    file->addAction(tr("Open Reference from &URL or Image…"), m_files, &FileActions::chooseReferenceUrl);
    file->addAction(tr("Open Cluster &Data Folder…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O), m_files,
                    &FileActions::chooseInputFolder);
    file->addAction(tr("Open Cluster Data &Archive, Files or Folder…"), m_files, &FileActions::chooseInputFiles);
    file->addAction(m_connectAction);
    file->addAction(tr("Open F&leet…"), this, [this] {
        if (m_session->referencePath().isEmpty()) {
            QMessageBox::information(this, tr("Open Fleet"), tr("Open the reference to compare the clusters with first."));
            return;
        }
        OpenFleetDialog dialog(m_recent->lastDirectory(), this);
        if (dialog.exec() == QDialog::Accepted && (!dialog.clusters().isEmpty() || dialog.allContexts()))
            openFleet(dialog.clusters(), dialog.allContexts());
    });
    file->addMenu(m_recentMenu);
    file->addSeparator();
    file->addAction(tr("&Save All"), QKeySequence::Save, this, [this] { m_documents->saveAll(); })
        ->setToolTip(tr("Save the diff config, the overrides and the review marks that changed"));
    for (DocumentFile *document :
         {m_documents->diffConfigFile(), m_documents->overridesFile(), m_documents->reviewFile()}) {
        const QString title = document->kind().title;
        file->addSeparator();
        file->addAction(tr("Open %1…").arg(title), document, &DocumentFile::choose);
        file->addAction(tr("Save %1").arg(title), document, &DocumentFile::save);
        file->addAction(tr("Save %1 As…").arg(title), document, &DocumentFile::saveAs);
    }
    file->addSeparator();
    file->addAction(m_files->exportHtmlAction());
    file->addAction(m_review->exportFixesAction());
    file->addSeparator();
    file->addAction(m_reloadAction);
    file->addAction(m_autoReloadAction);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    quit->setMenuRole(QAction::QuitRole);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = m_documents->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = m_documents->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    edit->addActions(m_review->crActions());
    edit->addSeparator();
    // Ctrl+F finds in the diff when it has the focus, else in the reference tree.
    QAction *find = edit->addAction(tr("Fin&d"), QKeySequence::Find, this, [this] {
        if (m_diffView->isAncestorOf(QApplication::focusWidget()))
            m_diffView->startFind();
        else
            m_referencePanel->filterEdit()->setFocus();
    });
    find->setObjectName(QStringLiteral("findAction"));
    edit->addAction(tr("Find in &Cluster CRs"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F), this,
                    [this] { m_objectPanel->filterEdit()->setFocus(); });
    edit->addSeparator();
    QAction *correlate = edit->addAction(tr("Correlate with &Template…"), QKeySequence(Qt::CTRL | Qt::Key_T), this,
                                         &MainWindow::correlateWithTemplate);
    correlate->setToolTip(tr("Pin the selected CRs to a template you choose (as dragging them onto it does)"));
    correlate->setObjectName(QStringLiteral("correlateAction"));
    m_correlateAction = correlate;
    edit->addAction(m_templateEditor->editAction());
    m_viewMenu = menuBar()->addMenu(tr("&View"));
    m_viewMenu->setObjectName(QStringLiteral("menuView"));
    m_viewMenu->addAction(m_diffView->nextChangeAction());
    m_viewMenu->addAction(m_diffView->previousChangeAction());
    m_viewMenu->addAction(tr("Next CR with &Drift"), QKeySequence(Qt::Key_F8), this,
                          [this] { m_selection->nextDriftedObject(true); });
    m_viewMenu->addAction(tr("Previous CR with D&rift"), QKeySequence(Qt::SHIFT | Qt::Key_F8), this,
                          [this] { m_selection->nextDriftedObject(false); });
    m_viewMenu->addAction(m_explain->showHiddenAction());
    m_viewMenu->addSeparator();
    for (QDockWidget *dock : findChildren<QDockWidget *>())
        m_viewMenu->addAction(dock->toggleViewAction());
    m_viewMenu->addMenu(createThemeMenu(this));
    QAction *statusBarToggle = m_viewMenu->addAction(tr("Show &Status Bar"));
    statusBarToggle->setCheckable(true);
    statusBarToggle->setChecked(true);
    connect(statusBarToggle, &QAction::toggled, statusBar(), &QStatusBar::setVisible);

    // Lint runs whenever a reference loads; this loads it again (edited
    // outside, or after fixing a finding) and shows what lint found.
    QMenu *tools = menuBar()->addMenu(tr("&Tools"));
    tools->setObjectName(QStringLiteral("menuTools"));
    QAction *lint = tools->addAction(tr("&Lint Reference"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L), this, [this] {
        if (m_session->referencePath().isEmpty())
            return;
        m_session->openReference(m_session->referencePath());
        showProblems();
    });
    lint->setObjectName(QStringLiteral("lintReferenceAction"));
    lint->setStatusTip(tr("Check the reference: templates, unlisted files, and fields against the cluster data's CRDs"));

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->setObjectName(QStringLiteral("menuHelp"));
    help->addAction(tr("&User Guide"), QKeySequence::HelpContents, this, [this] { showUserGuide(this); });
    help->addAction(tr("&Keyboard Shortcuts"), this, [this] { showKeyboardShortcuts(this, menuBar()); });
    help->addAction(tr("Open &Sample Comparison"), this, &MainWindow::openSample);
    help->addAction(tr("&About Driftscope"), this, [this] { showAbout(this); });
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::createToolBar()
{
    m_toolBar = addToolBar(tr("Main"));
    m_toolBar->setObjectName(QStringLiteral("mainToolBar"));
    m_toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_toolBar->setMovable(false);
    m_toolBar->addAction(appIcon("document-open"), tr("Reference…"), m_files,
                         &FileActions::chooseReference)
        ->setToolTip(tr("Open a reference (metadata.yaml or its folder)"));
    m_toolBar->addAction(appIcon("folder-open"), tr("Cluster Data…"), m_files,
                         &FileActions::chooseInputFiles)
        ->setToolTip(tr("Open cluster data: a folder of CRs, a must-gather, a ConfigDir, an archive or CR files"));
    m_connectAction->setIcon(appIcon("network-server"));
    m_toolBar->addAction(m_connectAction);
    m_reloadAction->setIcon(appIcon("view-refresh"));
    m_toolBar->addAction(m_reloadAction);
    m_toolBar->addSeparator();
    m_files->exportHtmlAction()->setIcon(appIcon("document-export"));
    m_toolBar->addAction(m_files->exportHtmlAction());
    m_review->acceptAction()->setIcon(appIcon("dialog-ok-apply"));
    m_toolBar->addAction(m_review->acceptAction());
    auto *spacer = new QWidget(m_toolBar);
    spacer->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_toolBar->addWidget(spacer);
    m_contextBadge = new ContextBadge(m_toolBar);
    m_toolBar->addWidget(m_contextBadge)->setVisible(true);
    m_viewMenu->addAction(m_toolBar->toggleViewAction());
}

// Review commands wherever a CR is: both trees and the diff.
void MainWindow::createContextMenus()
{
    for (NavigatorPanel *panel : {m_referencePanel, m_objectPanel})
        panel->view()->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_objectPanel->view(), &QWidget::customContextMenuRequested, this, &MainWindow::showObjectContextMenu);
    connect(m_referencePanel->view(), &QWidget::customContextMenuRequested, this,
            &MainWindow::showReferenceContextMenu);
    m_diffView->setContextActions(m_review->crActions());
}

void MainWindow::connectSession()
{
    connect(m_welcome, &WelcomePanel::openReferenceRequested, m_files, &FileActions::chooseReference);
    connect(m_welcome, &WelcomePanel::openInputsRequested, m_files, &FileActions::chooseInputFiles);
    connect(m_welcome, &WelcomePanel::connectRequested, m_files, &FileActions::chooseCluster);
    connect(m_welcome, &WelcomePanel::sampleRequested, this, &MainWindow::openSample);
    connect(m_session, &ComparisonSession::snapshotChanged, this, &MainWindow::onSnapshotChanged);
    connect(m_session, &ComparisonSession::problemsChanged, this, &MainWindow::onProblemsChanged);
    connect(m_session, &ComparisonSession::busyChanged, m_reloadAction, [this](bool busy) {
        m_reloadAction->setEnabled(!busy);
    });
    connect(m_correlations, &ManualCorrelations::changed, this,
            [this] { m_session->setManualCorrelations(m_correlations->pairs()); });
    connect(m_correlations, &ManualCorrelations::filePathChanged, this, &MainWindow::updateWatches);
    connect(m_watcher, &ChangeWatcher::changed, this, &MainWindow::onFilesChanged);
    connect(m_review, &ReviewController::progressChanged, m_statusBar, &SessionStatusBar::setReviewProgress);
    connect(m_review, &ReviewController::message, statusBar(), &QStatusBar::showMessage);
    m_statusBar->setReviewProgress(m_review->progressText());
}

// What the user chooses to open, from dialogs and the recent list; another
// reference or cluster data first asks whether the documents stay.
void MainWindow::connectFiles()
{
    const auto ifKept = [this](const QString &what, auto open) {
        return [this, what, open](const auto &value) {
            if (keepDocumentsFor(what))
                (this->*open)(value);
        };
    };
    connect(m_recent, &RecentFiles::referenceRequested, this, ifKept(tr("this reference"), &MainWindow::openReference));
    connect(m_recent, &RecentFiles::inputsRequested, this, ifKept(tr("this cluster data"), &MainWindow::openInputs));
    connect(m_recent, &RecentFiles::clusterRequested, this, ifKept(tr("this cluster"), &MainWindow::openCluster));
    connect(m_files, &FileActions::referenceChosen, this, ifKept(tr("this reference"), &MainWindow::openReference));
    connect(m_files, &FileActions::inputsChosen, this, ifKept(tr("this cluster data"), &MainWindow::openInputs));
    connect(m_files, &FileActions::clusterChosen, this, ifKept(tr("this cluster"), &MainWindow::openCluster));
    connect(m_recent, &RecentFiles::documentRequested, this, [this](const QString &kind, const QString &path) {
        if (DocumentFile *file = m_documents->fileOf(kind))
            file->open(path);
    });
    connect(m_documents->diffConfigFile(), &DocumentFile::fileChanged, this, &MainWindow::updateWatches);
    connect(m_documents, &WindowDocuments::stateChanged, this, &MainWindow::updateTitle);
    connect(m_files, &FileActions::message, statusBar(), &QStatusBar::showMessage);
    for (DocumentFile *file :
         {m_documents->diffConfigFile(), m_documents->overridesFile(), m_documents->reviewFile()})
        connect(file, &DocumentFile::message, statusBar(), &QStatusBar::showMessage);
}

bool MainWindow::keepDocumentsFor(const QString &what)
{
    // Only a comparison that is replaced has documents to keep or close.
    const bool replacing = !m_session->referencePath().isEmpty() || m_session->hasInputs();
    return !replacing || m_documents->keepOrCloseFor(what);
}

// --- opening ------------------------------------------------------------------------------

void MainWindow::openReference(const QString &path)
{
    if (path != m_session->referencePath() && !m_templateEditor->confirmDiscard())
        return;
    m_session->openReference(path);
    m_recent->addReference(path);
    updateTitle();
}

void MainWindow::openInputs(const QStringList &paths)
{
    if (paths.isEmpty())
        return;
    m_session->openInputs(paths);
    m_recent->addInputs(paths);
    updateTitle();
}

FleetWindow *MainWindow::openFleet(const QStringList &clusters, bool allContexts)
{
    if (m_session->referencePath().isEmpty())
        return nullptr;
    fleet::FleetOptions options;
    options.metadataPath = metadataFileOf(m_session->referencePath()).toStdString();
    for (const QString &cluster : clusters)
        options.clusters.push_back(fleet::parseClusterSpec(cluster.toStdString()));
    if (allContexts) {
        std::string error; // no kubeconfig: the fleet window says there is no cluster
        const auto contexts = fleet::allContexts({}, error);
        options.clusters.insert(options.clusters.end(), contexts.begin(), contexts.end());
    }
    auto *window = new FleetWindow(this);
    connect(window, &FleetWindow::clusterRequested, this, [this](const QString &source, const QString &templatePath) {
        if (source.startsWith(QLatin1String("context:")))
            openCluster(ClusterTarget{{}, source.mid(8)});
        else if (source.endsWith(QLatin1String(".json")))
            return; // a report from elsewhere: no cluster data to show
        else
            openInputs({source});
        m_selection->showTemplate(templatePath);
        raise();
        activateWindow();
    });
    window->show();
    window->start(std::move(options));
    return window;
}

void MainWindow::openCluster(const ClusterTarget &target)
{
    m_session->openCluster(target);
    m_recent->addCluster(target);
    updateClusterState();
    updateTitle();
}

QFuture<QString> MainWindow::exportHtmlReport(const QString &path)
{
    return m_files->exportHtmlReport(path);
}

bool MainWindow::openDiffConfig(const QString &path)
{
    return m_documents->diffConfigFile()->open(path);
}

bool MainWindow::openOverrides(const QString &path)
{
    return m_documents->overridesFile()->open(path);
}

bool MainWindow::openReview(const QString &path)
{
    return m_documents->reviewFile()->open(path);
}

void MainWindow::unpinSelectedCorrelations()
{
    QStringList ids;
    for (const QModelIndex &index : m_correlationsView->selectionModel()->selectedRows())
        ids << m_correlationsModel->clusterObjectId(index.row());
    if (!ids.isEmpty())
        m_correlations->unpin(ids);
}

void MainWindow::correlateWithTemplate()
{
    const QStringList ids = m_review->targets(ReviewController::Source::Objects);
    const QString path = chooseTemplateFor(this, *m_session->snapshot(), ids);
    if (!path.isEmpty())
        m_correlations->pin(ids, path);
}

void MainWindow::showReferenceContextMenu(const QPoint &pos)
{
    QMenu menu;
    menu.addActions(m_review->crActions());
    menu.exec(m_referencePanel->view()->viewport()->mapToGlobal(pos));
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
    menu.addActions(m_review->crActions());
    menu.addSeparator();
    menu.addAction(m_correlateAction);
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
    m_noticeBar->update(*snapshot);
    m_referencePanel->view()->expandToDepth(1);
    m_objectPanel->expandTopLevel();
    m_selection->restoreSelection();
    updateWatches();
    m_statusBar->updateSummary();
    updateTitle();
    updateClusterState();
}

void MainWindow::onProblemsChanged()
{
    const int before = m_problemsModel->count(Problem::Severity::Error);
    m_problemsModel->setProblems(m_session->problems());
    const int errors = m_problemsModel->count(Problem::Severity::Error);
    const int warnings = m_problemsModel->count(Problem::Severity::Warning);
    auto *dock = findChild<QDockWidget *>(QStringLiteral("problemsDock"));
    const int all = m_problemsModel->rowCount();
    dock->setWindowTitle(all > 0 ? tr("Problems (%1)").arg(all) : tr("Problems"));
    m_statusBar->setProblemCounts(errors, warnings);
    if (errors > before)
        showProblems(); // new errors need attention; the same ones again do not steal the Fields tab
}

void MainWindow::showProblems()
{
    auto *dock = findChild<QDockWidget *>(QStringLiteral("problemsDock"));
    dock->show();
    dock->raise();
}

// A problem names a CR (a failed comparison), a template of the reference
// (a parse or render error, with its line) or a cluster file.
void MainWindow::goToProblem(const Problem &problem)
{
    if (!problem.crId.isEmpty()) {
        m_selection->showClusterObject(problem.crId);
        return;
    }
    if (problem.file.isEmpty())
        return;
    const auto snapshot = m_session->snapshot();
    if (snapshot->reference) {
        for (const ref::ReferenceTemplate &t : snapshot->reference->templates) {
            const QString path = QString::fromStdString(t.path);
            // Go names a template by its base name in errors ("template: cm.yaml:3: …").
            if (path != problem.file && QFileInfo(path).fileName() != problem.file)
                continue;
            m_selection->showTemplate(path);
            if (auto *dock = findChild<QDockWidget *>(QStringLiteral("templateSourceDock")))
                dock->raise();
            m_explain->templateSource()->revealLine(problem.line, problem.column);
            return;
        }
    }
    // A cluster file: the CRs read from it, else the file itself.
    if (snapshot->objects)
        for (const input::ClusterObject &o : *snapshot->objects)
            if (QString::fromStdString(o.source) == problem.file) {
                m_selection->showClusterObject(QString::fromStdString(o.id));
                return;
            }
    if (QFileInfo(problem.file).isFile())
        QDesktopServices::openUrl(QUrl::fromLocalFile(problem.file));
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
    m_watcher->forgetPending(); // what they were about is read now
    if (!m_correlations->filePath().isEmpty() && !m_correlations->isDirty())
        m_correlations->load(m_correlations->filePath());
    m_session->reload();
}

// --- window state -----------------------------------------------------------------------------

void MainWindow::updateWatches()
{
    QStringList referenceFiles;
    if (const auto &reference = m_session->snapshot()->reference)
        for (const std::string &file : reference->files())
            referenceFiles << QString::fromStdString(file);
    m_watcher->watchReference(referenceFiles);
    m_watcher->watchInputs(m_session->inputPaths());
    const auto &record = m_session->snapshot()->readRecord;
    m_watcher->watchJournal(record ? record->journal : nullptr, record ? record->journalMark : 0);
    m_watcher->watchDiffConfig(m_correlations->filePath());
}

void MainWindow::openSample()
{
    const std::optional<pipeline::SampleComparison> sample = pipeline::sampleComparison();
    if (!sample) {
        QMessageBox::warning(this, tr("Open Sample Comparison"),
                             tr("The sample comparison is not installed (share/driftscope/sample next to the "
                                "program). Set DRIFTSCOPE_SAMPLE_DIR to its folder."));
        return;
    }
    if (!keepDocumentsFor(tr("the sample")) || !openOverrides(QString::fromStdString(sample->overrides)))
        return;
    openReference(QString::fromStdString(sample->metadata));
    openInputs({QString::fromStdString(sample->cluster)});
}

void MainWindow::updateTitle()
{
    m_diffStack->setCurrentWidget(m_session->referencePath().isEmpty() && !m_session->hasInputs()
                                      ? static_cast<QWidget *>(m_welcome)
                                      : m_diffView);
    QStringList parts;
    if (!m_session->referencePath().isEmpty())
        parts << referenceName(m_session->referencePath());
    if (const auto &cluster = m_session->cluster())
        parts << (cluster->context.isEmpty() ? tr("current context") : cluster->context);
    else if (!m_session->inputPaths().isEmpty())
        parts << QFileInfo(m_session->inputPaths().front()).fileName();
    if (const auto &report = m_session->snapshot()->report; report && !report->clusterVersion.empty())
        parts.last() += tr(" (OpenShift %1)").arg(QString::fromStdString(report->clusterVersion));
    QString what = parts.join(tr(" vs "));
    if (const QString files = m_documents->fileNames(); !files.isEmpty())
        what += tr(" (%1)").arg(files); // the diff config, overrides and review in force
    setWindowTitle(what.isEmpty() ? QStringLiteral("Driftscope")
                                  : QStringLiteral("%1[*] — Driftscope").arg(what));
    setWindowModified(m_documents->isDirty());
}

// The context badge and what Refresh means follow the kind of input.
void MainWindow::updateClusterState()
{
    const auto &cluster = m_session->cluster();
    if (cluster) {
        const QString described = QString::fromStdString(m_session->snapshot()->inputDescription);
        m_contextBadge->setContext(cluster->context.isEmpty() ? tr("current context") : cluster->context, described);
        m_reloadAction->setText(tr("Refres&h from Cluster"));
        m_reloadAction->setToolTip(tr("Fetch the CRs from the cluster again and compare"));
    } else {
        m_contextBadge->setContext({}, {});
        m_reloadAction->setText(tr("Reload from Dis&k"));
        m_reloadAction->setToolTip(tr("Read the reference and the cluster data again"));
    }
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
    if (!m_documents->confirmDiscardAll() || !m_templateEditor->confirmDiscard()) {
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

} // namespace ds::ui
