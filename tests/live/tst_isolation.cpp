// SPDX-License-Identifier: Apache-2.0
// Per-CR isolation (issue #11): a template that fails for its CR, a corrupt CR
// file and a kind the user may not list (live) are each reported, and every
// other CR is reported exactly as in a run without these problems. kube-compare
// stops at the first of them; Driftscope does so too unless --keep-going (the
// GUI and -o html always keep going).
#include "FakeApiServer.h"
#include "cli/CliRunner.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <sstream>

using ds::test::FakeApiServer;

namespace {

struct Run
{
    int code = -1;
    QJsonObject report;
    QString err;
};

QByteArray configMap(const QByteArray &name, const QByteArray &value)
{
    return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: " + name + "\n  namespace: ns\ndata:\n  key: " + value
        + "\n";
}

// A CR's Diffs entry, without what differs between any two runs: the random
// MERGED-/LIVE- directories and the timestamps of the diff header.
QJsonObject entry(const QJsonObject &report, const QString &crName)
{
    static const QRegularExpression runSpecific(
        QStringLiteral("/(MERGED|LIVE)-[0-9]+/|\\t[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9:.]+ [+-][0-9]{4}"));
    for (const QJsonValue &d : report.value(QStringLiteral("Diffs")).toArray()) {
        QJsonObject o = d.toObject();
        if (o.value(QStringLiteral("CRName")).toString() != crName)
            continue;
        o[QStringLiteral("DiffOutput")] = o.value(QStringLiteral("DiffOutput")).toString().replace(runSpecific, QStringLiteral("<run>"));
        return o;
    }
    return {};
}

} // namespace

class tst_Isolation : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void filesKeepGoing();
    void liveKeepGoing();
    void liveForbiddenAloneExitsTwo();
    void liveStopsLikeKubeCompare();

private:
    void write(const QString &path, const QByteArray &bytes);
    Run run(QStringList args) const;
    void startForbiddingSecrets(const QTemporaryDir &work, FakeApiServer &server) const;
    QString path(const QString &p) const { return m_dir->filePath(p); }

    std::unique_ptr<QTemporaryDir> m_dir;
    Run m_baseline;
};

void tst_Isolation::write(const QString &p, const QByteArray &bytes)
{
    QVERIFY(QDir().mkpath(QFileInfo(path(p)).path()));
    QFile f(path(p));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

Run tst_Isolation::run(QStringList args) const
{
    args << QStringLiteral("-o") << QStringLiteral("json");
    std::vector<std::string> argv{"driftscope-cli"};
    for (const QString &a : args)
        argv.push_back(a.toStdString());
    std::ostringstream out, err;
    Run r;
    r.code = ds::cli::run(argv, out, err);
    r.report = QJsonDocument::fromJson(QByteArray::fromStdString(out.str())).object();
    r.err = QString::fromStdString(err.str());
    return r;
}

// The fake API server serving crs/ and refusing to list Secrets (403).
void tst_Isolation::startForbiddingSecrets(const QTemporaryDir &work, FakeApiServer &server) const
{
    FakeApiServer::Options o{{path(QStringLiteral("crs"))}};
    o.extra << QStringLiteral("--forbid") << QStringLiteral("secrets");
    QString error;
    QVERIFY2(server.start(work.path(), o, &error), qPrintable(error));
}

void tst_Isolation::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    const QByteArray metadata = "apiVersion: v2\nparts:\n  - name: P\n    components:\n      - name: C\n        allOf:\n"
                                "          - path: cm-a.yaml\n          - path: cm-b.yaml\n          - path: secret.yaml\n";
    const QByteArray secret = "apiVersion: v1\nkind: Secret\nmetadata:\n  name: s\n  namespace: ns\ntype: Opaque\n";
    write(QStringLiteral("good/metadata.yaml"), metadata);
    write(QStringLiteral("good/cm-a.yaml"), configMap("a", "value-a"));
    write(QStringLiteral("good/cm-b.yaml"), configMap("b", "value-b"));
    write(QStringLiteral("good/secret.yaml"), secret);
    write(QStringLiteral("bad/metadata.yaml"), metadata);
    write(QStringLiteral("bad/cm-a.yaml"), configMap("a", "'{{ if .data }}{{ fail \"boom\" }}{{ end }}'"));
    write(QStringLiteral("bad/cm-b.yaml"), configMap("b", "value-b"));
    write(QStringLiteral("bad/secret.yaml"), secret);
    write(QStringLiteral("crs/a.yaml"), configMap("a", "value-a"));
    write(QStringLiteral("crs/b.yaml"), configMap("b", "changed-b")); // drift, to compare more than ""
    write(QStringLiteral("crs/s.yaml"), secret);
    m_baseline = run({QStringLiteral("-r"), path(QStringLiteral("good/metadata.yaml")), QStringLiteral("-f"),
                      path(QStringLiteral("crs"))});
    QCOMPARE(m_baseline.code, 1); // b drifts
    QVERIFY(!entry(m_baseline.report, QStringLiteral("v1_ConfigMap_ns_b")).value(QStringLiteral("DiffOutput"))
                 .toString().isEmpty());
}

void tst_Isolation::filesKeepGoing()
{
    write(QStringLiteral("crs/corrupt.yaml"), "apiVersion: v1\nkind: ConfigMap\nmetadata: [unclosed\n");
    const Run r = run({QStringLiteral("-r"), path(QStringLiteral("bad/metadata.yaml")), QStringLiteral("-f"),
                       path(QStringLiteral("crs")), QStringLiteral("--keep-going")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("Skipping ") + path(QStringLiteral("crs/corrupt.yaml"))), qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("error: v1_ConfigMap_ns_a: ")) && r.err.contains(QStringLiteral("boom")),
             qPrintable(r.err));
    for (const char *cr : {"v1_ConfigMap_ns_b", "v1_Secret_ns_s"})
        QCOMPARE(entry(r.report, QLatin1String(cr)), entry(m_baseline.report, QLatin1String(cr)));
}

void tst_Isolation::liveKeepGoing()
{
    QTemporaryDir work;
    FakeApiServer server;
    startForbiddingSecrets(work, server);
    if (QTest::currentTestFailed())
        return;
    const Run r = run({QStringLiteral("-r"), path(QStringLiteral("bad/metadata.yaml")), QStringLiteral("--kubeconfig"),
                       server.kubeconfig(), QStringLiteral("--keep-going")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("secrets is forbidden")) && r.err.contains(QStringLiteral("compared without them")),
             qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("error: v1_ConfigMap_ns_a: ")), qPrintable(r.err));
    QCOMPARE(entry(r.report, QStringLiteral("v1_ConfigMap_ns_b")),
             entry(m_baseline.report, QStringLiteral("v1_ConfigMap_ns_b")));
    // The Secret could not be read: its template is reported missing, not compared.
    QVERIFY(entry(r.report, QStringLiteral("v1_Secret_ns_s")).isEmpty());
    for (const QJsonObject &request : server.requests())
        QCOMPARE(request.value(QStringLiteral("method")).toString(), QStringLiteral("GET"));
}

// A refused kind alone still makes the exit code 2 with --keep-going.
void tst_Isolation::liveForbiddenAloneExitsTwo()
{
    QTemporaryDir work;
    FakeApiServer server;
    startForbiddingSecrets(work, server);
    if (QTest::currentTestFailed())
        return;
    const Run r = run({QStringLiteral("-r"), path(QStringLiteral("good/metadata.yaml")), QStringLiteral("--kubeconfig"),
                       server.kubeconfig(), QStringLiteral("--keep-going")});
    QCOMPARE(r.code, 2);
    QCOMPARE(entry(r.report, QStringLiteral("v1_ConfigMap_ns_a")),
             entry(m_baseline.report, QStringLiteral("v1_ConfigMap_ns_a")));
}

void tst_Isolation::liveStopsLikeKubeCompare()
{
    QTemporaryDir work;
    FakeApiServer server;
    startForbiddingSecrets(work, server);
    if (QTest::currentTestFailed())
        return;
    const Run r = run({QStringLiteral("-r"), path(QStringLiteral("good/metadata.yaml")), QStringLiteral("--kubeconfig"),
                       server.kubeconfig()});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("error occurred while trying to fetch resources: secrets is forbidden")),
             qPrintable(r.err));
    QVERIFY(r.report.isEmpty());
}

QTEST_GUILESS_MAIN(tst_Isolation)
#include "tst_isolation.moc"
