// SPDX-License-Identifier: Apache-2.0
// `driftscope-cli fleet`: clusters made from the bench seed with overlapping
// mutations — a drift on four clusters, one on a single cluster, one cluster
// with a broken file (skipped with a warning, as the CLI does), one given as an
// archive, one that is not there. Per-cluster figures must equal
// separate driftscope-cli runs, drift groups must hold exactly the clusters
// whose diffs are equal, and merging the clusters' own -o json reports must
// give the same matrix as comparing them directly.
#include "CliRun.h"
#include "FakeApiServer.h"
#include "TestData.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

using namespace ds;

namespace {

QString reference()
{
    return test::dataPath(QStringLiteral("shared/bench/reference-core/metadata.yaml"));
}

using test::copyTree;

void replaceIn(const QString &file, const QByteArray &from, const QByteArray &to)
{
    test::replaceInFile(file, from, to);
}

QJsonObject jsonOf(const QString &text)
{
    return QJsonDocument::fromJson(text.toUtf8()).object();
}

} // namespace

class tst_Fleet : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void figuresEqualSeparateRuns();
    void driftGroups();
    void mergedReportsGiveTheSameMatrix();
    void htmlPage();
    void liveContexts();
    void usage_data();
    void usage();

private:
    QStringList clusterArgs() const;

    QTemporaryDir m_dir;
    QStringList m_names;
    QMap<QString, QString> m_sources;
    QJsonObject m_fleet;
    QString m_fleetErr;
    int m_fleetCode = -1;
};

void tst_Fleet::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QString seed = test::dataPath(QStringLiteral("shared/bench/seed-core/reference-crs"));
    const QString subscription = QStringLiteral("/optional/cert-manager/certManagerSubscription.yaml");
    const QString ingress = QStringLiteral("/optional/cert-manager/ingressControllerConfig.yaml");
    for (int i = 1; i <= 6; ++i) {
        const QString name = QStringLiteral("c%1").arg(i);
        const QString dir = m_dir.filePath(name);
        copyTree(seed, dir);
        if (i <= 4) // the same drift on four clusters
            replaceIn(dir + subscription, "channel: stable-v1", "channel: stable-v2");
        if (i == 5) // a drift of its own
            replaceIn(dir + ingress, "name: ingress-wildcard-cert", "name: another-cert");
        if (i == 6) // a file that is not YAML
            test::writeFile(dir + QStringLiteral("/broken.yaml"), "kind: ConfigMap\nmetadata: {name: x\n  : [\n");
        m_names << name;
        m_sources[name] = dir;
    }
    // c2 once more, as the archive a support case would attach.
    QProcess tar;
    tar.start(QStringLiteral("tar"), {QStringLiteral("czf"), m_dir.filePath(QStringLiteral("c2-archive.tar.gz")),
                                      QStringLiteral("-C"), m_dir.filePath(QStringLiteral("c2")), QStringLiteral(".")});
    QVERIFY(tar.waitForFinished(30000) && tar.exitCode() == 0);
    m_names << QStringLiteral("c2-archive");
    m_sources[QStringLiteral("c2-archive")] = m_dir.filePath(QStringLiteral("c2-archive.tar.gz"));
    m_names << QStringLiteral("gone");
    m_sources[QStringLiteral("gone")] = m_dir.filePath(QStringLiteral("gone"));

    const test::CliRun run = test::runCli(QStringList{QStringLiteral("fleet"), QStringLiteral("-r"), reference(),
                                                      QStringLiteral("-o"), QStringLiteral("json")}
                                          + clusterArgs());
    m_fleetCode = run.code;
    m_fleet = jsonOf(run.out);
    m_fleetErr = run.err;
    QVERIFY2(!m_fleet.isEmpty(), qPrintable(run.out + run.err));
}

QStringList tst_Fleet::clusterArgs() const
{
    QStringList args;
    for (const QString &name : m_names)
        args << m_sources[name]; // names come from the folder and archive names
    return args;
}

void tst_Fleet::figuresEqualSeparateRuns()
{
    const QJsonArray clusters = m_fleet.value(QStringLiteral("clusters")).toArray();
    QCOMPARE(clusters.size(), m_names.size());
    bool anyError = false;
    for (int i = 0; i < clusters.size(); ++i) {
        const QJsonObject c = clusters[i].toObject();
        QCOMPARE(c.value(QStringLiteral("name")).toString(), m_names[i]);
        const test::CliRun single = test::runCli({QStringLiteral("-r"), reference(), QStringLiteral("-f"),
                                                  m_sources[m_names[i]], QStringLiteral("-R"), QStringLiteral("-o"),
                                                  QStringLiteral("json")});
        if (single.code == 2) {
            QVERIFY2(!c.value(QStringLiteral("error")).toString().isEmpty(), qPrintable(m_names[i]));
            anyError = true;
            continue;
        }
        QVERIFY2(c.value(QStringLiteral("error")).toString().isEmpty(), qPrintable(c.value(QStringLiteral("error")).toString()));
        const QJsonObject summary = jsonOf(single.out).value(QStringLiteral("Summary")).toObject();
        QCOMPARE(c.value(QStringLiteral("crsCompared")).toInt(), summary.value(QStringLiteral("TotalCRs")).toInt());
        QCOMPARE(c.value(QStringLiteral("crsWithDiffs")).toInt(), summary.value(QStringLiteral("NumDiffCRs")).toInt());
        QCOMPARE(c.value(QStringLiteral("missing")).toInt(), summary.value(QStringLiteral("NumMissing")).toInt());
        QCOMPARE(c.value(QStringLiteral("unmatched")).toInt(),
                 summary.value(QStringLiteral("UnmatchedCRS")).toArray().size());
        QCOMPARE(c.value(QStringLiteral("patched")).toInt(), summary.value(QStringLiteral("patchedCRs")).toInt());
    }
    QVERIFY(anyError); // "gone" cannot be compared, as driftscope-cli cannot
    QCOMPARE(m_fleetCode, 2);
    // c6's broken file is skipped with kube-compare's warning, named with its cluster.
    QVERIFY2(m_fleetErr.contains(QStringLiteral("warning: c6: Skipping ")), qPrintable(m_fleetErr));
    QVERIFY2(m_fleetErr.contains(QStringLiteral("error: gone: ")), qPrintable(m_fleetErr));
}

void tst_Fleet::driftGroups()
{
    QMap<QString, QStringList> groups; // template → clusters, per group
    QStringList hashes;
    for (const QJsonValue &g : m_fleet.value(QStringLiteral("driftGroups")).toArray()) {
        const QJsonObject group = g.toObject();
        QStringList clusters;
        for (const QJsonValue &c : group.value(QStringLiteral("clusters")).toArray())
            clusters << c.toString();
        groups.insert(group.value(QStringLiteral("template")).toString() + u' '
                          + group.value(QStringLiteral("diff")).toString().section(u'\n', 0, 0),
                      clusters);
        hashes << group.value(QStringLiteral("diffHash")).toString();
    }
    QStringList subscriptionGroup, ingressGroup;
    for (auto it = groups.cbegin(); it != groups.cend(); ++it) {
        if (it.key().startsWith(QLatin1String("optional/cert-manager/certManagerSubscription.yaml")))
            subscriptionGroup = it.value();
        if (it.key().startsWith(QLatin1String("optional/cert-manager/ingressControllerConfig.yaml")))
            ingressGroup = it.value();
    }
    QCOMPARE(subscriptionGroup, (QStringList{"c1", "c2", "c3", "c4", "c2-archive"}));
    QCOMPARE(ingressGroup, (QStringList{"c5"}));
    // Sorted by how many clusters share a drift.
    int previous = INT_MAX;
    for (const QJsonValue &g : m_fleet.value(QStringLiteral("driftGroups")).toArray()) {
        const int n = int(g.toObject().value(QStringLiteral("clusters")).toArray().size());
        QVERIFY(n <= previous);
        previous = n;
    }
    // Per template, each cluster's state; "gone" failed and has none.
    for (const QJsonValue &t : m_fleet.value(QStringLiteral("templates")).toArray()) {
        const QJsonObject states = t.toObject().value(QStringLiteral("states")).toObject();
        QVERIFY(!states.contains(QStringLiteral("gone")));
        QVERIFY(states.contains(QStringLiteral("c6")));
        if (t.toObject().value(QStringLiteral("path")).toString() == QLatin1String("optional/cert-manager/certManagerSubscription.yaml")) {
            QCOMPARE(states.value(QStringLiteral("c1")).toString(), QStringLiteral("drift"));
            QCOMPARE(states.value(QStringLiteral("c5")).toString(), QStringLiteral("clean"));
        }
    }
}

void tst_Fleet::mergedReportsGiveTheSameMatrix()
{
    QStringList args{QStringLiteral("fleet"), QStringLiteral("-r"), reference(), QStringLiteral("-o"), QStringLiteral("json")};
    for (const QString &name : m_names) {
        const test::CliRun single = test::runCli({QStringLiteral("-r"), reference(), QStringLiteral("-f"),
                                                  m_sources[name], QStringLiteral("-R"), QStringLiteral("-o"),
                                                  QStringLiteral("json")});
        const QString file = m_dir.filePath(QStringLiteral("reports/%1.json").arg(name));
        test::writeFile(file, single.code == 2 ? QByteArray("not a report") : single.out.toUtf8());
        args << file;
    }
    const test::CliRun merged = test::runCli(args);
    const QJsonObject fleet = jsonOf(merged.out);
    QCOMPARE(fleet.value(QStringLiteral("templates")), m_fleet.value(QStringLiteral("templates")));
    QJsonArray groups = fleet.value(QStringLiteral("driftGroups")).toArray();
    QJsonArray direct = m_fleet.value(QStringLiteral("driftGroups")).toArray();
    QCOMPARE(groups.size(), direct.size());
    for (int i = 0; i < groups.size(); ++i) {
        QCOMPARE(groups[i].toObject().value(QStringLiteral("diffHash")), direct[i].toObject().value(QStringLiteral("diffHash")));
        QCOMPARE(groups[i].toObject().value(QStringLiteral("clusters")), direct[i].toObject().value(QStringLiteral("clusters")));
    }
    QCOMPARE(merged.code, 2); // gone's "report" is not one: reported, the rest merged
    QVERIFY2(merged.err.contains(QStringLiteral("error: gone: ")), qPrintable(merged.err));

    // A whole fleet result is one more source: its clusters join, states and groups intact.
    const QString result = m_dir.filePath(QStringLiteral("reports/fleet-result.json"));
    test::writeFile(result, QJsonDocument(m_fleet).toJson());
    const test::CliRun again = test::runCli({QStringLiteral("fleet"), QStringLiteral("-r"), reference(),
                                             QStringLiteral("-o"), QStringLiteral("json"), result});
    const QJsonObject rebuilt = jsonOf(again.out);
    QCOMPARE(rebuilt.value(QStringLiteral("clusters")), m_fleet.value(QStringLiteral("clusters")));
    QCOMPARE(rebuilt.value(QStringLiteral("templates")), m_fleet.value(QStringLiteral("templates")));
    QCOMPARE(rebuilt.value(QStringLiteral("driftGroups")), m_fleet.value(QStringLiteral("driftGroups")));
}

// The page is self-contained and escapes what it shows: a cluster named with
// markup stays text; every cluster has a column, every group its diff once.
void tst_Fleet::htmlPage()
{
    const test::CliRun run = test::runCli({QStringLiteral("fleet"), QStringLiteral("-r"), reference(),
                                           QStringLiteral("-o"), QStringLiteral("html"),
                                           QStringLiteral("<em>x=") + m_sources[QStringLiteral("c1")],
                                           m_sources[QStringLiteral("c5")]});
    QCOMPARE(run.code, 1);
    const QString &html = run.out;
    QVERIFY(html.startsWith(QLatin1String("<!DOCTYPE html>")));
    QVERIFY(html.contains(QLatin1String("Content-Security-Policy")));
    QVERIFY(!html.contains(QLatin1String("<em>")));
    QVERIFY(html.contains(QLatin1String("&lt;em&gt;x")));
    QVERIFY(!html.contains(QLatin1String("src=")) && !html.contains(QLatin1String("href=")));
    QCOMPARE(int(html.count(QLatin1String("<td class=\"s-drift\""))) > 0, true);
    QVERIFY(html.contains(QLatin1String("data-cols=\"1\"")));  // the group only c1 (named with markup) has
    QVERIFY(html.contains(QLatin1String("+  channel: stable-v2")));
    QCOMPARE(int(html.count(QLatin1String("<li><h3>"))),
             int(html.count(QLatin1String("<pre>"))));
}

// Clusters given as kubeconfig contexts: two fake API servers holding the
// seed (one with a drift), merged through KUBECONFIG, compared with
// --all-contexts and --contexts; each cluster's figures equal a separate
// `--context` run, and only GETs reach the servers.
void tst_Fleet::liveContexts()
{
    const QString seed = test::dataPath(QStringLiteral("shared/bench/seed-core/reference-crs"));
    test::FakeApiServer servers[2];
    QStringList kubeconfigs;
    for (int i = 0; i < 2; ++i) {
        const QString name = i == 0 ? QStringLiteral("site-a") : QStringLiteral("site-b");
        const QString crs = m_dir.filePath(QStringLiteral("live/") + name);
        copyTree(seed, crs);
        if (i == 1)
            replaceIn(crs + QStringLiteral("/optional/cert-manager/certManagerSubscription.yaml"), "channel: stable-v1",
                      "channel: stable-v2");
        QString error;
        const QString work = m_dir.filePath(QStringLiteral("live/server-") + name);
        QDir().mkpath(work);
        QVERIFY2(servers[i].start(work, test::FakeApiServer::Options({crs}), &error), qPrintable(error));
        QFile generated(servers[i].kubeconfig());
        QVERIFY(generated.open(QIODevice::ReadOnly));
        const QString kubeconfig = m_dir.filePath(QStringLiteral("live/%1.kubeconfig").arg(name));
        test::writeFile(kubeconfig, QString::fromUtf8(generated.readAll()).replace(QStringLiteral("fake"), name).toUtf8());
        kubeconfigs << kubeconfig;
    }
    qputenv("KUBECONFIG", kubeconfigs.join(u':').toUtf8());
    const auto cleanup = qScopeGuard([] { qunsetenv("KUBECONFIG"); });

    const test::CliRun all = test::runCli({QStringLiteral("fleet"), QStringLiteral("-r"), reference(),
                                           QStringLiteral("--all-contexts"), QStringLiteral("-o"), QStringLiteral("json")});
    QCOMPARE(all.code, 1);
    const QJsonObject fleet = jsonOf(all.out);
    const QJsonArray clusters = fleet.value(QStringLiteral("clusters")).toArray();
    QCOMPARE(clusters.size(), 2);
    for (const QJsonValue &c : clusters) {
        const QJsonObject cluster = c.toObject();
        const QString name = cluster.value(QStringLiteral("name")).toString();
        QCOMPARE(cluster.value(QStringLiteral("source")).toString(), QStringLiteral("context:") + name);
        QVERIFY2(cluster.value(QStringLiteral("error")).toString().isEmpty(), qPrintable(all.err));
        const test::CliRun single = test::runCli({QStringLiteral("-r"), reference(), QStringLiteral("--context"), name,
                                                  QStringLiteral("-o"), QStringLiteral("json")});
        const QJsonObject summary = jsonOf(single.out).value(QStringLiteral("Summary")).toObject();
        QCOMPARE(cluster.value(QStringLiteral("crsCompared")).toInt(), summary.value(QStringLiteral("TotalCRs")).toInt());
        QCOMPARE(cluster.value(QStringLiteral("crsWithDiffs")).toInt(), summary.value(QStringLiteral("NumDiffCRs")).toInt());
        QCOMPARE(cluster.value(QStringLiteral("missing")).toInt(), summary.value(QStringLiteral("NumMissing")).toInt());
    }
    bool subscriptionOnlyOnB = false;
    for (const QJsonValue &g : fleet.value(QStringLiteral("driftGroups")).toArray())
        if (g.toObject().value(QStringLiteral("template")).toString().endsWith(QLatin1String("certManagerSubscription.yaml")))
            subscriptionOnlyOnB = g.toObject().value(QStringLiteral("clusters")).toArray() == QJsonArray{QStringLiteral("site-b")};
    QVERIFY(subscriptionOnlyOnB);

    const test::CliRun one = test::runCli({QStringLiteral("fleet"), QStringLiteral("-r"), reference(),
                                           QStringLiteral("--contexts"), QStringLiteral("site-b"), QStringLiteral("-o"),
                                           QStringLiteral("json")});
    QCOMPARE(jsonOf(one.out).value(QStringLiteral("clusters")).toArray().size(), 1);
    for (const test::FakeApiServer &server : servers)
        for (const QJsonObject &request : server.requests())
            QCOMPARE(request.value(QStringLiteral("method")).toString(), QStringLiteral("GET"));
}

void tst_Fleet::usage_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("error");
    QTest::newRow("no reference") << QStringList{"fleet", "dir"} << "error: a reference is required";
    QTest::newRow("no clusters") << QStringList{"fleet", "-r", "REF"} << "error: no clusters";
    QTest::newRow("bad reference") << QStringList{"fleet", "-r", "/nonexistent/metadata.yaml", "dir"} << "error: ";
    QTest::newRow("bad format") << QStringList{"fleet", "-r", "REF", "-o", "yaml", "dir"} << "error: output format";
}

void tst_Fleet::usage()
{
    QFETCH(QStringList, args);
    QFETCH(QString, error);
    args.replaceInStrings(QStringLiteral("REF"), reference());
    const test::CliRun run = test::runCli(args);
    QCOMPARE(run.code, 2);
    QVERIFY2(run.err.startsWith(error), qPrintable(run.err));
}

QTEST_GUILESS_MAIN(tst_Fleet)
#include "tst_fleet.moc"
