// SPDX-License-Identifier: Apache-2.0
#include "MainWindow.h"

#include <QMenuBar>
#include <QTest>

class tst_MainWindow : public QObject
{
    Q_OBJECT

private slots:
    void opensWithTitleAndMenus();
};

void tst_MainWindow::opensWithTitleAndMenus()
{
    ds::ui::MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QCOMPARE(w.windowTitle(), QStringLiteral("Driftscope"));
    QStringList menus;
    for (QAction *a : w.menuBar()->actions())
        menus << a->text().remove(QLatin1Char('&'));
    QCOMPARE(menus, (QStringList{"File", "View", "Help"}));
}

QTEST_MAIN(tst_MainWindow)
#include "tst_mainwindow.moc"
