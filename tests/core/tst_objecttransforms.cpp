// SPDX-License-Identifier: Apache-2.0
// kubectl diff's Secret masking as kube-compare runs it (spec e.7, h.9):
// equal `data` values → "***", differing → "*** (before)" / "*** (after)",
// one-sided → "***"; only for a LIVE object of version v1 and kind Secret;
// stringData untouched; masking happens before writing and scoring.
#include "compare/ObjectTransforms.h"

#include "EngineHarness.h"

#include "yaml/YamlWriter.h"

#include <QTest>

using namespace ds;

namespace {

Value readValue(const QString &text, yaml::NumberTyping numbers)
{
    yaml::ReadOptions options;
    options.numbers = numbers;
    const yaml::ReadResult r = yaml::read(text.toStdString(), options);
    if (!r.ok() || r.documents.size() != 1)
        qFatal("bad test YAML: %s", qPrintable(text));
    return r.documents.front();
}

// The rendered template side: sigs yaml gives float64 numbers.
Value merged(const QString &text)
{
    return readValue(text, yaml::NumberTyping::Float64);
}

// The cluster side: integers are int64.
Value live(const QString &text)
{
    return readValue(text, yaml::NumberTyping::Kubernetes);
}

QString written(const Value &v)
{
    const yaml::WriteResult w = yaml::writeCanonical(v);
    if (!w.ok())
        qFatal("cannot write: %s", w.error->c_str());
    return QString::fromStdString(w.text);
}

QString secret(const QString &data, const QString &apiVersion = QStringLiteral("v1"),
               const QString &kind = QStringLiteral("Secret"))
{
    return QStringLiteral("apiVersion: %1\nkind: %2\nmetadata:\n  name: s\n  namespace: ns\n%3").arg(apiVersion, kind, data);
}

} // namespace

class tst_ObjectTransforms : public QObject
{
    Q_OBJECT

private slots:
    void maskSecretData_data();
    void maskSecretData();
    void isV1Secret_data();
    void isV1Secret();
    void engineMasking_data();
    void engineMasking();
    void maskingBeforeScoring();
};

void tst_ObjectTransforms::maskSecretData_data()
{
    QTest::addColumn<QString>("mergedIn");
    QTest::addColumn<QString>("liveIn");
    QTest::addColumn<QString>("mergedOut");
    QTest::addColumn<QString>("liveOut");
    QTest::addColumn<QString>("error");

    QTest::newRow("equal values") << "{data: {a: x}}" << "{data: {a: x}}" << "{data: {a: '***'}}" << "{data: {a: '***'}}" << "";
    QTest::newRow("different values") << "{data: {a: x}}" << "{data: {a: z}}" << "{data: {a: '*** (before)'}}"
                                      << "{data: {a: '*** (after)'}}" << "";
    QTest::newRow("key only in merged") << "{data: {a: x, b: z}}" << "{data: {a: x}}" << "{data: {a: '***', b: '***'}}"
                                        << "{data: {a: '***'}}" << "";
    QTest::newRow("key only in live") << "{data: {a: x}}" << "{data: {a: x, b: z}}" << "{data: {a: '***'}}"
                                      << "{data: {a: '***', b: '***'}}" << "";
    QTest::newRow("all cases at once") << "{data: {same: v, diff: v1, mine: m}}" << "{data: {same: v, diff: v2, theirs: t}}"
                                       << "{data: {same: '***', diff: '*** (before)', mine: '***'}}"
                                       << "{data: {same: '***', diff: '*** (after)', theirs: '***'}}" << "";
    QTest::newRow("no data in merged") << "{kind: Secret}" << "{kind: Secret, data: {a: x}}" << "{kind: Secret}"
                                       << "{kind: Secret, data: {a: '***'}}" << "";
    QTest::newRow("no data in live") << "{kind: Secret, data: {a: x}}" << "{kind: Secret}"
                                     << "{kind: Secret, data: {a: '***'}}" << "{kind: Secret}" << "";
    QTest::newRow("no data anywhere") << "{kind: Secret}" << "{kind: Secret}" << "{kind: Secret}" << "{kind: Secret}" << "";
    QTest::newRow("empty data maps") << "{data: {}}" << "{data: {}}" << "{data: {}}" << "{data: {}}" << "";
    QTest::newRow("stringData untouched") << "{stringData: {p: x}, data: {a: x}}" << "{stringData: {p: z}, data: {a: x}}"
                                          << "{stringData: {p: x}, data: {a: '***'}}"
                                          << "{stringData: {p: z}, data: {a: '***'}}" << "";
    QTest::newRow("other fields untouched") << "{metadata: {name: s, labels: {a: x}}, type: Opaque, data: {a: x}}"
                                            << "{metadata: {name: s, labels: {a: z}}, type: Other, data: {a: x}}"
                                            << "{metadata: {name: s, labels: {a: x}}, type: Opaque, data: {a: '***'}}"
                                            << "{metadata: {name: s, labels: {a: z}}, type: Other, data: {a: '***'}}" << "";
    // Go compares the interface values: float64 1 (template) != int64 1 (cluster).
    QTest::newRow("float64 and int64 differ") << "{data: {a: 1}}" << "{data: {a: 1}}" << "{data: {a: '*** (before)'}}"
                                              << "{data: {a: '*** (after)'}}" << "";
    QTest::newRow("equal floats") << "{data: {a: 1.5}}" << "{data: {a: 1.5}}" << "{data: {a: '***'}}" << "{data: {a: '***'}}" << "";
    QTest::newRow("equal nulls") << "{data: {a: null}}" << "{data: {a: null}}" << "{data: {a: '***'}}" << "{data: {a: '***'}}" << "";
    QTest::newRow("equal booleans") << "{data: {a: true}}" << "{data: {a: true}}" << "{data: {a: '***'}}" << "{data: {a: '***'}}" << "";
    QTest::newRow("string and number differ") << "{data: {a: '1'}}" << "{data: {a: 1}}" << "{data: {a: '*** (before)'}}"
                                              << "{data: {a: '*** (after)'}}" << "";
    // unstructured.NestedMap fails on a `data` that is not a map (kubectl's
    // "extract 'data' field" error), merged side first.
    const QString notMap = QStringLiteral("extract 'data' field: .data accessor error: %1 is of the type %2, expected "
                                          "map[string]interface{}");
    QTest::newRow("null data in merged") << "{data: null}" << "{data: {a: x}}" << "" << "" << notMap.arg("<nil>", "<nil>");
    QTest::newRow("string data in live") << "{data: {a: x}}" << "{data: abc}" << "" << "" << notMap.arg("abc", "string");
    QTest::newRow("list data in live") << "{data: {a: x}}" << "{data: [a, b]}" << "" << "" << notMap.arg("[a b]", "[]interface {}");
    QTest::newRow("both invalid: merged reported") << "{data: 5}" << "{data: abc}" << "" << "" << notMap.arg("5", "float64");
}

void tst_ObjectTransforms::maskSecretData()
{
    QFETCH(QString, mergedIn);
    QFETCH(QString, liveIn);
    QFETCH(QString, mergedOut);
    QFETCH(QString, liveOut);
    QFETCH(QString, error);
    Value m = merged(mergedIn);
    Value l = live(liveIn);
    const std::optional<std::string> e = compare::maskSecretData(m, l);
    QCOMPARE(QString::fromStdString(e.value_or("")), error);
    if (!error.isEmpty())
        return;
    QCOMPARE(written(m), written(merged(mergedOut)));
    QCOMPARE(written(l), written(live(liveOut)));
}

void tst_ObjectTransforms::isV1Secret_data()
{
    QTest::addColumn<QString>("object");
    QTest::addColumn<bool>("expected");
    // kubectl: schema.ParseGroupVersion(apiVersion).Version == "v1" && Kind == "Secret"
    QTest::newRow("core v1 Secret") << "{apiVersion: v1, kind: Secret}" << true;
    QTest::newRow("group is not checked") << "{apiVersion: example.io/v1, kind: Secret}" << true;
    QTest::newRow("empty group") << "{apiVersion: /v1, kind: Secret}" << true;
    QTest::newRow("other version") << "{apiVersion: v1beta1, kind: Secret}" << false;
    QTest::newRow("group and other version") << "{apiVersion: example.io/v2, kind: Secret}" << false;
    QTest::newRow("two slashes") << "{apiVersion: a/b/v1, kind: Secret}" << false;
    QTest::newRow("kind is case-sensitive") << "{apiVersion: v1, kind: secret}" << false;
    QTest::newRow("ConfigMap") << "{apiVersion: v1, kind: ConfigMap}" << false;
    QTest::newRow("no apiVersion") << "{kind: Secret}" << false;
    QTest::newRow("non-string apiVersion") << "{apiVersion: 1, kind: Secret}" << false;
}

void tst_ObjectTransforms::isV1Secret()
{
    QFETCH(QString, object);
    QFETCH(bool, expected);
    QCOMPARE(compare::isV1Secret(live(object)), expected);
}

void tst_ObjectTransforms::engineMasking_data()
{
    QTest::addColumn<QString>("templateText");
    QTest::addColumn<QString>("cr");
    QTest::addColumn<bool>("manual"); // pair the CR with the template explicitly
    QTest::addColumn<QString>("reference"); // the MERGED side as written
    QTest::addColumn<QString>("cluster");   // the LIVE side as written
    QTest::addColumn<int>("numDiff");
    QTest::addColumn<QString>("error");

    // sigs yaml writes keys sorted: apiVersion, data, kind, metadata, stringData.
    const auto out = [](const QString &apiVersion, const QString &kind, const QString &data, const QString &tail = {}) {
        return QStringLiteral("apiVersion: %1\n%2kind: %3\nmetadata:\n  name: s\n  namespace: ns\n%4")
            .arg(apiVersion, data, kind, tail);
    };
    QTest::newRow("equal data") << secret("data:\n  a: QQ==\n") << secret("data:\n  a: QQ==\n") << false
                                << out("v1", "Secret", "data:\n  a: '***'\n") << out("v1", "Secret", "data:\n  a: '***'\n")
                                << 0 << "";
    QTest::newRow("different data") << secret("data:\n  a: QQ==\n  b: Qg==\n") << secret("data:\n  a: Qg==\n  b: Qg==\n")
                                    << false << out("v1", "Secret", "data:\n  a: '*** (before)'\n  b: '***'\n")
                                    << out("v1", "Secret", "data:\n  a: '*** (after)'\n  b: '***'\n") << 1 << "";
    QTest::newRow("one-sided keys") << secret("data:\n  a: QQ==\n") << secret("data:\n  b: Qg==\n") << false
                                    << out("v1", "Secret", "data:\n  a: '***'\n") << out("v1", "Secret", "data:\n  b: '***'\n")
                                    << 1 << "";
    QTest::newRow("stringData is not masked")
        << secret("stringData:\n  p: plain\n") << secret("stringData:\n  p: other\n") << false
        << out("v1", "Secret", "", "stringData:\n  p: plain\n") << out("v1", "Secret", "", "stringData:\n  p: other\n") << 1
        << "";
    QTest::newRow("grouped v1 Secret is masked")
        << secret("data:\n  a: QQ==\n", "example.io/v1") << secret("data:\n  a: QQ==\n", "example.io/v1") << false
        << out("example.io/v1", "Secret", "data:\n  a: '***'\n") << out("example.io/v1", "Secret", "data:\n  a: '***'\n") << 0
        << "";
    QTest::newRow("v1beta1 Secret is not masked")
        << secret("data:\n  a: QQ==\n", "v1beta1") << secret("data:\n  a: Qg==\n", "v1beta1") << false
        << out("v1beta1", "Secret", "data:\n  a: QQ==\n") << out("v1beta1", "Secret", "data:\n  a: Qg==\n") << 1 << "";
    QTest::newRow("ConfigMap data is not masked")
        << secret("data:\n  a: x\n", "v1", "ConfigMap") << secret("data:\n  a: z\n", "v1", "ConfigMap") << false
        << out("v1", "ConfigMap", "data:\n  a: x\n") << out("v1", "ConfigMap", "data:\n  a: z\n") << 1 << "";
    // The LIVE object decides, not the template.
    QTest::newRow("live Secret, ConfigMap template")
        << secret("data:\n  a: x\n", "v1", "ConfigMap") << secret("data:\n  a: x\n") << true
        << out("v1", "ConfigMap", "data:\n  a: '***'\n") << out("v1", "Secret", "data:\n  a: '***'\n") << 1 << "";
    QTest::newRow("live ConfigMap, Secret template")
        << secret("data:\n  a: x\n") << secret("data:\n  a: x\n", "v1", "ConfigMap") << true
        << out("v1", "Secret", "data:\n  a: x\n") << out("v1", "ConfigMap", "data:\n  a: x\n") << 1 << "";
    // A template rendering `data:` as null makes kubectl's masker fail (fatal).
    QTest::newRow("null data in the template")
        << secret("data:\n") << secret("data:\n  a: QQ==\n") << false << "" << "" << 0
        << "error occurred while trying to process resources: error occurered during diff: run masker: extract 'data' "
           "field: .data accessor error: <nil> is of the type <nil>, expected map[string]interface{}";
}

void tst_ObjectTransforms::engineMasking()
{
    QFETCH(QString, templateText);
    QFETCH(QString, cr);
    QFETCH(bool, manual);
    QFETCH(QString, reference);
    QFETCH(QString, cluster);
    QFETCH(int, numDiff);
    QFETCH(QString, error);

    auto fixture = test::loadReference({"metadata.yaml",
                                        "parts:\n- name: P\n  components:\n  - name: C\n    type: Required\n"
                                        "    requiredTemplates:\n    - path: t.yaml\n",
                                        "t.yaml", templateText});
    QVERIFY2(fixture->reference, fixture->error.c_str());
    compare::CompareOptions options;
    const auto objects = test::clusterObjects(cr);
    QCOMPARE(objects.size(), std::size_t(1));
    if (manual)
        options.manualCorrelations[objects.front().id] = "t.yaml";
    test::CollectingLog log;
    const test::EngineRun run = test::runEngine(fixture->reference, cr, options, log);
    QVERIFY(!run.prepareError);
    QCOMPARE(QString::fromStdString(run.result.error.value_or("")), error);
    if (!error.isEmpty())
        return;
    const report::ComparisonReport &r = run.result.report;
    QCOMPARE(r.diffs.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(r.diffs.front().referenceYaml), reference);
    QCOMPARE(QString::fromStdString(r.diffs.front().clusterYaml), cluster);
    QCOMPARE(r.summary.numDiffCRs, numDiff);
    // The external diff sees the masked files: no secret value leaks into its output.
    if (cluster.contains(QStringLiteral("'***")))
        QVERIFY(!QString::fromStdString(r.diffs.front().diffOutput).contains(QStringLiteral("QQ==")));
}

// Scores are computed on the masked YAML (h.4): two wrong values of very
// different lengths score the same, so the first template wins the tie.
void tst_ObjectTransforms::maskingBeforeScoring()
{
    auto fixture = test::loadReference(
        {"metadata.yaml",
         "parts:\n- name: P\n  components:\n  - name: C\n    type: Required\n    requiredTemplates:\n"
         "    - path: long.yaml\n    - path: short.yaml\n    - path: right.yaml\n",
         "long.yaml", secret("data:\n  a: eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4\n"), "short.yaml",
         secret("data:\n  a: eg==\n"), "right.yaml", secret("data:\n  a: QQ==\n")});
    QVERIFY2(fixture->reference, fixture->error.c_str());
    test::CollectingLog log;
    compare::CompareOptions options;
    options.verbose = true;

    // No exact template: long and short tie once masked.
    auto run = test::runEngine(fixture->reference, secret("data:\n  a: eQ==\n"), options, log);
    QVERIFY(run.result.ok());
    QCOMPARE(run.result.report.diffs.size(), std::size_t(1));
    const report::CrResult &d = run.result.report.diffs.front();
    QCOMPARE(QString::fromStdString(d.correlatedTemplate), QStringLiteral("long.yaml"));
    QCOMPARE(d.candidates.size(), std::size_t(3));
    QCOMPARE(d.candidates[0].score, d.candidates[1].score);
    QCOMPARE(d.candidates[0].score, d.candidates[2].score);
    QVERIFY(d.score > 0);

    // The exact value masks to "***" on both sides and wins.
    run = test::runEngine(fixture->reference, secret("data:\n  a: QQ==\n"), options, log);
    QVERIFY(run.result.ok());
    QCOMPARE(QString::fromStdString(run.result.report.diffs.front().correlatedTemplate), QStringLiteral("right.yaml"));
    QCOMPARE(run.result.report.diffs.front().score, 0);
}

QTEST_GUILESS_MAIN(tst_ObjectTransforms)
#include "tst_objecttransforms.moc"
