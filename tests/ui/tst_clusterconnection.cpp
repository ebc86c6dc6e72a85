// SPDX-License-Identifier: Apache-2.0
// The GUI's live-cluster and export paths (offscreen): the context picker lists
// a kubeconfig's contexts, connecting compares the fake API server's objects
// exactly as the same files would, with read-only requests, a context badge and
// Refresh; File ▸ Export HTML Report writes the page atomically.
#include "../live/FakeApiServer.h"
#include "MainWindow.h"
#include "TestData.h"
#include "live/ConnectClusterDialog.h"
#include "live/ContextListModel.h"
#include "main/ContextBadge.h"
#include "main/FileActions.h"
#include "session/ComparisonSession.h"
#include "main/InputNoticeBar.h"
#include "session/HtmlReportExport.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QFile>
#include <QJsonObject>
#include <QLabel>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace ds;
using namespace ds::ui;
using ds::test::FakeApiServer;

class tst_ClusterConnection : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void dialogListsContexts();
    void brokenKubeconfigIsExplained();
    void badgeColours_data();
    void badgeColours();
    void clusterComparesLikeFiles_data();
    void clusterComparesLikeFiles();
    void unreachableClusterIsAProblem();
    void failedRefreshKeepsLastResults();
    void exportWritesHtml();
    void failedExportKeepsOldFile();

private:
    static QString caseDir(const QString &name)
    {
        return test::dataPath(QStringLiteral("shared/conformance/cases/") + name);
    }
    static void waitIdle(MainWindow &w)
    {
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isBusy(), 60000);
    }
    // The CRs the comparison used (files also hold skeletons of unused kinds).
    static QStringList objectIds(const MainWindow &w)
    {
        QStringList ids;
        for (const auto &o : *w.session()->snapshot()->objects)
            if (!o.partial)
                ids << QString::fromStdString(o.id);
        ids.sort();
        return ids;
    }

    QTemporaryDir m_work;
};

void tst_ClusterConnection::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_work.isValid());
    qputenv("KUBECONFIG", QByteArray()); // never the developer's own clusters
}

void tst_ClusterConnection::dialogListsContexts()
{
    const QString kubeconfig = m_work.filePath(QStringLiteral("two-contexts.yaml"));
    QFile f(kubeconfig);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("apiVersion: v1\nkind: Config\ncurrent-context: staging\n"
            "clusters:\n- name: c1\n  cluster: {server: 'https://prod.example:6443'}\n"
            "- name: c2\n  cluster: {server: 'https://staging.example:6443'}\n"
            "users:\n- name: u1\n  user: {token: secret}\n"
            "contexts:\n- name: prod-east\n  context: {cluster: c1, user: u1, namespace: openshift-config}\n"
            "- name: staging\n  context: {cluster: c2, user: u1}\n");
    f.close();

    ConnectClusterDialog dialog(kubeconfig, {});
    QAbstractItemModelTester tester(dialog.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    ContextListModel *model = dialog.model();
    QCOMPARE(model->rowCount(), 2);
    QCOMPARE(model->index(0, ContextListModel::Name).data().toString(), QStringLiteral("prod-east"));
    QCOMPARE(model->index(0, ContextListModel::Server).data().toString(), QStringLiteral("https://prod.example:6443"));
    QCOMPARE(model->index(0, ContextListModel::User).data().toString(), QStringLiteral("u1"));
    QCOMPARE(model->index(0, ContextListModel::Namespace).data().toString(), QStringLiteral("openshift-config"));
    QCOMPARE(model->index(1, ContextListModel::Namespace).data().toString(), QStringLiteral("default"));
    // The current context is preselected; asking for another selects that one.
    QCOMPARE(dialog.target().context, QStringLiteral("staging"));
    QCOMPARE(dialog.target().kubeconfig, kubeconfig);
    ConnectClusterDialog chosen(kubeconfig, QStringLiteral("prod-east"));
    QCOMPARE(chosen.target().context, QStringLiteral("prod-east"));
    // No token or other secret ever reaches the table.
    for (int r = 0; r < model->rowCount(); ++r)
        for (int c = 0; c < model->columnCount(); ++c)
            QVERIFY(!model->index(r, c).data().toString().contains(QStringLiteral("secret")));
}

void tst_ClusterConnection::brokenKubeconfigIsExplained()
{
    const QString kubeconfig = m_work.filePath(QStringLiteral("broken.yaml"));
    QFile f(kubeconfig);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("apiVersion: v1\nkind: Config\ncontexts: [unclosed\n");
    f.close();
    ConnectClusterDialog dialog(kubeconfig, {});
    QCOMPARE(dialog.model()->rowCount(), 0);
    const auto labels = dialog.findChildren<QLabel *>();
    const bool explained = std::any_of(labels.begin(), labels.end(), [&](QLabel *l) {
        return !l->isHidden() && l->text().contains(QStringLiteral("broken.yaml"));
    });
    QVERIFY2(explained, "the error names the kubeconfig file");
}

void tst_ClusterConnection::badgeColours_data()
{
    QTest::addColumn<QString>("context");
    QTest::addColumn<bool>("production");
    QTest::newRow("prod prefix") << "prod-east" << true;
    QTest::newRow("production word") << "admin/api-production:6443" << true;
    QTest::newRow("prd") << "cluster-prd-01" << true;
    QTest::newRow("staging") << "staging" << false;
    QTest::newRow("product is not prod") << "productcatalog-dev" << false;
    QTest::newRow("openshift login") << "default/api-ci-ln-x:6443/kube:admin" << false;
}

void tst_ClusterConnection::badgeColours()
{
    QFETCH(QString, context);
    QFETCH(bool, production);
    QCOMPARE(ContextBadge::looksLikeProduction(context), production);
    const QColor colour = ContextBadge::colorFor(context);
    QCOMPARE(ContextBadge::colorFor(context), colour); // stable
    if (production)
        QCOMPARE(colour, QColor(0xb3, 0x26, 0x1e));
    else
        QVERIFY(colour.hslHue() >= 40 && colour.hslHue() <= 320); // never production's red
}

void tst_ClusterConnection::clusterComparesLikeFiles_data()
{
    QTest::addColumn<QString>("caseName");
    QTest::newRow("v1 some diffs") << QStringLiteral("SomeDiffs");
    QTest::newRow("v2 no diffs") << QStringLiteral("AllRequiredTemplatesExistAndThereAreNoDiffsRefV2");
}

void tst_ClusterConnection::clusterComparesLikeFiles()
{
    QFETCH(QString, caseName);
    const QString dir = caseDir(caseName);

    MainWindow files;
    files.openReference(dir + QStringLiteral("/reference"));
    files.openInputs({dir + QStringLiteral("/resources")});
    waitIdle(files);
    QVERIFY(files.session()->snapshot()->hasReport());

    QTemporaryDir work;
    FakeApiServer server;
    QString error;
    QVERIFY2(server.start(work.path(), FakeApiServer::Options{{dir + QStringLiteral("/resources")}}, &error),
             qPrintable(error));
    MainWindow live;
    live.openReference(dir + QStringLiteral("/reference"));
    live.openCluster(ClusterTarget{server.kubeconfig(), QStringLiteral("fake")});
    waitIdle(live);
    const auto snapshot = live.session()->snapshot();
    QVERIFY(snapshot->hasReport());
    QCOMPARE(snapshot->report->summary.numDiffCRs, files.session()->snapshot()->report->summary.numDiffCRs);
    QCOMPARE(snapshot->report->summary.numMissing, files.session()->snapshot()->report->summary.numMissing);
    QCOMPARE(snapshot->report->diffs.size(), files.session()->snapshot()->report->diffs.size());
    QVERIFY(QString::fromStdString(snapshot->inputDescription).contains(QStringLiteral("fake")));

    QVERIFY(live.contextBadge()->isVisible() || !live.isVisible());
    QCOMPARE(live.contextBadge()->context(), QStringLiteral("fake"));
    QVERIFY(live.reloadAction()->text().remove(QLatin1Char('&')).contains(QStringLiteral("Cluster")));
    QVERIFY(live.windowTitle().contains(QStringLiteral("fake")));

    // Refresh fetches again; everything sent is a GET.
    const qsizetype before = server.requests().size();
    live.reloadAction()->trigger();
    waitIdle(live);
    QVERIFY(server.requests().size() > before);
    QCOMPARE(objectIds(live), objectIds(files));
    for (const QJsonObject &r : server.requests())
        QCOMPARE(r.value(QStringLiteral("method")).toString(), QStringLiteral("GET"));

    // Back to files: the badge goes away.
    live.openInputs({dir + QStringLiteral("/resources")});
    waitIdle(live);
    QVERIFY(live.contextBadge()->context().isEmpty());
    QVERIFY(live.reloadAction()->text().remove(QLatin1Char('&')).contains(QStringLiteral("Disk")));
}

void tst_ClusterConnection::unreachableClusterIsAProblem()
{
    const QString kubeconfig = m_work.filePath(QStringLiteral("dead.yaml"));
    QFile f(kubeconfig);
    QVERIFY(f.open(QIODevice::WriteOnly));
    // A loopback port nobody listens on: connection refused, quickly.
    f.write("apiVersion: v1\nkind: Config\ncurrent-context: dead\n"
            "clusters:\n- name: dead\n  cluster: {server: 'http://127.0.0.1:9'}\n"
            "users:\n- name: u\n  user: {}\n"
            "contexts:\n- name: dead\n  context: {cluster: dead, user: u}\n");
    f.close();
    MainWindow w;
    w.openReference(caseDir(QStringLiteral("SomeDiffs")) + QStringLiteral("/reference"));
    w.openCluster(ClusterTarget{kubeconfig, {}});
    waitIdle(w);
    QVERIFY(!w.session()->snapshot()->hasReport());
    const auto &problems = w.session()->problems();
    const bool reported = std::any_of(problems.begin(), problems.end(), [](const Problem &p) {
        return p.severity == Problem::Severity::Error && p.message.contains(QStringLiteral("127.0.0.1:9"));
    });
    QVERIFY2(reported, "the Problems panel names the unreachable server");
}

// A refresh that cannot reach the cluster keeps the last good results, marked
// stale with when they were fetched and why refreshing failed — nothing turns
// "missing" because it was not fetched.
void tst_ClusterConnection::failedRefreshKeepsLastResults()
{
    const QString dir = caseDir(QStringLiteral("SomeDiffs"));
    QTemporaryDir work;
    FakeApiServer server;
    QString error;
    QVERIFY2(server.start(work.path(), FakeApiServer::Options{{dir + QStringLiteral("/resources")}}, &error),
             qPrintable(error));
    MainWindow w;
    w.openReference(dir + QStringLiteral("/reference"));
    w.openCluster(ClusterTarget{server.kubeconfig(), QStringLiteral("fake")});
    waitIdle(w);
    const auto good = w.session()->snapshot();
    QVERIFY(good->hasReport());
    QVERIFY(!good->isStale());
    QVERIFY(good->readAt.isValid());

    server.stop();
    w.reloadAction()->trigger();
    waitIdle(w);
    const auto stale = w.session()->snapshot();
    QVERIFY(stale->isStale());
    QVERIFY2(stale->staleBecause.contains(server.url().section(QLatin1Char('/'), 2, 2)), // the server that failed
             qPrintable(stale->staleBecause));
    QCOMPARE(stale->readAt, good->readAt);
    QCOMPARE(stale->objects, good->objects); // the same CRs, not a partial fetch
    QVERIFY(stale->hasReport());
    QCOMPARE(stale->report->summary.numMissing, good->report->summary.numMissing);
    QCOMPARE(stale->report->diffs.size(), good->report->diffs.size());
    const QString notice = InputNoticeBar::noticeText(*stale);
    QVERIFY2(notice.contains(QStringLiteral("Stale results")), qPrintable(notice));
    QVERIFY(w.findChild<InputNoticeBar *>()->isVisibleTo(&w));
    const auto &problems = w.session()->problems();
    QVERIFY(std::any_of(problems.begin(), problems.end(),
                        [](const Problem &p) { return p.severity == Problem::Severity::Error; }));
}

void tst_ClusterConnection::exportWritesHtml()
{
    const QString dir = caseDir(QStringLiteral("SomeDiffs"));
    MainWindow w;
    QVERIFY(!w.fileActions()->exportHtmlAction()->isEnabled()); // nothing compared yet
    w.openReference(dir + QStringLiteral("/reference"));
    w.openInputs({dir + QStringLiteral("/resources")});
    waitIdle(w);
    QVERIFY(w.fileActions()->exportHtmlAction()->isEnabled());
    const QString path = m_work.filePath(QStringLiteral("report.html"));
    QFuture<QString> done = w.exportHtmlReport(path);
    QTRY_VERIFY_WITH_TIMEOUT(done.isFinished(), 60000);
    QCOMPARE(done.result(), QString());
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString html = QString::fromUtf8(f.readAll());
    QVERIFY(html.startsWith(QStringLiteral("<!DOCTYPE html>")));
    // The drifted CRs of the GUI's comparison, and where the data came from.
    for (const auto &diff : w.session()->snapshot()->report->diffs)
        if (!diff.diffOutput.empty())
            QVERIFY2(html.contains(QString::fromStdString(diff.crName).toHtmlEscaped()), diff.crName.c_str());
    QVERIFY(html.contains(QStringLiteral("resources")));
    QTRY_VERIFY(w.fileActions()->exportHtmlAction()->isEnabled());
}

void tst_ClusterConnection::failedExportKeepsOldFile()
{
    const QString dir = caseDir(QStringLiteral("SomeDiffs"));
    MainWindow w;
    w.openReference(dir + QStringLiteral("/reference"));
    w.openInputs({dir + QStringLiteral("/resources")});
    waitIdle(w);
    // Writing to a directory fails; the message says where.
    const QString error = exportHtmlReport(*w.session()->snapshot(), {}, m_work.path());
    QVERIFY(error.contains(m_work.path()));
    // No comparison, no export, no file.
    const QString untouched = m_work.filePath(QStringLiteral("keep.html"));
    QFile keep(untouched);
    QVERIFY(keep.open(QIODevice::WriteOnly));
    keep.write("mine");
    keep.close();
    QVERIFY(!exportHtmlReport(ComparisonSnapshot{}, {}, untouched).isEmpty());
    QVERIFY(keep.open(QIODevice::ReadOnly));
    QCOMPARE(keep.readAll(), QByteArray("mine"));
}

QTEST_MAIN(tst_ClusterConnection)
#include "tst_clusterconnection.moc"
