// SPDX-License-Identifier: Apache-2.0
// Generate mode's parts with kube-compare's tables (spec g.3): file names and
// config errors. The whole mode is checked by the generate_conformance test
// (shared/conformance/generate, byte for byte).
#include "generate/GenerateConfig.h"
#include "generate/ReferenceGenerator.h"
#include "util/Log.h"

#include <QDir>
#include <QFile>
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

QTEST_GUILESS_MAIN(tst_Generate)
#include "tst_generate.moc"
