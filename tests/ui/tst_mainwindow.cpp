// SPDX-License-Identifier: Apache-2.0
// The main window end to end (offscreen): opening a reference and cluster data
// runs the comparison in the background, the views fill, the diff of a
// selection shows, problems are listed, long work keeps the event loop running
// and can be cancelled.
#include "MainWindow.h"
#include "TestData.h"
#include "diff/SideBySideDiffView.h"
#include "main/NavigatorPanel.h"
#include "models/ClusterObjectModel.h"
#include "models/ItemRoles.h"
#include "models/States.h"
#include "models/ReferenceTreeModel.h"
#include "problems/ProblemsModel.h"
#include "session/ComparisonSession.h"
#include "session/ManualCorrelations.h"

#include <QElapsedTimer>
#include <QFile>
#include <QMimeData>
#include <QUndoStack>
#include <QLabel>
#include <QMenuBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>
#include <QTest>
#include <QTimer>
#include <QTreeView>

using namespace ds;
using namespace ds::ui;

class tst_MainWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void opensWithTitleAndMenus();
    void comparesConformanceCase_data();
    void comparesConformanceCase();
    void selectingDriftShowsDiff();
    void brokenReferenceIsAProblem();
    void dropPinsAndRecompares();
    void eventLoopRunsDuringLongWork();
    void cancelStopsLongLoad();
    void cancelDropsResultOnItsWay();

private:
    static QString caseDir(const QString &name) { return test::dataPath(QStringLiteral("shared/conformance/cases/") + name); }
    void waitIdle(MainWindow &w);
    QString bigInput();

    QTemporaryDir m_big;
};

void tst_MainWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true); // settings and recent files go to a scratch place
}

void tst_MainWindow::waitIdle(MainWindow &w)
{
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isBusy(), 60000);
}

// 4000 ConfigMaps in as many files: long enough to observe, quick to write.
QString tst_MainWindow::bigInput()
{
    const QString dir = m_big.filePath(QStringLiteral("crs"));
    if (QDir(dir).exists())
        return dir;
    QDir().mkpath(dir);
    for (int i = 0; i < 4000; ++i) {
        QFile f(QStringLiteral("%1/cm-%2.yaml").arg(dir).arg(i, 5, 10, QLatin1Char('0')));
        if (!f.open(QIODevice::WriteOnly))
            qFatal("cannot write");
        f.write(QStringLiteral("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm-%1\n  namespace: ns\ndata:\n"
                               "  a: \"1\"\n  b: some text that is long enough\n")
                    .arg(i)
                    .toUtf8());
    }
    return dir;
}

void tst_MainWindow::opensWithTitleAndMenus()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QCOMPARE(w.windowTitle(), QStringLiteral("Driftscope"));
    QStringList menus;
    for (QAction *a : w.menuBar()->actions())
        menus << a->text().remove(QLatin1Char('&'));
    QCOMPARE(menus, (QStringList{"File", "Edit", "View", "Help"}));
}

void tst_MainWindow::comparesConformanceCase_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("summary");
    QTest::newRow("v1 some diffs") << "SomeDiffs" << "compared · 1 with drift";
    QTest::newRow("v2 no diffs") << "AllRequiredTemplatesExistAndThereAreNoDiffsRefV2" << "· 0 with drift";
}

void tst_MainWindow::comparesConformanceCase()
{
    QFETCH(QString, name);
    QFETCH(QString, summary);
    MainWindow w;
    w.show();
    w.openReference(caseDir(name) + QStringLiteral("/reference/metadata.yaml"));
    w.openInputs({caseDir(name) + QStringLiteral("/resources")});
    waitIdle(w);
    QVERIFY(w.session()->snapshot()->report);
    const auto *label = w.findChild<QLabel *>(QStringLiteral("summaryLabel"));
    QVERIFY2(label->text().contains(summary), qPrintable(label->text()));
    QVERIFY(w.referenceModel()->rowCount() > 0);
    QVERIFY(w.objectModel()->rowCount() > 1); // Unmatched plus at least one API group
    QVERIFY(w.windowTitle().contains(QLatin1String("resources")));
}

void tst_MainWindow::selectingDriftShowsDiff()
{
    MainWindow w;
    w.show();
    QSignalSpy shown(w.diffView(), &SideBySideDiffView::diffShown);
    w.openReference(caseDir(QStringLiteral("SomeDiffs")) + QStringLiteral("/reference"));
    w.openInputs({caseDir(QStringLiteral("SomeDiffs")) + QStringLiteral("/resources")});
    waitIdle(w);
    // The first drift is selected on its own; F8 keeps cycling through drifts.
    QTRY_VERIFY(shown.count() > 0);
    QVERIFY(w.diffView()->changeCount() > 0);
    const QModelIndex current = w.objectPanel()->currentSource();
    QCOMPARE(current.data(ItemRole::State).toInt(), int(ClusterObjectState::Drift));
    // The template it correlated with is selected in the reference tree too.
    QCOMPARE(w.referencePanel()->currentSource().data(ItemRole::TemplatePath).toString(),
             current.data(ItemRole::TemplatePath).toString());
}

void tst_MainWindow::brokenReferenceIsAProblem()
{
    MainWindow w;
    w.openReference(caseDir(QStringLiteral("ReferenceContainsTemplatesThatDontParse")) +
                    QStringLiteral("/reference/metadata.yaml"));
    waitIdle(w);
    const ProblemsModel *problems = w.problemsModel();
    QVERIFY(problems->count(Problem::Severity::Error) >= 1);
    const QModelIndex first = problems->index(0, ProblemsModel::MessageColumn);
    QVERIFY2(first.data().toString().contains(QLatin1String("template")), qPrintable(first.data().toString()));
    QVERIFY(!first.data(ProblemsModel::FileRole).toString().isEmpty());
    QVERIFY(!w.session()->snapshot()->reference);
}

void tst_MainWindow::dropPinsAndRecompares()
{
    const QString name = QStringLiteral("ManualCorrelationMatchesArePrioritizedOverGroupCorrelation");
    MainWindow w;
    w.openReference(caseDir(name) + QStringLiteral("/reference/metadata.yaml"));
    w.openInputs({caseDir(name) + QStringLiteral("/resources")});
    waitIdle(w);
    // Pin a correlated CR to another template by dropping it on the tree.
    const auto snapshot = w.session()->snapshot();
    QVERIFY(!snapshot->report->diffs.empty());
    const report::CrResult &cr = snapshot->report->diffs.front();
    QString other;
    for (const auto &t : snapshot->reference->templates)
        if (t.path != cr.correlatedTemplate)
            other = QString::fromStdString(t.path);
    QVERIFY(!other.isEmpty());
    QMimeData *mime = w.objectModel()->mimeData({w.objectModel()->indexForObject(QString::fromStdString(cr.crName))});
    QVERIFY(w.referenceModel()->dropMimeData(mime, Qt::CopyAction, -1, -1, w.referenceModel()->indexForTemplate(other)));
    delete mime;
    waitIdle(w);
    QCOMPARE(w.correlations()->templateFor(QString::fromStdString(cr.crName)), other);
    QVERIFY(w.isWindowModified());
    const auto after = w.session()->snapshot();
    const auto it = std::find_if(after->report->diffs.begin(), after->report->diffs.end(),
                                 [&](const report::CrResult &r) { return r.crName == cr.crName; });
    QVERIFY(it != after->report->diffs.end());
    QCOMPARE(QString::fromStdString(it->correlatedTemplate), other);
    QVERIFY(it->manualCorrelation);
    // Undo puts the CR back where group correlation put it.
    w.correlations()->undoStack()->undo();
    waitIdle(w);
    QVERIFY(!w.isWindowModified());
}

void tst_MainWindow::eventLoopRunsDuringLongWork()
{
    const QString input = bigInput();
    MainWindow w;
    // Count timer ticks the GUI thread served while the comparison was still
    // running. A GUI thread blocked by the work would serve at most one
    // (coalesced) tick before the result arrives; the count, not a rate, is
    // asserted so a slow or loaded machine cannot make this fail.
    int ticksWhileBusy = 0;
    QTimer timer;
    connect(&timer, &QTimer::timeout, this, [&] {
        if (w.session()->isBusy())
            ++ticksWhileBusy;
    });
    timer.start(1);
    w.openReference(caseDir(QStringLiteral("SomeDiffs")) + QStringLiteral("/reference"));
    w.openInputs({input});
    QVERIFY(w.session()->isBusy());
    waitIdle(w);
    QVERIFY(w.session()->snapshot()->objects);
    QCOMPARE(w.session()->snapshot()->objects->size(), std::size_t(4000));
    QVERIFY2(ticksWhileBusy >= 3, qPrintable(QStringLiteral("%1 ticks while busy").arg(ticksWhileBusy)));
}

void tst_MainWindow::cancelStopsLongLoad()
{
    const QString input = bigInput();
    MainWindow w;
    QSignalSpy progress(w.session(), &ComparisonSession::progressChanged);
    w.openInputs({input});
    QVERIFY(w.session()->isBusy());
    w.session()->cancel();
    waitIdle(w);
    QVERIFY(!w.session()->snapshot()->objects); // nothing half-loaded was published
    QVERIFY(!progress.isEmpty());
    QCOMPARE(progress.last().at(2).toString(), QStringLiteral("Cancelled"));
}

// The work may already be done when the user cancels: its result, still on its
// way to the GUI thread, must not be shown either.
void tst_MainWindow::cancelDropsResultOnItsWay()
{
    MainWindow w;
    QSignalSpy progress(w.session(), &ComparisonSession::progressChanged);
    w.openInputs({caseDir(QStringLiteral("SomeDiffs")) + QStringLiteral("/resources")});
    QVERIFY(w.session()->isBusy());
    QThread::msleep(500); // no events: a finished job's result waits in the queue
    w.session()->cancel();
    waitIdle(w);
    QVERIFY(!w.session()->snapshot()->objects);
    QVERIFY(!progress.isEmpty());
    QCOMPARE(progress.last().at(2).toString(), QStringLiteral("Cancelled"));
}

QTEST_MAIN(tst_MainWindow)
#include "tst_mainwindow.moc"
