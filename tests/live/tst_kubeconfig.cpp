// SPDX-License-Identifier: Apache-2.0
// Kubeconfig loading and merging, context and credential selection, exec
// credential plugins, private keys, proxies, discovery documents and the fetch
// plan (which lists a reference needs, kube-compare's warnings) — no server.
#include "TestData.h"

#include "live/ApiDiscovery.h"
#include "live/ConnectionSettings.h"
#include "live/ExecCredentialPlugin.h"
#include "live/FetchPlan.h"
#include "live/Kubeconfig.h"
#include "live/LiveInputSource.h"
#include "live/RestConfig.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace ds;
using namespace ds::live;

namespace {

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

const QByteArray kFirst = R"(apiVersion: v1
kind: Config
current-context: dev
clusters:
- name: dev-cluster
  cluster:
    server: https://dev.example.com:6443/
    certificate-authority: certs/ca.pem
    tls-server-name: api.dev
    proxy-url: socks5://proxy:1080
- name: shared
  cluster:
    server: https://first.example.com
    insecure-skip-tls-verify: true
users:
- name: dev-user
  user:
    token: sha256~abc
- name: cert-user
  user:
    client-certificate: certs/client.pem
    client-key: /abs/client.key
    client-key-data: S0VZ
contexts:
- name: dev
  context: {cluster: dev-cluster, user: dev-user, namespace: team}
- name: shared
  context: {cluster: shared, user: cert-user}
)";

const QByteArray kSecond = R"(apiVersion: v1
kind: Config
current-context: prod
clusters:
- name: shared
  cluster:
    server: https://second.example.com
- name: prod-cluster
  cluster:
    server: https://prod.example.com
    certificate-authority-data: Q0EtREFUQQ==
users:
- name: prod-user
  user:
    exec:
      apiVersion: client.authentication.k8s.io/v1beta1
      command: ./bin/plugin
      args: [token, --cluster, prod]
      env: [{name: A, value: "1"}]
      provideClusterInfo: true
contexts:
- name: prod
  context: {cluster: prod-cluster, user: prod-user}
- name: dev
  context: {cluster: prod-cluster, user: prod-user}
)";

std::vector<FetchNeeds> needsFor(std::vector<TemplateScope> templates, bool narrow = true)
{
    FetchNeeds n;
    n.templates = std::move(templates);
    n.narrow = narrow;
    return {n};
}

ServedResource served(const std::string &g, const std::string &v, const std::string &plural, const std::string &kind,
                      bool namespaced = true)
{
    ServedResource r;
    r.group = g;
    r.version = v;
    r.resource = plural;
    r.kind = kind;
    r.namespaced = namespaced;
    r.reportedGroup = g;
    r.reportedVersion = v;
    return r;
}

std::vector<ServedResource> cluster()
{
    return {served("", "v1", "configmaps", "ConfigMap"), served("", "v1", "secrets", "Secret"),
            served("", "v1", "namespaces", "Namespace", false), served("apps", "v1", "deployments", "Deployment"),
            served("config.openshift.io", "v1", "networks", "Network", false),
            served("operator.openshift.io", "v1", "networks", "Network", false),
            served("rbac.authorization.k8s.io", "v1", "clusterroles", "ClusterRole", false),
            served("example.com", "v1", "widgets", "Widget"), served("example.com", "v1beta1", "widgets", "Widget")};
}

QStringList paths(const FetchPlan &plan)
{
    QStringList out;
    for (const ListJob &j : plan.jobs)
        out << QString::fromStdString(j.firstPage(500));
    return out;
}

QStringList qlist(const std::vector<std::string> &v)
{
    QStringList out;
    for (const auto &s : v)
        out << QString::fromStdString(s);
    return out;
}

} // namespace

Q_DECLARE_METATYPE(std::vector<TemplateScope>)
Q_DECLARE_METATYPE(std::vector<ServedResource>)

class tst_Kubeconfig : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_first, m_second;

private slots:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        QDir().mkpath(m_tmp.path() + "/a/certs");
        QDir().mkpath(m_tmp.path() + "/b");
        m_first = m_tmp.path() + "/a/config";
        m_second = m_tmp.path() + "/b/config";
        QVERIFY(writeFile(m_first, kFirst));
        QVERIFY(writeFile(m_second, kSecond));
        QVERIFY(writeFile(m_tmp.path() + "/a/certs/ca.pem", "CA-FROM-FILE"));
    }

    void parsesOneFile()
    {
        const auto r = Kubeconfig::loadFiles({m_first.toStdString()});
        QVERIFY(r.ok());
        const Kubeconfig &kc = r.config;
        QCOMPARE(kc.currentContext(), std::string("dev"));
        const KubeCluster *dev = kc.cluster("dev-cluster");
        QVERIFY(dev);
        QCOMPARE(dev->server, std::string("https://dev.example.com:6443/"));
        // Relative paths resolve against the kubeconfig's directory.
        QCOMPARE(QString::fromStdString(dev->certificateAuthority), m_tmp.path() + "/a/certs/ca.pem");
        QCOMPARE(dev->tlsServerName, std::string("api.dev"));
        QCOMPARE(dev->proxyUrl, std::string("socks5://proxy:1080"));
        QVERIFY(kc.cluster("shared")->insecureSkipTlsVerify);
        const KubeUser *cert = kc.user("cert-user");
        QCOMPARE(QString::fromStdString(cert->clientCertificate), m_tmp.path() + "/a/certs/client.pem");
        QCOMPARE(cert->clientKey, std::string("/abs/client.key"));
        QCOMPARE(cert->clientKeyData, std::string("KEY"));
        QCOMPARE(kc.context("dev")->namespaceName, std::string("team"));
    }

    // kubectl's merge: the first file to define a name wins, current-context
    // from the first file that sets one; missing files are skipped.
    void mergesKubeconfigList()
    {
        const QByteArray list = (m_tmp.path() + "/missing:" + m_first + "::" + m_second + ":" + m_first).toUtf8();
        qputenv("KUBECONFIG", list);
        const auto paths = Kubeconfig::defaultPaths();
        QCOMPARE(paths.size(), std::size_t(3)); // empty and repeated entries dropped
        const auto r = Kubeconfig::load();
        qunsetenv("KUBECONFIG");
        QVERIFY(r.ok());
        const Kubeconfig &kc = r.config;
        QCOMPARE(kc.currentContext(), std::string("dev"));
        QCOMPARE(kc.cluster("shared")->server, std::string("https://first.example.com"));
        QCOMPARE(kc.context("dev")->cluster, std::string("dev-cluster"));
        QVERIFY(kc.cluster("prod-cluster"));
        QCOMPARE(kc.cluster("prod-cluster")->certificateAuthorityData, std::string("CA-DATA"));
        // An exec command with a path separator is relative to its file.
        QCOMPARE(QString::fromStdString(kc.user("prod-user")->exec->command), m_tmp.path() + "/b/bin/plugin");
        QCOMPARE(kc.user("prod-user")->exec->env.front().second, std::string("1"));
        QVERIFY(kc.user("prod-user")->exec->provideClusterInfo);

        const auto summaries = kc.contextSummaries();
        QCOMPARE(summaries.size(), std::size_t(3));
        QCOMPARE(summaries[0].name, std::string("dev"));
        QVERIFY(summaries[0].current);
        QCOMPARE(summaries[0].server, std::string("https://dev.example.com:6443/"));
        QCOMPARE(summaries[0].namespaceName, std::string("team"));
        QCOMPARE(summaries[2].name, std::string("prod"));
        QCOMPARE(summaries[2].user, std::string("prod-user"));

        const ContextListing listing = listContexts(m_second.toStdString());
        QVERIFY(!listing.error);
        QCOMPARE(listing.currentContext, std::string("prod"));
        QCOMPARE(listing.contexts.size(), std::size_t(2));
    }

    void loadErrors()
    {
        QVERIFY(Kubeconfig::load((m_tmp.path() + "/nope").toStdString()).error->find("no such file or directory")
                != std::string::npos);
        const auto bad = Kubeconfig::parse("clusters: [ {", "x.yaml");
        QVERIFY(bad.error && bad.error->find("error loading config file \"x.yaml\"") == 0);
        const auto b64 = Kubeconfig::parse("users:\n- name: u\n  user:\n    client-key-data: '!!!'\n", "y");
        QVERIFY(b64.error && b64.error->find("client-key-data is not valid base64") != std::string::npos);
    }

    void selectsContext_data()
    {
        QTest::addColumn<QString>("context");
        QTest::addColumn<QString>("expected"); // server, or "error:<text>"
        QTest::newRow("current") << "" << "https://dev.example.com:6443";
        QTest::newRow("named") << "prod" << "https://prod.example.com";
        QTest::newRow("missing") << "nope" << "error:context \"nope\" does not exist";
    }
    void selectsContext()
    {
        QFETCH(QString, context);
        QFETCH(QString, expected);
        const auto kc = Kubeconfig::loadFiles({m_first.toStdString(), m_second.toStdString()});
        const auto r = RestConfig::fromKubeconfig(kc.config, context.toStdString());
        if (expected.startsWith("error:")) {
            QVERIFY(!r.ok());
            QCOMPARE(QString::fromStdString(*r.error), expected.mid(6));
            return;
        }
        QVERIFY2(r.ok(), r.error ? r.error->c_str() : "");
        QCOMPARE(QString::fromStdString(r.config.server), expected); // trailing slash dropped
    }

    void credentials()
    {
        const auto kc = Kubeconfig::loadFiles({m_first.toStdString()}).config;
        const auto dev = RestConfig::fromKubeconfig(kc, "dev");
        QVERIFY(dev.ok());
        QCOMPARE(dev.config.caPem, std::string("CA-FROM-FILE"));
        QCOMPARE(dev.config.bearerToken, std::string("sha256~abc"));
        QCOMPARE(dev.config.namespaceName, std::string("team"));
        // A client certificate file that does not exist: named, with its user.
        const auto shared = RestConfig::fromKubeconfig(kc, "shared");
        QVERIFY(!shared.ok());
        QVERIFY2(shared.error->find("unable to read client-cert") == 0, shared.error->c_str());
        QVERIFY(shared.error->find("for user \"cert-user\"") != std::string::npos);
    }

    void configErrors_data()
    {
        QTest::addColumn<QByteArray>("kubeconfig");
        QTest::addColumn<QString>("error"); // "" = no error
        const QByteArray head = "current-context: c\ncontexts:\n- name: c\n  context: {cluster: k, user: u}\n";
        const QByteArray cluster = "clusters:\n- name: k\n  cluster: {server: 'https://k'}\n";
        QTest::newRow("no current context") << QByteArray("clusters: []\n")
                                            << "invalid configuration: no configuration has been provided";
        QTest::newRow("unknown cluster") << head + "users:\n- name: u\n  user: {}\n"
                                         << "invalid configuration: context \"c\" refers to cluster \"k\"";
        QTest::newRow("unknown user") << head + cluster << "invalid configuration: context \"c\" refers to user \"u\"";
        QTest::newRow("insecure with CA")
            << head + "clusters:\n- name: k\n  cluster: {server: 'https://k', insecure-skip-tls-verify: true, "
                      "certificate-authority-data: Q0E=}\nusers:\n- name: u\n  user: {}\n"
            << "invalid configuration: cluster \"k\": specifying a root certificates file with the insecure flag";
        QTest::newRow("gcp auth-provider") << head + cluster + "users:\n- name: u\n  user:\n    auth-provider: {name: gcp}\n"
                                           << "user \"u\" uses the legacy auth-provider \"gcp\", which Kubernetes removed";
        QTest::newRow("azure auth-provider") << head + cluster + "users:\n- name: u\n  user:\n    auth-provider: {name: azure}\n"
                                             << "user \"u\" uses the legacy auth-provider \"azure\"";
        QTest::newRow("oidc expired")
            << head + cluster
                   + "users:\n- name: u\n  user:\n    auth-provider:\n      name: oidc\n      config:\n"
                     "        id-token: eyJhbGciOiJub25lIn0.eyJleHAiOjEwMDB9.c2ln\n"
            << "user \"u\" uses the legacy auth-provider \"oidc\" and its id-token is missing or expired";
        QTest::newRow("oidc valid")
            << head + cluster
                   + "users:\n- name: u\n  user:\n    auth-provider:\n      name: oidc\n      config:\n"
                     "        id-token: eyJhbGciOiJub25lIn0.eyJleHAiOjMyNTAzNjgwMDAwfQ.c2ln\n"
            << "";
        QTest::newRow("cert without key") << head + cluster + "users:\n- name: u\n  user: {client-certificate-data: Q0VSVA==}\n"
                                          << "user \"u\": client-certificate and client-key must be given together";
    }
    void configErrors()
    {
        QFETCH(QByteArray, kubeconfig);
        QFETCH(QString, error);
        const auto kc = Kubeconfig::parse(kubeconfig.toStdString(), "t.yaml");
        QVERIFY(kc.ok());
        const auto r = RestConfig::fromKubeconfig(kc.config);
        if (error.isEmpty()) {
            QVERIFY2(r.ok(), r.error->c_str());
            QVERIFY(!r.config.bearerToken.empty());
            return;
        }
        QVERIFY(!r.ok());
        QVERIFY2(QString::fromStdString(*r.error).startsWith(error), r.error->c_str());
    }

    void execCredentialOutput_data()
    {
        QTest::addColumn<QString>("apiVersion");
        QTest::addColumn<QByteArray>("output");
        QTest::addColumn<QString>("expected"); // token, "cert", or "error:<start>"
        const QString v1 = "client.authentication.k8s.io/v1";
        QTest::newRow("token") << v1 << QByteArray(R"({"kind":"ExecCredential","apiVersion":"client.authentication.k8s.io/v1",
            "status":{"token":"t1","expirationTimestamp":"2030-01-02T03:04:05Z"}})") << "t1";
        QTest::newRow("v1beta1 certificate")
            << "client.authentication.k8s.io/v1beta1"
            << QByteArray(R"({"kind":"ExecCredential","apiVersion":"client.authentication.k8s.io/v1beta1",
            "status":{"clientCertificateData":"C","clientKeyData":"K"}})") << "cert";
        QTest::newRow("other version") << v1 << QByteArray(R"({"kind":"ExecCredential",
            "apiVersion":"client.authentication.k8s.io/v1beta1","status":{"token":"x"}})")
                                       << "error:exec plugin \"p\" is configured to use API version "
                                          "client.authentication.k8s.io/v1, plugin returned version "
                                          "client.authentication.k8s.io/v1beta1";
        QTest::newRow("no status") << v1 << QByteArray(R"({"kind":"ExecCredential","apiVersion":"client.authentication.k8s.io/v1"})")
                                   << "error:exec plugin \"p\" didn't return a status field";
        QTest::newRow("not json") << v1 << QByteArray("Please log in") << "error:exec plugin \"p\" printed no ExecCredential";
        QTest::newRow("key only") << v1 << QByteArray(R"({"kind":"ExecCredential","apiVersion":"client.authentication.k8s.io/v1",
            "status":{"clientKeyData":"K"}})") << "error:exec plugin \"p\" returned only one of";
        QTest::newRow("bad expiry") << v1 << QByteArray(R"({"kind":"ExecCredential","apiVersion":"client.authentication.k8s.io/v1",
            "status":{"token":"x","expirationTimestamp":"tomorrow"}})") << "error:exec plugin \"p\" returned an invalid";
    }
    void execCredentialOutput()
    {
        QFETCH(QString, apiVersion);
        QFETCH(QByteArray, output);
        QFETCH(QString, expected);
        ExecConfig e;
        e.command = "p";
        e.apiVersion = apiVersion.toStdString();
        const auto r = ExecCredentialPlugin::parseOutput(output.toStdString(), e);
        if (expected.startsWith("error:")) {
            QVERIFY(!r.ok());
            QVERIFY2(QString::fromStdString(*r.error).startsWith(expected.mid(6)), r.error->c_str());
        } else if (expected == "cert") {
            QVERIFY(r.ok());
            QCOMPARE(r.credential.clientCertPem, std::string("C"));
            QVERIFY(!r.credential.expiry.isValid());
        } else {
            QVERIFY(r.ok());
            QCOMPARE(QString::fromStdString(r.credential.token), expected);
            QCOMPARE(r.credential.expiry, QDateTime::fromString(QStringLiteral("2030-01-02T03:04:05Z"), Qt::ISODate));
        }
    }

    void execInfo()
    {
        RestConfig c;
        c.server = "https://k:6443";
        c.caPem = "CA";
        c.exec = ExecConfig{};
        c.exec->apiVersion = "client.authentication.k8s.io/v1";
        QCOMPARE(QString::fromStdString(ExecCredentialPlugin::execInfo(c)),
                 QString(R"({"apiVersion":"client.authentication.k8s.io/v1","kind":"ExecCredential","spec":{"interactive":false}})"));
        c.exec->apiVersion = "client.authentication.k8s.io/v1beta1";
        c.exec->provideClusterInfo = true;
        QCOMPARE(QString::fromStdString(ExecCredentialPlugin::execInfo(c)),
                 QString(R"({"apiVersion":"client.authentication.k8s.io/v1beta1","kind":"ExecCredential","spec":)"
                         "{\"cluster\":{\"certificate-authority-data\":\"Q0E=\",\"config\":null,"
                         "\"server\":\"https:/" "/k:6443\"}}}"));
    }

    // Running plugins: non-interactive, errors that say what happened, a
    // timeout for plugins that wait for a prompt, caching by expiry.
    void execCredentialRuns()
    {
        const QString d = m_tmp.path() + "/exec";
        QDir().mkpath(d);
        const QByteArray out = R"({"kind":"ExecCredential","apiVersion":"client.authentication.k8s.io/v1","status":{"token":"tok","expirationTimestamp":"2000-01-01T00:00:00Z"}})";
        QVERIFY(writeFile(d + "/expired.sh", "#!/bin/sh\necho x >> " + (d + "/count").toUtf8() + "\nprintf '%s' '" + out + "'\n", true));
        QVERIFY(writeFile(d + "/fails.sh", "#!/bin/sh\necho 'token expired, run login' >&2\nexit 7\n", true));
        QVERIFY(writeFile(d + "/prompts.sh", "#!/bin/sh\nread answer\nsleep 5\n", true));
        RestConfig c;
        c.server = "https://k";
        c.exec = ExecConfig{};
        c.exec->apiVersion = "client.authentication.k8s.io/v1";
        c.exec->command = (d + "/expired.sh").toStdString();
        ExecCredentialPlugin::clearCache();
        QVERIFY(ExecCredentialPlugin::obtain(c, 5000).ok());
        QCOMPARE(ExecCredentialPlugin::obtain(c, 5000).credential.token, std::string("tok"));
        QFile count(d + "/count");
        QVERIFY(count.open(QIODevice::ReadOnly));
        QCOMPARE(count.readAll().count('\n'), 2); // expired: not cached

        c.exec->command = (d + "/fails.sh").toStdString();
        auto r = ExecCredentialPlugin::obtain(c, 5000);
        QVERIFY(!r.ok());
        QVERIFY2(r.error->find("failed with exit code 7: token expired, run login") != std::string::npos, r.error->c_str());

        c.exec->command = (d + "/prompts.sh").toStdString(); // stdin is closed: read fails, then it sleeps
        QElapsedTimer t;
        t.start();
        r = ExecCredentialPlugin::obtain(c, 500);
        QVERIFY(!r.ok());
        QVERIFY2(r.error->find("did not finish within") != std::string::npos, r.error->c_str());
        QVERIFY(t.elapsed() < 3000);

        c.exec->command = "driftscope-no-such-plugin";
        c.exec->installHint = "Install it with: apt install something";
        r = ExecCredentialPlugin::obtain(c, 5000);
        QVERIFY(!r.ok());
        QVERIFY2(r.error->find("executable file not found in $PATH\n\nInstall it with") != std::string::npos, r.error->c_str());

        c.exec->interactiveMode = "Always";
        r = ExecCredentialPlugin::obtain(c, 5000);
        QVERIFY(!r.ok() && r.error->find("interactiveMode Always") != std::string::npos);
        c.exec->interactiveMode.clear();
        c.exec->apiVersion = "client.authentication.k8s.io/v1alpha1";
        r = ExecCredentialPlugin::obtain(c, 5000);
        QVERIFY(!r.ok() && r.error->find("is not supported") != std::string::npos);
    }

    // PEM keys as kubeconfigs hold them: PKCS#1 RSA, SEC1 EC, PKCS#8.
    void privateKeys_data()
    {
        QTest::addColumn<QStringList>("genpkey");
        QTest::addColumn<QStringList>("convert"); // openssl pkey/rsa/ec arguments, empty = as generated (PKCS#8)
        QTest::addColumn<QString>("header");
        const QStringList rsa{"-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048"};
        const QStringList ec{"-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"};
        QTest::newRow("RSA PKCS#8") << rsa << QStringList() << "-----BEGIN PRIVATE KEY-----";
        QTest::newRow("RSA PKCS#1") << rsa << QStringList{"rsa", "-traditional"} << "-----BEGIN RSA PRIVATE KEY-----";
        QTest::newRow("EC PKCS#8") << ec << QStringList() << "-----BEGIN PRIVATE KEY-----";
        QTest::newRow("EC SEC1") << ec << QStringList{"ec"} << "-----BEGIN EC PRIVATE KEY-----";
        QTest::newRow("Ed25519 PKCS#8") << QStringList{"-algorithm", "ED25519"} << QStringList()
                                        << "-----BEGIN PRIVATE KEY-----";
    }
    void privateKeys()
    {
        QFETCH(QStringList, genpkey);
        QFETCH(QStringList, convert);
        QFETCH(QString, header);
        if (QStandardPaths::findExecutable("openssl").isEmpty())
            QSKIP("the openssl command is not installed");
        QProcess gen;
        gen.start("openssl", QStringList{"genpkey"} + genpkey);
        QVERIFY(gen.waitForFinished(30000) && gen.exitCode() == 0);
        QByteArray pem = gen.readAllStandardOutput();
        if (!convert.isEmpty()) {
            QProcess conv;
            conv.start("openssl", convert);
            conv.write(pem);
            conv.closeWriteChannel();
            QVERIFY(conv.waitForFinished(30000) && conv.exitCode() == 0);
            pem = conv.readAllStandardOutput();
        }
        QVERIFY2(pem.startsWith(header.toLatin1()), pem.constData());
        // Any certificate: the transport reads the pair, the server checks it.
        QProcess req;
        req.start("openssl", {"req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                              "-keyout", "/dev/null", "-subj", "/CN=driftscope-test", "-days", "1"});
        QVERIFY(req.waitForFinished(30000) && req.exitCode() == 0);
        TlsSpec tls;
        tls.userName = "alice";
        tls.clientCertPem = req.readAllStandardOutput().toStdString();
        const auto transport = createHttpTransport();
        tls.clientKeyPem = pem.toStdString();
        const auto accepted = transport->setTls(tls);
        QVERIFY2(!accepted, accepted->c_str());
        tls.clientKeyPem = "-----BEGIN PRIVATE KEY-----\nnot a key\n";
        const auto refused = transport->setTls(tls);
        QVERIFY(refused);
        QVERIFY2(refused->starts_with("user \"alice\": cannot read the client key"), refused->c_str());
    }

    void proxies_data()
    {
        QTest::addColumn<QString>("server");
        QTest::addColumn<QString>("proxyUrl");
        QTest::addColumn<QByteArray>("httpsProxy");
        QTest::addColumn<QByteArray>("noProxy");
        QTest::addColumn<QString>("expected"); // "none", "type host:port", or "error"
        QTest::newRow("proxy-url socks5") << "https://k" << "socks5://p:1081" << QByteArray() << QByteArray() << "socks p:1081";
        QTest::newRow("proxy-url http") << "https://k" << "http://p" << QByteArray() << QByteArray() << "http p:80";
        QTest::newRow("proxy-url bad scheme") << "https://k" << "ftp://p" << QByteArray() << QByteArray() << "error";
        QTest::newRow("HTTPS_PROXY") << "https://api.example.com" << "" << QByteArray("proxy:3128") << QByteArray() << "http proxy:3128";
        QTest::newRow("NO_PROXY suffix") << "https://api.example.com" << "" << QByteArray("proxy:3128")
                                         << QByteArray("foo,.example.com") << "none";
        QTest::newRow("loopback") << "https://127.0.0.1:6443" << "" << QByteArray("proxy:3128") << QByteArray() << "none";
        QTest::newRow("loopback 127/8") << "https://127.4.5.6" << "" << QByteArray("proxy:3128") << QByteArray() << "none";
        QTest::newRow("localhost") << "https://localhost:6443" << "" << QByteArray("proxy:3128") << QByteArray() << "none";
        QTest::newRow("loopback ::1") << "https://[::1]:6443" << "" << QByteArray("proxy:3128") << QByteArray() << "none";
        QTest::newRow("loopback v4-mapped") << "https://[::ffff:127.0.0.1]:6443" << "" << QByteArray("proxy:3128")
                                            << QByteArray() << "none";
        QTest::newRow("IPv6 not loopback") << "https://[2001:db8::1]:6443" << "" << QByteArray("proxy:3128")
                                           << QByteArray() << "http proxy:3128";
        QTest::newRow("128.0.0.1 not loopback") << "https://128.0.0.1" << "" << QByteArray("proxy:3128") << QByteArray()
                                                << "http proxy:3128";
        QTest::newRow("plain http ignores HTTPS_PROXY") << "http://k" << "" << QByteArray("proxy:3128") << QByteArray() << "none";
    }
    void proxies()
    {
        QFETCH(QString, server);
        QFETCH(QString, proxyUrl);
        QFETCH(QByteArray, httpsProxy);
        QFETCH(QByteArray, noProxy);
        QFETCH(QString, expected);
        qputenv("HTTPS_PROXY", httpsProxy);
        qputenv("NO_PROXY", noProxy);
        qunsetenv("HTTP_PROXY");
        qunsetenv("http_proxy");
        RestConfig c;
        c.server = server.toStdString();
        c.proxyUrl = proxyUrl.toStdString();
        ProxySpec p;
        const auto e = ConnectionSettings::proxyFor(c, p);
        qunsetenv("HTTPS_PROXY");
        qunsetenv("NO_PROXY");
        if (expected == "error") {
            QVERIFY(e.has_value());
            return;
        }
        QVERIFY(!e);
        QString actual = "none";
        if (p.type == ProxySpec::Type::Socks5)
            actual = QString("socks %1:%2").arg(QString::fromStdString(p.host)).arg(p.port);
        else if (p.type == ProxySpec::Type::Http)
            actual = QString("http %1:%2").arg(QString::fromStdString(p.host)).arg(p.port);
        QCOMPARE(actual, expected);
    }

    void discoveryDocuments()
    {
        std::string error;
        const auto aggregated = ApiDiscovery::parseAggregated(R"({"kind":"APIGroupDiscoveryList","items":[
            {"metadata":{"name":"apps"},"versions":[{"version":"v1","resources":[
              {"resource":"deployments","responseKind":{"group":"apps","version":"v1","kind":"Deployment"},
               "scope":"Namespaced","verbs":["get","list"]},
              {"resource":"controllerrevisions","responseKind":{"group":"","version":"","kind":"ControllerRevision"},
               "scope":"Namespaced","verbs":["get"]}]}]}]})", error);
        QVERIFY(aggregated);
        QCOMPARE(aggregated->size(), std::size_t(2));
        QCOMPARE((*aggregated)[0].basePath(), std::string("/apis/apps/v1"));
        QVERIFY((*aggregated)[0].listable);
        QVERIFY(!(*aggregated)[1].listable);
        QCOMPARE((*aggregated)[1].reportedGroup, std::string()); // as responseKind says
        QVERIFY(ApiDiscovery::isAggregated("application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList", "{}"));
        QVERIFY(!ApiDiscovery::isAggregated("application/json", R"({"kind":"APIGroupList"})"));

        const auto legacy = ApiDiscovery::parseResourceList(R"({"groupVersion":"apps/v1","resources":[
            {"name":"deployments","namespaced":true,"kind":"Deployment","verbs":["list"]},
            {"name":"deployments/status","namespaced":true,"kind":"Deployment"},
            {"name":"clusterthings","namespaced":false,"kind":"ClusterThing"}]})", "apps/v1", error);
        QVERIFY(legacy);
        QCOMPARE(legacy->size(), std::size_t(2)); // the subresource is skipped
        QCOMPARE((*legacy)[0].reportedGroup, std::string("apps"));
        QVERIFY(!(*legacy)[1].namespaced);
        QCOMPARE(ApiDiscovery::parseGroupList(R"({"groups":[{"name":"g","versions":[{"groupVersion":"g/v2"},
            {"groupVersion":"g/v1"}],"preferredVersion":{"groupVersion":"g/v1"}}]})"),
                 std::vector<std::string>({"g/v1", "g/v2"}));
        QCOMPARE(ApiDiscovery::parseApiVersions(R"({"versions":["v1"]})"), std::vector<std::string>({"v1"}));
    }

    // Which lists a reference needs, and kube-compare's warnings (spec a.2).
    void fetchPlan_data()
    {
        QTest::addColumn<std::vector<TemplateScope>>("templates");
        QTest::addColumn<bool>("narrow");
        QTest::addColumn<std::vector<ServedResource>>("served");
        QTest::addColumn<QStringList>("expectedPaths");
        QTest::addColumn<QStringList>("expectedWarnings");
        QTest::addColumn<QString>("expectedError");
        const auto all = cluster();
        QTest::newRow("core kind, namespace and name fixed")
            << std::vector<TemplateScope>{{"ConfigMap", "v1", "ns", "a"}, {"ConfigMap", "v1", "ns", "b"}} << true << all
            << QStringList{"/api/v1/namespaces/ns/configmaps?limit=500&fieldSelector=metadata.name%3Da",
                           "/api/v1/namespaces/ns/configmaps?limit=500&fieldSelector=metadata.name%3Db"}
            << QStringList() << "";
        QTest::newRow("one template leaves the name open")
            << std::vector<TemplateScope>{{"ConfigMap", "v1", "ns", "a"}, {"ConfigMap", "v1", "ns", ""},
                                          {"ConfigMap", "v1", "other", "c"}}
            << true << all
            << QStringList{"/api/v1/namespaces/ns/configmaps?limit=500",
                           "/api/v1/namespaces/other/configmaps?limit=500&fieldSelector=metadata.name%3Dc"}
            << QStringList() << "";
        QTest::newRow("one template leaves the namespace open")
            << std::vector<TemplateScope>{{"Secret", "v1", "ns", "a"}, {"Secret", "v1", "", "b"}} << true << all
            << QStringList{"/api/v1/secrets?limit=500&fieldSelector=metadata.name%3Da",
                           "/api/v1/secrets?limit=500&fieldSelector=metadata.name%3Db"}
            << QStringList() << "";
        QTest::newRow("-A: no narrowing") << std::vector<TemplateScope>{{"ConfigMap", "v1", "ns", "a"}} << false << all
                                          << QStringList{"/api/v1/configmaps?limit=500"} << QStringList() << "";
        QTest::newRow("cluster-scoped kind ignores a namespace")
            << std::vector<TemplateScope>{{"ClusterRole", "rbac.authorization.k8s.io/v1", "ns", "admin"}} << true << all
            << QStringList{"/apis/rbac.authorization.k8s.io/v1/clusterroles?limit=500&fieldSelector=metadata.name%3Dadmin"}
            << QStringList() << "";
        QTest::newRow("many names: the whole namespace")
            << std::vector<TemplateScope>{{"Secret", "v1", "ns", "1"}, {"Secret", "v1", "ns", "2"}, {"Secret", "v1", "ns", "3"},
                                          {"Secret", "v1", "ns", "4"}, {"Secret", "v1", "ns", "5"}, {"Secret", "v1", "ns", "6"},
                                          {"Secret", "v1", "ns", "7"}, {"Secret", "v1", "ns", "8"}, {"Secret", "v1", "ns", "9"}}
            << true << all << QStringList{"/api/v1/namespaces/ns/secrets?limit=500"} << QStringList() << "";
        QTest::newRow("every group serving the kind")
            << std::vector<TemplateScope>{{"Network", "config.openshift.io/v1", "", "cluster"}} << true << all
            << QStringList{"/apis/config.openshift.io/v1/networks?limit=500&fieldSelector=metadata.name%3Dcluster",
                           "/apis/operator.openshift.io/v1/networks?limit=500&fieldSelector=metadata.name%3Dcluster"}
            << QStringList() << "";
        QTest::newRow("every version serving the kind")
            << std::vector<TemplateScope>{{"Widget", "example.com/v1", "", ""}} << true << all
            << QStringList{"/apis/example.com/v1/widgets?limit=500", "/apis/example.com/v1beta1/widgets?limit=500"}
            << QStringList() << "";
        QTest::newRow("kinds the cluster lacks")
            << std::vector<TemplateScope>{{"Zebra", "z.io/v1", "", ""}, {"ConfigMap", "v1", "", ""}, {"Apple", "v1", "", ""}}
            << true << all << QStringList{"/api/v1/configmaps?limit=500"}
            << QStringList{"Reference Contains Templates With Types (kind) Not Supported By Cluster: Apple, Zebra"} << "";
        QTest::newRow("template group/version not served")
            << std::vector<TemplateScope>{{"Deployment", "apps/v1beta2", "", ""}, {"Deployment", "extensions/v1", "", ""}}
            << true << all << QStringList{"/apis/apps/v1/deployments?limit=500"}
            << QStringList{"There may be an issue with the API resources exposed by the cluster. Found kind but missing "
                           "group/version for Deployment.apps/v1beta2, Deployment.extensions/v1 "}
            << "";
        std::vector<ServedResource> blank = all;
        for (ServedResource &r : blank)
            r.reportedGroup.clear(); // kube-compare's "Bad API Resources": bare Kind, resolved like kubectl
        QTest::newRow("discovery without groups")
            << std::vector<TemplateScope>{{"Deployment", "apps/v1", "", ""}, {"Network", "operator.openshift.io/v1", "", ""}}
            << true << blank
            << QStringList{"/apis/apps/v1/deployments?limit=500", "/apis/config.openshift.io/v1/networks?limit=500"}
            << QStringList{"There may be an issue with the API resources exposed by the cluster. Found kind but missing "
                           "group/version for Deployment.apps/v1, Network.operator.openshift.io/v1 "}
            << "";
        QTest::newRow("nothing supported") << std::vector<TemplateScope>{{"Zebra", "v1", "", ""}} << true << all
                                           << QStringList() << QStringList()
                                           << "templates don't contain any types (kind) of resources that are supported "
                                              "by the cluster";
    }
    void fetchPlan()
    {
        QFETCH(std::vector<TemplateScope>, templates);
        QFETCH(bool, narrow);
        QFETCH(std::vector<ServedResource>, served);
        QFETCH(QStringList, expectedPaths);
        QFETCH(QStringList, expectedWarnings);
        QFETCH(QString, expectedError);
        const FetchPlan plan = FetchPlan::build(needsFor(templates, narrow).front(), served);
        QCOMPARE(paths(plan), expectedPaths);
        QCOMPARE(qlist(plan.warnings), expectedWarnings);
        QCOMPARE(QString::fromStdString(plan.error.value_or(std::string())), expectedError);
    }

    void lookupKindsAreListedWhole()
    {
        FetchNeeds needs = needsFor({{"ConfigMap", "v1", "ns", "a"}}).front();
        needs.wholeKinds = {"ConfigMap", "Widget"};
        needs.lookupKinds = {"Widget", "Unknown"};
        const FetchPlan plan = FetchPlan::build(needs, cluster());
        QCOMPARE(paths(plan), QStringList({"/api/v1/configmaps?limit=500", "/apis/example.com/v1/widgets?limit=500",
                                           "/apis/example.com/v1beta1/widgets?limit=500"}));
        QVERIFY(plan.warnings.empty()); // lookup kinds the cluster lacks are not kube-compare's business
    }
};

QTEST_GUILESS_MAIN(tst_Kubeconfig)
#include "tst_kubeconfig.moc"
