// SPDX-License-Identifier: Apache-2.0
// References and cluster data from where users get them: a reference by URL
// (`-r http://…/metadata.yaml`, templates fetched next to it), cluster data by
// URL (`-f http://…`) and from stdin (`-f -`). A loopback HTTP server started
// by the test serves the conformance files; every report must equal the one
// from the same files on disk, and failures read as kube-compare's.
#include "CliRun.h"
#include "TestData.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>


using namespace ds;

namespace {

using Run = test::CliRun;

// What changes from run to run: the diff's temporary directories and timestamps.
QString normalized(QString text)
{
    static const QRegularExpression dirs(QStringLiteral("(MERGED|LIVE)-[0-9]+"));
    static const QRegularExpression stamps(QStringLiteral("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d+ [+-]\\d{4}"));
    return text.replace(dirs, QStringLiteral("\\1-N")).replace(stamps, QStringLiteral("TIME"));
}

// driftscope-cli in this process, with what changes from run to run normalized.
Run runCli(const QStringList &args)
{
    Run r = test::runCli(args);
    r.out = normalized(r.out);
    r.err = normalized(r.err);
    return r;
}

} // namespace

class tst_RemoteInput : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void referenceByUrl_data();
    void referenceByUrl();
    void inputByUrl();
    void inputFromStdin();
    void failures_data();
    void failures();
    void onlyGets();
    void kustomizeFlagChecks_data();
    void kustomizeFlagChecks();
    void kustomizeDirectory();

private:
    QString cases() const { return test::dataPath(QStringLiteral("shared/conformance/cases")); }
    QString url(const QString &path) const { return m_url + QLatin1Char('/') + path; }

    QTemporaryDir m_work;
    QProcess m_server;
    QString m_url;
};

void tst_RemoteInput::initTestCase()
{
    QVERIFY(m_work.isValid());
    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    QVERIFY2(!python.isEmpty(), "python3 runs the loopback HTTP server");
    // The source tree's path (CI's ccache makes __FILE__ relative, so QFINDTESTDATA cannot find it).
    m_server.start(python, {QStringLiteral(DRIFTSCOPE_HTTP_SERVER), QStringLiteral("--root"), cases(), QStringLiteral("--log"),
                            m_work.filePath(QStringLiteral("requests.log"))});
    QVERIFY(m_server.waitForStarted());
    QVERIFY2(m_server.waitForReadyRead(30000), m_server.readAllStandardError().constData());
    const QString ready = QString::fromUtf8(m_server.readLine()).trimmed();
    QVERIFY2(ready.startsWith(QStringLiteral("READY ")), qPrintable(ready));
    m_url = ready.mid(6);
}

void tst_RemoteInput::cleanupTestCase()
{
    m_server.kill();
    m_server.waitForFinished();
}

void tst_RemoteInput::referenceByUrl_data()
{
    QTest::addColumn<QString>("caseName");
    QTest::newRow("v1, some diffs") << "SomeDiffs";
    QTest::newRow("v2, function files") << "RefWithTemplateFunctionsRendersAsExpected";
    QTest::newRow("v2, no diffs") << "AllRequiredTemplatesExistAndThereAreNoDiffsRefV2";
}

// The same report as from the reference on disk, in every format that names no path.
void tst_RemoteInput::referenceByUrl()
{
    QFETCH(QString, caseName);
    const QString dir = cases() + QLatin1Char('/') + caseName;
    // YAML output folds long lines at widths that depend on the random directory names: JSON and text.
    for (const QString &format : {QStringLiteral("json"), QStringLiteral("")}) {
        QStringList rest{QStringLiteral("-f"), dir + QStringLiteral("/resources")};
        if (!format.isEmpty())
            rest << QStringLiteral("-o") << format;
        const Run disk = runCli(QStringList{QStringLiteral("-r"), dir + QStringLiteral("/reference/metadata.yaml")} + rest);
        const Run web = runCli(QStringList{QStringLiteral("-r"), url(caseName + QStringLiteral("/reference/metadata.yaml"))}
                               + rest);
        QCOMPARE(web.code, disk.code);
        QVERIFY(!web.out.isEmpty());
        QCOMPARE(web.out, disk.out);
        QCOMPARE(web.err, disk.err);
    }
}

void tst_RemoteInput::inputByUrl()
{
    const QString dir = cases() + QStringLiteral("/SomeDiffs");
    const QStringList head{QStringLiteral("-r"), dir + QStringLiteral("/reference/metadata.yaml"), QStringLiteral("-o"),
                           QStringLiteral("json"), QStringLiteral("-f")};
    const Run disk = runCli(head + QStringList{dir + QStringLiteral("/resources/d2.yaml,") + dir
                                               + QStringLiteral("/resources/deploymentDashboard.yaml")});
    const Run web = runCli(head + QStringList{url(QStringLiteral("SomeDiffs/resources/d2.yaml")) + QLatin1Char(',')
                                              + url(QStringLiteral("SomeDiffs/resources/deploymentDashboard.yaml"))});
    QCOMPARE(web.code, disk.code);
    QCOMPARE(web.out, disk.out);
}

// `-f -`: a YAML stream on stdin, as `oc get … -o yaml | driftscope-cli -f -`.
void tst_RemoteInput::inputFromStdin()
{
    const QString dir = cases() + QStringLiteral("/SomeDiffs");
    QByteArray stream;
    for (const QString &name : QDir(dir + QStringLiteral("/resources")).entryList(QDir::Files, QDir::Name)) {
        QFile f(dir + QStringLiteral("/resources/") + name);
        QVERIFY(f.open(QIODevice::ReadOnly));
        stream += "---\n" + f.readAll() + "\n";
    }
    const QStringList args{QStringLiteral("-r"), dir + QStringLiteral("/reference/metadata.yaml"), QStringLiteral("-o"),
                           QStringLiteral("json")};
    const Run disk = runCli(args + QStringList{QStringLiteral("-f"), dir + QStringLiteral("/resources")});
    QProcess cli;
    cli.start(QStringLiteral(DRIFTSCOPE_CLI_BINARY), args + QStringList{QStringLiteral("-f"), QStringLiteral("-")});
    QVERIFY(cli.waitForStarted());
    cli.write(stream);
    cli.closeWriteChannel();
    QVERIFY(cli.waitForFinished(60000));
    QCOMPARE(cli.exitCode(), disk.code);
    QCOMPARE(normalized(QString::fromUtf8(cli.readAllStandardOutput())), disk.out);
}

void tst_RemoteInput::failures_data()
{
    QTest::addColumn<QStringList>("args"); // $U: the server's URL, $C: the cases directory
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("err");
    QTest::newRow("reference not found")
        << QStringList{"-r", "$U/SomeDiffs/reference/nope.yaml", "-f", "$C/SomeDiffs/resources"} << 2
        << "error: Reference config file not found. error: unable to read URL \"$U/SomeDiffs/reference/nope.yaml\", "
           "server reported 404 Not Found, status code=404\n";
    QTest::newRow("a server error, after the retries")
        << QStringList{"-r", "$U/status/500/metadata.yaml", "-f", "$C/SomeDiffs/resources"} << 2
        << "error: Reference config file not found. error: unable to read URL \"$U/status/500/metadata.yaml\", "
           "server reported 500 Internal Server Error, status code=500\n";
    QTest::newRow("input not found")
        << QStringList{"-r", "$C/SomeDiffs/reference/metadata.yaml", "-f", "$U/SomeDiffs/resources/nope.yaml"} << 2
        << "error: error occurred while trying to fetch resources: unable to read URL "
           "\"$U/SomeDiffs/resources/nope.yaml\", server reported 404 Not Found, status code=404\n";
    QTest::newRow("a template missing next to the metadata")
        << QStringList{"-r", "$U/ReferenceContainsTemplatesThatDontExist/reference/metadata.yaml", "-f",
                       "$C/SomeDiffs/resources"}
        << 2
        << "error: an error occurred while parsing template: apps.v1.DaemonSet.kube-system.kindnet.yaml specified in "
           "the config. error: template: pattern matches no files: `apps.v1.DaemonSet.kube-system.kindnet.yaml`\n";
}

void tst_RemoteInput::failures()
{
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, err);
    for (QString &a : args)
        a.replace(QStringLiteral("$U"), m_url).replace(QStringLiteral("$C"), cases());
    const Run r = runCli(args);
    QCOMPARE(r.code, code);
    if (!err.isEmpty())
        QCOMPARE(r.err, QString(err).replace(QStringLiteral("$U"), m_url));
}

// Retries: a server answering 503 twice still serves the reference; and
// reading references and inputs by URL only ever sends GETs.
void tst_RemoteInput::onlyGets()
{
    const QString dir = cases() + QStringLiteral("/SomeDiffs");
    const Run disk = runCli({QStringLiteral("-r"), dir + QStringLiteral("/reference/metadata.yaml"), QStringLiteral("-f"),
                             dir + QStringLiteral("/resources"), QStringLiteral("-o"), QStringLiteral("json")});
    const Run flaky = runCli({QStringLiteral("-r"), url(QStringLiteral("flaky/2/SomeDiffs/reference/metadata.yaml")),
                              QStringLiteral("-f"), dir + QStringLiteral("/resources"), QStringLiteral("-o"),
                              QStringLiteral("json")});
    QCOMPARE(flaky.code, disk.code);
    QCOMPARE(flaky.out, disk.out);
    QFile log(m_work.filePath(QStringLiteral("requests.log")));
    QVERIFY(log.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = log.readAll().split('\n');
    int flakyGets = 0;
    for (const QByteArray &line : lines) {
        if (line.isEmpty())
            continue;
        QVERIFY2(line.startsWith("GET "), line.constData());
        flakyGets += line == "GET /flaky/2/SomeDiffs/reference/metadata.yaml" ? 1 : 0;
    }
    QCOMPARE(flakyGets, 3); // two 503 answers, then the file
}

// -k is checked against -f and -R as kubectl's builder checks them.
void tst_RemoteInput::kustomizeFlagChecks_data()
{
    QTest::addColumn<QStringList>("extra");
    QTest::addColumn<QString>("err");
    QTest::newRow("-k with -f") << QStringList{"-f", "$C/SomeDiffs/resources"}
                                << "error: failed to collect resources: only one of -f or -k can be specified\n";
    QTest::newRow("-k with -R") << QStringList{"-R"}
                                << "error: failed to collect resources: the -k flag can't be used with -f or -R\n";
    QTest::newRow("-k with -f and -R")
        << QStringList{"-f", "$C/SomeDiffs/resources", "-R"}
        << "error: failed to collect resources: [only one of -f or -k can be specified, the -k flag can't be used with "
           "-f or -R]\n";
}

void tst_RemoteInput::kustomizeFlagChecks()
{
    QFETCH(QStringList, extra);
    QFETCH(QString, err);
    QStringList args{QStringLiteral("-r"), cases() + QStringLiteral("/SomeDiffs/reference/metadata.yaml"),
                     QStringLiteral("-k"), m_work.path()};
    for (QString a : extra)
        args << a.replace(QStringLiteral("$C"), cases());
    const Run r = runCli(args);
    QCOMPARE(r.code, 2);
    QCOMPARE(r.err, err);
}

// `-k DIR` compares what `kubectl kustomize DIR` builds.
void tst_RemoteInput::kustomizeDirectory()
{
    if (QStandardPaths::findExecutable(QStringLiteral("kubectl")).isEmpty())
        QSKIP("kubectl (kubernetes-client) builds the kustomization; packaging/setup.sh installs it");
    const QString resources = cases() + QStringLiteral("/SomeDiffs/resources");
    const QString dir = m_work.filePath(QStringLiteral("kustomization"));
    QVERIFY(QDir().mkpath(dir));
    QByteArray kustomization = "resources:\n";
    for (const QString &name : QDir(resources).entryList(QDir::Files, QDir::Name)) {
        QVERIFY(QFile::copy(resources + QLatin1Char('/') + name, dir + QLatin1Char('/') + name));
        kustomization += "- " + name.toUtf8() + "\n";
    }
    QFile file(dir + QStringLiteral("/kustomization.yaml"));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(kustomization);
    file.close();
    const QString reference = cases() + QStringLiteral("/SomeDiffs/reference/metadata.yaml");
    const Run disk = runCli({QStringLiteral("-r"), reference, QStringLiteral("-f"), resources, QStringLiteral("-o"),
                             QStringLiteral("json")});
    const Run built = runCli({QStringLiteral("-r"), reference, QStringLiteral("-k"), dir, QStringLiteral("-o"),
                              QStringLiteral("json")});
    QCOMPARE(built.code, disk.code);
    // kustomize may order the objects its own way: the same summary and the same CRs compared.
    const QJsonObject a = QJsonDocument::fromJson(disk.out.toUtf8()).object();
    const QJsonObject b = QJsonDocument::fromJson(built.out.toUtf8()).object();
    QCOMPARE(b.value(QStringLiteral("Summary")), a.value(QStringLiteral("Summary")));
    const auto names = [](const QJsonObject &report) {
        QStringList out;
        for (const QJsonValue &d : report.value(QStringLiteral("Diffs")).toArray())
            out << d.toObject().value(QStringLiteral("CRName")).toString();
        out.sort();
        return out;
    };
    QCOMPARE(names(b), names(a));
    QVERIFY(!names(a).isEmpty());
}

QTEST_GUILESS_MAIN(tst_RemoteInput)
#include "tst_remoteinput.moc"
