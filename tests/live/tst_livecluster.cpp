// SPDX-License-Identifier: Apache-2.0
// Live cluster input end to end against fake-apiserver.py (loopback, random
// port, killed after each test): plain HTTP, HTTPS with a token, HTTPS with a
// required client certificate, an exec credential plugin, legacy discovery,
// paging; the request log (GET only, only what the reference needs); and the
// failures that must be quick and clear: 403 on one kind, a server that never
// answers, a CA that does not match, cancel, a refused connection.
#include "FakeApiServer.h"
#include "TestData.h"

#include "cli/CliRunner.h"
#include "compare/InputNeeds.h"
#include "input/FileInputSource.h"
#include "live/ExecCredentialPlugin.h"
#include "live/LiveInputSource.h"
#include "reference/ReferenceLoader.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <map>
#include <sstream>
#include <thread>

using namespace ds;
using ds::test::FakeApiServer;
using ds::test::TestCertificates;

namespace {

struct CollectingLog : Log
{
    std::vector<std::pair<Severity, std::string>> messages;
    void message(Severity s, int, const std::string &text) override { messages.emplace_back(s, text); }
    std::string warnings() const
    {
        std::string out;
        for (const auto &[s, t] : messages)
            if (s != Severity::Info)
                out += t + "\n";
        return out;
    }
};

QString casePath(const QString &name) { return test::dataPath(QStringLiteral("shared/conformance/cases/") + name); }

std::shared_ptr<ref::Reference> loadReference(const QString &metadataPath)
{
    ref::ReferenceLoader loader;
    ref::LoadResult r = loader.loadMetadata(metadataPath.toStdString());
    if (!r.ok())
        qFatal("reference: %s", r.error->c_str());
    if (auto e = loader.loadTemplates(*r.reference))
        qFatal("templates: %s", e->c_str());
    return r.reference;
}

live::ApiOptions quickOptions()
{
    live::ApiOptions o;
    o.requestTimeoutMs = 800;
    o.maxRetries = 1;
    o.initialBackoffMs = 50;
    o.execTimeoutMs = 10000;
    return o;
}

struct LiveRun
{
    input::LoadedObjects loaded;
    CollectingLog log;
    qint64 elapsedMs = 0;
    std::size_t lastDone = 0, lastTotal = 0;
    live::LiveError kind = live::LiveError::Other;
};

std::unique_ptr<LiveRun> loadLive(const QString &kubeconfig, const live::FetchNeeds &needs,
                                  live::ApiOptions options = quickOptions(), const std::atomic_bool *cancel = nullptr)
{
    auto run = std::make_unique<LiveRun>();
    live::LiveSettings settings;
    settings.kubeconfig = kubeconfig.toStdString();
    settings.api = options;
    live::LiveInputSource source(settings, needs);
    QElapsedTimer t;
    t.start();
    run->loaded = source.load(run->log, cancel, [&](std::size_t d, std::size_t total, const std::string &) {
        run->lastDone = d;
        run->lastTotal = total;
    });
    run->elapsedMs = t.elapsed();
    run->kind = source.lastError();
    return run;
}

std::map<std::string, Value> byId(const std::vector<input::ClusterObject> &objects)
{
    std::map<std::string, Value> out;
    for (const auto &o : objects)
        out.emplace(o.id, o.object);
    return out;
}

QStringList listPaths(const FakeApiServer &server)
{
    QStringList out;
    for (const QJsonObject &r : server.requests()) {
        const QString path = r.value(QLatin1String("path")).toString();
        if (path != QLatin1String("/api") && path != QLatin1String("/apis"))
            out << path;
    }
    out.sort();
    return out;
}

bool onlyGets(const FakeApiServer &server)
{
    const auto requests = server.requests();
    return !requests.isEmpty() && std::all_of(requests.begin(), requests.end(), [](const QJsonObject &r) {
        return r.value(QLatin1String("method")).toString() == QLatin1String("GET");
    });
}

bool writeFile(const QString &path, const QByteArray &text, bool executable = false)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return false;
    f.write(text);
    f.close();
    if (executable)
        f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
    return true;
}

QByteArray fileBase64(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll().toBase64() : QByteArray();
}

// A small reference: a ConfigMap fixed by namespace and name, a Deployment fixed
// by namespace only, a ClusterRole fixed by name, a Secret fixed by nothing.
void writeNarrowingReference(const QString &dir)
{
    QDir().mkpath(dir);
    writeFile(dir + "/metadata.yaml", "parts:\n- name: P\n  components:\n  - name: C\n    type: Required\n"
                                      "    requiredTemplates:\n    - path: cm.yaml\n    - path: deploy.yaml\n"
                                      "    - path: cr.yaml\n    - path: secret.yaml\n");
    writeFile(dir + "/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: kubernetes-dashboard-settings\n"
                                "  namespace: kubernetes-dashboard\n");
    writeFile(dir + "/deploy.yaml", "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ .metadata.name }}\n"
                                    "  namespace: kubernetes-dashboard\n");
    writeFile(dir + "/cr.yaml", "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n"
                                "  name: kubernetes-dashboard\n");
    writeFile(dir + "/secret.yaml", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: {{ .metadata.name }}\n"
                                    "  namespace: {{ .metadata.namespace }}\n");
}

int runCli(const QStringList &args, QString *out, QString *err)
{
    std::vector<std::string> argv{"driftscope-cli"};
    for (const QString &a : args)
        argv.push_back(a.toStdString());
    std::ostringstream o, e;
    const int code = cli::run(argv, o, e);
    *out = QString::fromStdString(o.str());
    *err = QString::fromStdString(e.str());
    return code;
}

} // namespace

class tst_LiveCluster : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_tmp;
    TestCertificates m_certs;
    bool m_haveCerts = false;
    QString m_certError;

    QString dashboardResources() const { return casePath(QStringLiteral("AllRequiredTemplatesExistAndThereAreNoDiffs/resources")); }
    live::FetchNeeds dashboardNeeds() const
    {
        return live::FetchNeeds::fromReference(
            *loadReference(casePath(QStringLiteral("AllRequiredTemplatesExistAndThereAreNoDiffs/reference/metadata.yaml"))));
    }
    QString dir(const QString &name) const
    {
        const QString d = m_tmp.path() + QLatin1Char('/') + name;
        QDir().mkpath(d);
        return d;
    }
    void requireCerts()
    {
        if (!m_haveCerts)
            QSKIP(qPrintable(QStringLiteral("no certificates: ") + m_certError));
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        QVERIFY2(QFile::exists(FakeApiServer::script()), "fake-apiserver-ext.py missing");
        qputenv("HTTPS_PROXY", "");
        qputenv("HTTP_PROXY", "");
        if (TestCertificates::haveOpenssl())
            m_haveCerts = m_certs.create(dir(QStringLiteral("certs")), &m_certError);
        else
            m_certError = QStringLiteral("the openssl command is not installed");
    }

    // Plain HTTP: the objects equal those read from the same files, the
    // kubeconfig's token is not sent (client-go sends no credentials over
    // HTTP), and only GETs reach the server.
    void httpObjectsEqualFiles_data()
    {
        QTest::addColumn<QString>("caseName");
        QTest::newRow("dashboard") << QStringLiteral("AllRequiredTemplatesExistAndThereAreNoDiffs");
        QTest::newRow("lookupCRs") << QStringLiteral("LookupCRs");
        QTest::newRow("doNotMatch") << QStringLiteral("DoNotMatch");
        QTest::newRow("v2") << QStringLiteral("ReferenceV2InlineCapturegroups");
    }
    void httpObjectsEqualFiles()
    {
        QFETCH(QString, caseName);
        FakeApiServer server;
        QString error;
        QVERIFY2(server.start(dir(QStringLiteral("http-") + caseName), {{casePath(caseName + "/resources")}}, &error),
                 qPrintable(error));
        QVERIFY(server.url().startsWith(QLatin1String("http://127.0.0.1:")));
        const auto reference = loadReference(casePath(caseName + "/reference/metadata.yaml"));
        auto run = loadLive(server.kubeconfig(), live::FetchNeeds::fromReference(*reference));
        QVERIFY2(run->loaded.ok(), run->loaded.error->c_str());
        QVERIFY(!run->loaded.objects.empty());
        QCOMPARE(run->lastDone, run->lastTotal);
        QCOMPARE(run->kind, live::LiveError::None);

        input::FileInputSource files({casePath(caseName + "/resources").toStdString()}, true);
        const auto local = byId(files.load(Log::null()).objects);
        for (const auto &o : run->loaded.objects) {
            QCOMPARE(QString::fromStdString(o.source), QStringLiteral("cluster"));
            const auto it = local.find(o.id);
            QVERIFY2(it != local.end(), o.id.c_str());
            QVERIFY2(it->second.deepEquals(o.object), o.id.c_str());
        }
        QVERIFY(onlyGets(server));
        for (const QJsonObject &r : server.requests())
            QVERIFY2(!r.value(QLatin1String("auth")).toBool(), "a credential was sent over plain HTTP");
    }

    // Only the kinds, namespaces and names the templates can match are listed.
    void requestLogOnlyWhatIsNeeded()
    {
        FakeApiServer server;
        QString error;
        QVERIFY2(server.start(dir(QStringLiteral("narrow")), {{dashboardResources()}}, &error), qPrintable(error));
        writeNarrowingReference(dir(QStringLiteral("narrow-ref")));
        const auto reference = loadReference(dir(QStringLiteral("narrow-ref")) + "/metadata.yaml");
        auto run = loadLive(server.kubeconfig(), live::FetchNeeds::fromReference(*reference));
        QVERIFY2(run->loaded.ok(), run->loaded.error->c_str());
        QVERIFY(onlyGets(server));
        QCOMPARE(listPaths(server),
                 QStringList({"/api/v1/namespaces/kubernetes-dashboard/configmaps?limit=500&fieldSelector=metadata.name%3D"
                              "kubernetes-dashboard-settings",
                              "/api/v1/secrets?limit=500",
                              "/apis/apps/v1/namespaces/kubernetes-dashboard/deployments?limit=500",
                              "/apis/rbac.authorization.k8s.io/v1/clusterroles?limit=500&fieldSelector=metadata.name%3D"
                              "kubernetes-dashboard"}));
        QSet<QString> kinds;
        for (const auto &o : run->loaded.objects)
            kinds << QString::fromStdString(o.id.substr(0, o.id.find('_', o.id.find('_') + 1)));
        QCOMPARE(kinds, QSet<QString>({"v1_ConfigMap", "v1_Secret", "apps/v1_Deployment",
                                       "rbac.authorization.k8s.io/v1_ClusterRole"}));

        // -A reports every object of the template kinds: no narrowing.
        FakeApiServer wide;
        QVERIFY2(wide.start(dir(QStringLiteral("narrow-A")), {{dashboardResources()}}, &error), qPrintable(error));
        QVERIFY(loadLive(wide.kubeconfig(), live::FetchNeeds::fromReference(*reference, {}, true))->loaded.ok());
        QCOMPARE(listPaths(wide), QStringList({"/api/v1/configmaps?limit=500", "/api/v1/secrets?limit=500",
                                               "/apis/apps/v1/deployments?limit=500",
                                               "/apis/rbac.authorization.k8s.io/v1/clusterroles?limit=500"}));
    }

    void legacyDiscoveryAndPaging()
    {
        FakeApiServer aggregated, legacy;
        QString error;
        QVERIFY2(aggregated.start(dir(QStringLiteral("agg")), {{dashboardResources()}}, &error), qPrintable(error));
        FakeApiServer::Options o{{dashboardResources()}};
        o.extra << QStringLiteral("--legacy-discovery-only");
        QVERIFY2(legacy.start(dir(QStringLiteral("legacy")), o, &error), qPrintable(error));
        const auto expected = byId(loadLive(aggregated.kubeconfig(), dashboardNeeds())->loaded.objects);
        live::ApiOptions paged = quickOptions();
        paged.pageSize = 1;
        auto run = loadLive(legacy.kubeconfig(), dashboardNeeds(), paged);
        QVERIFY2(run->loaded.ok(), run->loaded.error->c_str());
        const auto actual = byId(run->loaded.objects);
        QCOMPARE(actual.size(), expected.size());
        for (const auto &[id, object] : expected)
            QVERIFY2(actual.count(id) && actual.at(id).deepEquals(object), id.c_str());
        const QStringList paths = listPaths(legacy);
        QVERIFY(paths.contains(QStringLiteral("/api/v1")));
        QVERIFY(paths.contains(QStringLiteral("/apis/apps/v1")));
        QVERIFY(std::any_of(paths.begin(), paths.end(), [](const QString &p) { return p.contains("&continue="); }));
        QVERIFY(onlyGets(legacy));
    }

    void httpsWithToken()
    {
        requireCerts();
        FakeApiServer server;
        FakeApiServer::Options o{{dashboardResources()}};
        o.token = QStringLiteral("s3cret-token");
        o.tlsCert = m_certs.serverCert;
        o.tlsKey = m_certs.serverKey;
        o.kubeconfigCa = m_certs.caCert;
        QString error;
        QVERIFY2(server.start(dir(QStringLiteral("token")), o, &error), qPrintable(error));
        QVERIFY(server.url().startsWith(QLatin1String("https://")));
        auto run = loadLive(server.kubeconfig(), dashboardNeeds());
        QVERIFY2(run->loaded.ok(), run->loaded.error->c_str());
        QVERIFY(!run->loaded.objects.empty());
        for (const QJsonObject &r : server.requests())
            QVERIFY(r.value(QLatin1String("auth")).toBool());

        // A token the server rejects: 401 with what to do, and no token in the text.
        QFile kc(server.kubeconfig());
        QVERIFY(kc.open(QIODevice::ReadOnly));
        QByteArray text = kc.readAll().replace("s3cret-token", "wrong-token");
        kc.close();
        const QString wrong = dir(QStringLiteral("token")) + "/wrong-kubeconfig";
        QVERIFY(writeFile(wrong, text));
        auto rejected = loadLive(wrong, dashboardNeeds());
        QVERIFY(!rejected->loaded.ok());
        const std::string &e = *rejected->loaded.error;
        QVERIFY2(e.find("failed to get clusters resource types: Unauthorized") == 0, e.c_str());
        QVERIFY2(e.find("log in again") != std::string::npos, e.c_str());
        QVERIFY2(e.find("wrong-token") == std::string::npos, e.c_str());
        QCOMPARE(rejected->kind, live::LiveError::Unauthorized);
    }

    void httpsWithRequiredClientCertificate()
    {
        requireCerts();
        FakeApiServer server;
        FakeApiServer::Options o{{dashboardResources()}};
        o.tlsCert = m_certs.serverCert;
        o.tlsKey = m_certs.serverKey;
        o.clientCa = m_certs.caCert;
        o.kubeconfigCa = m_certs.caCert;
        o.kubeconfigClientCert = m_certs.clientCert;
        o.kubeconfigClientKey = m_certs.clientKey;
        QString error;
        QVERIFY2(server.start(dir(QStringLiteral("mtls")), o, &error), qPrintable(error));
        auto run = loadLive(server.kubeconfig(), dashboardNeeds());
        QVERIFY2(run->loaded.ok(), run->loaded.error->c_str());
        QVERIFY(!run->loaded.objects.empty());

        // The same cluster without a client certificate: the handshake fails, quickly.
        const QString noCert = dir(QStringLiteral("mtls")) + "/no-cert-kubeconfig";
        QVERIFY(writeFile(noCert, "apiVersion: v1\nkind: Config\ncurrent-context: c\nclusters:\n- name: fake\n  cluster:\n"
                                  "    server: " + server.url().toUtf8() + "\n    certificate-authority-data: "
                                      + fileBase64(m_certs.caCert) + "\ncontexts:\n- name: c\n  context:\n"
                                      "    cluster: fake\n    user: nobody\nusers:\n- name: nobody\n  user: {}\n"));
        auto refused = loadLive(noCert, dashboardNeeds());
        QVERIFY(!refused->loaded.ok());
        QVERIFY2(refused->loaded.error->find("failed to get clusters resource types: Get \"https://127.0.0.1:") == 0,
                 refused->loaded.error->c_str());
        QVERIFY(refused->elapsedMs < 10000);
    }

    void execCredentialPlugin()
    {
        requireCerts();
        FakeApiServer server;
        FakeApiServer::Options o{{dashboardResources()}};
        o.token = QStringLiteral("from-the-plugin");
        o.tlsCert = m_certs.serverCert;
        o.tlsKey = m_certs.serverKey;
        QString error;
        const QString d = dir(QStringLiteral("exec"));
        QVERIFY2(server.start(d, o, &error), qPrintable(error));
        // The plugin checks what it is given: its argument, its env, the exec info.
        QVERIFY(writeFile(d + "/plugin.sh",
                          "#!/bin/sh\n"
                          "[ \"$1\" = get-token ] || { echo 'bad args' >&2; exit 3; }\n"
                          "[ \"$PLUGIN_MODE\" = test ] || { echo 'bad env' >&2; exit 4; }\n"
                          "case \"$KUBERNETES_EXEC_INFO\" in *'\"interactive\":false'*) ;; *) exit 5 ;; esac\n"
                          "echo run >> \"$(dirname \"$0\")/runs\"\n"
                          "printf '{\"kind\":\"ExecCredential\",\"apiVersion\":\"client.authentication.k8s.io/v1\","
                          "\"status\":{\"token\":\"from-the-plugin\",\"expirationTimestamp\":\"2999-01-01T00:00:00Z\"}}'\n",
                          true));
        QVERIFY(writeFile(d + "/exec-kubeconfig",
                          "apiVersion: v1\nkind: Config\ncurrent-context: c\nclusters:\n- name: fake\n  cluster:\n"
                          "    server: " + server.url().toUtf8() + "\n    insecure-skip-tls-verify: true\n"
                          "contexts:\n- name: c\n  context:\n    cluster: fake\n    user: plugin\nusers:\n- name: plugin\n"
                          "  user:\n    exec:\n      apiVersion: client.authentication.k8s.io/v1\n"
                          "      command: ./plugin.sh\n      args: [get-token]\n"
                          "      env:\n      - name: PLUGIN_MODE\n        value: test\n      interactiveMode: Never\n"));
        live::ExecCredentialPlugin::clearCache();
        auto run = loadLive(d + "/exec-kubeconfig", dashboardNeeds());
        QVERIFY2(run->loaded.ok(), run->loaded.error->c_str());
        QVERIFY(!run->loaded.objects.empty());
        // Cached until expirationTimestamp: a second load does not run it again.
        QVERIFY(loadLive(d + "/exec-kubeconfig", dashboardNeeds())->loaded.ok());
        QFile runs(d + "/runs");
        QVERIFY(runs.open(QIODevice::ReadOnly));
        QCOMPARE(runs.readAll().count('\n'), 1);
        for (const QJsonObject &r : server.requests())
            QVERIFY(r.value(QLatin1String("auth")).toBool());
    }

    void forbiddenKind()
    {
        FakeApiServer server;
        FakeApiServer::Options o{{dashboardResources()}};
        o.extra << QStringLiteral("--forbid") << QStringLiteral("secrets");
        QString error;
        QVERIFY2(server.start(dir(QStringLiteral("forbid")), o, &error), qPrintable(error));
        auto run = loadLive(server.kubeconfig(), dashboardNeeds());
        QVERIFY(!run->loaded.ok());
        QCOMPARE(QString::fromStdString(*run->loaded.error),
                 QStringLiteral("error occurred while trying to fetch resources: secrets is forbidden: User \"fake\" "
                                "cannot list resource \"secrets\" in API group \"\" in the namespace "
                                "\"kubernetes-dashboard\" (Driftscope needs the get and list verbs on secrets in "
                                "namespace kubernetes-dashboard; `driftscope-cli rbac -r REFERENCE` prints the role a comparison needs)"));
        QVERIFY(run->elapsedMs < 10000);
        QCOMPARE(run->kind, live::LiveError::Forbidden);
    }

    void hangingServerTimesOut()
    {
        QTcpServer hang; // listens; the kernel accepts, nobody ever answers
        QVERIFY(hang.listen(QHostAddress::LocalHost));
        const QString kc = dir(QStringLiteral("hang")) + "/kubeconfig";
        QVERIFY(writeFile(kc, "apiVersion: v1\nkind: Config\ncurrent-context: c\nclusters:\n- name: hang\n  cluster:\n"
                              "    server: http://127.0.0.1:" + QByteArray::number(hang.serverPort())
                                  + "\ncontexts:\n- name: c\n  context:\n    cluster: hang\n"));
        auto run = loadLive(kc, dashboardNeeds());
        QVERIFY(!run->loaded.ok());
        QVERIFY2(run->loaded.error->find("failed to get clusters resource types: Get \"http://127.0.0.1:") == 0,
                 run->loaded.error->c_str());
        QVERIFY2(run->loaded.error->find("timed out") != std::string::npos, run->loaded.error->c_str());
        QVERIFY2(run->elapsedMs < 8000, qPrintable(QString::number(run->elapsedMs)));
        QCOMPARE(run->kind, live::LiveError::Timeout);
        QVERIFY(run->log.warnings().find("couldn't get current server API group list") != std::string::npos);

        // Cancel ends a load at once, whatever the timeouts.
        std::atomic_bool cancel{false};
        std::thread canceller([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(300));
            cancel = true;
        });
        live::ApiOptions slow = quickOptions();
        slow.requestTimeoutMs = 60000;
        auto cancelled = loadLive(kc, dashboardNeeds(), slow, &cancel);
        canceller.join();
        QVERIFY(!cancelled->loaded.ok());
        QCOMPARE(QString::fromStdString(*cancelled->loaded.error), QStringLiteral("cancelled"));
        QVERIFY2(cancelled->elapsedMs < 3000, qPrintable(QString::number(cancelled->elapsedMs)));
        QCOMPARE(cancelled->kind, live::LiveError::Cancelled);
    }

    void badCertificateAuthority()
    {
        requireCerts();
        FakeApiServer server;
        FakeApiServer::Options o{{dashboardResources()}};
        o.tlsCert = m_certs.serverCert;
        o.tlsKey = m_certs.serverKey;
        o.kubeconfigCa = m_certs.otherCaCert; // not the CA that signed the server
        QString error;
        QVERIFY2(server.start(dir(QStringLiteral("badca")), o, &error), qPrintable(error));
        auto run = loadLive(server.kubeconfig(), dashboardNeeds());
        QVERIFY(!run->loaded.ok());
        const std::string &e = *run->loaded.error;
        QVERIFY2(e.find("failed to get clusters resource types: Get \"https://127.0.0.1:") == 0, e.c_str());
        QVERIFY2(e.find("tls: failed to verify certificate") != std::string::npos, e.c_str());
        QVERIFY2(e.find("certificate-authority of cluster \"fake\"") != std::string::npos, e.c_str());
        QVERIFY(run->elapsedMs < 5000);
        QCOMPARE(run->kind, live::LiveError::Tls);
    }

    void connectionRefused()
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost));
        const quint16 port = probe.serverPort();
        probe.close(); // nothing listens there now
        const QString kc = dir(QStringLiteral("refused")) + "/kubeconfig";
        QVERIFY(writeFile(kc, "apiVersion: v1\nkind: Config\ncurrent-context: c\nclusters:\n- name: x\n  cluster:\n"
                              "    server: http://127.0.0.1:" + QByteArray::number(port)
                                  + "\ncontexts:\n- name: c\n  context:\n    cluster: x\n"));
        auto run = loadLive(kc, dashboardNeeds());
        QVERIFY(!run->loaded.ok());
        QVERIFY2(run->loaded.error->find("failed to get clusters resource types: Get \"http://127.0.0.1:") == 0,
                 run->loaded.error->c_str());
        QVERIFY2(run->loaded.error->find("refused") != std::string::npos, run->loaded.error->c_str());
        QCOMPARE(run->kind, live::LiveError::Unreachable);
    }

    // The CLI without -f: --kubeconfig and --context select the cluster.
    void cliFlags()
    {
        FakeApiServer server;
        QString error;
        QVERIFY2(server.start(dir(QStringLiteral("cli")), {{dashboardResources()}}, &error), qPrintable(error));
        const QString ref = casePath(QStringLiteral("AllRequiredTemplatesExistAndThereAreNoDiffs/reference/metadata.yaml"));
        QString out, err;
        QCOMPARE(runCli({"-r", ref, "--kubeconfig", server.kubeconfig(), "--context", "fake", "--request-timeout", "5s"},
                        &out, &err),
                 0);
        QVERIFY2(out.startsWith(QLatin1String("Summary\nCRs with diffs: 0/14\n")), qPrintable(out + err));
        QCOMPARE(runCli({"-r", ref, "--kubeconfig", server.kubeconfig(), "--context", "nope"}, &out, &err), 2);
        QCOMPARE(err, QStringLiteral("error: context \"nope\" does not exist\n"));
        QCOMPARE(runCli({"-r", ref, "--kubeconfig", dir("cli") + "/missing"}, &out, &err), 2);
        QVERIFY2(err.contains(QLatin1String("no such file or directory")), qPrintable(err));
        QCOMPARE(runCli({"-r", ref, "--kubeconfig", server.kubeconfig(), "--request-timeout", "soon"}, &out, &err), 2);
        QVERIFY2(err.startsWith(QLatin1String("error: invalid argument \"soon\" for \"--request-timeout\" flag")),
                 qPrintable(err));
    }
};

QTEST_GUILESS_MAIN(tst_LiveCluster)
#include "tst_livecluster.moc"
