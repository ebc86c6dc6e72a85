// SPDX-License-Identifier: Apache-2.0
// The diff config (`-c`, spec d.2) and the user overrides file (`-p`, spec e.4 step 4,
// e.11, e.14): decoding with sigs.k8s.io/yaml's rules and error texts, override
// correlation, and applying mergepatch / rfc6902 / go-template patches.
#include "compare/DiffConfig.h"
#include "compare/UserOverrides.h"
#include "input/ClusterObject.h"
#include "json/JsonReader.h"
#include "json/JsonWriter.h"
#include "template/FunctionSpec.h"

#include "TestData.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace ds;
using compare::DiffConfig;
using compare::UserOverride;
using compare::UserOverrides;

namespace {

QString caseFile(const QString &caseName, const QString &name)
{
    return test::dataPath(QStringLiteral("shared/conformance/cases/%1/%2").arg(caseName, name));
}

Value parseJson(const QString &text)
{
    const yaml::ReadResult r = json::read(text.toStdString());
    if (!r.ok() || r.documents.size() != 1)
        qFatal("bad test JSON: %s", qPrintable(text));
    return r.documents.front();
}

QString dump(const Value &v)
{
    return QString::fromStdString(json::write(v).text);
}

// "key=value" lines of the correlation pairs (std::map order).
QStringList pairs(const DiffConfig &config)
{
    QStringList out;
    for (const auto &[k, v] : config.correlationPairs)
        out << QString::fromStdString(k + "=" + v);
    return out;
}

// One line per override: name|apiVersion|kind|namespace|exactMatch|reason|type|templatePath|patch
QStringList describe(const UserOverrides &overrides)
{
    QStringList out;
    for (const UserOverride &o : overrides.all())
        out << QString::fromStdString(o.name + "|" + o.apiVersion + "|" + o.kind + "|" + o.ns + "|" + o.exactMatch
                                      + "|" + o.reason + "|" + o.type + "|" + o.templatePath + "|" + o.patch);
    return out;
}

const QString kDecode = QStringLiteral("error unmarshaling JSON: while decoding JSON: ");
const QString kLoad = QStringLiteral("failed to load user overrides: ");

} // namespace

class tst_DiffConfig : public QObject
{
    Q_OBJECT

private slots:
    void diffConfigParse_data();
    void diffConfigParse();
    void diffConfigLoad_data();
    void diffConfigLoad();
    void overridesParse_data();
    void overridesParse();
    void overridesLoad_data();
    void overridesLoad();
    void overridesMatch_data();
    void overridesMatch();
    void overridesApply_data();
    void overridesApply();
    void overridesToYaml_data();
    void overridesToYaml();
};

void tst_DiffConfig::diffConfigParse_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("pairs");
    QTest::addColumn<QString>("error");

    const QString cs = QStringLiteral("correlationSettings:\n  manualCorrelation:\n    correlationPairs:\n");
    QTest::newRow("golden ManualCorrelation")
        << QString::fromStdString(test::readFile(
               caseFile("ManualCorrelationMatchesArePrioritizedOverGroupCorrelation", "userconfig.yaml")))
        << QStringList{"apps/v1_Deployment_kubernetes-dashboard_kubernetes-dashboard=deploymentMetrics.yaml"}
        << QString();
    QTest::newRow("several pairs") << cs + "      v1_Namespace_b: b.yaml\n      v1_ConfigMap_ns_a: cm.yaml\n"
                                   << QStringList{"v1_ConfigMap_ns_a=cm.yaml", "v1_Namespace_b=b.yaml"} << QString();
    QTest::newRow("empty file") << QString() << QStringList() << QString();
    QTest::newRow("null document") << QStringLiteral("null\n") << QStringList() << QString();
    QTest::newRow("empty settings") << QStringLiteral("correlationSettings: {}\n") << QStringList() << QString();
    QTest::newRow("JSON text") << QStringLiteral(
        R"({"correlationSettings":{"manualCorrelation":{"correlationPairs":{"v1_ConfigMap_ns_a":"cm.yaml"}}}})")
                               << QStringList{"v1_ConfigMap_ns_a=cm.yaml"} << QString();
    // encoding/json falls back to case-insensitive field names.
    QTest::newRow("field names fold case")
        << QStringLiteral("CorrelationSettings:\n  MANUALCORRELATION:\n    correlationpairs:\n      x: t.yaml\n")
        << QStringList{"x=t.yaml"} << QString();
    // sigs.k8s.io/yaml turns scalars into strings when the Go target is a string.
    QTest::newRow("number and bool values become strings")
        << cs + "      a: 5\n      b: 1.5\n      c: true\n      d: yes\n"
        << QStringList{"a=5", "b=1.5", "c=true", "d=true"} << QString();

    // UnmarshalStrict: unknown fields, duplicate keys and type mismatches.
    QTest::newRow("golden not YAML")
        << QString::fromStdString(test::readFile(caseFile("UserConfigIsntCorrectYAML", "userconfig.yaml")))
        << QStringList() << kDecode + "json: cannot unmarshal string into Go value of type compare.UserConfig";
    QTest::newRow("unknown top-level field") << QStringLiteral("correlationSettings: {}\nextra: 1\n")
                                             << QStringList() << kDecode + "json: unknown field \"extra\"";
    QTest::newRow("unknown nested field") << QStringLiteral("correlationSettings:\n  manual: {}\n") << QStringList()
                                          << kDecode + "json: unknown field \"manual\"";
    QTest::newRow("settings not an object")
        << QStringLiteral("correlationSettings: 5\n") << QStringList()
        << kDecode
               + "json: cannot unmarshal number into Go struct field UserConfig.correlationSettings of type "
                 "compare.CorrelationSettings";
    QTest::newRow("manualCorrelation a list")
        << QStringLiteral("correlationSettings:\n  manualCorrelation: []\n") << QStringList()
        << kDecode
               + "json: cannot unmarshal array into Go struct field "
                 "CorrelationSettings.correlationSettings.manualCorrelation of type compare.ManualCorrelation";
    QTest::newRow("correlationPairs a list")
        << cs + "      - a\n" << QStringList()
        << kDecode
               + "json: cannot unmarshal array into Go struct field "
                 "ManualCorrelation.correlationSettings.manualCorrelation.correlationPairs of type map[string]string";
    QTest::newRow("pair value a list")
        << cs + "      a: [x]\n" << QStringList()
        << kDecode
               + "json: cannot unmarshal array into Go struct field "
                 "ManualCorrelation.correlationSettings.manualCorrelation.correlationPairs of type string";
    QTest::newRow("duplicate key") << QStringLiteral("correlationSettings: {}\ncorrelationSettings: {}\n")
                                   << QStringList()
                                   << QStringLiteral("error converting YAML to JSON: yaml: unmarshal errors:\n  line 2: "
                                                     "key \"correlationSettings\" already set in map");
    // goyaml v2 names the line only when it is not the first one.
    QTest::newRow("YAML syntax error, first line")
        << QStringLiteral("a: b: c\n") << QStringList()
        << QStringLiteral("error converting YAML to JSON: yaml: mapping values are not allowed in this context");
    QTest::newRow("YAML syntax error, second line")
        << QStringLiteral("correlationSettings: {}\na: b: c\n") << QStringList()
        << QStringLiteral("error converting YAML to JSON: yaml: line 2: mapping values are not allowed in this "
                          "context");
}

void tst_DiffConfig::diffConfigParse()
{
    QFETCH(QString, text);
    QFETCH(QStringList, pairs);
    QFETCH(QString, error);
    const DiffConfig::LoadResult r = DiffConfig::parse(text.toStdString());
    QCOMPARE(QString::fromStdString(r.error.value_or("")), error);
    if (error.isEmpty())
        QCOMPARE(::pairs(r.config), pairs);
}

void tst_DiffConfig::diffConfigLoad_data()
{
    QTest::addColumn<QString>("file"); // relative to a temporary directory, or a golden
    QTest::addColumn<QString>("content");
    QTest::addColumn<QString>("error"); // %1 = absolute path without its leading '/'

    QTest::newRow("valid") << QStringLiteral("uc.yaml")
                           << QStringLiteral("correlationSettings:\n  manualCorrelation:\n    correlationPairs:\n"
                                             "      a: b.yaml\n")
                           << QString();
    // parseDiffConfig reads filepath.Abs(path)[1:] from os.DirFS("/").
    QTest::newRow("missing") << QStringLiteral("missing.yaml") << QString()
                             << QStringLiteral("User Config File not found. error: open %1: no such file or directory");
    QTest::newRow("directory") << QStringLiteral("dir/") << QString()
                               << QStringLiteral("User Config File not found. error: read %1: is a directory");
    QTest::newRow("not in format") << QStringLiteral("uc.yaml") << QStringLiteral("- a\n")
                                   << "User config file isn't in correct format. error: " + kDecode
                                          + "json: cannot unmarshal array into Go value of type compare.UserConfig";
}

void tst_DiffConfig::diffConfigLoad()
{
    QFETCH(QString, file);
    QFETCH(QString, content);
    QFETCH(QString, error);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QString path = dir.filePath(file);
    if (file.endsWith(QLatin1Char('/'))) {
        QVERIFY(QDir().mkpath(path));
        path.chop(1);
    } else if (!content.isEmpty()) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content.toUtf8());
    }
    const DiffConfig::LoadResult r = DiffConfig::load(path.toStdString());
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QCOMPARE(QString::fromStdString(r.error.value_or("")),
             error.contains(QLatin1String("%1")) ? error.arg(absolute.mid(1)) : error);
    if (error.isEmpty())
        QCOMPARE(pairs(r.config), QStringList{"a=b.yaml"});
}

void tst_DiffConfig::overridesParse_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("overrides");
    QTest::addColumn<QString>("error");

    // The golden's patch is a single-quoted YAML scalar without quotes inside.
    const QString generated =
        QString::fromStdString(test::readFile(caseFile("UserOverride", "localnewOverridesWithReasonout.golden")));
    const QString patch =
        QRegularExpression(QStringLiteral("\n  patch: '([^']*)'\n")).match(generated).captured(1);
    QVERIFY(patch.startsWith(QLatin1String("{\"metadata\":")));
    QTest::newRow("golden generated overrides")
        << generated << QStringList{"openshift-storage|v1|Namespace|||For the test|mergepatch|namespace.yaml|" + patch}
        << QString();
    const QByteArray rfc6902 = QByteArray::fromStdString(test::readFile(caseFile("UserOverride", "rfc6902.patch")));
    QTest::newRow("golden rfc6902 (JSON)")
        << QString::fromUtf8(rfc6902)
        << QStringList{"openshift-storage|v1|Namespace|||known deviation|rfc6902|namespace.yaml|"
                       + QJsonDocument::fromJson(rfc6902).array().at(0).toObject().value("patch").toString()}
        << QString();
    QTest::newRow("golden missing reason")
        << QString::fromStdString(test::readFile(caseFile("UserOverride", "noReason.patch"))) << QStringList()
        << kLoad + "missing reason";
    QTest::newRow("empty file") << QString() << QStringList() << QString();
    QTest::newRow("exactMatch only") << QStringLiteral("- exactMatch: v1_ConfigMap_ns_a\n  reason: r\n  type: "
                                                       "mergepatch\n  patch: '{}'\n")
                                     << QStringList{"||||v1_ConfigMap_ns_a|r|mergepatch||{}"} << QString();
    // Non-strict yaml.Unmarshal: unknown keys are ignored, a repeated key keeps the last value.
    QTest::newRow("unknown keys ignored") << QStringLiteral("- reason: r\n  bogus: 1\n  type: rfc6902\n  patch: '[]'\n")
                                          << QStringList{"|||||r|rfc6902||[]"} << QString();
    QTest::newRow("repeated key, last wins") << QStringLiteral("- reason: a\n  reason: b\n")
                                             << QStringList{"|||||b|||"} << QString();
    QTest::newRow("field names fold case") << QStringLiteral("- Reason: r\n  KIND: ConfigMap\n")
                                           << QStringList{"||ConfigMap|||r|||"} << QString();
    QTest::newRow("scalars become strings") << QStringLiteral("- reason: yes\n  name: 42\n  namespace: 1.5\n")
                                            << QStringList{"42|||1.5||true|||"} << QString();
    QTest::newRow("second override without reason")
        << QStringLiteral("- reason: fine\n- kind: ConfigMap\n  reason: \"\"\n") << QStringList()
        << kLoad + "missing reason";

    QTest::newRow("not a list") << QStringLiteral("reason: r\n") << QStringList()
                                << kLoad + kDecode
                                       + "json: cannot unmarshal object into Go value of type []*compare.UserOverride";
    QTest::newRow("entry not an object") << QStringLiteral("- just text\n") << QStringList()
                                         << kLoad + kDecode
                                                + "json: cannot unmarshal string into Go value of type "
                                                  "compare.UserOverride";
    QTest::newRow("name not a string") << QStringLiteral("- reason: r\n  name: [a]\n") << QStringList()
                                       << kLoad + kDecode
                                              + "json: cannot unmarshal array into Go struct field UserOverride.name "
                                                "of type string";
    QTest::newRow("type not a string") << QStringLiteral("- reason: r\n  type: {a: b}\n") << QStringList()
                                       << kLoad + kDecode
                                              + "json: cannot unmarshal object into Go struct field UserOverride.type "
                                                "of type compare.patchType";
    QTest::newRow("YAML syntax error") << QStringLiteral("- kind: ConfigMap\n  reason: a: b\n") << QStringList()
                                       << kLoad
                                              + "error converting YAML to JSON: yaml: line 2: mapping values are not "
                                                "allowed in this context";
}

void tst_DiffConfig::overridesParse()
{
    QFETCH(QString, text);
    QFETCH(QStringList, overrides);
    QFETCH(QString, error);
    const UserOverrides::LoadResult r = UserOverrides::parse(text.toStdString());
    QCOMPARE(QString::fromStdString(r.error.value_or("")), error);
    if (!error.isEmpty())
        return;
    QVERIFY(r.overrides);
    QCOMPARE(describe(*r.overrides), overrides);
}

void tst_DiffConfig::overridesLoad_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("content");
    QTest::addColumn<QString>("error"); // %1 = the path as given

    QTest::newRow("valid") << QStringLiteral("p.yaml") << QStringLiteral("- reason: r\n  kind: ConfigMap\n")
                           << QString();
    // os.ReadFile's errors, wrapped.
    QTest::newRow("missing") << QStringLiteral("missing.yaml") << QString()
                             << kLoad + "open %1: no such file or directory";
    QTest::newRow("directory") << QStringLiteral("dir/") << QString() << kLoad + "read %1: is a directory";
}

void tst_DiffConfig::overridesLoad()
{
    QFETCH(QString, file);
    QFETCH(QString, content);
    QFETCH(QString, error);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QString path = dir.filePath(file);
    if (file.endsWith(QLatin1Char('/'))) {
        QVERIFY(QDir().mkpath(path));
        path.chop(1);
    } else if (!content.isEmpty()) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content.toUtf8());
    }
    const UserOverrides::LoadResult r = UserOverrides::load(path.toStdString());
    QCOMPARE(QString::fromStdString(r.error.value_or("")),
             error.contains(QLatin1String("%1")) ? error.arg(path) : error);
    if (error.isEmpty())
        QCOMPARE(describe(*r.overrides), QStringList{"||ConfigMap|||r|||"});
}

void tst_DiffConfig::overridesMatch_data()
{
    QTest::addColumn<QString>("overrides"); // YAML list; each reason names the override
    QTest::addColumn<QString>("cr");        // JSON object
    QTest::addColumn<QStringList>("matched");

    const QString cmA = QStringLiteral(R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a","namespace":"ns"}})");
    const QString cmB = QStringLiteral(R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"b","namespace":"ns"}})");
    const QString specificAndKind =
        QStringLiteral("- {reason: specific, apiVersion: v1, kind: ConfigMap, name: a, namespace: ns}\n"
                       "- {reason: any-configmap, kind: ConfigMap}\n");

    QTest::newRow("all four fields") << specificAndKind << cmA << QStringList{"specific"};
    // A kind-only override covers the CRs no more specific bucket claims.
    QTest::newRow("kind only") << specificAndKind << cmB << QStringList{"any-configmap"};
    QTest::newRow("other kind") << specificAndKind
                                << QStringLiteral(R"({"apiVersion":"v1","kind":"Secret","metadata":{"name":"a","namespace":"ns"}})")
                                << QStringList();
    QTest::newRow("same bucket: all, in file order")
        << QStringLiteral("- {reason: first, kind: ConfigMap}\n- {reason: second, kind: ConfigMap}\n") << cmA
        << QStringList{"first", "second"};
    // exactMatch (the CR id) comes first in the override correlation chain.
    QTest::newRow("exactMatch wins") << QStringLiteral("- {reason: any-configmap, kind: ConfigMap}\n"
                                                       "- {reason: exact, exactMatch: v1_ConfigMap_ns_a}\n")
                                     << cmA << QStringList{"exact"};
    QTest::newRow("exactMatch only reaches its CR")
        << QStringLiteral("- {reason: exact, exactMatch: v1_ConfigMap_ns_a}\n") << cmB << QStringList();
    QTest::newRow("exactMatch twice: the last one") << QStringLiteral("- {reason: one, exactMatch: v1_ConfigMap_ns_a}\n"
                                                                      "- {reason: two, exactMatch: v1_ConfigMap_ns_a}\n")
                                                    << cmA << QStringList{"two"};
    QTest::newRow("cluster-scoped exactMatch")
        << QStringLiteral("- {reason: exact, exactMatch: v1_Namespace_openshift-storage}\n")
        << QStringLiteral(R"({"apiVersion":"v1","kind":"Namespace","metadata":{"name":"openshift-storage"}})")
        << QStringList{"exact"};
    QTest::newRow("cluster-scoped by name")
        << QStringLiteral("- {reason: ns, apiVersion: v1, kind: Namespace, name: openshift-storage, namespace: \"\"}\n")
        << QStringLiteral(R"({"apiVersion":"v1","kind":"Namespace","metadata":{"name":"openshift-storage"}})")
        << QStringList{"ns"};
    // Overrides use the declared field-group order (spec d.3): {namespace, kind}
    // comes before {apiVersion, kind}.
    QTest::newRow("namespace+kind beats apiVersion+kind")
        << QStringLiteral("- {reason: api-kind, apiVersion: v1, kind: ConfigMap}\n"
                          "- {reason: ns-kind, kind: ConfigMap, namespace: ns}\n")
        << cmA << QStringList{"ns-kind"};
    QTest::newRow("apiVersion+namespace+kind beats name+namespace+kind")
        << QStringLiteral("- {reason: name-ns-kind, kind: ConfigMap, name: a, namespace: ns}\n"
                          "- {reason: api-ns-kind, apiVersion: v1, kind: ConfigMap, namespace: ns}\n")
        << cmA << QStringList{"api-ns-kind"};
    QTest::newRow("no overrides") << QString() << cmA << QStringList();
}

void tst_DiffConfig::overridesMatch()
{
    QFETCH(QString, overrides);
    QFETCH(QString, cr);
    QFETCH(QStringList, matched);
    const UserOverrides::LoadResult r = UserOverrides::parse(overrides.toStdString());
    QVERIFY2(r.ok(), r.error ? r.error->c_str() : "");
    const Value object = parseJson(cr);
    QStringList got;
    for (const UserOverride *o : r.overrides->match(object, input::objectId(object)))
        got << QString::fromStdString(o->reason);
    QCOMPARE(got, matched);
}

void tst_DiffConfig::overridesApply_data()
{
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("patch");
    QTest::addColumn<QString>("rendered"); // JSON
    QTest::addColumn<QString>("live");     // JSON
    QTest::addColumn<QString>("expected"); // JSON, or empty with an error
    QTest::addColumn<QString>("error");

    const QString rendered = QStringLiteral(R"({"kind":"ConfigMap","data":{"k":"a","j":"c"}})");
    const QString live = QStringLiteral(R"({"kind":"ConfigMap","data":{"k":"z"},"spec":{"finalizers":["kubernetes"]}})");

    QTest::newRow("mergepatch") << "mergepatch" << R"({"data":{"k":"b"},"extra":1})" << rendered << live
                                << R"({"data":{"j":"c","k":"b"},"extra":1,"kind":"ConfigMap"})" << "";
    QTest::newRow("mergepatch null deletes") << "mergepatch" << R"({"data":{"k":null}})" << rendered << live
                                             << R"({"data":{"j":"c"},"kind":"ConfigMap"})" << "";
    QTest::newRow("mergepatch not JSON") << "mergepatch" << "{" << rendered << live << ""
                                         << "failed to apply user patch: Invalid JSON Patch";
    QTest::newRow("rfc6902") << "rfc6902" << R"([{"op":"replace","path":"/data/k","value":"b"},{"op":"remove","path":"/data/j"}])"
                             << rendered << live << R"({"data":{"k":"b"},"kind":"ConfigMap"})" << "";
    QTest::newRow("rfc6902 not a list") << "rfc6902" << "{}" << rendered << live << ""
                                        << "failed to decode user patch: json: cannot unmarshal object into Go value of "
                                           "type jsonpatch.Patch";
    QTest::newRow("rfc6902 failing op") << "rfc6902" << R"([{"op":"remove","path":"/baz"}])" << rendered << live << ""
                                        << "failed to apply user patch: error in remove for path: '/baz': Unable to "
                                           "remove nonexistent key: baz: missing value";
    // go-template: executed with the CR as data; its YAML output is an override
    // whose own type and patch are applied.
    QTest::newRow("go-template to mergepatch")
        << "go-template" << "type: mergepatch\npatch: '{\"data\":{\"k\":\"{{ .data.k }}\"}}'\n" << rendered << live
        << R"({"data":{"j":"c","k":"z"},"kind":"ConfigMap"})" << "";
    QTest::newRow("go-template to rfc6902 with toJson")
        << "go-template"
        << "type: rfc6902\npatch: '[{\"op\": \"add\", \"path\": \"/spec\", \"value\": {\"finalizers\": "
           "{{ .spec.finalizers | toJson }} }}]'\n"
        << rendered << live << R"({"data":{"j":"c","k":"a"},"kind":"ConfigMap","spec":{"finalizers":["kubernetes"]}})"
        << "";
    QTest::newRow("go-template parse error") << "go-template" << "{{ end }}" << rendered << live << ""
                                             << "failed to parse patch as template: template: :1: unexpected {{end}}";
    QTest::newRow("go-template execution error")
        << "go-template" << "{{ fail \"nope\" }}" << rendered << live << ""
        << "failed to execute patch template: template: :1:3: executing \"\" at <fail \"nope\">: error calling fail: nope";
    QTest::newRow("go-template output not an override")
        << "go-template" << "- a\n" << rendered << live << ""
        << "failed to unmarshal templated patch: error unmarshaling JSON: while decoding JSON: json: cannot unmarshal "
           "array into Go value of type compare.UserOverride";
    QTest::newRow("go-template output not YAML")
        << "go-template" << "type: mergepatch\na: b: c\n" << rendered << live << ""
        << "failed to unmarshal templated patch: error converting YAML to JSON: yaml: line 2: mapping values are not "
           "allowed in this context";
    QTest::newRow("go-template output of unknown type") << "go-template" << "type: strategic\npatch: '{}'\n" << rendered
                                                         << live << "" << "unknown patch type: strategic";
    QTest::newRow("unknown type") << "json" << "{}" << rendered << live << "" << "unknown patch type: json";
    QTest::newRow("no type") << "" << "{}" << rendered << live << "" << "unknown patch type: ";
}

void tst_DiffConfig::overridesApply()
{
    QFETCH(QString, type);
    QFETCH(QString, patch);
    QFETCH(QString, rendered);
    QFETCH(QString, live);
    QFETCH(QString, expected);
    QFETCH(QString, error);
    UserOverride o;
    o.reason = "r";
    o.type = type.toStdString();
    o.patch = patch.toStdString();
    Value target = parseJson(rendered);
    const Value cr = parseJson(live);
    tmpl::FunctionContext context;
    const std::optional<std::string> e = UserOverrides::apply(o, target, cr, context);
    QCOMPARE(QString::fromStdString(e.value_or("")), error);
    if (error.isEmpty())
        QCOMPARE(dump(target), dump(parseJson(expected)));
    QCOMPARE(dump(cr), dump(parseJson(live))); // the CR is never modified
}

void tst_DiffConfig::overridesToYaml_data()
{
    QTest::addColumn<QString>("overrides");
    QTest::addColumn<QString>("yaml");

    // generate-patches output (spec a.6): sigs yaml with sorted keys; exactMatch and
    // the correlation fields are omitempty, reason/type/patch/templatePath are not.
    QTest::newRow("none") << QString() << QStringLiteral("null\n");
    QTest::newRow("minimal") << QStringLiteral("- reason: r\n")
                             << QStringLiteral("- patch: \"\"\n  reason: r\n  templatePath: \"\"\n  type: \"\"\n");
    QTest::newRow("full") << QStringLiteral("- {name: a, apiVersion: v1, kind: ConfigMap, namespace: ns, exactMatch: "
                                            "v1_ConfigMap_ns_a, reason: why, type: mergepatch, patch: '{\"a\":1}', "
                                            "templatePath: cm.yaml}\n")
                          << QStringLiteral("- apiVersion: v1\n  exactMatch: v1_ConfigMap_ns_a\n  kind: ConfigMap\n"
                                            "  name: a\n  namespace: ns\n  patch: '{\"a\":1}'\n  reason: why\n"
                                            "  templatePath: cm.yaml\n  type: mergepatch\n");
    QTest::newRow("golden round trip")
        << QString::fromStdString(test::readFile(caseFile("UserOverride", "localnewOverridesWithReasonout.golden")))
        << QString::fromStdString(test::readFile(caseFile("UserOverride", "localnewOverridesWithReasonout.golden")));
}

void tst_DiffConfig::overridesToYaml()
{
    QFETCH(QString, overrides);
    QFETCH(QString, yaml);
    const UserOverrides::LoadResult r = UserOverrides::parse(overrides.toStdString());
    QVERIFY2(r.ok(), r.error ? r.error->c_str() : "");
    QCOMPARE(QString::fromStdString(UserOverrides::toYaml(r.overrides->all())), yaml);
}

QTEST_GUILESS_MAIN(tst_DiffConfig)
#include "tst_diffconfig.moc"
