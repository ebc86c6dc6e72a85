// SPDX-License-Identifier: Apache-2.0
// `driftscope-cli lint` on the published reference-core with its real CRDs,
// and on a copy with planted mistakes: each is found at its file:line:column
// with its field path, as an error (strict) or a warning (loose); json and
// junit outputs match golden files.
#include "CliRun.h"
#include "FakeApiServer.h"
#include "TestData.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace ds;

namespace {

QString crds()
{
    return test::dataPath(QStringLiteral("shared/bench/crds"));
}

using test::copyTree;

void replaceIn(const QString &file, const QByteArray &from, const QByteArray &to)
{
    test::replaceInFile(file, from, to);
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// "file:line:col: rule" of every error, for comparing runs that found the same.
QStringList errorsOf(const QString &out)
{
    QStringList errors = out.split(u'\n').filter(QStringLiteral(": error: "));
    for (QString &line : errors)
        line = line.section(u' ', 0, 0) + u' ' + line.section(u'[', -1).chopped(1);
    return errors;
}

} // namespace

class tst_Lint : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void publishedReference();
    void plantedMistakes_data();
    void plantedMistakes();
    void goldenOutputs_data();
    void goldenOutputs();
    void selfTest();
    void v1Hints();
    void crdsFromTheCluster();
    void crdsFromAnArchive();
    void builtInKindsFromOpenApi();
    void cannotRun_data();
    void cannotRun();

private:
    QTemporaryDir m_dir;
    QString m_broken;
};

// The copy of reference-core with one mistake of each kind.
void tst_Lint::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_broken = m_dir.filePath(QStringLiteral("broken"));
    copyTree(test::dataPath(QStringLiteral("shared/bench/reference-core")), m_broken);
    replaceIn(m_broken + QStringLiteral("/optional/cert-manager/certManagerSubscription.yaml"), "sourceNamespace:",
              "sourceNamspace:"); // misspelt
    replaceIn(m_broken + QStringLiteral("/optional/tuning/control-plane-system-reserved.yaml"),
              "autoSizingReserved: true", "autoSizingReserved: \"yes\""); // wrong type
    replaceIn(m_broken + QStringLiteral("/optional/cert-manager/ingressControllerConfig.yaml"),
              "    name: ingress-wildcard-cert", "    name: ingress-wildcard-cert\n  endpointPublishingStrategy:\n"
                                                 "    type: NodePorts"); // not in the enum
    test::writeFile(m_broken + QStringLiteral("/optional/other/forgotten.yaml"),
                    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: forgotten\n"); // never listed
    replaceIn(m_broken + QStringLiteral("/optional/other/kdump-worker.yaml"), "kind: MachineConfig",
              "kind: MachineConfig\n{{ if }}"); // does not parse
    // metadata.yaml's logic: an item nothing uses, a misspelt omit path, a
    // malformed documentation link, and one capture group with two patterns.
    replaceIn(m_broken + QStringLiteral("/metadata.yaml"), "  items:\n    defaults:\n",
              "  items:\n    leftover:\n      - pathToKey: spec.neverUsed\n    defaults:\n      - pathToKey: spek.replicas\n");
    replaceIn(m_broken + QStringLiteral("/metadata.yaml"), "telco-core-ref-design-specs#node-configuration-crs",
              "telco-core-ref-design-specs#node-configuration-crs https://docs.redhat.com:99999/en");
    replaceIn(m_broken + QStringLiteral("/optional/other/monitoring-config-cm.yaml"),
              "name: (?<hub_alertmanager_router_ca>.*)", "name: (?<observability_alertmanager_accessor>[a-z]+)");
    // A template listed twice, and an empty description.
    replaceIn(m_broken + QStringLiteral("/metadata.yaml"), "          - path: optional/other/sctp_module_mc.yaml\n",
              "          - path: optional/other/sctp_module_mc.yaml\n          - path: optional/other/sctp_module_mc.yaml\n");
    replaceIn(m_broken + QStringLiteral("/metadata.yaml"), "      - name: precache\n",
              "      - name: precache\n        description: \"\"\n");
}

// What lint says about the reference as published: the findings are real
// defects of the reference (docs/authoring.md explains each), nothing else.
void tst_Lint::publishedReference()
{
    const test::CliRun run = test::runCli({QStringLiteral("lint"), QStringLiteral("-r"),
                                           test::dataPath(QStringLiteral("shared/bench/reference-core/metadata.yaml")),
                                           QStringLiteral("--crds"), crds()});
    QCOMPARE(run.code, 1);
    QStringList errors = run.out.split(u'\n').filter(QStringLiteral(": error: "));
    for (QString &line : errors)
        line = line.section(u' ', 0, 0) + u' ' + line.section(u'[', -1).chopped(1);
    QCOMPARE(errors, (QStringList{
                         "required/machine-config/container-runtime.yaml:7:3: schema/type",
                         "required/networking/metallb/bfd-profile.yaml:14:3: schema/type",
                         "required/networking/metallb/bfd-profile.yaml:19:3: schema/type",
                         "required/networking/metallb/bfd-profile.yaml:9:3: schema/type",
                         "required/networking/metallb/bfd-profile.yaml:10:3: schema/type",
                     }));
    QVERIFY(!run.out.contains(QStringLiteral("warning:")));
    QVERIFY(run.out.contains(QStringLiteral("CEL) rules were not checked")));
}

void tst_Lint::plantedMistakes_data()
{
    QTest::addColumn<QString>("mode");
    QTest::newRow("strict") << "--strict";
    QTest::newRow("loose") << "--loose";
}

void tst_Lint::plantedMistakes()
{
    QFETCH(QString, mode);
    const test::CliRun run = test::runCli({QStringLiteral("lint"), QStringLiteral("-r"),
                                           m_broken + QStringLiteral("/metadata.yaml"), QStringLiteral("--crds"), crds(),
                                           mode});
    QCOMPARE(run.code, 1);
    const QString schemaSeverity = mode == QLatin1String("--strict") ? QStringLiteral("error") : QStringLiteral("warning");
    const QStringList expected{
        "optional/cert-manager/certManagerSubscription.yaml:11:3: " + schemaSeverity
            + ": spec.sourceNamspace: spec has no field \"sourceNamspace\"",
        "optional/tuning/control-plane-system-reserved.yaml:8:3: " + schemaSeverity
            + ": spec.autoSizingReserved: string \"yes\" where the schema wants boolean",
        "optional/cert-manager/ingressControllerConfig.yaml:11:5: " + schemaSeverity
            + ": spec.endpointPublishingStrategy.type: \"NodePorts\" is not one of",
        "optional/other/forgotten.yaml: warning: not listed in metadata.yaml",
        "optional/other/kdump-worker.yaml:6: error: ",
        "metadata.yaml:239: warning: leftover: fieldsToOmit item \"leftover\" is not the defaultOmitRef",
        "metadata.yaml:242: warning: spek.replicas: fieldsToOmit path spek.replicas removes nothing",
        "metadata.yaml:161: warning: part other: the documentation link https://docs.redhat.com:99999/en in the "
        "description of part other is not a valid http(s) URL: it does not parse",
        "metadata.yaml:173: warning: optional/other/sctp_module_mc.yaml: optional/other/sctp_module_mc.yaml is listed 2 times",
        "metadata.yaml:175: warning: an empty description",
        "optional/other/monitoring-config-cm.yaml:27: warning: observability_alertmanager_accessor: capture group "
        "observability_alertmanager_accessor has different patterns in data.\"config.yaml\" (.*), data.\"config.yaml\" ([a-z]+)",
    };
    for (const QString &finding : expected)
        QVERIFY2(run.out.contains(finding), qPrintable(finding + QStringLiteral("\n--- in ---\n") + run.out));
    QVERIFY2(run.out.contains(QStringLiteral("[template/parse]")), qPrintable(run.out));
}

void tst_Lint::goldenOutputs_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("golden");
    QTest::newRow("json") << "json" << "lint/broken-reference.json";
    QTest::newRow("junit") << "junit" << "lint/broken-reference.junit.xml";
}

void tst_Lint::goldenOutputs()
{
    QFETCH(QString, format);
    QFETCH(QString, golden);
    const test::CliRun run = test::runCli({QStringLiteral("lint"), QStringLiteral("-r"),
                                           m_broken + QStringLiteral("/metadata.yaml"), QStringLiteral("--crds"), crds(),
                                           QStringLiteral("-o"), format});
    QCOMPARE(run.code, 1);
    const QString out = QString(run.out).replace(m_broken, QStringLiteral("REFERENCE"));
    if (qEnvironmentVariableIsSet("DRIFTSCOPE_UPDATE_GOLDEN"))
        test::writeFile(test::dataPath(golden), out.toUtf8());
    QCOMPARE(out, QString::fromUtf8(readFile(test::dataPath(golden))));
}

// -f: the reference's own source CRs compared with it, as the telco
// references' compare scripts do. A sample changed by hand shows as drift
// naming its template; a sample no template matches and a template without a
// sample are warnings.
void tst_Lint::selfTest()
{
    const QString samples = m_dir.filePath(QStringLiteral("samples"));
    copyTree(test::dataPath(QStringLiteral("shared/bench/seed-core/reference-crs")), samples);
    const QString reference = test::dataPath(QStringLiteral("shared/bench/reference-core/metadata.yaml"));
    const test::CliRun clean = test::runCli({QStringLiteral("lint"), QStringLiteral("-r"), reference, QStringLiteral("-f"), samples});
    QStringList selfTestLines = clean.out.split(u'\n').filter(QStringLiteral("[selftest/"));
    QVERIFY2(selfTestLines.filter(QStringLiteral("selftest/failed")).isEmpty(), qPrintable(clean.out));
    const int driftBefore = int(selfTestLines.filter(QStringLiteral("[selftest/drift]")).size());

    test::writeFile(samples + QStringLiteral("/stray.yaml"),
                    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: stray\n  namespace: nowhere\ndata: {a: b}\n");
    const QString subscription = samples + QStringLiteral("/optional/cert-manager/certManagerSubscription.yaml");
    QVERIFY(QFileInfo::exists(subscription));
    replaceIn(subscription, "channel: stable-v1", "channel: stable-v0");
    const test::CliRun run = test::runCli({QStringLiteral("lint"), QStringLiteral("-r"), reference, QStringLiteral("-f"), samples});
    QCOMPARE(run.code, 1);
    selfTestLines = run.out.split(u'\n').filter(QStringLiteral("[selftest/"));
    QCOMPARE(int(run.out.count(QStringLiteral("[selftest/drift]"))), driftBefore + 1);
    QVERIFY2(run.out.contains(QStringLiteral("optional/cert-manager/certManagerSubscription.yaml: error: "
                                             "operators.coreos.com/v1alpha1_Subscription_cert-manager-operator_openshift-cert-manager-operator: "
                                             "the sample ")),
             qPrintable(run.out));
    QVERIFY2(run.out.contains(QStringLiteral("\n-  channel: stable-v1\n+  channel: stable-v0\n")),
             qPrintable(run.out));
    QVERIFY2(run.out.contains(QStringLiteral("warning: v1_ConfigMap_nowhere_stray: no template matches this sample")),
             qPrintable(run.out));
}

// A v1 reference gets its v2 equivalents as information, which does not fail lint.
void tst_Lint::v1Hints()
{
    const test::CliRun run = test::runCli(
        {QStringLiteral("lint"), QStringLiteral("-r"),
         test::dataPath(QStringLiteral("shared/conformance/cases/RequiredResourcesOfOptionalComponentAreNotReportedMissing/reference/metadata.yaml"))});
    QCOMPARE(run.code, 0);
    QVERIFY2(run.out.contains(QStringLiteral("metadata.yaml:1: info: metadata.yaml is v1")), qPrintable(run.out));
    QVERIFY2(run.out.contains(QStringLiteral("(type: Optional) is written in v2 as `allOrNoneOf:`")), qPrintable(run.out));
    QVERIFY2(run.out.contains(QStringLiteral("component Dashboard1 (type: Optional) is written in v2 as `allOrNoneOf:` listing "
                                             "its requiredTemplates, and its optionalTemplates as another component with `anyOf:`")),
             qPrintable(run.out));
}

// The same CRDs read from a live cluster (a LIST of customresourcedefinitions,
// read-only) give the same findings as the files.
void tst_Lint::crdsFromTheCluster()
{
    const QString reference = test::dataPath(QStringLiteral("shared/bench/reference-core/metadata.yaml"));
    const test::CliRun files = test::runCli({QStringLiteral("lint"), QStringLiteral("-r"), reference, QStringLiteral("--crds"), crds()});
    test::FakeApiServer server;
    QString error;
    QVERIFY(QDir().mkpath(m_dir.filePath(QStringLiteral("cluster"))));
    QVERIFY2(server.start(m_dir.filePath(QStringLiteral("cluster")),
                          {{crds(), test::dataPath(QStringLiteral("shared/bench/seed-core/reference-crs"))}}, &error),
             qPrintable(error));
    const test::CliRun live = test::runCli(
        {QStringLiteral("lint"), QStringLiteral("-r"), reference, QStringLiteral("--kubeconfig"), server.kubeconfig()});
    QCOMPARE(live.code, 1);
    QCOMPARE(errorsOf(live.out), errorsOf(files.out));
    QCOMPARE(errorsOf(live.out).size(), 5);
    // The fake cluster has no OpenAPI documents: said, not failed.
    QVERIFY2(live.out.contains(QStringLiteral("[schema/cluster]")), qPrintable(live.out));
    for (const QJsonObject &r : server.requests())
        QCOMPARE(r.value(QLatin1String("method")).toString(), QStringLiteral("GET"));
    // A cluster that cannot be reached: exit 2, saying so.
    const test::CliRun dead = test::runCli({QStringLiteral("lint"), QStringLiteral("-r"), reference,
                                            QStringLiteral("--kubeconfig"), m_dir.filePath(QStringLiteral("missing"))});
    QCOMPARE(dead.code, 2);
    QVERIFY2(dead.err.contains(QStringLiteral("cannot read the cluster's schemas")), qPrintable(dead.err));
}

// A must-gather archive's CRDs are read in place.
void tst_Lint::crdsFromAnArchive()
{
    if (QStandardPaths::findExecutable(QStringLiteral("tar")).isEmpty())
        QSKIP("tar is not installed");
    const QString tree = m_dir.filePath(QStringLiteral("mg/must-gather.local/quay-io-image/cluster-scoped-resources/"
                                                       "apiextensions.k8s.io"));
    copyTree(crds(), tree + QStringLiteral("/customresourcedefinitions"));
    const QString archive = m_dir.filePath(QStringLiteral("must-gather.tar.gz"));
    QProcess tar;
    tar.start(QStringLiteral("tar"), {QStringLiteral("-czf"), archive, QStringLiteral("-C"), m_dir.filePath(QStringLiteral("mg")),
                                      QStringLiteral("must-gather.local")});
    QVERIFY(tar.waitForFinished(30000) && tar.exitCode() == 0);
    const QString reference = test::dataPath(QStringLiteral("shared/bench/reference-core/metadata.yaml"));
    const test::CliRun files = test::runCli({QStringLiteral("lint"), QStringLiteral("-r"), reference, QStringLiteral("--crds"), crds()});
    const test::CliRun packed = test::runCli({QStringLiteral("lint"), QStringLiteral("-r"), reference, QStringLiteral("--crds"), archive});
    QCOMPARE(packed.code, 1);
    QCOMPARE(errorsOf(packed.out), errorsOf(files.out));
}

// Built-in kinds have no CRD: the API server's OpenAPI document gives their
// schema ($refs resolved), and a misspelt ConfigMap field is found.
void tst_Lint::builtInKindsFromOpenApi()
{
    const QString copy = m_dir.filePath(QStringLiteral("openapi-ref"));
    copyTree(test::dataPath(QStringLiteral("shared/bench/reference-core")), copy);
    replaceIn(copy + QStringLiteral("/optional/other/monitoring-config-cm.yaml"), "\ndata:\n", "\nimmutible: true\ndata:\n");
    const QString openApi = test::dataPath(QStringLiteral("lint/openapi"));
    const test::CliRun run = test::runCli({QStringLiteral("lint"), QStringLiteral("-r"), copy + QStringLiteral("/metadata.yaml"),
                                           QStringLiteral("--crds"), crds(), QStringLiteral("--crds"), openApi});
    QCOMPARE(run.code, 1);
    QVERIFY2(run.out.contains(QStringLiteral("optional/other/monitoring-config-cm.yaml:9:1: error: immutible: ")),
             qPrintable(run.out));
    QVERIFY2(run.out.contains(QStringLiteral("(io.k8s.api.core.v1.ConfigMap) [schema/unknown-field]")), qPrintable(run.out));
    // ConfigMap and Namespace are checked now; the kinds without a schema are still listed.
    const QString unchecked = run.out.split(u'\n').filter(QStringLiteral("[schema/no-schema]")).value(0);
    QVERIFY2(!unchecked.contains(QStringLiteral("v1 ConfigMap")) && !unchecked.contains(QStringLiteral("v1 Namespace")),
             qPrintable(unchecked));
    QVERIFY2(unchecked.contains(QStringLiteral("v1 Secret")), qPrintable(unchecked));
}

void tst_Lint::cannotRun_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("error");
    QTest::newRow("no reference") << QStringList{"lint"} << "error: a reference is required";
    QTest::newRow("missing reference") << QStringList{"lint", "-r", "/nonexistent/metadata.yaml"}
                                       << "error: cannot read /nonexistent/metadata.yaml";
    QTest::newRow("missing CRDs") << QStringList{"lint", "-r", "REF", "--crds", "/nonexistent"}
                                  << "error: --crds /nonexistent: no such file or folder";
    QTest::newRow("bad format") << QStringList{"lint", "-r", "REF", "-o", "xml"} << "error: output format must be";
    QTest::newRow("unknown flag") << QStringList{"lint", "--frobnicate"} << "error: unknown flag: --frobnicate";
}

void tst_Lint::cannotRun()
{
    QFETCH(QStringList, args);
    QFETCH(QString, error);
    args.replaceInStrings(QStringLiteral("REF"),
                          test::dataPath(QStringLiteral("shared/bench/reference-core/metadata.yaml")));
    const test::CliRun run = test::runCli(args);
    QCOMPARE(run.code, 2);
    QVERIFY2(run.err.startsWith(error), qPrintable(run.err));
}

QTEST_GUILESS_MAIN(tst_Lint)
#include "tst_lint.moc"
