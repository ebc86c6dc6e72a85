// SPDX-License-Identifier: Apache-2.0
// `driftscope-cli rbac` and in-cluster credentials, end to end: the printed
// role is enforced by the fake API server (RBAC semantics, fake-apiserver-ext.py
// --rbac), the comparison runs with a pod's service-account token and CA
// instead of a kubeconfig, and the Job manifest's own script runs it.
#include "CliRun.h"
#include "FakeApiServer.h"
#include "TestData.h"
#include "live/InClusterConfig.h"
#include "live/RbacPolicy.h"
#include "live/RestConfig.h"
#include "yaml/YamlReader.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

using namespace ds;
using test::FakeApiServer;
using test::TestCertificates;
using test::writeFile;

namespace {

QString reference()
{
    return test::dataPath(QStringLiteral("shared/bench/reference-core/metadata.yaml"));
}
QString seed()
{
    return test::dataPath(QStringLiteral("shared/bench/seed-core/reference-crs"));
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Sets environment variables for one scope, restoring what was there.
class EnvScope
{
public:
    void set(const char *name, const QByteArray &value)
    {
        m_saved.append({name, qgetenv(name), qEnvironmentVariableIsSet(name)});
        qputenv(name, value);
    }
    ~EnvScope()
    {
        for (auto it = m_saved.crbegin(); it != m_saved.crend(); ++it)
            it->wasSet ? void(qputenv(it->name, it->value)) : void(qunsetenv(it->name));
    }

private:
    struct Saved
    {
        const char *name;
        QByteArray value;
        bool wasSet;
    };
    QList<Saved> m_saved;
};

std::vector<Value> yamlDocuments(const QByteArray &text)
{
    const yaml::ReadResult read = yaml::read(text.toStdString());
    return read.ok() ? read.documents : std::vector<Value>{};
}

const Value *documentOfKind(const std::vector<Value> &docs, const std::string &kind)
{
    for (const Value &d : docs)
        if (d.get("kind").isString() && d.get("kind").str() == kind)
            return &d;
    return nullptr;
}

} // namespace

class tst_Rbac : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_tmp;
    TestCertificates m_certs;
    bool m_haveCerts = false;
    QString m_certError;

    QString dir(const QString &name) const
    {
        const QString d = m_tmp.path() + QLatin1Char('/') + name;
        QDir().mkpath(d);
        return d;
    }
    // An HTTPS fake cluster holding the bench seed, that accepts only `token`
    // and authorizes it by the RBAC documents in `rbacFile`.
    bool startCluster(FakeApiServer &server, const QString &name, const QString &rbacFile, QString *error)
    {
        FakeApiServer::Options o{{seed()}};
        o.token = QStringLiteral("pod-token");
        o.tlsCert = m_certs.serverCert;
        o.tlsKey = m_certs.serverKey;
        o.kubeconfigCa = m_certs.caCert;
        o.extra << QStringLiteral("--rbac") << rbacFile;
        return server.start(dir(name), o, error);
    }
    // What a pod sees: the service account's files and the two variables, and no kubeconfig.
    QString podServiceAccount(EnvScope &env, const FakeApiServer &server, const QString &name)
    {
        const QString sa = dir(name + QStringLiteral("-serviceaccount"));
        writeFile(sa + QStringLiteral("/token"), "pod-token\n");
        QFile::remove(sa + QStringLiteral("/ca.crt"));
        QFile::copy(m_certs.caCert, sa + QStringLiteral("/ca.crt"));
        writeFile(sa + QStringLiteral("/namespace"), "driftscope");
        const QUrl url(server.url());
        env.set("KUBECONFIG", (dir(name) + QStringLiteral("/no-kubeconfig")).toUtf8());
        env.set("KUBERNETES_SERVICE_HOST", url.host().toUtf8());
        env.set("KUBERNETES_SERVICE_PORT", QByteArray::number(url.port()));
        env.set("DRIFTSCOPE_SERVICE_ACCOUNT_DIR", sa.toUtf8());
        return sa;
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
        qputenv("HTTPS_PROXY", "");
        qputenv("HTTP_PROXY", "");
        if (TestCertificates::haveOpenssl())
            m_haveCerts = m_certs.create(dir(QStringLiteral("certs")), &m_certError);
        else
            m_certError = QStringLiteral("the openssl command is not installed");
    }

    // kubectl's plural of a kind, as discovery names nearly every resource.
    void plurals_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("plural");
        QTest::newRow("plain") << "ConfigMap" << "configmaps";
        QTest::newRow("s") << "ClusterLogForwarder" << "clusterlogforwarders";
        QTest::newRow("ss") << "StorageClass" << "storageclasses";
        QTest::newRow("x") << "Mailbox" << "mailboxes";
        QTest::newRow("consonant y after x") << "Proxy" << "proxies";
        QTest::newRow("consonant y") << "NetworkPolicy" << "networkpolicies";
        QTest::newRow("vowel y") << "Gateway" << "gateways";
        QTest::newRow("ch") << "Search" << "searches";
        QTest::newRow("already plural") << "Endpoints" << "endpoints";
        QTest::newRow("scc") << "SecurityContextConstraints" << "securitycontextconstraints";
    }
    void plurals()
    {
        QFETCH(QString, kind);
        QFETCH(QString, plural);
        QCOMPARE(QString::fromStdString(live::RbacPolicy::pluralOf(kind.toStdString())), plural);
    }

    // Without a cluster the role is named from the templates; with one, from
    // its discovery — the same for a cluster serving each kind once.
    void offlineRoleEqualsDiscoveredRole()
    {
        FakeApiServer server;
        QString error;
        // The whole seed: its cluster-default-crs serve the kinds reference-crs lacks.
        const QString wholeSeed = test::dataPath(QStringLiteral("shared/bench/seed-core"));
        QVERIFY2(server.start(dir(QStringLiteral("plain")), {{wholeSeed}}, &error), qPrintable(error));
        const test::CliRun offline = test::runCli({QStringLiteral("rbac"), QStringLiteral("-r"), reference()});
        QCOMPARE(offline.code, 0);
        const test::CliRun discovered = test::runCli(
            {QStringLiteral("rbac"), QStringLiteral("-r"), reference(), QStringLiteral("--kubeconfig"), server.kubeconfig()});
        QCOMPARE(discovered.code, 0);
        // The seed has no ContainerRuntimeConfig: the cluster does not serve it,
        // so the discovered role leaves it out and says why.
        QVERIFY2(discovered.err.contains(QStringLiteral("Not Supported By Cluster: ContainerRuntimeConfig")),
                 qPrintable(discovered.err));
        QString expected = offline.out;
        expected.remove(QStringLiteral("- apiGroups: [\"machineconfiguration.openshift.io\"]\n"
                                       "  resources: [\"containerruntimeconfigs\"]\n"
                                       "  verbs: [\"get\", \"list\"]\n"));
        QVERIFY(expected != offline.out);
        if (discovered.out != expected) {
            writeFile(dir(QStringLiteral("plain")) + QStringLiteral("/offline.yaml"), expected.toUtf8());
            writeFile(dir(QStringLiteral("plain")) + QStringLiteral("/discovered.yaml"), discovered.out.toUtf8());
        }
        QCOMPARE(discovered.out, expected); // the two files above tell the difference

        const std::vector<Value> docs = yamlDocuments(offline.out.toUtf8());
        const Value *role = documentOfKind(docs, "ClusterRole");
        const Value *binding = documentOfKind(docs, "ClusterRoleBinding");
        QVERIFY(role && binding);
        QCOMPARE(binding->at({"roleRef", "name"}).str(), role->at({"metadata", "name"}).str());
        QCOMPARE(binding->get("subjects").list().front().get("namespace").str(), std::string("driftscope"));
        QVERIFY(!role->get("rules").list().empty()); // a copy: get() returns the value
        const Value rules = role->get("rules");
        for (const Value &rule : rules.list()) { // read-only, nothing else
            const Value verbsValue = rule.get("verbs");
            const ValueList &verbs = verbsValue.list();
            QCOMPARE(verbs.size(), std::size_t(2));
            QCOMPARE(verbs[0].str() + "," + verbs[1].str(), std::string("get,list"));
        }
    }

    // A pod with only the printed role compares its cluster: in-cluster
    // credentials (token and CA of the service account, no kubeconfig), every
    // request authorized; the report is the one of the same CRs read as files.
    void printedRoleIsEnoughInCluster()
    {
        requireCerts();
        const QString roleFile = dir(QStringLiteral("role")) + QStringLiteral("/rbac.yaml");
        const test::CliRun rbac = test::runCli({QStringLiteral("rbac"), QStringLiteral("-r"), reference()});
        QCOMPARE(rbac.code, 0);
        writeFile(roleFile, rbac.out.toUtf8());
        FakeApiServer server;
        QString error;
        QVERIFY2(startCluster(server, QStringLiteral("incluster"), roleFile, &error), qPrintable(error));
        EnvScope env;
        podServiceAccount(env, server, QStringLiteral("incluster"));

        const test::CliRun live = test::runCli({QStringLiteral("-r"), reference(), QStringLiteral("-o"), QStringLiteral("json")});
        QVERIFY2(live.code == 0 || live.code == 1, qPrintable(live.err));
        int requests = 0;
        for (const QJsonObject &r : server.requests()) {
            QVERIFY2(r.value(QLatin1String("auth")).toBool(), "the service account token was not sent");
            QVERIFY2(r.value(QLatin1String("status")).toInt() == 200, qPrintable(r.value(QLatin1String("path")).toString()));
            ++requests;
        }
        QVERIFY(requests > 2); // discovery and lists

        const test::CliRun files =
            test::runCli({QStringLiteral("-r"), reference(), QStringLiteral("-f"), seed(), QStringLiteral("-R"),
                          QStringLiteral("-o"), QStringLiteral("json")});
        QCOMPARE(live.code, files.code);
        const QJsonObject liveSummary = QJsonDocument::fromJson(live.out.toUtf8()).object().value(QLatin1String("Summary")).toObject();
        const QJsonObject fileSummary = QJsonDocument::fromJson(files.out.toUtf8()).object().value(QLatin1String("Summary")).toObject();
        QVERIFY(!liveSummary.isEmpty());
        QCOMPARE(liveSummary.value(QLatin1String("NumDiffCRs")), fileSummary.value(QLatin1String("NumDiffCRs")));
        QCOMPARE(liveSummary.value(QLatin1String("TotalCRs")), fileSummary.value(QLatin1String("TotalCRs")));
    }

    // Least privilege: the comparison needs every rule. Without the one for
    // schedulers it stops with 403, naming the resource and the command.
    void everyRuleIsNeeded()
    {
        requireCerts();
        const test::CliRun rbac = test::runCli({QStringLiteral("rbac"), QStringLiteral("-r"), reference()});
        QString text = rbac.out;
        const QString rule = QStringLiteral("- apiGroups: [\"config.openshift.io\"]\n  resources: [\"schedulers\"]\n"
                                            "  resourceNames:\n  - \"cluster\"\n  verbs: [\"get\", \"list\"]\n");
        QVERIFY2(text.contains(rule), qPrintable(text));
        text.remove(rule);
        const QString roleFile = dir(QStringLiteral("less")) + QStringLiteral("/rbac.yaml");
        writeFile(roleFile, text.toUtf8());
        FakeApiServer server;
        QString error;
        QVERIFY2(startCluster(server, QStringLiteral("less"), roleFile, &error), qPrintable(error));
        EnvScope env;
        podServiceAccount(env, server, QStringLiteral("less"));
        const test::CliRun live = test::runCli({QStringLiteral("-r"), reference()});
        QCOMPARE(live.code, 2);
        QVERIFY2(live.err.contains(QStringLiteral("schedulers \"cluster\" is forbidden")), qPrintable(live.err));
        QVERIFY2(live.err.contains(QStringLiteral("driftscope-cli rbac -r REFERENCE")), qPrintable(live.err));
    }

    // client-go's rule: the pod's credentials only when no kubeconfig defines anything.
    void inClusterOnlyWithoutKubeconfig_data()
    {
        QTest::addColumn<bool>("kubeconfig");
        QTest::addColumn<bool>("token");
        QTest::addColumn<QString>("context");
        QTest::addColumn<QString>("host");
        QTest::addColumn<QString>("expected"); // server URL, or "error:<part of the message>"
        QTest::newRow("pod") << false << true << QString() << "10.0.0.1" << "https://10.0.0.1:6443";
        QTest::newRow("ipv6") << false << true << QString() << "fd00::1" << "https://[fd00::1]:6443";
        QTest::newRow("kubeconfig wins") << true << true << QString() << "10.0.0.1" << "https://kc.example:6443";
        QTest::newRow("no token") << false << false << QString() << "10.0.0.1" << "error:no configuration has been provided";
        QTest::newRow("context asked") << false << true << "prod" << "10.0.0.1" << "error:context \"prod\" does not exist";
    }
    void inClusterOnlyWithoutKubeconfig()
    {
        QFETCH(bool, kubeconfig);
        QFETCH(bool, token);
        QFETCH(QString, context);
        QFETCH(QString, host);
        QFETCH(QString, expected);
        const QString d = dir(QStringLiteral("resolve-") + QString::fromLatin1(QTest::currentDataTag()).replace(' ', '-'));
        const QString kc = d + QStringLiteral("/kubeconfig");
        if (kubeconfig)
            writeFile(kc, "apiVersion: v1\nkind: Config\ncurrent-context: kc\nclusters:\n- name: kc\n  cluster:\n"
                                  "    server: https://kc.example:6443\ncontexts:\n- name: kc\n  context:\n    cluster: kc\n");
        if (token)
            writeFile(d + QStringLiteral("/sa/token"), "t");
        EnvScope env;
        env.set("KUBECONFIG", kc.toUtf8());
        env.set("KUBERNETES_SERVICE_HOST", host.toUtf8());
        env.set("KUBERNETES_SERVICE_PORT", "6443");
        env.set("DRIFTSCOPE_SERVICE_ACCOUNT_DIR", (d + QStringLiteral("/sa")).toUtf8());
        const auto r = live::RestConfig::resolve({}, context.toStdString());
        if (expected.startsWith(QLatin1String("error:"))) {
            QVERIFY(!r.ok());
            QVERIFY2(r.error->find(expected.mid(6).toStdString()) != std::string::npos, r.error->c_str());
            return;
        }
        QVERIFY2(r.ok(), r.error->c_str());
        QCOMPARE(QString::fromStdString(r.config.server), expected);
        if (!kubeconfig) {
            QCOMPARE(QString::fromStdString(r.config.tokenFile), d + QStringLiteral("/sa/token"));
            QVERIFY(live::InClusterConfig::possible());
        }
    }

    // The Job in packaging/kubernetes runs as the printed binding's service
    // account, and its own script compares the cluster it runs in: stdout is
    // the JSON report, drift (exit 1) is a successful Job.
    void jobManifestRunsTheComparison()
    {
        requireCerts();
        const QString manifests = QStringLiteral(DRIFTSCOPE_KUBERNETES_MANIFESTS);
        const std::vector<Value> job = yamlDocuments(readAll(manifests + QStringLiteral("/driftscope-job.yaml")));
        const std::vector<Value> cron = yamlDocuments(readAll(manifests + QStringLiteral("/driftscope-cronjob.yaml")));
        const Value *jobDoc = documentOfKind(job, "Job");
        const Value *cronDoc = documentOfKind(cron, "CronJob");
        const Value *account = documentOfKind(job, "ServiceAccount");
        QVERIFY(jobDoc && cronDoc && account);
        const Value pod = jobDoc->at({"spec", "template", "spec"});
        QVERIFY(pod.deepEquals(cronDoc->at({"spec", "jobTemplate", "spec", "template", "spec"})));

        const test::CliRun rbac = test::runCli({QStringLiteral("rbac"), QStringLiteral("-r"), reference()});
        const std::vector<Value> printed = yamlDocuments(rbac.out.toUtf8());
        const Value *binding = documentOfKind(printed, "ClusterRoleBinding");
        QVERIFY(binding);
        const Value subject = binding->get("subjects").list().front();
        QCOMPARE(subject.get("name").str(), pod.get("serviceAccountName").str());
        QCOMPARE(subject.get("namespace").str(), jobDoc->at({"metadata", "namespace"}).str());
        QCOMPARE(subject.get("name").str(), account->at({"metadata", "name"}).str());

        const QString roleFile = dir(QStringLiteral("job")) + QStringLiteral("/rbac.yaml");
        writeFile(roleFile, rbac.out.toUtf8());
        FakeApiServer server;
        QString error;
        QVERIFY2(startCluster(server, QStringLiteral("job"), roleFile, &error), qPrintable(error));
        EnvScope env;
        podServiceAccount(env, server, QStringLiteral("job"));
        // The container's script, with its log files moved into the test's folder.
        QString script = QString::fromStdString(pod.get("containers").list().front().get("args").list().front().str());
        script.replace(QStringLiteral("/tmp/driftscope.log"), dir(QStringLiteral("job")) + QStringLiteral("/driftscope.log"));
        script.replace(QStringLiteral("/dev/termination-log"), dir(QStringLiteral("job")) + QStringLiteral("/termination-log"));
        QProcess sh;
        QProcessEnvironment pe = QProcessEnvironment::systemEnvironment();
        pe.insert(QStringLiteral("REFERENCE"), reference());
        pe.insert(QStringLiteral("PATH"), QFileInfo(QStringLiteral(DRIFTSCOPE_CLI_BINARY)).absolutePath()
                                               + QLatin1Char(':') + pe.value(QStringLiteral("PATH")));
        sh.setProcessEnvironment(pe);
        sh.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), script});
        QVERIFY(sh.waitForFinished(60000));
        QCOMPARE(sh.exitCode(), 0);
        const QJsonObject report = QJsonDocument::fromJson(sh.readAllStandardOutput()).object();
        QVERIFY2(report.contains(QLatin1String("Summary")), "stdout is not the JSON report");
    }
};

QTEST_GUILESS_MAIN(tst_Rbac)
#include "tst_rbac.moc"
