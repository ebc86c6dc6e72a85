// SPDX-License-Identifier: Apache-2.0
#include "MainWindow.h"

#include "DriftscopeVersion.h"

#include <QApplication>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>

namespace ds::ui {

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent)
{
    setWindowTitle(QStringLiteral("Driftscope"));
    setObjectName(QStringLiteral("MainWindow"));
    m_placeholder = new QLabel(tr("<h2>Driftscope</h2>"
                                  "<p>Compare a cluster's configuration with a reference.</p>"),
                               this);
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setObjectName(QStringLiteral("placeholder"));
    setCentralWidget(m_placeholder);
    createMenus();
    statusBar()->showMessage(tr("No reference loaded"));
    resize(1200, 760);
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->setObjectName(QStringLiteral("menuFile"));
    QAction *quit = file->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows);
    quit->setShortcut(QKeySequence::Quit);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(QStringLiteral("menuView"));
    QAction *statusBarToggle = view->addAction(tr("Show &Status Bar"));
    statusBarToggle->setCheckable(true);
    statusBarToggle->setChecked(true);
    connect(statusBarToggle, &QAction::toggled, statusBar(), &QStatusBar::setVisible);

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->setObjectName(QStringLiteral("menuHelp"));
    help->addAction(tr("&About Driftscope"), this, &MainWindow::showAbout);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About Driftscope"),
                       tr("<h3>Driftscope %1</h3><p>%2</p>")
                           .arg(QStringLiteral(DRIFTSCOPE_VERSION_STRING),
                                tr("Shows how a Kubernetes cluster's configuration drifts from a "
                                   "reference configuration.")));
}

} // namespace ds::ui
