// SPDX-License-Identifier: Apache-2.0
// ConfigDir input (issue #6): ConfigMaps and Secrets written in `oc extract`'s
// layout come back as the same data; what the layout loses is not drift.
#include "EngineHarness.h"
#include "input/ConfigDirReader.h"
#include "input/FileInputSource.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace ds;

class tst_ConfigDir : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip_data();
    void roundTrip();
    void atomicWriterArtefactsAreSkipped();
    void namespaceComesFromHiveConfig_data();
    void namespaceComesFromHiveConfig();
    void detection_data();
    void detection();
    void lostFieldsAreNotDrift();
};

namespace {

void writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

// What `oc extract secret/<name> --to dir/secrets/<name>` writes: one file per key, decoded.
void extract(const QString &dir, const QString &kindDir, const QString &name, const QMap<QString, QByteArray> &keys)
{
    for (auto it = keys.begin(); it != keys.end(); ++it)
        writeFile(QStringLiteral("%1/%2/%3/%4").arg(dir, kindDir, name, it.key()), it.value());
}

const input::ClusterObject *find(const std::vector<input::ClusterObject> &objects, const std::string &id)
{
    for (const auto &o : objects)
        if (o.id == id)
            return &o;
    return nullptr;
}

} // namespace

void tst_ConfigDir::roundTrip_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("field");    // where the value lands: data or binaryData
    QTest::addColumn<QByteArray>("stored"); // as stored there (base64 for Secrets and binary)

    QTest::newRow("configmap text") << "ConfigMap" << QByteArray("key: value\nother: 1\n") << "data"
                                    << QByteArray("key: value\nother: 1\n");
    QTest::newRow("configmap text without final newline") << "ConfigMap" << QByteArray("abc") << "data"
                                                           << QByteArray("abc");
    QTest::newRow("configmap empty") << "ConfigMap" << QByteArray() << "data" << QByteArray();
    QTest::newRow("configmap utf-8") << "ConfigMap" << QByteArray("résumé ✓") << "data" << QByteArray("résumé ✓");
    QTest::newRow("configmap binary") << "ConfigMap" << QByteArray("\x00\xff\xfe", 3) << "binaryData"
                                      << QByteArray("\x00\xff\xfe", 3).toBase64();
    QTest::newRow("secret text") << "Secret" << QByteArray("{\"auths\":{}}") << "data"
                                 << QByteArray("{\"auths\":{}}").toBase64();
    QTest::newRow("secret binary") << "Secret" << QByteArray("\x01\x02\x80", 3) << "data"
                                   << QByteArray("\x01\x02\x80", 3).toBase64();
}

void tst_ConfigDir::roundTrip()
{
    QFETCH(QString, kind);
    QFETCH(QByteArray, bytes);
    QFETCH(QString, field);
    QFETCH(QByteArray, stored);
    QTemporaryDir dir;
    const QString kindDir = kind == QLatin1String("Secret") ? QStringLiteral("secrets") : QStringLiteral("configmaps");
    extract(dir.path(), kindDir, QStringLiteral("obj"), {{QStringLiteral("the.key"), bytes}});
    test::CollectingLog log;
    const auto objects = input::ConfigDirReader::read(dir.path().toStdString(), "ns1", log);
    QCOMPARE(test::toQStringList(log.warnings()), QStringList());
    const input::ClusterObject *o = find(objects, "v1_" + kind.toStdString() + "_ns1_obj");
    QVERIFY(o);
    const Value value = o->object.at({field.toStdString(), "the.key"});
    QVERIFY(value.isString());
    QCOMPARE(QByteArray::fromStdString(value.str()), stored);
    QVERIFY(!o->unknownFields.empty());
}

void tst_ConfigDir::atomicWriterArtefactsAreSkipped()
{
    // A copied Secret volume: keys are symlinks into ..data, which points to a
    // timestamped folder.
    QTemporaryDir dir;
    const QString secret = dir.filePath(QStringLiteral("secrets/pull"));
    writeFile(secret + QStringLiteral("/..2026_11_22_10_00_00.1/.dockerconfigjson"), "{}");
    QVERIFY(QFile::link(QStringLiteral("..2026_11_22_10_00_00.1"), secret + QStringLiteral("/..data")));
    QVERIFY(QFile::link(QStringLiteral("..data/.dockerconfigjson"), secret + QStringLiteral("/.dockerconfigjson")));
    QVERIFY(input::ConfigDirReader::looksLikeConfigDir(dir.path().toStdString()));
    const auto objects = input::ConfigDirReader::read(dir.path().toStdString(), "", Log::null());
    const input::ClusterObject *o = find(objects, "v1_Secret_hive_pull");
    QVERIFY(o);
    QCOMPARE(o->object.at({"data"}).map().size(), std::size_t(1));
    QCOMPARE(QByteArray::fromStdString(o->object.at({"data", ".dockerconfigjson"}).str()), QByteArray("{}").toBase64());
}

void tst_ConfigDir::namespaceComesFromHiveConfig_data()
{
    QTest::addColumn<QByteArray>("hiveConfig");
    QTest::addColumn<QString>("override");
    QTest::addColumn<QString>("expected");
    const QByteArray withTarget = "apiVersion: hive.openshift.io/v1\nkind: HiveConfig\nmetadata:\n  name: hive\n"
                                  "spec:\n  targetNamespace: hive-system\n";
    QTest::newRow("targetNamespace") << withTarget << "" << "hive-system";
    QTest::newRow("override wins") << withTarget << "other" << "other";
    QTest::newRow("default hive") << QByteArray("apiVersion: hive.openshift.io/v1\nkind: HiveConfig\nmetadata:\n"
                                                "  name: hive\n")
                                  << "" << "hive";
    QTest::newRow("no hiveconfig") << QByteArray() << "" << "hive";
}

void tst_ConfigDir::namespaceComesFromHiveConfig()
{
    QFETCH(QByteArray, hiveConfig);
    QFETCH(QString, override);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    if (!hiveConfig.isEmpty())
        writeFile(dir.filePath(QStringLiteral("hiveconfig/config.yaml")), hiveConfig);
    extract(dir.path(), QStringLiteral("configmap"), QStringLiteral("cm"), {{QStringLiteral("k"), "v"}});
    const auto objects = input::ConfigDirReader::read(dir.path().toStdString(), override.toStdString(), Log::null());
    QVERIFY(find(objects, "v1_ConfigMap_" + expected.toStdString() + "_cm"));
    if (!hiveConfig.isEmpty())
        QVERIFY(find(objects, "hive.openshift.io/v1_HiveConfig_hive"));
}

void tst_ConfigDir::detection_data()
{
    QTest::addColumn<QStringList>("files"); // path=content pairs
    QTest::addColumn<bool>("configDir");
    QTest::newRow("hiveconfig") << QStringList{"hiveconfig/config.yaml", "kind: HiveConfig\napiVersion: v1\n"} << true;
    QTest::newRow("secrets with keys") << QStringList{"secrets/a/tls.crt", "x", "secrets/a/tls.key", "y"} << true;
    QTest::newRow("CR files in a secrets folder")
        << QStringList{"secrets/a/secret.yaml", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: a\n"} << false;
    QTest::newRow("plain CR folder") << QStringList{"cm.yaml", "apiVersion: v1\nkind: ConfigMap\n"} << false;
    QTest::newRow("nested folders") << QStringList{"configmaps/a/sub/k", "x"} << false;
}

void tst_ConfigDir::detection()
{
    QFETCH(QStringList, files);
    QFETCH(bool, configDir);
    QTemporaryDir dir;
    for (qsizetype i = 0; i + 1 < files.size(); i += 2)
        writeFile(dir.filePath(files[i]), files[i + 1].toUtf8());
    QCOMPARE(input::ConfigDirReader::looksLikeConfigDir(dir.path().toStdString()), configDir);
}

void tst_ConfigDir::lostFieldsAreNotDrift()
{
    // The reference expects a typed, labelled TLS Secret; the ConfigDir only has
    // the keys. Same data → no drift; different data → drift in data only.
    auto reference = test::loadReference(
        {"metadata.yaml",
         "parts:\n- name: p\n  components:\n  - name: c\n    type: Required\n    requiredTemplates:\n    - path: s.yaml\n",
         "s.yaml",
         "apiVersion: v1\nkind: Secret\nmetadata:\n  name: tls\n  namespace: hive\n  labels:\n    app: x\n"
         "type: kubernetes.io/tls\ndata:\n  tls.crt: Y2VydA==\n  tls.key: a2V5\n"});
    QVERIFY2(reference->reference, reference->error.c_str());
    for (const bool same : {true, false}) {
        QTemporaryDir dir;
        extract(dir.path(), QStringLiteral("secrets"), QStringLiteral("tls"),
                {{QStringLiteral("tls.crt"), "cert"}, {QStringLiteral("tls.key"), same ? "key" : "other"}});
        input::FileInputSource source({dir.path().toStdString()}, false);
        input::LoadedObjects objects = source.load(Log::null());
        QVERIFY(objects.ok());
        compare::CompareOptions options;
        QTemporaryDir tmp;
        options.tmpDir = tmp.path().toStdString();
        compare::CompareEngine engine(reference->reference, options, Log::null());
        QVERIFY(!engine.prepare());
        const compare::CompareResult result = engine.compare(std::move(objects.objects));
        QVERIFY(result.ok());
        QCOMPARE(result.report.diffs.size(), std::size_t(1));
        const std::string &diff = result.report.diffs.front().diffOutput;
        QCOMPARE(diff.empty(), same);
        QVERIFY(diff.find("labels") == std::string::npos);
        QVERIFY(diff.find("kubernetes.io/tls") == std::string::npos);
    }
}

QTEST_GUILESS_MAIN(tst_ConfigDir)
#include "tst_configdir.moc"
