// SPDX-License-Identifier: Apache-2.0
// `-r container://IMAGE:TAG:/path/metadata.yaml` against a real registry
// (Debian's docker-registry, started by the test on loopback): the image is
// built with umoci in two layers, the second deleting files of the first
// (whiteouts), and pushed with skopeo as an image manifest and as an index.
// One registry is plain HTTP without auth, one is TLS with a test CA and
// htpasswd credentials read from an auth file, one wants bearer tokens. Each
// report must equal the one from the same reference on disk; the cache must
// serve a second run with the registry gone; pulls must only GET; every
// failure must say what to do.
#include "CliRun.h"
#include "LocalRegistry.h"
#include "TestData.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace ds;

namespace {

// kube-compare's fatal errors are lines starting "error: " (warnings may quote "error:").
bool hasError(const QString &stderrText)
{
    return stderrText.startsWith(QLatin1String("error: ")) || stderrText.contains(QLatin1String("\nerror: "));
}

// What changes from run to run: the diff's temporary directories and timestamps.
QString normalized(QString text)
{
    static const QRegularExpression dirs(QStringLiteral("(MERGED|LIVE)-[0-9]+"));
    static const QRegularExpression stamps(QStringLiteral("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d+ [+-]\\d{4}"));
    return text.replace(dirs, QStringLiteral("\\1-N")).replace(stamps, QStringLiteral("TIME"));
}

} // namespace

class tst_ImageReference : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void sameReportAsOnDisk_data();
    void sameReportAsOnDisk();
    void whiteoutsApplied();
    void secondRunNeedsNoRegistry();
    void pullsOnlyGet();
    void authenticatedTlsRegistry();
    void bearerTokenRegistry();
    void failures_data();
    void failures();

private:
    QString reference() const { return test::dataPath(QStringLiteral("shared/bench/reference-core")); }
    QString seed() const { return test::dataPath(QStringLiteral("shared/bench/seed-core")); }
    QString image(const QString &host, const QString &tag, const QString &path = QStringLiteral("/usr/share/ref/metadata.yaml")) const
    {
        return QStringLiteral("container://%1/telco/ref:%2:%3").arg(host, tag, path);
    }
    test::CliRun compare(const QString &referenceArg, const QStringList &extra = {}) const
    {
        test::CliRun run = test::runCli(QStringList{QStringLiteral("-r"), referenceArg, QStringLiteral("-f"), seed(),
                                                    QStringLiteral("-R"), QStringLiteral("-o"), QStringLiteral("json")}
                                        + extra);
        run.out = normalized(run.out);
        return run;
    }
    QString cacheDir() const { return m_home.path() + QStringLiteral("/cache"); }

    QTemporaryDir m_work;
    QTemporaryDir m_home;
    test::LocalRegistry m_plain;
    test::LocalRegistry m_secure;
    QString m_diskReport;
};

void tst_ImageReference::initTestCase()
{
    if (const QString missing = test::LocalRegistry::missingTool(); !missing.isEmpty())
        QSKIP(qPrintable(missing + QStringLiteral(" is not installed (packaging/setup.sh installs it)")));
    QVERIFY(m_work.isValid() && m_home.isValid());
    QString error;
    const QString script = QStringLiteral(DRIFTSCOPE_REGISTRY_FIXTURE);
    QVERIFY2(m_plain.start(script, m_work.path() + QStringLiteral("/plain"), reference(), {}, &error),
             qPrintable(error));
    test::LocalRegistry::Options secure;
    secure.auth = QStringLiteral("reviewer:s3cret");
    secure.tls = true;
    QVERIFY2(m_secure.start(script, m_work.path() + QStringLiteral("/secure"), reference(), secure, &error),
             qPrintable(error));
    const test::CliRun disk = compare(reference() + QStringLiteral("/metadata.yaml"));
    QCOMPARE(disk.code, 1);
    m_diskReport = disk.out;
}

void tst_ImageReference::cleanupTestCase()
{
    m_plain.stop();
    m_secure.stop();
}

// Every test starts with an empty cache and no credentials of the machine's user.
void tst_ImageReference::init()
{
    QDir(cacheDir()).removeRecursively();
    qputenv("HOME", m_home.path().toUtf8());
    qputenv("XDG_CACHE_HOME", cacheDir().toUtf8());
    qunsetenv("XDG_RUNTIME_DIR");
    qunsetenv("REGISTRY_AUTH_FILE");
    qunsetenv("DOCKER_CONFIG");
}

void tst_ImageReference::sameReportAsOnDisk_data()
{
    QTest::addColumn<QString>("tag");
    QTest::newRow("image manifest") << QStringLiteral("v1");
    QTest::newRow("index for this platform") << QStringLiteral("v1-index");
}

void tst_ImageReference::sameReportAsOnDisk()
{
    QFETCH(QString, tag);
    const test::CliRun run = compare(image(m_plain.host(), tag));
    QVERIFY2(!hasError(run.err), qPrintable(run.err));
    QCOMPARE(run.code, 1);
    QCOMPARE(run.out, m_diskReport);
}

// The second layer deleted stale.yaml and old/: the extracted folder is the reference, file for file.
void tst_ImageReference::whiteoutsApplied()
{
    QCOMPARE(compare(image(m_plain.host(), QStringLiteral("v1"))).code, 1);
    const QStringList trees = QDir(cacheDir() + QStringLiteral("/driftscope/images/trees")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    QCOMPARE(trees.size(), 1);
    const auto files = [](const QString &root) {
        QStringList out;
        QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            QFile f(path);
            f.open(QIODevice::ReadOnly);
            out << QDir(root).relativeFilePath(path) + QLatin1Char(' ') + QString::fromLatin1(f.readAll().toBase64());
        }
        out.sort();
        return out;
    };
    const QStringList extracted = files(cacheDir() + QStringLiteral("/driftscope/images/trees/") + trees.front());
    QVERIFY(!extracted.filter(QStringLiteral("stale.yaml")).size());
    QVERIFY(!extracted.filter(QStringLiteral("old/")).size());
    QCOMPARE(extracted, files(reference()));
}

void tst_ImageReference::secondRunNeedsNoRegistry()
{
    test::LocalRegistry registry; // its own, to stop it half-way
    QString error;
    QVERIFY2(registry.start(QStringLiteral(DRIFTSCOPE_REGISTRY_FIXTURE), m_work.path() + QStringLiteral("/stopped"),
                            reference(), {}, &error),
             qPrintable(error));
    const QString host = registry.host();
    QCOMPARE(compare(image(host, QStringLiteral("v1"))).code, 1);
    registry.stop();
    const test::CliRun offline = compare(image(host, QStringLiteral("v1")));
    QCOMPARE(offline.code, 1);
    QCOMPARE(offline.out, m_diskReport);
    QVERIFY2(offline.err.contains(QStringLiteral("cannot reach registry ") + host)
                 && offline.err.contains(QStringLiteral("using the copy of ") + host + QStringLiteral("/telco/ref:v1")),
             qPrintable(offline.err));
    // --no-image-cache insists on the registry.
    const test::CliRun refreshed = compare(image(host, QStringLiteral("v1")), {QStringLiteral("--no-image-cache")});
    QCOMPARE(refreshed.code, 2);
    QVERIFY2(refreshed.err.contains(QStringLiteral("error: cannot reach registry ") + host), qPrintable(refreshed.err));
}

void tst_ImageReference::pullsOnlyGet()
{
    QCOMPARE(compare(image(m_plain.host(), QStringLiteral("v1-index"))).code, 1);
    const QStringList requests = m_plain.requestsSincePush();
    QVERIFY(!requests.isEmpty());
    for (const QString &request : requests)
        QVERIFY2(request.startsWith(QLatin1String("GET ")) || request.startsWith(QLatin1String("HEAD ")),
                 qPrintable(request));
    QVERIFY(requests.filter(QStringLiteral("/blobs/sha256:")).size() >= 2); // both layers
}

void tst_ImageReference::authenticatedTlsRegistry()
{
    const QString certs = m_home.path() + QStringLiteral("/.config/containers/certs.d/") + m_secure.host();
    QVERIFY(QDir().mkpath(certs));
    QFile::remove(certs + QStringLiteral("/ca.crt"));
    QVERIFY(QFile::copy(m_secure.caCertificate(), certs + QStringLiteral("/ca.crt")));
    const QString authFile = m_home.path() + QStringLiteral("/auth.json");
    test::writeFile(authFile, QStringLiteral("{\"auths\":{\"https://%1\":{\"auth\":\"%2\"}}}")
                                  .arg(m_secure.host(), QString::fromLatin1(QByteArray("reviewer:s3cret").toBase64()))
                                  .toUtf8());
    qputenv("REGISTRY_AUTH_FILE", authFile.toUtf8());
    const test::CliRun run = compare(image(m_secure.host(), QStringLiteral("v1-index")));
    QVERIFY2(!hasError(run.err), qPrintable(run.err));
    QCOMPARE(run.code, 1);
    QCOMPARE(run.out, m_diskReport);
    QDir(certs).removeRecursively();
}

// Docker's token protocol: the registry answers 401 with a Bearer challenge, the
// token server wants the auth file's credentials, the token then opens the pulls.
void tst_ImageReference::bearerTokenRegistry()
{
    test::LocalRegistry registry;
    test::LocalRegistry::Options options;
    options.auth = QStringLiteral("bob:t0ken-pw");
    options.tokenAuth = true;
    QString error;
    QVERIFY2(registry.start(QStringLiteral(DRIFTSCOPE_REGISTRY_FIXTURE), m_work.path() + QStringLiteral("/token"),
                            reference(), options, &error),
             qPrintable(error));
    const test::CliRun anonymous = compare(image(registry.host(), QStringLiteral("v1")));
    QCOMPARE(anonymous.code, 2);
    QVERIFY2(anonymous.err.startsWith(QStringLiteral("error: unauthorized: %1/telco/ref:v1 needs credentials")
                                          .arg(registry.host())),
             qPrintable(anonymous.err));
    const QString authFile = m_home.path() + QStringLiteral("/token-auth.json");
    test::writeFile(authFile, QStringLiteral("{\"auths\":{\"%1\":{\"auth\":\"%2\"}}}")
                                  .arg(registry.host(), QString::fromLatin1(QByteArray("bob:t0ken-pw").toBase64()))
                                  .toUtf8());
    qputenv("REGISTRY_AUTH_FILE", authFile.toUtf8());
    const test::CliRun run = compare(image(registry.host(), QStringLiteral("v1-index")));
    QVERIFY2(!hasError(run.err), qPrintable(run.err));
    QCOMPARE(run.code, 1);
    QCOMPARE(run.out, m_diskReport);
}

void tst_ImageReference::failures_data()
{
    QTest::addColumn<QString>("registry"); // plain, secure
    QTest::addColumn<QString>("reference");
    QTest::addColumn<QString>("authFile"); // contents; empty: none
    QTest::addColumn<bool>("trustCa");
    QTest::addColumn<QString>("expected");
    const QString tried = QStringLiteral("none for HOST were found in HOME/.config/containers/auth.json, "
                                         "HOME/.docker/config.json; log in with `podman login HOST`");
    QTest::newRow("tag not found") << "plain" << "container://HOST/telco/ref:v9:/usr/share/ref/metadata.yaml" << ""
                                   << false << "error: HOST/telco/ref:v9: tag v9 not found in HOST/telco/ref";
    QTest::newRow("repository not found")
        << "plain" << "container://HOST/telco/nothing:v1:/usr/share/ref/metadata.yaml" << "" << false
        << "error: HOST/telco/nothing:v1: tag v1 not found in HOST/telco/nothing";
    QTest::newRow("folder not in image")
        << "plain" << "container://HOST/telco/ref:v1:/usr/share/nope/metadata.yaml" << "" << false
        << "error: HOST/telco/ref:v1 has no folder /usr/share/nope; check the path after the tag";
    QTest::newRow("file not in folder")
        << "plain" << "container://HOST/telco/ref:v1:/usr/share/ref/meta.yaml" << "" << false
        << "error: HOST/telco/ref:v1 has the folder /usr/share/ref but no meta.yaml in it";
    QTest::newRow("deleted by a whiteout")
        << "plain" << "container://HOST/telco/ref:v1:/usr/share/ref/old/a.yaml" << "" << false
        << "error: HOST/telco/ref:v1 has no folder /usr/share/ref/old";
    QTest::newRow("no tag (kube-compare's words)")
        << "plain" << "container://HOST/telco/ref:/usr/share/ref/metadata.yaml" << "" << false
        << "error: incorrect path passed to -r, it must follow this format: container://<IMAGE>:<TAG>:/path/to/metadata.yaml";
    QTest::newRow("untrusted certificate")
        << "secure" << "container://HOST/telco/ref:v1:/usr/share/ref/metadata.yaml" << "" << false
        << "error: the TLS certificate of registry HOST is not trusted";
    QTest::newRow("no credentials") << "secure" << "container://HOST/telco/ref:v1:/usr/share/ref/metadata.yaml" << ""
                                    << true << "error: unauthorized: HOST/telco/ref:v1 needs credentials and " + tried;
    QTest::newRow("wrong credentials")
        << "secure" << "container://HOST/telco/ref:v1:/usr/share/ref/metadata.yaml"
        << "{\"auths\":{\"HOST\":{\"auth\":\"cmV2aWV3ZXI6d3Jvbmc=\"}}}" << true
        << "error: unauthorized: registry HOST refused the credentials for HOST/telco/ref:v1 from HOME/auth.json; log in again";
    QTest::newRow("broken auth file") << "secure" << "container://HOST/telco/ref:v1:/usr/share/ref/metadata.yaml"
                                      << "{\"auths\": " << true << "error: auth file HOME/auth.json is not valid JSON";
}

void tst_ImageReference::failures()
{
    QFETCH(QString, registry);
    QFETCH(QString, reference);
    QFETCH(QString, authFile);
    QFETCH(bool, trustCa);
    QFETCH(QString, expected);
    const test::LocalRegistry &r = registry == QLatin1String("plain") ? m_plain : m_secure;
    const auto expand = [&](QString s) {
        return s.replace(QStringLiteral("HOST"), r.host()).replace(QStringLiteral("HOME"), m_home.path());
    };
    const QString certs = m_home.path() + QStringLiteral("/.config/containers/certs.d/") + r.host();
    QDir(certs).removeRecursively();
    if (trustCa) {
        QVERIFY(QDir().mkpath(certs));
        QVERIFY(QFile::copy(r.caCertificate(), certs + QStringLiteral("/ca.crt")));
    }
    if (!authFile.isEmpty()) {
        test::writeFile(m_home.path() + QStringLiteral("/auth.json"), expand(authFile).toUtf8());
        qputenv("REGISTRY_AUTH_FILE", (m_home.path() + QStringLiteral("/auth.json")).toUtf8());
    }
    const test::CliRun run = compare(expand(reference));
    QDir(certs).removeRecursively();
    QCOMPARE(run.code, 2);
    QVERIFY2(run.err.startsWith(expand(expected)), qPrintable(run.err + QStringLiteral("\nexpected: ") + expand(expected)));
    QVERIFY(run.out.isEmpty());
}

QTEST_GUILESS_MAIN(tst_ImageReference)
#include "tst_imagereference.moc"
