// SPDX-License-Identifier: Apache-2.0
// Generate mode's parts with kube-compare's tables (spec g.3): file names and
// config errors. The whole mode is checked by the generate_conformance test
// (shared/conformance/generate, byte for byte).
#include "../live/FakeApiServer.h"
#include "CliRun.h"
#include "TestData.h"
#include "generate/GenerateConfig.h"
#include "generate/ReferenceGenerator.h"
#include "util/Log.h"

#include <QDir>
#include <QDirIterator>
#include <QProcess>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace ds;

class tst_Generate : public QObject
{
    Q_OBJECT

private slots:
    void sanitizeName_data();
    void sanitizeName();
    void configErrors_data();
    void configErrors();
    void integersAndTimestampsDoNotCrash();
    void archiveGivesTheSameReference_data();
    void archiveGivesTheSameReference();
    void generatedReferenceMatchesItsSource();
    void liveCluster();
};

void tst_Generate::sanitizeName_data()
{
    QTest::addColumn<QByteArray>("name");
    QTest::addColumn<QString>("file");
    QTest::newRow("colons") << QByteArray("system:openshift:scc:privileged") << "system-openshift-scc-privileged";
    QTest::newRow("at sign") << QByteArray("oidc:Admin@Example.com") << "oidc-Admin-Example.com";
    QTest::newRow("dots kept") << QByteArray("kube-root-ca.crt") << "kube-root-ca.crt";
    QTest::newRow("spaces collapse") << QByteArray("a  b") << "a-b";
    QTest::newRow("slash") << QByteArray("a/b") << "a-b";
    QTest::newRow("one code point") << QByteArray("h\xc3\xa9llo") << "h-llo";
    QTest::newRow("leading dot") << QByteArray(".hidden") << "hidden";
    QTest::newRow("dashes trimmed") << QByteArray("-x-") << "x";
    QTest::newRow("trailing dash") << QByteArray("trail-") << "trail";
    QTest::newRow("two dots") << QByteArray("a...b") << "unnamed";
    QTest::newRow("dots after sanitising") << QByteArray("system:weird name..x") << "unnamed";
    QTest::newRow("nothing left") << QByteArray("@@") << "unnamed";
    QTest::newRow("empty") << QByteArray("") << "unnamed";
    QTest::newRow("invalid byte counts as one") << QByteArray("a\xffz") << "a-z";
}

void tst_Generate::sanitizeName()
{
    QFETCH(QByteArray, name);
    QFETCH(QString, file);
    QCOMPARE(QString::fromStdString(generate::sanitizeName(name.toStdString(), "unnamed")), file);
}

void tst_Generate::configErrors_data()
{
    QTest::addColumn<QByteArray>("config");
    QTest::addColumn<QString>("error");
    const QByteArray resources = "resources:\n- kind: ConfigMap\n  apiVersion: v1\n";
    QTest::newRow("wrong apiVersion") << "apiVersion: refgen/v2\n" + resources
                                      << "configuration apiVersion \"refgen/v2\" is invalid; must be one of: refgen/v1";
    QTest::newRow("no resources") << QByteArray("apiVersion: refgen/v1\n")
                                  << "configuration must specify at least one resource";
    QTest::newRow("empty file") << QByteArray("") << "configuration must specify at least one resource";
    QTest::newRow("empty annotation key") << "omitAnnotations: [a, '']\n" + resources
                                          << "omitAnnotations[1]: key must not be empty";
    QTest::newRow("quote in a label key") << "omitLabels: ['a\"b']\n" + resources
                                          << "omitLabels[0]: key must not contain double quotes";
    QTest::newRow("unknown key") << "bogus: 1\n" + resources
                                 << "invalid YAML in configuration file: error unmarshaling JSON: while decoding JSON: "
                                    "json: unknown field \"bogus\"";
    QTest::newRow("wrong type")
        << QByteArray("resources:\n- kind: ConfigMap\n  apiVersion: v1\n  required: maybe\n")
        << "invalid YAML in configuration file: error unmarshaling JSON: while decoding JSON: json: cannot unmarshal "
           "string into Go struct field ResourceSpec.resources.required of type bool";
    QTest::newRow("keys match case-insensitively, YAML 1.1 booleans")
        << QByteArray("RESOURCES:\n- Kind: ConfigMap\n  ApiVersion: v1\n  required: yes\n") << "";
}

void tst_Generate::configErrors()
{
    QFETCH(QByteArray, config);
    QFETCH(QString, error);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("refgen.yaml"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(config);
    f.close();
    const auto loaded = generate::GenerateConfig::load(path.toStdString());
    QCOMPARE(QString::fromStdString(loaded.error.value_or("")), error);
    if (error.isEmpty()) {
        QCOMPARE(loaded.config.resources.size(), std::size_t(1));
        QVERIFY(loaded.config.resources.front().required);
        QCOMPARE(loaded.config.resources.front().kind, std::string("ConfigMap"));
    }
}

// kube-compare panics on an integer in a selected object ("cannot deep copy
// int"); Driftscope writes the value, as a live cluster would give it.
void tst_Generate::integersAndTimestampsDoNotCrash()
{
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("mg/image/namespaces/shop/apps/deployments")));
    QFile object(dir.filePath(QStringLiteral("mg/image/namespaces/shop/apps/deployments/web.yaml")));
    QVERIFY(object.open(QIODevice::WriteOnly));
    object.write("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: shop\n  generation: 4\n"
                 "spec:\n  replicas: 3\n  revisionHistoryLimit: 0x0A\nstatus:\n  readyReplicas: 3\n");
    object.close();
    QFile config(dir.filePath(QStringLiteral("refgen.yaml")));
    QVERIFY(config.open(QIODevice::WriteOnly));
    config.write("resources:\n- kind: Deployment\n  apiVersion: apps/v1\n  required: true\n");
    config.close();
    generate::GenerateRequest request;
    request.configPath = dir.filePath(QStringLiteral("refgen.yaml")).toStdString();
    request.mustGather = dir.filePath(QStringLiteral("mg")).toStdString();
    request.outputDir = dir.filePath(QStringLiteral("out")).toStdString();
    const generate::GenerateOutcome outcome = generate::ReferenceGenerator(Log::null()).run(request);
    QCOMPARE(outcome.exitCode, 0);
    QFile written(dir.filePath(QStringLiteral("out/Deployment/web.yaml")));
    QVERIFY(written.open(QIODevice::ReadOnly));
    QCOMPARE(written.readAll(), QByteArray("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: "
                                           "shop\nspec:\n  replicas: 3\n  revisionHistoryLimit: 10\n"));
    QCOMPARE(QFile(dir.filePath(QStringLiteral("out/Deployment/web.yaml"))).permissions()
                 & (QFile::ReadGroup | QFile::ReadOther),
             QFile::Permissions());
}

// -f must-gather.tar.gz (Driftscope's extension) writes what the folder gives.
void tst_Generate::archiveGivesTheSameReference_data()
{
    QTest::addColumn<QString>("caseName");
    QTest::newRow("required and optional entries") << "required-optional";
    QTest::newRow("omitted keys, sanitised names, suffixes, two image folders") << "omit-sanitise-suffix";
}

void tst_Generate::archiveGivesTheSameReference()
{
    QFETCH(QString, caseName);
    const QString dir = test::dataPath(QStringLiteral("shared/conformance/generate/") + caseName);
    QTemporaryDir work;
    const QString archive = work.filePath(QStringLiteral("must-gather.tar.gz"));
    QProcess tar;
    tar.start(QStringLiteral("tar"), {QStringLiteral("czf"), archive, QStringLiteral("-C"), dir, QStringLiteral("must-gather")});
    QVERIFY(tar.waitForFinished(60000));
    QCOMPARE(tar.exitCode(), 0);
    const auto generateInto = [&](const QString &input, const QString &out) {
        generate::GenerateRequest request;
        request.configPath = (dir + QStringLiteral("/config.yaml")).toStdString();
        request.mustGather = input.toStdString();
        request.outputDir = out.toStdString();
        return generate::ReferenceGenerator(Log::null()).run(request);
    };
    const generate::GenerateOutcome fromFolder = generateInto(dir + QStringLiteral("/must-gather"), work.filePath(QStringLiteral("a")));
    const generate::GenerateOutcome fromArchive = generateInto(archive, work.filePath(QStringLiteral("b")));
    QCOMPARE(fromArchive.exitCode, 0);
    QCOMPARE(QString::fromStdString(fromArchive.warnings), QString::fromStdString(fromFolder.warnings));
    QStringList files;
    for (QDirIterator it(work.filePath(QStringLiteral("a")), QDir::Files, QDirIterator::Subdirectories); it.hasNext();)
        files << QDir(work.filePath(QStringLiteral("a"))).relativeFilePath(it.next());
    files.sort();
    QVERIFY(files.contains(QStringLiteral("metadata.yaml")));
    QVERIFY(files.size() > 3);
    for (const QString &file : files) {
        QFile a(work.filePath(QStringLiteral("a/") + file));
        QFile b(work.filePath(QStringLiteral("b/") + file));
        QVERIFY2(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly), qPrintable(file));
        QCOMPARE(b.readAll(), a.readAll());
    }
}

// What a reference author does next: compare the cluster with what was generated from it.
void tst_Generate::generatedReferenceMatchesItsSource()
{
    const QString dir = test::dataPath(QStringLiteral("shared/conformance/generate/required-optional"));
    QTemporaryDir work;
    generate::GenerateRequest request;
    request.configPath = (dir + QStringLiteral("/config.yaml")).toStdString();
    request.mustGather = (dir + QStringLiteral("/must-gather")).toStdString();
    request.outputDir = work.filePath(QStringLiteral("ref")).toStdString();
    QCOMPARE(generate::ReferenceGenerator(Log::null()).run(request).exitCode, 0);
    const test::CliRun r = test::runCli({QStringLiteral("-r"), work.filePath(QStringLiteral("ref/metadata.yaml")),
                                         QStringLiteral("-f"), dir + QStringLiteral("/must-gather"), QStringLiteral("-R"),
                                         QStringLiteral("-o"), QStringLiteral("json")});
    QCOMPARE(r.code, 0);
    const QJsonObject summary = QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("Summary")).toObject();
    QCOMPARE(summary.value(QStringLiteral("NumDiffCRs")).toInt(), 0);
    QCOMPARE(summary.value(QStringLiteral("TotalCRs")).toInt(), 9);
}

// Without -f the objects come from the cluster of the kubeconfig: kinds found
// through discovery, names through field selectors, GETs only.
void tst_Generate::liveCluster()
{
    QTemporaryDir work;
    const QString fixtures = work.filePath(QStringLiteral("fixtures"));
    QVERIFY(QDir().mkpath(fixtures));
    QFile objects(fixtures + QStringLiteral("/objects.yaml"));
    QVERIFY(objects.open(QIODevice::WriteOnly));
    objects.write("apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n  uid: 1234\n  resourceVersion: \"77\"\n"
                  "  labels:\n    kubernetes.io/metadata.name: shop\nstatus:\n  phase: Active\n---\n"
                  "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: other\n---\n"
                  "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n  namespace: shop\ndata:\n  mode: production\n"
                  "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: elsewhere\n  namespace: other\ndata:\n  a: b\n");
    objects.close();
    test::FakeApiServer server;
    QString error;
    QVERIFY2(server.start(work.path(), test::FakeApiServer::Options{{fixtures}}, &error), qPrintable(error));
    QFile config(work.filePath(QStringLiteral("refgen.yaml")));
    QVERIFY(config.open(QIODevice::WriteOnly));
    config.write("resources:\n- kind: Namespace\n  apiVersion: v1\n  required: true\n  names: [shop]\n"
                 "- kind: ConfigMap\n  apiVersion: v1\n  namespace: shop\n"
                 "- kind: Widget\n  apiVersion: example.com/v1\n");
    config.close();
    generate::GenerateRequest request;
    request.configPath = work.filePath(QStringLiteral("refgen.yaml")).toStdString();
    request.outputDir = work.filePath(QStringLiteral("out")).toStdString();
    request.cluster.kubeconfig = server.kubeconfig().toStdString();
    request.cluster.context = "fake";
    const generate::GenerateOutcome outcome = generate::ReferenceGenerator(Log::null()).run(request);
    QVERIFY2(outcome.exitCode == 0, outcome.error.c_str());
    QCOMPARE(QString::fromStdString(outcome.warnings),
             QStringLiteral("Warning: No resources found for:\n  - Widget (example.com/v1)\n"));
    QDir out(work.filePath(QStringLiteral("out")));
    QCOMPARE(out.entryList(QDir::Dirs | QDir::NoDotAndDotDot), (QStringList{"ConfigMap", "Namespace"}));
    QCOMPARE(QDir(out.filePath(QStringLiteral("Namespace"))).entryList(QDir::Files), QStringList{"shop.yaml"});
    QCOMPARE(QDir(out.filePath(QStringLiteral("ConfigMap"))).entryList(QDir::Files), QStringList{"settings.yaml"});
    QFile ns(out.filePath(QStringLiteral("Namespace/shop.yaml")));
    QVERIFY(ns.open(QIODevice::ReadOnly));
    QCOMPARE(ns.readAll(), QByteArray("apiVersion: v1\nkind: Namespace\nmetadata:\n  name: shop\n"));
    for (const QJsonObject &r : server.requests())
        QCOMPARE(r.value(QStringLiteral("method")).toString(), QStringLiteral("GET"));
}

QTEST_GUILESS_MAIN(tst_Generate)
#include "tst_generate.moc"
