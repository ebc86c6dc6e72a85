// SPDX-License-Identifier: Apache-2.0
// Reference loading as kube-compare does it (spec b.1–b.4, c, e.13): strict decoding
// of metadata.yaml v1/v2, validation with kube-compare's error texts, fieldsToOmit,
// per-template config, template parsing and the empty-data pre-render.
#include "compare/InlineDiffDriver.h"
#include "json/JsonReader.h"
#include "json/JsonWriter.h"
#include "reference/ReferenceLoader.h"

#include "TestData.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace ds;
using ref::ComponentRule;
using ref::LoadResult;
using ref::Reference;

namespace {

class CollectLog : public Log
{
public:
    void message(Severity severity, int verbosity, const std::string &text) override
    {
        (severity == Severity::Warning ? warnings : infos) << QString::fromStdString(text);
        (void)verbosity;
    }
    QStringList warnings;
    QStringList infos;
};

const QString kCm = QStringLiteral("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\n");
const QString kFormat = QStringLiteral("Reference config isn't in correct format. error: ");
const QString kJson = kFormat + QStringLiteral("error unmarshaling JSON: while decoding JSON: ");
const QString kPerField = QStringLiteral("reference contains template with config per field with ");

void writeFile(const QString &path, const QString &content)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    f.write(content.toUtf8());
}

// Writes metadata.yaml plus `files` (relative path -> content; cm.yaml is there
// unless overridden) into a temporary directory and loads it with the CLI's
// inline diff validator.
LoadResult loadReference(const QString &metadata, QVariantMap files = {}, Log &log = Log::null())
{
    QTemporaryDir dir;
    if (!dir.isValid())
        qFatal("no temporary directory");
    if (!files.contains(QStringLiteral("cm.yaml")))
        files.insert(QStringLiteral("cm.yaml"), kCm);
    for (auto it = files.cbegin(); it != files.cend(); ++it)
        writeFile(dir.filePath(it.key()), it.value().toString());
    writeFile(dir.filePath(QStringLiteral("metadata.yaml")), metadata);
    ref::ReferenceLoader loader(log);
    loader.setInlineDiffValidator(compare::inlineDiffValidator());
    return loader.load(dir.filePath(QStringLiteral("metadata.yaml")).toStdString());
}

// `text` as one list item at `indent` spaces: "- " before the first line, the rest aligned.
QString item(const QString &text, int indent)
{
    const QStringList lines = text.split('\n');
    QString out = QString(indent, ' ') + "- " + lines.first() + "\n";
    for (qsizetype i = 1; i < lines.size(); ++i)
        out += QString(indent + 2, ' ') + lines[i] + "\n";
    return out;
}

// A v1 reference with one Required component holding `templ` (a template entry).
QString v1(const QString &templ = QStringLiteral("path: cm.yaml"), const QString &top = {})
{
    return "parts:\n  - name: P\n    components:\n      - name: C\n        type: Required\n"
           "        requiredTemplates:\n"
        + item(templ, 10) + top;
}

// A v2 reference with one component whose `group` holds `templ`.
QString v2(const QString &templ = QStringLiteral("path: cm.yaml"), const QString &top = {},
           const QString &group = QStringLiteral("allOf"))
{
    return "apiVersion: v2\nparts:\n  - name: P\n    components:\n      - name: C\n        " + group + ":\n"
        + item(templ, 10) + top;
}

QString str(const std::string &s)
{
    return QString::fromStdString(s);
}

QString dump(const Value &v)
{
    return QString::fromStdString(json::write(v).text);
}

QString canonicalJson(const QString &text)
{
    const yaml::ReadResult r = json::read(text.toStdString(), yaml::NumberTyping::Float64);
    if (!r.ok() || r.documents.size() != 1)
        qFatal("bad test JSON: %s", qPrintable(text));
    return dump(r.documents.front());
}

// An omit entry as "pathToKey|prefix|seg/seg/...".
QString describe(const ref::OmitEntry &e)
{
    QStringList segs;
    for (const auto &s : e.path.segments)
        segs << str(s);
    return str(e.pathToKey) + (e.isPrefix ? "|prefix|" : "||") + segs.join('/');
}

QStringList describe(const std::vector<ref::OmitEntry> &entries)
{
    QStringList out;
    for (const auto &e : entries)
        out << describe(e);
    return out;
}

QStringList builtInDescriptions()
{
    return {
        "metadata.resourceVersion||metadata/resourceVersion",
        "metadata.uid||metadata/uid",
        "metadata.creationTimestamp||metadata/creationTimestamp",
        "metadata.generation||metadata/generation",
        "metadata.managedFields||metadata/managedFields",
        "metadata.selfLink||metadata/selfLink",
        "metadata.generateName||metadata/generateName",
        "metadata.finalizers||metadata/finalizers",
        "\"kubectl.kubernetes.io/last-applied-configuration\"||kubectl.kubernetes.io/last-applied-configuration",
        "metadata.annotations.\"kubectl.kubernetes.io/last-applied-configuration\"||"
        "metadata/annotations/kubectl.kubernetes.io/last-applied-configuration",
        "status||status",
    };
}

QStringList sortedLines(const QString &text)
{
    QStringList lines = text.split('\n');
    lines.sort();
    return lines;
}

QString goldenError(const QString &caseName, const QString &file)
{
    QString text = QString::fromStdString(
        test::readFile(test::dataPath(QStringLiteral("shared/conformance/cases/%1/%2").arg(caseName, file))));
    const QString prefix = QStringLiteral("error: ");
    const QString suffix = QStringLiteral("\nerror code:2\n");
    if (!text.startsWith(prefix) || !text.endsWith(suffix))
        qFatal("unexpected golden %s/%s", qPrintable(caseName), qPrintable(file));
    return text.mid(prefix.size(), text.size() - prefix.size() - suffix.size());
}

} // namespace

class TestReferenceLoader : public QObject
{
    Q_OBJECT

private slots:
    void loadErrors_data();
    void loadErrors();
    void loadErrorPrefixes_data();
    void loadErrorPrefixes();
    void circularIncludes_data();
    void circularIncludes();
    void missingMetadataFile();
    void emptyMetadata_data();
    void emptyMetadata();
    void metadataOnlyThenTemplates();
    void v1Structure();
    void v2Groups_data();
    void v2Groups();
    void v2Structure();
    void descriptions_data();
    void descriptions();
    void caseInsensitiveKeys_data();
    void caseInsensitiveKeys();
    void scalarsIntoStrings_data();
    void scalarsIntoStrings();
    void v2GroupContentsAreNotStrict();
    void apiVersion_data();
    void apiVersion();
    void builtInOmitList();
    void fieldsToOmit_data();
    void fieldsToOmit();
    void builtInKeyOverwrittenWarning();
    void templateConfig();
    void perFieldDeferredWhenAbsent_data();
    void perFieldDeferredWhenAbsent();
    void templateFunctionFiles_data();
    void templateFunctionFiles();
    void templateMetadata_data();
    void templateMetadata();
    void preRenderIsLogged();
    void conformanceReferences_data();
    void conformanceReferences();
};

// Every load error with its exact text: spec b.4, the goldens and kube-compare's source.
void TestReferenceLoader::loadErrors_data()
{
    QTest::addColumn<QString>("metadata");
    QTest::addColumn<QVariantMap>("files");
    QTest::addColumn<QString>("error");

    const QVariantMap none;
    const QString topUnknown = kJson + "json: unknown field \"bogus\"";

    // ---- strict decoding: unknown fields ----
    QTest::newRow("unknown top-level field") << v1("path: cm.yaml", "bogus: 1\n") << none << topUnknown;
    QTest::newRow("v2 unknown top-level field") << v2("path: cm.yaml", "bogus: 1\n") << none << topUnknown;
    QTest::newRow("v1 part description") << "parts:\n  - name: P\n    description: d\n    components: []\n" << none
                                         << kJson + "json: unknown field \"description\"";
    QTest::newRow("v1 component description")
        << "parts:\n  - name: P\n    components:\n      - name: C\n        description: d\n" << none
        << kJson + "json: unknown field \"description\"";
    QTest::newRow("v1 component with a v2 group")
        << "parts:\n  - name: P\n    components:\n      - name: C\n        allOf:\n          - path: cm.yaml\n"
        << none << kJson + "json: unknown field \"allOf\"";
    QTest::newRow("v1 unknown template field") << v1("path: cm.yaml\nbogus: x") << none << topUnknown;
    QTest::newRow("v1 perField") << v1("path: cm.yaml\nconfig:\n  perField: []") << none
                                 << kJson + "json: unknown field \"perField\"";
    QTest::newRow("v1 config key needs its dashes") << v1("path: cm.yaml\nconfig:\n  ignoreUnspecifiedFields: true")
                                                    << none << kJson + "json: unknown field \"ignoreUnspecifiedFields\"";
    QTest::newRow("v1 fieldsToOmit include")
        << v1("path: cm.yaml", "fieldsToOmit:\n  items:\n    a:\n      - include: b\n") << none
        << kJson + "json: unknown field \"include\"";
    QTest::newRow("v1 unknown fieldsToOmit field") << v1("path: cm.yaml", "fieldsToOmit:\n  defaultKey: a\n") << none
                                                   << kJson + "json: unknown field \"defaultKey\"";
    QTest::newRow("v2 component type")
        << "apiVersion: v2\nparts:\n  - name: P\n    components:\n      - name: C\n        type: Required\n"
           "        allOf:\n          - path: cm.yaml\n"
        << none << kJson + "json: unknown field \"type\"";
    QTest::newRow("v2 component requiredTemplates")
        << "apiVersion: v2\nparts:\n  - name: P\n    components:\n      - name: C\n        requiredTemplates:\n"
           "          - path: cm.yaml\n"
        << none << kJson + "json: unknown field \"requiredTemplates\"";
    QTest::newRow("v2 unknown part field")
        << "apiVersion: v2\nparts:\n  - name: P\n    bogus: 1\n    components: []\n" << none << topUnknown;
    QTest::newRow("v2 unknown fieldsToOmit entry field")
        << v2("path: cm.yaml", "fieldsToOmit:\n  items:\n    a:\n      - pathToKey: x\n        bogus: 1\n") << none
        << topUnknown;

    // ---- YAML level ----
    QTest::newRow("duplicate top-level key") << "parts: []\nparts: []\n" << none
                                             << kFormat + "error converting YAML to JSON: yaml: unmarshal errors:\n"
                                                          "  line 2: key \"parts\" already set in map";
    QTest::newRow("duplicate nested key") << v1("path: cm.yaml\npath: cm.yaml") << none
                                          << kFormat + "error converting YAML to JSON: yaml: unmarshal errors:\n"
                                                       "  line 8: key \"path\" already set in map";
    QTest::newRow("YAML syntax error") << "key: value: other\n" << none
                                       << kFormat + "error converting YAML to JSON: yaml: mapping values are not "
                                                    "allowed in this context";
    QTest::newRow("document is a string") << "just text\n" << none
                                          << kJson + "json: cannot unmarshal string into Go value of type "
                                                     "map[string]interface {}";
    QTest::newRow("document is a list") << "- a\n" << none
                                        << kJson + "json: cannot unmarshal array into Go value of type "
                                                   "map[string]interface {}";
    QTest::newRow("document is a number") << "5\n" << none
                                          << kJson + "json: cannot unmarshal number into Go value of type "
                                                     "map[string]interface {}";

    // ---- strict decoding: wrong types (encoding/json's field path and Go type) ----
    const QString into = kJson + "json: cannot unmarshal %1 into Go struct field %2 of type %3";
    QTest::newRow("v1 parts not a list") << "parts: 5\n" << none
                                         << into.arg("number", "ReferenceV1.parts", "[]compare.PartV1");
    QTest::newRow("v2 parts not a list") << "apiVersion: v2\nparts: 5\n" << none
                                         << into.arg("number", "ReferenceV2.parts", "[]*compare.PartV2");
    QTest::newRow("v1 part not an object") << "parts: [5]\n" << none
                                           << into.arg("number", "ReferenceV1.parts", "compare.PartV1");
    QTest::newRow("v2 part not an object") << "apiVersion: v2\nparts: [x]\n" << none
                                           << into.arg("string", "ReferenceV2.parts", "compare.PartV2");
    QTest::newRow("v1 components not a list")
        << "parts:\n  - name: P\n    components: 5\n" << none
        << into.arg("number", "PartV1.parts.components", "[]compare.ComponentV1");
    QTest::newRow("v2 components not a list")
        << "apiVersion: v2\nparts:\n  - name: P\n    components: 5\n" << none
        << into.arg("number", "PartV2.parts.components", "[]*compare.ComponentV2");
    QTest::newRow("v1 component not an object")
        << "parts:\n  - name: P\n    components: [x]\n" << none
        << into.arg("string", "PartV1.parts.components", "compare.ComponentV1");
    QTest::newRow("v1 component type not a string")
        << "parts:\n  - name: P\n    components:\n      - name: C\n        type: [a]\n" << none
        << into.arg("array", "ComponentV1.parts.components.type", "compare.ComponentTypeV1");
    QTest::newRow("v1 requiredTemplates not a list")
        << "parts:\n  - name: P\n    components:\n      - name: C\n        requiredTemplates: 5\n" << none
        << into.arg("number", "ComponentV1.parts.components.requiredTemplates", "[]*compare.ReferenceTemplateV1");
    QTest::newRow("v1 optionalTemplates not a list")
        << "parts:\n  - name: P\n    components:\n      - name: C\n        optionalTemplates: x\n" << none
        << into.arg("string", "ComponentV1.parts.components.optionalTemplates", "[]*compare.ReferenceTemplateV1");
    QTest::newRow("v1 template not an object")
        << "parts:\n  - name: P\n    components:\n      - name: C\n        requiredTemplates: [5]\n" << none
        << into.arg("number", "ComponentV1.parts.components.requiredTemplates", "compare.ReferenceTemplateV1");
    QTest::newRow("v1 template path not a string")
        << v1("path: [a]") << none
        << into.arg("array", "ReferenceTemplateV1.parts.components.requiredTemplates.path", "string");
    QTest::newRow("v1 config not an object")
        << v1("path: cm.yaml\nconfig: 5") << none
        << into.arg("number", "ReferenceTemplateV1.parts.components.requiredTemplates.config",
                    "compare.ReferenceTemplateConfigV1");
    QTest::newRow("v1 ignore-unspecified-fields not a bool")
        << v1("path: cm.yaml\nconfig:\n  ignore-unspecified-fields: \"yes\"") << none
        << into.arg("string",
                    "ReferenceTemplateConfigV1.parts.components.requiredTemplates.config.ignore-unspecified-fields",
                    "bool");
    QTest::newRow("v1 fieldsToOmitRefs not a list")
        << v1("path: cm.yaml\nconfig:\n  fieldsToOmitRefs: a") << none
        << into.arg("string", "ReferenceTemplateConfigV1.parts.components.requiredTemplates.config.fieldsToOmitRefs",
                    "[]string");
    QTest::newRow("templateFunctionFiles not a list") << v1("path: cm.yaml", "templateFunctionFiles: f.tpl\n") << none
                                                      << into.arg("string", "ReferenceV1.templateFunctionFiles", "[]string");
    QTest::newRow("v1 fieldsToOmit not an object") << v1("path: cm.yaml", "fieldsToOmit: 5\n") << none
                                                   << into.arg("number", "ReferenceV1.fieldsToOmit", "compare.FieldsToOmitV1");
    QTest::newRow("v2 fieldsToOmit not an object") << v2("path: cm.yaml", "fieldsToOmit: 5\n") << none
                                                   << into.arg("number", "ReferenceV2.fieldsToOmit", "compare.FieldsToOmitV2");
    QTest::newRow("defaultOmitRef not a string")
        << v1("path: cm.yaml", "fieldsToOmit:\n  defaultOmitRef: [a]\n") << none
        << into.arg("array", "FieldsToOmitV1.fieldsToOmit.defaultOmitRef", "string");
    QTest::newRow("v1 items not a map")
        << v1("path: cm.yaml", "fieldsToOmit:\n  items: 5\n") << none
        << into.arg("number", "FieldsToOmitV1.fieldsToOmit.items", "map[string][]*compare.ManifestPathV1");
    QTest::newRow("v2 items not a map")
        << v2("path: cm.yaml", "fieldsToOmit:\n  items: 5\n") << none
        << into.arg("number", "FieldsToOmitV2.fieldsToOmit.items", "map[string][]*compare.FieldsToOmitV2Entry");
    QTest::newRow("v1 item not a list")
        << v1("path: cm.yaml", "fieldsToOmit:\n  items:\n    a: 5\n") << none
        << into.arg("number", "FieldsToOmitV1.fieldsToOmit.items", "[]*compare.ManifestPathV1");
    QTest::newRow("v1 isPrefix not a bool")
        << v1("path: cm.yaml", "fieldsToOmit:\n  items:\n    a:\n      - pathToKey: x\n        isPrefix: \"yes\"\n")
        << none << into.arg("string", "ManifestPathV1.fieldsToOmit.items.isPrefix", "bool");
    // The six group fields are custom json.Unmarshalers: the inner error gets the outer context.
    QTest::newRow("v2 group not a list")
        << v2("path: cm.yaml").replace("        allOf:\n          - path: cm.yaml\n", "        allOf: 5\n") << none
        << into.arg("number", "ComponentV2.parts.components.allOf", "[]*compare.ReferenceTemplateV2");

    // ---- apiVersion ----
    QTest::newRow("unknown apiVersion (golden ReferenceHasInvalidVersion)")
        << "apiVersion: t9000\nparts: []\n" << none << "unknown reference file apiVersion: 't9000'";

    // ---- fieldsToOmit validation ----
    QTest::newRow("v1 defaultOmitRef not in items (golden)")
        << v1("path: cm.yaml", "fieldsToOmit:\n  defaultOmitRef: IDontExist\n") << none
        << "fieldsToOmit's defaultOmitRef \"IDontExist\" not found in items";
    QTest::newRow("v1 defaultOmitRef checked before paths")
        << v1("path: cm.yaml", "fieldsToOmit:\n  defaultOmitRef: x\n  items:\n    a:\n      - pathToKey: 'a\"b'\n")
        << none << "fieldsToOmit's defaultOmitRef \"x\" not found in items";
    QTest::newRow("v1 pathToKey with a bare quote")
        << v1("path: cm.yaml", "fieldsToOmit:\n  items:\n    a:\n      - pathToKey: 'a\"b'\n") << none
        << "failed to parse path: parse error on line 1, column 2: bare \" in non-quoted-field";
    QTest::newRow("v1 entry without pathToKey")
        << v1("path: cm.yaml", "fieldsToOmit:\n  items:\n    a:\n      - isPrefix: true\n") << none
        << "failed to parse path: EOF";
    QTest::newRow("v1 pathToKey just a dot")
        << v1("path: cm.yaml", "fieldsToOmit:\n  items:\n    a:\n      - pathToKey: .\n") << none
        << "failed to parse path: EOF";
    QTest::newRow("v2 pathToKey with a bare quote")
        << v2("path: cm.yaml", "fieldsToOmit:\n  items:\n    a:\n      - pathToKey: 'a.b\"c'\n") << none
        << "failed to parse path: parse error on line 1, column 4: bare \" in non-quoted-field";
    QTest::newRow("v2 pathToKey with an unterminated quote")
        << v2("path: cm.yaml", "fieldsToOmit:\n  items:\n    a:\n      - pathToKey: '\"ab'\n") << none
        << "failed to parse path: parse error on line 1, column 4: extraneous or missing \" in quoted-field";
    QTest::newRow("v2 entry with neither include nor pathToKey")
        << v2("path: cm.yaml", "fieldsToOmit:\n  items:\n    a:\n      - isPrefix: true\n") << none
        << "must have either include or pathToKey";
    QTest::newRow("v2 entry with empty include and pathToKey")
        << v2("path: cm.yaml", "fieldsToOmit:\n  items:\n    a:\n      - include: \"\"\n        pathToKey: \"\"\n")
        << none << "must have either include or pathToKey";
    QTest::newRow("v2 self include") << v2("path: cm.yaml", "fieldsToOmit:\n  items:\n    a:\n      - include: a\n")
                                     << none << "circular import found a -> a";
    QTest::newRow("v2 error of an included key is reported for each key")
        << v2("path: cm.yaml",
              "fieldsToOmit:\n  items:\n    a:\n      - include: b\n    b:\n      - isPrefix: true\n")
        << none << "must have either include or pathToKey\nmust have either include or pathToKey";
    QTest::newRow("v2 fieldsToOmit errors come before component errors")
        << "apiVersion: v2\nparts:\n  - name: P\n    components:\n      - name: C\n"
           "fieldsToOmit:\n  items:\n    a:\n      - include: a\n"
        << none << "circular import found a -> a";

    // ---- v2 components ----
    QTest::newRow("v2 component without templates")
        << "apiVersion: v2\nparts:\n  - name: P\n    components:\n      - name: C\n" << none
        << "component C has no templates";
    QTest::newRow("v2 component with an empty group") << v2("path: cm.yaml").replace(
                                                             "        allOf:\n          - path: cm.yaml\n",
                                                             "        allOf: []\n")
                                                      << none << "component C has no templates";
    QTest::newRow("v2 two groups (golden ReferenceV2TooManyKeysInComponentGroup)")
        << "apiVersion: v2\nparts:\n  - name: P\n    components:\n      - name: DemonSets\n"
           "        allOf:\n          - path: cm.yaml\n        anyOf:\n          - path: cm.yaml\n"
        << none << "too many keys (allOf,anyOf) in index 0 of component DemonSets";
    QTest::newRow("v2 all six groups, in kube-compare's fixed order")
        << "apiVersion: v2\nparts:\n  - name: P\n    components:\n      - name: C\n"
           "        allOrNoneOf: [{path: cm.yaml}]\n        anyOneOf: [{path: cm.yaml}]\n"
           "        anyOf: [{path: cm.yaml}]\n        allOf: [{path: cm.yaml}]\n"
           "        noneOf: [{path: cm.yaml}]\n        oneOf: [{path: cm.yaml}]\n"
        << none << "too many keys (oneOf,noneOf,allOf,anyOf,anyOneOf,allOrNoneOf) in index 0 of component C";
    QTest::newRow("v2 component index is within its part, errors joined")
        << "apiVersion: v2\nparts:\n  - name: P\n    components:\n      - name: A\n        allOf: [{path: cm.yaml}]\n"
           "      - name: B\n        oneOf: [{path: cm.yaml}]\n        allOrNoneOf: [{path: cm.yaml}]\n"
           "  - name: Q\n    components:\n      - name: D\n"
        << none << "too many keys (oneOf,allOrNoneOf) in index 1 of component B\ncomponent D has no templates";

    // ---- templates: parsing ----
    const QString parseError = "an error occurred while parsing template: %1 specified in the config. error: %2";
    const QString functionsError =
        "an error occurred while parsing the template function files specified in the config. error: %1";
    QTest::newRow("template file missing") << v1("path: missing.yaml") << none
                                           << parseError.arg("missing.yaml",
                                                             "template: pattern matches no files: `missing.yaml`");
    QTest::newRow("template file missing in a subdirectory")
        << v1("path: sub/missing.yaml") << none
        << parseError.arg("sub/missing.yaml", "template: pattern matches no files: `sub/missing.yaml`");
    QTest::newRow("template parse error") << v1("path: t.yaml") << QVariantMap{{"t.yaml", "kind: {{ generation }}\n"}}
                                          << parseError.arg("t.yaml",
                                                            "template: t.yaml:1: function \"generation\" not defined");
    QTest::newRow("template parse error names the base name")
        << v1("path: sub/t.yaml") << QVariantMap{{"sub/t.yaml", "kind: ConfigMap\n{{ generation }}\n"}}
        << parseError.arg("sub/t.yaml", "template: t.yaml:2: function \"generation\" not defined");
    QTest::newRow("helm include is not available")
        << v1("path: t.yaml") << QVariantMap{{"t.yaml", "kind: {{ include \"x\" . }}\n"}}
        << parseError.arg("t.yaml", "template: t.yaml:1: function \"include\" not defined");
    QTest::newRow("function file missing")
        << v1("path: cm.yaml", "templateFunctionFiles:\n  - nope.tpl\n") << none
        << functionsError.arg("template: pattern matches no files: `nope.tpl`");
    QTest::newRow("function file parse error")
        << v1("path: cm.yaml", "templateFunctionFiles:\n  - funcs.tpl\n")
        << QVariantMap{{"funcs.tpl", "{{ define \"f\" }}x\n"}} << functionsError.arg("template: funcs.tpl:2: unexpected EOF");
    QTest::newRow("function file error reported for each template")
        << "parts:\n  - name: P\n    components:\n      - name: C\n        requiredTemplates:\n"
           "          - path: cm.yaml\n        optionalTemplates:\n          - path: cm2.yaml\n"
           "templateFunctionFiles:\n  - funcs.tpl\n"
        << QVariantMap{{"funcs.tpl", "{{ define \"f\" }}x\n"}, {"cm2.yaml", kCm}}
        << functionsError.arg("template: funcs.tpl:2: unexpected EOF") + "\n"
               + functionsError.arg("template: funcs.tpl:2: unexpected EOF");
    QTest::newRow("errors of several templates joined in reference order")
        << "parts:\n  - name: P\n    components:\n      - name: C\n        requiredTemplates:\n"
           "          - path: a.yaml\n          - path: cm.yaml\n        optionalTemplates:\n          - path: b.yaml\n"
        << QVariantMap{{"b.yaml", "kind: {{ generation }}\n"}}
        << parseError.arg("a.yaml", "template: pattern matches no files: `a.yaml`") + "\n"
               + parseError.arg("b.yaml", "template: b.yaml:1: function \"generation\" not defined");

    // ---- templates: the empty-data render ----
    const QString emptyData = "failed to parse template %1 with empty data: %2";
    QTest::newRow("render error")
        << v1("path: t.yaml") << QVariantMap{{"t.yaml", "kind: {{ len .spec.annotations }}\n"}}
        << emptyData.arg("t.yaml", "failed to constuct template: template: t.yaml:1:9: executing \"t.yaml\" at "
                                   "<len .spec.annotations>: error calling len: reflect: call of reflect.Value.Type on "
                                   "zero Value");
    QTest::newRow("not a map after injection")
        << v1("path: t.yaml") << QVariantMap{{"t.yaml", "- a\n- b\n"}}
        << emptyData.arg("t.yaml", "template: t.yaml isn't a yaml file after injection. yaml unmarshal error: error "
                                   "unmarshaling JSON: while decoding JSON: json: cannot unmarshal array into Go value "
                                   "of type map[string]interface {}. The Template After Execution: - a\n- b\n");
    QTest::newRow("YAML error after injection keeps the raw text")
        << v1("path: t.yaml") << QVariantMap{{"t.yaml", "key: value: {{ .x }}\n"}}
        << emptyData.arg("t.yaml", "template: t.yaml isn't a yaml file after injection. yaml unmarshal error: error "
                                   "converting YAML to JSON: yaml: mapping values are not allowed in this context. The "
                                   "Template After Execution: key: value: <no value>\n");
    QTest::newRow("template missing kind") << v1("path: t.yaml") << QVariantMap{{"t.yaml", "apiVersion: v1\n"}}
                                           << "template missing kind: t.yaml";
    QTest::newRow("empty template renders {}") << v1("path: t.yaml") << QVariantMap{{"t.yaml", ""}}
                                               << "template missing kind: t.yaml";
    QTest::newRow("kind <no value> deleted") << v1("path: t.yaml") << QVariantMap{{"t.yaml", "kind: {{ .kind }}\n"}}
                                             << "template missing kind: t.yaml";
    QTest::newRow("kind not a string") << v1("path: t.yaml") << QVariantMap{{"t.yaml", "kind: 5\n"}}
                                       << "template missing kind: t.yaml";
    QTest::newRow("kind only in a second document") << v1("path: t.yaml")
                                                    << QVariantMap{{"t.yaml", "a: 1\n---\nkind: ConfigMap\n"}}
                                                    << "template missing kind: t.yaml";

    // ---- templates: config ----
    const QString refNotFound = "fieldsToOmitRefs entry \"%1\" not found it fieldsToOmit Items";
    QTest::newRow("unknown fieldsToOmitRefs entry (golden)")
        << v1("path: cm.yaml\nconfig:\n  fieldsToOmitRefs:\n    - IDontExist") << none << refNotFound.arg("IDontExist");
    QTest::newRow("every unknown fieldsToOmitRefs entry")
        << v1("path: cm.yaml\nconfig:\n  fieldsToOmitRefs: [x, cluster-compare-built-in, z]") << none
        << refNotFound.arg("x") + "\n" + refNotFound.arg("z");
    // YAML 1.1 reads a bare y as true, and sigs.k8s.io/yaml makes it the string "true".
    QTest::newRow("fieldsToOmitRefs entry y is true")
        << v1("path: cm.yaml\nconfig:\n  fieldsToOmitRefs: [y]") << none << refNotFound.arg("true");
    QTest::newRow("v2 unknown fieldsToOmitRefs entry")
        << v2("path: cm.yaml\nconfig:\n  fieldsToOmitRefs: [nope]") << none << refNotFound.arg("nope");
    QTest::newRow("missing kind before unknown refs")
        << v1("path: t.yaml\nconfig:\n  fieldsToOmitRefs: [x]") << QVariantMap{{"t.yaml", "a: 1\n"}}
        << "template missing kind: t.yaml\n" + refNotFound.arg("x");
    QTest::newRow("render error before unknown refs")
        << v1("path: t.yaml\nconfig:\n  fieldsToOmitRefs: [x]")
        << QVariantMap{{"t.yaml", "kind: {{ len .spec.annotations }}\n"}}
        << emptyData.arg("t.yaml", "failed to constuct template: template: t.yaml:1:9: executing \"t.yaml\" at "
                                   "<len .spec.annotations>: error calling len: reflect: call of reflect.Value.Type on "
                                   "zero Value")
               + "\n" + refNotFound.arg("x");
    QTest::newRow("v2 unknown inline diff function (golden matcherNotExist)")
        << v2("path: cm.yaml\nconfig:\n  perField:\n    - pathToKey: data.x\n      inlineDiffFunc: rege") << none
        << kPerField + "InlineDiffFunc that does not exist. InlineDiffFunc: rege";
    QTest::newRow("v2 perField value not a string")
        << v2("path: t.yaml\nconfig:\n  perField:\n    - pathToKey: data.x\n      inlineDiffFunc: regex")
        << QVariantMap{{"t.yaml", "kind: ConfigMap\ndata:\n  x: 5\n"}}
        << ".data.x accessor error: 5 is of the type float64, expected string";
    QTest::newRow("v2 perField path runs into a string")
        << v2("path: t.yaml\nconfig:\n  perField:\n    - pathToKey: data.x.y\n      inlineDiffFunc: regex")
        << QVariantMap{{"t.yaml", "kind: ConfigMap\ndata:\n  x: str\n"}}
        << ".data.x.y accessor error: str is of the type string, expected map[string]any or []any";
    QTest::newRow("v2 perField index into a list that is not an integer")
        << v2("path: t.yaml\nconfig:\n  perField:\n    - pathToKey: spec.l.first\n      inlineDiffFunc: regex")
        << QVariantMap{{"t.yaml", "kind: K\nspec:\n  l: [a]\n"}}
        << ".spec.l.first accessor error: found slice but index first could not be converted into an int: "
           "strconv.Atoi: parsing \"first\": invalid syntax";
    QTest::newRow("v2 regex fails validation")
        << v2("path: t.yaml\nconfig:\n  perField:\n    - pathToKey: data.x\n      inlineDiffFunc: regex")
        << QVariantMap{{"t.yaml", "kind: ConfigMap\ndata:\n  x: a(b\n"}}
        << kPerField + "InlineDiffFunc that fails validation. InlineDiffFunc: regex. error: invalid regex passed to "
                       "inline regex diff function: error parsing regexp: missing closing ): `a(b`";
    QTest::newRow("v2 perField validated through a list index")
        << v2("path: t.yaml\nconfig:\n  perField:\n    - pathToKey: spec.l.1.v\n      inlineDiffFunc: regex")
        << QVariantMap{{"t.yaml", "kind: K\nspec:\n  l:\n    - v: ok\n    - v: a(b\n"}}
        << kPerField + "InlineDiffFunc that fails validation. InlineDiffFunc: regex. error: invalid regex passed to "
                       "inline regex diff function: error parsing regexp: missing closing ): `a(b`";
    QTest::newRow("perField error before missing kind")
        << v2("path: t.yaml\nconfig:\n  perField:\n    - pathToKey: data.x\n      inlineDiffFunc: regex")
        << QVariantMap{{"t.yaml", "data:\n  x: 5\n"}}
        << ".data.x accessor error: 5 is of the type float64, expected string\ntemplate missing kind: t.yaml";
    QTest::newRow("perField not checked when the render fails")
        << v2("path: t.yaml\nconfig:\n  perField:\n    - pathToKey: data.x\n      inlineDiffFunc: nope")
        << QVariantMap{{"t.yaml", "kind: {{ len .spec.annotations }}\n"}}
        << emptyData.arg("t.yaml", "failed to constuct template: template: t.yaml:1:9: executing \"t.yaml\" at "
                                   "<len .spec.annotations>: error calling len: reflect: call of reflect.Value.Type on "
                                   "zero Value");
}

void TestReferenceLoader::loadErrors()
{
    QFETCH(QString, metadata);
    QFETCH(QVariantMap, files);
    QFETCH(QString, error);

    const LoadResult r = loadReference(metadata, files);
    QVERIFY2(!r.ok(), "loaded without error");
    QVERIFY(!r.reference);
    QCOMPARE(str(*r.error), error);
}

// Errors whose tail depends on details the spec leaves open: only the stable part is checked.
void TestReferenceLoader::loadErrorPrefixes_data()
{
    QTest::addColumn<QString>("metadata");
    QTest::addColumn<QVariantMap>("files");
    QTest::addColumn<QString>("prefix");
    QTest::addColumn<QString>("suffix");

    // perField paths: spec b.4 gives "path: <p>. error: <e>" with the CSV error in <e>.
    QTest::newRow("v2 perField pathToKey unparseable")
        << v2("path: cm.yaml\nconfig:\n  perField:\n    - pathToKey: 'data.a\"b'\n      inlineDiffFunc: regex")
        << QVariantMap{} << kPerField + "pathToKey that is not in supoorted format. path: data.a\"b. error: "
        << "parse error on line 1, column 7: bare \" in non-quoted-field";
    // Inside a v2 group sigs.k8s.io/yaml cannot see the Go type (the groups are
    // json.Unmarshalers), so numbers are not turned into strings; the inner error is
    // reported in the component's context.
    QTest::newRow("v2 template path is a number")
        << v2("path: 5") << QVariantMap{}
        << kJson + "json: cannot unmarshal number into Go struct field ComponentV2.parts.components.allOf"
        << " of type string";
    // v2 fieldsToOmit entries embed *ManifestPathV1: its pathToKey is not converted either.
    QTest::newRow("v2 pathToKey is a number")
        << v2("path: cm.yaml", "fieldsToOmit:\n  items:\n    a:\n      - pathToKey: 5\n") << QVariantMap{}
        << kJson + "json: cannot unmarshal number into Go struct field FieldsToOmitV2Entry.fieldsToOmit.items."
        << "pathToKey of type string";
    QTest::newRow("v2 template description is a bool")
        << v2("path: cm.yaml\ndescription: yes") << QVariantMap{}
        << kJson + "json: cannot unmarshal bool into Go struct field ComponentV2.parts.components.allOf"
        << " of type string";
}

void TestReferenceLoader::loadErrorPrefixes()
{
    QFETCH(QString, metadata);
    QFETCH(QVariantMap, files);
    QFETCH(QString, prefix);
    QFETCH(QString, suffix);

    const LoadResult r = loadReference(metadata, files);
    QVERIFY2(!r.ok(), "loaded without error");
    const QString error = str(*r.error);
    QVERIFY2(error.startsWith(prefix), qPrintable(error));
    QVERIFY2(error.endsWith(suffix), qPrintable(error));
    QVERIFY2(!error.contains('\n'), qPrintable(error));
}

// A cycle is reported once per key that reaches it, joined in Go map order (random),
// so the lines are compared as a set.
void TestReferenceLoader::circularIncludes_data()
{
    QTest::addColumn<QString>("items");
    QTest::addColumn<QStringList>("lines");

    QTest::newRow("two keys") << "    a:\n      - include: b\n    b:\n      - include: a\n"
                              << QStringList{"circular import found a -> b -> a", "circular import found b -> a -> b"};
    QTest::newRow("golden metadata_circular_include")
        << "    deployment:\n      - include: deployment\n    includeMe:\n      - include: includeWithDepth\n"
           "    includeWithDepth:\n      - include: includeMe\n"
        << QStringList{"circular import found deployment -> deployment",
                       "circular import found includeMe -> includeWithDepth -> includeMe",
                       "circular import found includeWithDepth -> includeMe -> includeWithDepth"};
    QTest::newRow("cycle below a key outside it")
        << "    top:\n      - include: a\n    a:\n      - include: b\n    b:\n      - include: a\n"
        << QStringList{"circular import found a -> b -> a", "circular import found b -> a -> b",
                       "circular import found top -> a -> b -> a"};
}

void TestReferenceLoader::circularIncludes()
{
    QFETCH(QString, items);
    QFETCH(QStringList, lines);

    const LoadResult r = loadReference(v2("path: cm.yaml", "fieldsToOmit:\n  items:\n" + items));
    QVERIFY(!r.ok());
    lines.sort();
    QCOMPARE(sortedLines(str(*r.error)), lines);
}

void TestReferenceLoader::missingMetadataFile()
{
    QTemporaryDir dir;
    ref::ReferenceLoader loader;
    const LoadResult r = loader.load(dir.filePath(QStringLiteral("nope.yaml")).toStdString());
    QVERIFY(!r.ok());
    QCOMPARE(str(*r.error), QStringLiteral("Reference config file not found. error: open nope.yaml: no such file or directory"));
}

// An empty document decodes as JSON null: a v1 reference with nothing in it.
void TestReferenceLoader::emptyMetadata_data()
{
    QTest::addColumn<QString>("metadata");
    QTest::newRow("empty file") << "";
    QTest::newRow("only a comment") << "# nothing\n";
    QTest::newRow("null document") << "~\n";
    QTest::newRow("empty parts") << "parts: []\n";
    QTest::newRow("null parts and fieldsToOmit") << "parts: null\nfieldsToOmit: null\ntemplateFunctionFiles: null\n";
}

void TestReferenceLoader::emptyMetadata()
{
    QFETCH(QString, metadata);

    const LoadResult r = loadReference(metadata);
    QVERIFY2(r.ok(), r.error ? r.error->c_str() : "");
    QCOMPARE(r.reference->version, 1);
    QVERIFY(r.reference->parts.empty());
    QVERIFY(r.reference->templates.empty());
    QCOMPARE(str(r.reference->fieldsToOmit.defaultOmitRef), QStringLiteral("cluster-compare-built-in"));
}

// loadMetadata stops before the templates (kube-compare reads the diff config in
// between); loadTemplates then reports their errors.
void TestReferenceLoader::metadataOnlyThenTemplates()
{
    QTemporaryDir dir;
    writeFile(dir.filePath("metadata.yaml"), v1("path: missing.yaml"));
    ref::ReferenceLoader loader;
    LoadResult r = loader.loadMetadata(dir.filePath("metadata.yaml").toStdString());
    QVERIFY2(r.ok(), r.error ? r.error->c_str() : "");
    QCOMPARE(r.reference->templates.size(), std::size_t(1));
    QVERIFY(!r.reference->templates[0].templates);
    const auto e = loader.loadTemplates(*r.reference);
    QVERIFY(e);
    QCOMPARE(str(*e), QStringLiteral("an error occurred while parsing template: missing.yaml specified in the config. "
                                     "error: template: pattern matches no files: `missing.yaml`"));
}

void TestReferenceLoader::v1Structure()
{
    const QString metadata = R"(parts:
  - name: P1
    components:
      - name: C1
        type: Required
        requiredTemplates:
          - path: a.yaml
            description: first
          - path: b.yaml
        optionalTemplates:
          - path: c.yaml
      - name: C2
        type: Optional
        optionalTemplates:
          - path: sub/d.yaml
  - name: P2
    components:
      - name: C3
        type: required
        requiredTemplates:
          - path: e.yaml
      - name: C4
)";
    QVariantMap files;
    for (const char *f : {"a.yaml", "b.yaml", "c.yaml", "sub/d.yaml", "e.yaml"})
        files.insert(f, QStringLiteral("kind: K\nmetadata:\n  name: %1\n").arg(f));
    const LoadResult r = loadReference(metadata, files);
    QVERIFY2(r.ok(), r.error ? r.error->c_str() : "");
    const Reference &ref = *r.reference;
    QCOMPARE(ref.version, 1);
    QVERIFY(!ref.hasApiVersion);
    QCOMPARE(ref.parts.size(), std::size_t(2));
    QCOMPARE(str(ref.parts[0].name), QStringLiteral("P1"));
    QCOMPARE(str(ref.parts[1].name), QStringLiteral("P2"));
    QCOMPARE(ref.parts[0].components.size(), std::size_t(2));
    QCOMPARE(ref.parts[1].components.size(), std::size_t(2));

    const ref::Component &c1 = ref.parts[0].components[0];
    QCOMPARE(str(c1.name), QStringLiteral("C1"));
    QCOMPARE(str(c1.type), QStringLiteral("Required"));
    QCOMPARE(c1.rule, ComponentRule::V1);
    QCOMPARE(c1.requiredTemplates, (std::vector<std::size_t>{0, 1}));
    QCOMPARE(c1.optionalTemplates, (std::vector<std::size_t>{2}));
    const ref::Component &c2 = ref.parts[0].components[1];
    QCOMPARE(str(c2.type), QStringLiteral("Optional"));
    QVERIFY(c2.requiredTemplates.empty());
    QCOMPARE(c2.optionalTemplates, (std::vector<std::size_t>{3}));
    QCOMPARE(str(ref.parts[1].components[0].type), QStringLiteral("required")); // kept as written
    QVERIFY(ref.parts[1].components[1].type.empty());
    QVERIFY(ref.parts[1].components[1].requiredTemplates.empty());

    // Reference order: each component's required, then its optional templates.
    QStringList paths;
    for (const auto &t : ref.templates)
        paths << str(t.path);
    QCOMPARE(paths, (QStringList{"a.yaml", "b.yaml", "c.yaml", "sub/d.yaml", "e.yaml"}));
    const std::vector<bool> required{true, true, false, false, true};
    const std::vector<std::size_t> partIndex{0, 0, 0, 0, 1};
    const std::vector<std::size_t> componentIndex{0, 0, 0, 1, 0};
    for (std::size_t i = 0; i < ref.templates.size(); ++i) {
        const auto &t = ref.templates[i];
        QCOMPARE(t.required, required[i]);
        QCOMPARE(t.partIndex, partIndex[i]);
        QCOMPARE(t.componentIndex, componentIndex[i]);
        QVERIFY(t.templates);
        QCOMPARE(str(t.metadata.get("metadata").get("name").str()), paths[qsizetype(i)]);
    }
    QCOMPARE(str(ref.templates[3].name), QStringLiteral("d.yaml")); // path.Base
    QCOMPARE(str(ref.templates[0].description), QStringLiteral("first"));
    QCOMPARE(str(ref.templates[0].effectiveDescription), QStringLiteral("first"));
    QVERIFY(ref.templates[1].effectiveDescription.empty());
    QVERIFY(ref.templateFunctionFiles.empty());
    QCOMPARE(str(ref.fieldsToOmit.defaultOmitRef), QStringLiteral("cluster-compare-built-in"));
}

void TestReferenceLoader::v2Groups_data()
{
    QTest::addColumn<QString>("group");
    QTest::addColumn<int>("rule");

    QTest::newRow("allOf") << "allOf" << int(ComponentRule::AllOf);
    QTest::newRow("oneOf") << "oneOf" << int(ComponentRule::OneOf);
    QTest::newRow("anyOf") << "anyOf" << int(ComponentRule::AnyOf);
    QTest::newRow("noneOf") << "noneOf" << int(ComponentRule::NoneOf);
    QTest::newRow("anyOneOf") << "anyOneOf" << int(ComponentRule::AnyOneOf);
    QTest::newRow("allOrNoneOf") << "allOrNoneOf" << int(ComponentRule::AllOrNoneOf);
}

void TestReferenceLoader::v2Groups()
{
    QFETCH(QString, group);
    QFETCH(int, rule);

    const QString metadata = "apiVersion: v2\nparts:\n  - name: P\n    components:\n      - name: C\n        " + group
        + ":\n          - path: cm.yaml\n          - path: b.yaml\n";
    const LoadResult r = loadReference(metadata, {{"b.yaml", "kind: B\n"}});
    QVERIFY2(r.ok(), r.error ? r.error->c_str() : "");
    const Reference &ref = *r.reference;
    QCOMPARE(ref.version, 2);
    const ref::Component &c = ref.parts.at(0).components.at(0);
    QCOMPARE(int(c.rule), rule);
    QCOMPARE(QString(ref::componentRuleName(c.rule)), group);
    QCOMPARE(c.requiredTemplates, (std::vector<std::size_t>{0, 1}));
    QVERIFY(c.optionalTemplates.empty());
    QCOMPARE(ref.templates.size(), std::size_t(2));
    QCOMPARE(str(ref.templates[1].path), QStringLiteral("b.yaml"));
    QCOMPARE(str(ref.templates[1].metadata.get("kind").str()), QStringLiteral("B"));
}

void TestReferenceLoader::v2Structure()
{
    const QString metadata = R"(apiVersion: v2
parts:
  - name: P1
    description: part one
    components:
      - name: A
        description: comp a
        oneOf:
          - path: a1.yaml
          - path: a2.yaml
      - name: B
        noneOf:
          - path: b.yaml
            description: own
  - name: P2
    components:
      - name: C
        anyOneOf:
          - path: c.yaml
            config:
              ignore-unspecified-fields: true
templateFunctionFiles:
  - funcs.tpl
)";
    QVariantMap files{{"funcs.tpl", "{{ define \"k\" }}Kind{{ end }}"}};
    for (const char *f : {"a1.yaml", "a2.yaml", "b.yaml", "c.yaml"})
        files.insert(f, "kind: {{ template \"k\" }}\n");
    const LoadResult r = loadReference(metadata, files);
    QVERIFY2(r.ok(), r.error ? r.error->c_str() : "");
    const Reference &ref = *r.reference;
    QVERIFY(ref.hasApiVersion);
    QCOMPARE(str(ref.apiVersion), QStringLiteral("v2"));
    QCOMPARE(str(ref.parts[0].description), QStringLiteral("part one"));
    QVERIFY(ref.parts[1].description.empty());
    QCOMPARE(str(ref.parts[0].components[0].description), QStringLiteral("comp a"));
    QCOMPARE(ref.parts[0].components[0].rule, ComponentRule::OneOf);
    QCOMPARE(ref.parts[0].components[1].rule, ComponentRule::NoneOf);
    QCOMPARE(ref.parts[1].components[0].rule, ComponentRule::AnyOneOf);
    QCOMPARE(ref.parts[0].components[1].requiredTemplates, (std::vector<std::size_t>{2}));
    QCOMPARE(ref.parts[1].components[0].requiredTemplates, (std::vector<std::size_t>{3}));
    QStringList effective;
    for (const auto &t : ref.templates)
        effective << str(t.effectiveDescription);
    QCOMPARE(effective, (QStringList{"comp a", "comp a", "own", ""}));
    QCOMPARE(ref.templates[3].partIndex, std::size_t(1));
    QCOMPARE(ref.templates[3].componentIndex, std::size_t(0));
    QVERIFY(ref.templates[3].config.ignoreUnspecifiedFields);
    QVERIFY(!ref.templates[0].config.ignoreUnspecifiedFields);
    QCOMPARE(ref.templateFunctionFiles, (std::vector<std::string>{"funcs.tpl"}));
    QCOMPARE(str(ref.templates[0].metadata.get("kind").str()), QStringLiteral("Kind"));
}

// Template, then component, then part description (v2 GetDescription); v1 has only its own.
void TestReferenceLoader::descriptions_data()
{
    QTest::addColumn<QString>("part");
    QTest::addColumn<QString>("component");
    QTest::addColumn<QString>("templ");
    QTest::addColumn<QString>("expected");

    QTest::newRow("none") << "" << "" << "" << "";
    QTest::newRow("template only") << "" << "" << "t" << "t";
    QTest::newRow("component only") << "" << "c" << "" << "c";
    QTest::newRow("part only") << "p" << "" << "" << "p";
    QTest::newRow("part and component") << "p" << "c" << "" << "c";
    QTest::newRow("part and template") << "p" << "" << "t" << "t";
    QTest::newRow("component and template") << "" << "c" << "t" << "t";
    QTest::newRow("all three") << "p" << "c" << "t" << "t";
}

void TestReferenceLoader::descriptions()
{
    QFETCH(QString, part);
    QFETCH(QString, component);
    QFETCH(QString, templ);
    QFETCH(QString, expected);

    QString metadata = "apiVersion: v2\nparts:\n  - name: P\n";
    if (!part.isEmpty())
        metadata += "    description: " + part + "\n";
    metadata += "    components:\n      - name: C\n";
    if (!component.isEmpty())
        metadata += "        description: " + component + "\n";
    metadata += "        allOf:\n          - path: cm.yaml\n";
    if (!templ.isEmpty())
        metadata += "            description: " + templ + "\n";
    const LoadResult r = loadReference(metadata);
    QVERIFY2(r.ok(), r.error ? r.error->c_str() : "");
    const auto &t = r.reference->templates.at(0);
    QCOMPARE(str(t.description), templ);
    QCOMPARE(str(t.effectiveDescription), expected);
}

// encoding/json matches keys exactly, else case-insensitively (spec b.1); the goldens
// use `Parts:`/`Components:` and `pathTokey`.
void TestReferenceLoader::caseInsensitiveKeys_data()
{
    QTest::addColumn<QString>("metadata");
    QTest::addColumn<QString>("check"); // what to look at
    QTest::addColumn<QString>("expected");

    QTest::newRow("Parts/Components/NAME")
        << "Parts:\n  - NAME: P\n    Components:\n      - Name: C\n        TYPE: Required\n"
           "        RequiredTemplates:\n          - PATH: cm.yaml\n            Description: d\n"
        << "summary" << "P/C/Required/cm.yaml/d";
    QTest::newRow("v2 AllOf and Description")
        << "apiVersion: v2\nParts:\n  - Name: P\n    DESCRIPTION: pd\n    components:\n      - name: C\n"
           "        AllOf:\n          - Path: cm.yaml\n"
        << "summary" << "P/C/allOf/cm.yaml/pd";
    QTest::newRow("v1 pathTokey and IsPrefix")
        << v1("path: cm.yaml\nConfig:\n  FieldsToOmitRefs: [a]",
              "FieldsToOmit:\n  Items:\n    a:\n      - pathTokey: metadata.x\n        IsPrefix: true\n")
        << "omit" << "metadata.x|prefix|metadata/x";
    QTest::newRow("v2 pathTokey, Include and DefaultOmitRef")
        << v2("path: cm.yaml",
              "fieldsToOmit:\n  DefaultOmitRef: a\n  items:\n    a:\n      - PATHTOKEY: spec.y\n      - INCLUDE: b\n"
              "    b:\n      - pathtokey: z\n")
        << "omit" << "spec.y||spec/y;z||z";
    QTest::newRow("config keys") << v1("path: cm.yaml\nCONFIG:\n  Ignore-Unspecified-Fields: true") << "merge"
                                 << "true";
    QTest::newRow("v2 PerField and InlineDiffFunc")
        << v2("path: cm.yaml\nconfig:\n  PerField:\n    - PathToKey: metadata.name\n      InlineDiffFunc: regex")
        << "perField" << "metadata.name=regex";
    QTest::newRow("later of two keys folding to the same field wins")
        << "Parts:\n  - name: Upper\n    components: []\nparts:\n  - name: lower\n    components: []\n" << "parts"
        << "lower";
    QTest::newRow("templateFunctionFiles") << v1("path: cm.yaml", "TemplateFunctionFILES: []\n") << "parts" << "P";
    // The version check reads the generic map with the exact key, so a differently
    // cased apiVersion means v1; the v1 struct then takes it case-insensitively.
    QTest::newRow("APIVersion: v2 is read as v1") << "APIVersion: v2\nparts:\n  - name: P\n    components: []\n"
                                                  << "version" << "1/v2";
}

void TestReferenceLoader::caseInsensitiveKeys()
{
    QFETCH(QString, metadata);
    QFETCH(QString, check);
    QFETCH(QString, expected);

    const LoadResult r = loadReference(metadata);
    QVERIFY2(r.ok(), r.error ? r.error->c_str() : "");
    const Reference &ref = *r.reference;
    QString actual;
    if (check == "summary") {
        const auto &p = ref.parts.at(0);
        const auto &c = p.components.at(0);
        const auto &t = ref.templates.at(0);
        const QString kind = ref.version == 1 ? str(c.type) : QString(ref::componentRuleName(c.rule));
        actual = QStringList{str(p.name), str(c.name), kind, str(t.path), str(t.effectiveDescription)}.join('/');
    } else if (check == "omit") {
        actual = describe(ref.templates.at(0).omitFields).join(';');
    } else if (check == "merge") {
        actual = ref.templates.at(0).config.ignoreUnspecifiedFields ? "true" : "false";
    } else if (check == "perField") {
        const auto &pf = ref.templates.at(0).config.perField.at(0);
        actual = str(pf.pathToKey) + "=" + str(pf.inlineDiffFunc);
    } else if (check == "parts") {
        actual = str(ref.parts.at(0).name);
    } else if (check == "version") {
        actual = QString::number(ref.version) + "/" + str(ref.apiVersion);
    }
    QCOMPARE(actual, expected);
}

// sigs.k8s.io/yaml turns YAML numbers and booleans into strings where the Go field is a string.
void TestReferenceLoader::scalarsIntoStrings_data()
{
    QTest::addColumn<QString>("metadata");
    QTest::addColumn<QString>("expected"); // part/component/type/template description

    QTest::newRow("v1 numbers") << "parts:\n  - name: 5\n    components:\n      - name: 7\n        type: 1\n"
                                   "        requiredTemplates:\n          - path: cm.yaml\n            description: 42\n"
                                << "5/7/1/42";
    QTest::newRow("v1 booleans") << "parts:\n  - name: yes\n    components:\n      - name: false\n        type: on\n"
                                    "        requiredTemplates:\n          - path: cm.yaml\n            description: no\n"
                                 << "true/false/true/false";
    QTest::newRow("v2 part and component") << "apiVersion: v2\nparts:\n  - name: 5\n    description: true\n"
                                              "    components:\n      - name: off\n        description: 3\n"
                                              "        allOf:\n          - path: cm.yaml\n"
                                           << "5/false/true/3";
}

void TestReferenceLoader::scalarsIntoStrings()
{
    QFETCH(QString, metadata);
    QFETCH(QString, expected);

    const LoadResult r = loadReference(metadata);
    QVERIFY2(r.ok(), r.error ? r.error->c_str() : "");
    const Reference &ref = *r.reference;
    const auto &c = ref.parts.at(0).components.at(0);
    const QString third = ref.version == 1 ? str(c.type) : str(ref.parts.at(0).description);
    QCOMPARE(QStringList({str(ref.parts.at(0).name), str(c.name), third,
                          str(ref.templates.at(0).effectiveDescription)})
                 .join('/'),
             expected);
}

// The v2 groups decode their templates with a plain json.Unmarshal: unknown keys are
// ignored there (and only there).
void TestReferenceLoader::v2GroupContentsAreNotStrict()
{
    const LoadResult r = loadReference(
        v2("path: cm.yaml\ndescripton: typo\nconfig:\n  bogus: 1\n  perField:\n    - pathToKey: data.x\n"
           "      inlineDiffFunc: regex\n      extra: 2"));
    QVERIFY2(r.ok(), r.error ? r.error->c_str() : "");
    const auto &t = r.reference->templates.at(0);
    QVERIFY(t.description.empty());
    QCOMPARE(t.config.perField.size(), std::size_t(1));
    QCOMPARE(str(t.config.perField[0].inlineDiffFunc), QStringLiteral("regex"));
}

void TestReferenceLoader::apiVersion_data()
{
    QTest::addColumn<QString>("line"); // the apiVersion line, or "" for none
    QTest::addColumn<int>("version");
    QTest::addColumn<QString>("error");

    QTest::newRow("absent means v1") << "" << 1 << "";
    QTest::newRow("v1") << "apiVersion: v1" << 1 << "";
    QTest::newRow("V1") << "apiVersion: V1" << 1 << "";
    QTest::newRow("v2") << "apiVersion: v2" << 2 << "";
    QTest::newRow("V2") << "apiVersion: V2" << 2 << "";
    QTest::newRow("spaces trimmed") << "apiVersion: \"  v2 \"" << 2 << "";
    QTest::newRow("tab and newline trimmed") << "apiVersion: \"\\tv1\\n\"" << 1 << "";
    QTest::newRow("golden t9000") << "apiVersion: t9000" << 0 << "unknown reference file apiVersion: 't9000'";
    QTest::newRow("message shows the trimmed value") << "apiVersion: \" v3 \"" << 0
                                                     << "unknown reference file apiVersion: 'v3'";
    QTest::newRow("number") << "apiVersion: 2" << 0 << "unknown reference file apiVersion: '2'";
    QTest::newRow("float") << "apiVersion: 1.5" << 0 << "unknown reference file apiVersion: '1.5'";
    QTest::newRow("bool") << "apiVersion: true" << 0 << "unknown reference file apiVersion: 'true'";
    QTest::newRow("empty string") << "apiVersion: \"\"" << 0 << "unknown reference file apiVersion: ''";
    QTest::newRow("null") << "apiVersion: ~" << 0 << "unknown reference file apiVersion: '<nil>'";
    QTest::newRow("list") << "apiVersion: [v1]" << 0 << "unknown reference file apiVersion: '[v1]'";
    QTest::newRow("map") << "apiVersion: {a: b}" << 0 << "unknown reference file apiVersion: 'map[a:b]'";
}

void TestReferenceLoader::apiVersion()
{
    QFETCH(QString, line);
    QFETCH(int, version);
    QFETCH(QString, error);

    const QString body = version == 2 ? v2().section('\n', 1) : v1();
    const LoadResult r = loadReference(line.isEmpty() ? body : line + "\n" + body);
    if (!error.isEmpty()) {
        QVERIFY(!r.ok());
        QCOMPARE(str(*r.error), error);
        return;
    }
    QVERIFY2(r.ok(), r.error ? r.error->c_str() : "");
    QCOMPARE(r.reference->version, version);
    QCOMPARE(r.reference->hasApiVersion, !line.isEmpty());
}

void TestReferenceLoader::builtInOmitList()
{
    QStringList paths;
    for (const auto &p : ref::builtInOmitPaths())
        paths << str(p);
    QStringList expected;
    for (const QString &d : builtInDescriptions())
        expected << d.section('|', 0, 0);
    QCOMPARE(paths, expected);
    QCOMPARE(QString(ref::kBuiltInOmitRef), QStringLiteral("cluster-compare-built-in"));
}

// The effective omission list of the first template (spec e.13).
void TestReferenceLoader::fieldsToOmit_data()
{
    QTest::addColumn<QString>("metadata");
    QTest::addColumn<QStringList>("expected");

    const QStringList builtIns = builtInDescriptions();
    QTest::newRow("v1 default is the built-in list") << v1() << builtIns;
    QTest::newRow("v2 default is the built-in list") << v2() << builtIns;
    QTest::newRow("v1 custom defaultOmitRef drops the built-ins")
        << v1("path: cm.yaml", "fieldsToOmit:\n  defaultOmitRef: mine\n  items:\n    mine:\n      - pathToKey: spec.x\n")
        << QStringList{"spec.x||spec/x"};
    QTest::newRow("v1 refs replace the default")
        << v1("path: cm.yaml\nconfig:\n  fieldsToOmitRefs: [b, a]",
              "fieldsToOmit:\n  items:\n    a:\n      - pathToKey: a1\n    b:\n      - pathToKey: b1\n"
              "        isPrefix: true\n      - pathToKey: b2\n")
        << QStringList{"b1|prefix|b1", "b2||b2", "a1||a1"};
    QTest::newRow("v1 refs can name the built-ins")
        << v1("path: cm.yaml\nconfig:\n  fieldsToOmitRefs: [a, cluster-compare-built-in]",
              "fieldsToOmit:\n  defaultOmitRef: a\n  items:\n    a:\n      - pathToKey: '\"x.y\".z'\n")
        << QStringList{"\"x.y\".z||x.y/z"} + builtIns;
    QTest::newRow("empty refs list uses the default")
        << v1("path: cm.yaml\nconfig:\n  fieldsToOmitRefs: []",
              "fieldsToOmit:\n  defaultOmitRef: a\n  items:\n    a:\n      - pathToKey: a1\n")
        << QStringList{"a1||a1"};
    QTest::newRow("leading dot and quoted segments")
        << v1("path: cm.yaml",
              "fieldsToOmit:\n  defaultOmitRef: a\n  items:\n    a:\n      - pathToKey: .metadata.annotations.\"a.b/c\"\n"
              "      - pathToKey: '\"spec\".\"selector\"'\n")
        << QStringList{".metadata.annotations.\"a.b/c\"||metadata/annotations/a.b/c",
                       "\"spec\".\"selector\"||spec/selector"};
    QTest::newRow("v2 include")
        << v2("path: cm.yaml",
              "fieldsToOmit:\n  defaultOmitRef: a\n  items:\n    a:\n      - pathToKey: x\n      - include: b\n"
              "      - pathToKey: z\n    b:\n      - pathToKey: b1\n        isPrefix: true\n")
        << QStringList{"x||x", "b1|prefix|b1", "z||z"};
    QTest::newRow("v2 nested includes")
        << v2("path: cm.yaml",
              "fieldsToOmit:\n  defaultOmitRef: a\n  items:\n    a:\n      - include: b\n    b:\n      - include: c\n"
              "      - pathToKey: b1\n    c:\n      - pathToKey: c1\n")
        << QStringList{"c1||c1", "b1||b1"};
    QTest::newRow("v2 entry with pathToKey and include")
        << v2("path: cm.yaml",
              "fieldsToOmit:\n  defaultOmitRef: a\n  items:\n    a:\n      - pathToKey: x\n        include: b\n"
              "    b:\n      - pathToKey: b1\n")
        << QStringList{"x||x", "b1||b1"};
    QTest::newRow("v2 include of the built-ins")
        << v2("path: cm.yaml",
              "fieldsToOmit:\n  defaultOmitRef: a\n  items:\n    a:\n      - pathToKey: x\n"
              "      - include: cluster-compare-built-in\n")
        << QStringList{"x||x"} + builtIns;
    QTest::newRow("v2 unknown include contributes nothing")
        << v2("path: cm.yaml",
              "fieldsToOmit:\n  defaultOmitRef: a\n  items:\n    a:\n      - include: nope\n      - pathToKey: x\n")
        << QStringList{"x||x"};
    QTest::newRow("v2 unknown defaultOmitRef omits nothing")
        << v2("path: cm.yaml", "fieldsToOmit:\n  defaultOmitRef: nope\n") << QStringList{};
    QTest::newRow("v2 refs replace the default")
        << v2("path: cm.yaml\nconfig:\n  fieldsToOmitRefs: [b]",
              "fieldsToOmit:\n  items:\n    b:\n      - include: c\n    c:\n      - pathToKey: c1\n")
        << QStringList{"c1||c1"};
    QTest::newRow("user key cluster-compare-built-in is overwritten")
        << v1("path: cm.yaml",
              "fieldsToOmit:\n  items:\n    cluster-compare-built-in:\n      - pathToKey: mine\n")
        << builtIns;
}

void TestReferenceLoader::fieldsToOmit()
{
    QFETCH(QString, metadata);
    QFETCH(QStringList, expected);

    const LoadResult r = loadReference(metadata);
    QVERIFY2(r.ok(), r.error ? r.error->c_str() : "");
    QCOMPARE(describe(r.reference->templates.at(0).omitFields), expected);
}

void TestReferenceLoader::builtInKeyOverwrittenWarning()
{
    CollectLog log;
    const LoadResult r = loadReference(
        v2("path: cm.yaml", "fieldsToOmit:\n  items:\n    cluster-compare-built-in:\n      - pathToKey: mine\n"), {},
        log);
    QVERIFY2(r.ok(), r.error ? r.error->c_str() : "");
    QCOMPARE(log.warnings, QStringList{"fieldsToOmit.Map contains the key \"cluster-compare-built-in\", this will be "
                                       "overwritten with default values"});
    QCOMPARE(describe(r.reference->fieldsToOmit.expanded.at(ref::kBuiltInOmitRef)), builtInDescriptions());

    CollectLog quiet;
    QVERIFY(loadReference(v2(), {}, quiet).ok());
    QVERIFY(quiet.warnings.isEmpty());
}

void TestReferenceLoader::templateConfig()
{
    const LoadResult r = loadReference(
        v2("path: t.yaml\nconfig:\n  ignore-unspecified-fields: true\n  fieldsToOmitRefs: [a]\n  perField:\n"
           "    - pathToKey: spec.\"a.b\".0.c\n      inlineDiffFunc: capturegroups\n"
           "    - pathToKey: data.r\n      inlineDiffFunc: regex",
           "fieldsToOmit:\n  items:\n    a:\n      - pathToKey: x\n"),
        {{"t.yaml", "kind: K\ndata:\n  r: a.*\nspec:\n  a.b:\n    - c: (?<n>x)\n"}});
    QVERIFY2(r.ok(), r.error ? r.error->c_str() : "");
    const ref::TemplateConfig &c = r.reference->templates.at(0).config;
    QVERIFY(c.ignoreUnspecifiedFields);
    QCOMPARE(c.fieldsToOmitRefs, (std::vector<std::string>{"a"}));
    QCOMPARE(c.perField.size(), std::size_t(2));
    QCOMPARE(str(c.perField[0].pathToKey), QStringLiteral("spec.\"a.b\".0.c"));
    QCOMPARE(str(c.perField[0].inlineDiffFunc), QStringLiteral("capturegroups"));
    QCOMPARE(c.perField[0].path.segments, (std::vector<std::string>{"spec", "a.b", "0", "c"}));
    QCOMPARE(c.perField[1].path.segments, (std::vector<std::string>{"data", "r"}));
}

// A perField path absent from the empty-data render is validated at compare time.
void TestReferenceLoader::perFieldDeferredWhenAbsent_data()
{
    QTest::addColumn<QString>("pathToKey");
    QTest::addColumn<QString>("templ");

    QTest::newRow("inside a range") << "spec.items.0.v"
                                    << "kind: K\nspec:\n  items:\n  {{- range .spec.items }}\n    - v: a(b\n  {{- end }}\n";
    QTest::newRow("missing key") << "data.nope" << "kind: K\ndata:\n  x: a(b\n";
    QTest::newRow("index past the end") << "spec.l.3" << "kind: K\nspec:\n  l: [a]\n";
    QTest::newRow("through null") << "spec.x.y" << "kind: K\nspec:\n  x: {{ .nothing }}\n";
}

void TestReferenceLoader::perFieldDeferredWhenAbsent()
{
    QFETCH(QString, pathToKey);
    QFETCH(QString, templ);

    const LoadResult r = loadReference(
        v2("path: t.yaml\nconfig:\n  perField:\n    - pathToKey: " + pathToKey + "\n      inlineDiffFunc: regex"),
        {{"t.yaml", templ}});
    QVERIFY2(r.ok(), r.error ? r.error->c_str() : "");
}

void TestReferenceLoader::templateFunctionFiles_data()
{
    QTest::addColumn<QString>("functionFiles"); // YAML list
    QTest::addColumn<QVariantMap>("files");
    QTest::addColumn<QString>("kind");

    QTest::newRow("one file") << "[funcs.tpl]" << QVariantMap{{"funcs.tpl", "{{ define \"k\" }}FromFile{{ end }}"}}
                              << "FromFile";
    QTest::newRow("subdirectory") << "[lib/funcs.tpl]"
                                  << QVariantMap{{"lib/funcs.tpl", "{{ define \"k\" }}Sub{{ end }}"}} << "Sub";
    QTest::newRow("glob pattern") << "[\"lib/*.tpl\"]"
                                  << QVariantMap{{"lib/a.tpl", "{{ define \"k\" }}A{{ end }}"},
                                                 {"lib/b.tpl", "{{ define \"k2\" }}B{{ end }}"}}
                                  << "AB";
    QTest::newRow("later file redefines") << "[a.tpl, b.tpl]"
                                          << QVariantMap{{"a.tpl", "{{ define \"k\" }}A{{ end }}"},
                                                         {"b.tpl", "{{ define \"k\" }}B{{ end }}"}}
                                          << "B";
}

void TestReferenceLoader::templateFunctionFiles()
{
    QFETCH(QString, functionFiles);
    QFETCH(QVariantMap, files);
    QFETCH(QString, kind);

    const bool two = functionFiles.contains('*');
    files.insert("t.yaml", two ? "kind: {{ template \"k\" }}{{ template \"k2\" }}\n" : "kind: {{ template \"k\" }}\n");
    const LoadResult r = loadReference(v1("path: t.yaml", "templateFunctionFiles: " + functionFiles + "\n"), files);
    QVERIFY2(r.ok(), r.error ? r.error->c_str() : "");
    QCOMPARE(str(r.reference->templates.at(0).metadata.get("kind").str()), kind);
}

// The "metadata" of a template: its render with empty data, post-processed (spec c).
void TestReferenceLoader::templateMetadata_data()
{
    QTest::addColumn<QString>("templ");
    QTest::addColumn<QString>("expected"); // JSON

    QTest::newRow("plain") << kCm << R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cm"}})";
    QTest::newRow("<no value> deleted")
        << "kind: K\nmetadata:\n  name: {{ .metadata.name }}\n  namespace: a{{ .x }}b\n"
        << R"({"kind":"K","metadata":{"name":null,"namespace":"ab"}})";
    QTest::newRow("numbers are float64, YAML 1.1 booleans")
        << "kind: K\nspec:\n  num: 3\n  f: 1.5\n  b: yes\n  s: \"yes\"\n"
        << R"({"kind":"K","spec":{"b":true,"f":1.5,"num":3,"s":"yes"}})";
    QTest::newRow("boolean-looking keys become \"true\"/\"false\", integer keys strings")
        << "kind: K\nspec:\n  n: 1\n  on: 2\n  7: 3\n" << R"({"kind":"K","spec":{"7":3,"false":1,"true":2}})";
    QTest::newRow("first document only") << "kind: A\n---\nkind: B\n" << R"({"kind":"A"})";
    QTest::newRow("duplicate keys: last wins") << "kind: A\nkind: B\n" << R"({"kind":"B"})";
    QTest::newRow("same-file define") << "{{ define \"n\" }}from-define{{ end }}kind: K\nname: {{ template \"n\" }}\n"
                                      << R"({"kind":"K","name":"from-define"})";
    QTest::newRow("lookupCRs is empty while pre-rendering")
        << "kind: K\ncount: {{ len (lookupCRs \"v1\" \"ConfigMap\" \"\" \"\") }}\n" << R"({"count":0,"kind":"K"})";
}

void TestReferenceLoader::templateMetadata()
{
    QFETCH(QString, templ);
    QFETCH(QString, expected);

    const LoadResult r = loadReference(v1("path: t.yaml"), {{"t.yaml", templ}});
    QVERIFY2(r.ok(), r.error ? r.error->c_str() : "");
    QCOMPARE(dump(r.reference->templates.at(0).metadata), canonicalJson(expected));
}

void TestReferenceLoader::preRenderIsLogged()
{
    CollectLog log;
    const LoadResult r = loadReference(v1("path: cm.yaml"), {}, log);
    QVERIFY2(r.ok(), r.error ? r.error->c_str() : "");
    QVERIFY2(log.infos.contains("Pre-processing template cm.yaml with empty data"), qPrintable(log.infos.join('\n')));
}

// Every reference of the golden cases: the ones whose golden output is a load error
// must fail with exactly that text, all the others must load.
void TestReferenceLoader::conformanceReferences_data()
{
    QTest::addColumn<QString>("metadataPath");
    QTest::addColumn<QString>("error");
    QTest::addColumn<QStringList>("errorLines"); // compared as a set (Go map order)

    const QMap<QString, QString> errors{
        {"CustomFieldsToOmitDefaultKeyNotFound/reference/metadata.yaml", "localerr.golden"},
        {"CustomFieldsToOmitRefEntryNotFound/reference/metadata.yaml", "localerr.golden"},
        {"ReferenceConfigFileIsntValidYAML/reference/metadata.yaml", "localerr.golden"},
        {"ReferenceContainsFunctionTemplatesThatDontParse/reference/metadata.yaml", "localerr.golden"},
        {"ReferenceContainsTemplatesThatDontExist/reference/metadata.yaml", "localerr.golden"},
        {"ReferenceContainsTemplatesThatDontParse/reference/metadata.yaml", "localerr.golden"},
        {"ReferenceHasInvalidVersion/reference/metadata.yaml", "localerr.golden"},
        {"ReferenceV2TooManyKeysInComponentGroup/reference/metadata.yaml", "localerr.golden"},
        {"TemplateHasNoKind/reference/metadata.yaml", "liveerr.golden"},
        {"TemplateIsntYAMLAfterExecutionWithEmptyMap/reference/metadata.yaml", "localerr.golden"},
        {"ReferenceV2InlineCapturegroups/reference/metadata-invalid-capturegroups.yaml",
         "localinvalidCapturegroupserr.golden"},
        {"ReferenceV2InlineRegex/reference/metadata-invalid-regex.yaml", "localinvalidRegexerr.golden"},
        {"ReferenceV2PerFieldMatcherValidation/reference/metadata-does-not-exist.yaml",
         "localmatcherNotExisterr.golden"},
    };
    // No golden: run-cases.sh skips this variant because kube-compare's golden relies on
    // CRs leaked from a previous Go subtest; standalone it fails with "error calling
    // index: index of nil pointer" (lookupCR is nil while pre-rendering).
    const QString lookupCR = "LookupCRs/reference/metadata-lookupCR.yaml";
    const QString lookupCRError =
        "failed to parse template cm-lookupCR.yaml with empty data: failed to constuct template: template: "
        "cm-lookupCR.yaml:9:16: executing \"cm-lookupCR.yaml\" at <index (lookupCR \"apps/v1\" \"Deployment\" "
        "\"kubernetes-dashboard\" \"kubernetes-dashboard\") \"metadata\" \"name\">: error calling index: index of nil "
        "pointer";
    const QString circular = "ReferenceV2DiffinCustomOmittedFieldsIsntShown/reference/metadata_circular_include.yaml";
    const QDir cases(test::dataPath(QStringLiteral("shared/conformance/cases")));
    for (const QString &caseName : cases.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        const QDir reference(cases.filePath(caseName + "/reference"));
        for (const QString &file : reference.entryList({"metadata*.yaml"}, QDir::Files, QDir::Name)) {
            const QString relative = caseName + "/reference/" + file;
            QString error;
            QStringList lines;
            if (errors.contains(relative))
                error = goldenError(caseName, errors.value(relative));
            if (relative == lookupCR)
                error = lookupCRError;
            if (relative == circular)
                lines = QStringList{"circular import found deployment -> deployment",
                                    "circular import found includeMe -> includeWithDepth -> includeMe",
                                    "circular import found includeWithDepth -> includeMe -> includeWithDepth"};
            QTest::newRow(qPrintable(relative)) << reference.filePath(file) << error << lines;
        }
    }
}

void TestReferenceLoader::conformanceReferences()
{
    QFETCH(QString, metadataPath);
    QFETCH(QString, error);
    QFETCH(QStringList, errorLines);

    ref::ReferenceLoader loader;
    loader.setInlineDiffValidator(compare::inlineDiffValidator());
    const LoadResult r = loader.load(metadataPath.toStdString());
    if (!errorLines.isEmpty()) {
        QVERIFY(!r.ok());
        errorLines.sort();
        QCOMPARE(sortedLines(str(*r.error)), errorLines);
    } else if (!error.isEmpty()) {
        QVERIFY(!r.ok());
        QCOMPARE(str(*r.error), error);
    } else {
        QVERIFY2(r.ok(), r.error ? r.error->c_str() : "");
        QVERIFY(!r.reference->templates.empty() || r.reference->parts.empty());
    }
}

QTEST_GUILESS_MAIN(TestReferenceLoader)
#include "tst_referenceloader.moc"
