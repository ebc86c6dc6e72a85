// SPDX-License-Identifier: Apache-2.0
// SchemaValidator against openAPIV3Schema fragments: a table of schema,
// object and the findings (path and rule) the API server's rules give.
#include "TestData.h"
#include "schema/CrdCatalog.h"
#include "schema/OpenApiDocument.h"
#include "schema/OpenApiSchema.h"
#include "json/JsonReader.h"
#include "schema/SchemaValidator.h"
#include "yaml/YamlReader.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace ds;

namespace {

Value yamlValue(const QString &text)
{
    const yaml::ReadResult r = yaml::read(text.toStdString());
    if (!r.ok() || r.documents.empty())
        qFatal("bad test YAML: %s", qPrintable(text));
    return r.documents.front();
}

} // namespace

class tst_SchemaValidator : public QObject
{
    Q_OBJECT

private slots:
    void findings_data();
    void findings();
    void badSchemas_data();
    void badSchemas();
    void mustGatherCrds_data();
    void mustGatherCrds();
    void openApiDocuments();
};

// The API server's OpenAPI documents: kinds found by their
// x-kubernetes-group-version-kind, $refs resolved (a cycle ends open), v2's
// int-or-string format taking either.
void tst_SchemaValidator::openApiDocuments()
{
    QFile file(test::dataPath(QStringLiteral("lint/openapi/api__v1_openapi.json")));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const yaml::ReadResult read = json::read(file.readAll().toStdString());
    QVERIFY(read.ok());
    QVERIFY(schema::OpenApiDocument::isOpenApi(read.documents.front()));
    std::string error;
    const auto kinds = schema::OpenApiDocument::kinds(read.documents.front(), error);
    QVERIFY2(error.empty(), error.c_str());
    QStringList names;
    for (const auto &k : kinds)
        names << QString::fromStdString(k.apiVersion + " " + k.kind);
    names.sort();
    QCOMPARE(names, (QStringList{"test.driftscope.io/v1 SelfReferring", "v1 ConfigMap", "v1 Namespace"})); // no lists
    schema::ValidationOptions options;
    options.valuesMayBeUnknown = false;
    schema::SchemaValidator validator(options);
    for (const auto &k : kinds) {
        QVERIFY(k.schema);
        if (k.kind == "ConfigMap") {
            const auto findings = validator.validate(
                yamlValue(QStringLiteral("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n  labelz: {}\ndata:\n  a: b\n")),
                *k.schema);
            QCOMPARE(findings.size(), std::size_t(1));
            QCOMPARE(QString::fromStdString(findings.front().path), QStringLiteral("metadata.labelz"));
        }
        if (k.kind == "SelfReferring") // the cycle is open after one turn, never endless
            QVERIFY(validator.validate(yamlValue(QStringLiteral("properties:\n  a:\n    properties:\n      b:\n        items: {}\n")),
                                       *k.schema).empty());
    }
    const Value swagger = yamlValue(QStringLiteral(
        "swagger: '2.0'\ndefinitions:\n  io.k8s.api.core.v1.Service:\n    type: object\n    properties:\n"
        "      spec:\n        properties:\n          targetPort:\n            $ref: '#/definitions/io.k8s.apimachinery.pkg.util.intstr.IntOrString'\n"
        "    x-kubernetes-group-version-kind:\n    - {group: '', version: v1, kind: Service}\n"
        "  io.k8s.apimachinery.pkg.util.intstr.IntOrString:\n    type: string\n    format: int-or-string\n"));
    const auto v2 = schema::OpenApiDocument::kinds(swagger, error);
    QCOMPARE(v2.size(), std::size_t(1));
    QVERIFY(validator.validate(yamlValue(QStringLiteral("spec:\n  targetPort: 8080\n")), *v2.front().schema).empty());
    QVERIFY(validator.validate(yamlValue(QStringLiteral("spec:\n  targetPort: http\n")), *v2.front().schema).empty());
    QCOMPARE(validator.validate(yamlValue(QStringLiteral("spec:\n  targetPort: [1]\n")), *v2.front().schema).size(),
             std::size_t(1));
}

// Cluster data's CRDs: only a must-gather's customresourcedefinitions folder
// is read, where must-gathers (and archives of them) keep it; a CRD anywhere
// else in cluster data is a CR like the others and is not read again.
void tst_SchemaValidator::mustGatherCrds_data()
{
    QTest::addColumn<QString>("folder"); // where the CRD file goes, under the root
    QTest::addColumn<bool>("found");
    const QString tail = QStringLiteral("cluster-scoped-resources/apiextensions.k8s.io/customresourcedefinitions");
    QTest::newRow("root") << tail << true;
    QTest::newRow("image folder") << QStringLiteral("quay-io-openshift-must-gather-sha256/") + tail << true;
    QTest::newRow("archive's top folder") << QStringLiteral("must-gather.local.1/quay-io-image/") + tail << true;
    QTest::newRow("too deep") << QStringLiteral("a/b/c/") + tail << false;
    QTest::newRow("loose CRD file") << QStringLiteral("namespaces/default") << false;
}

void tst_SchemaValidator::mustGatherCrds()
{
    QFETCH(QString, folder);
    QFETCH(bool, found);
    QTemporaryDir root;
    const QString crd = test::dataPath(QStringLiteral("shared/bench/crds/bfdprofiles.metallb.io.yaml"));
    QFile source(crd);
    QVERIFY(source.open(QIODevice::ReadOnly));
    test::writeFile(root.filePath(folder + QStringLiteral("/bfdprofiles.yaml")), source.readAll());
    schema::CrdCatalog catalog;
    QVERIFY(catalog.addMustGatherCrds(root.path().toStdString()).empty());
    QCOMPARE(catalog.find("metallb.io/v1beta1", "BFDProfile") != nullptr, found);
    // addPath (lint --crds) reads a folder without the must-gather layout whole.
    schema::CrdCatalog everything;
    (void)everything.addPath(root.path().toStdString());
    QVERIFY(everything.find("metallb.io/v1beta1", "BFDProfile") != nullptr);
}

void tst_SchemaValidator::findings_data()
{
    QTest::addColumn<QString>("schema");
    QTest::addColumn<QString>("object");
    QTest::addColumn<bool>("checkRequired");
    QTest::addColumn<QStringList>("expected"); // "path rule"
    const QString spec = QStringLiteral(
        "type: object\nrequired: [spec]\nproperties:\n  spec:\n    type: object\n    required: [mode]\n    properties:\n"
        "      replicas: {type: integer, minimum: 1, maximum: 5}\n"
        "      ratio: {type: number}\n"
        "      mode: {type: string, enum: [Active, Passive]}\n"
        "      name: {type: string, pattern: '^[a-z]+$', maxLength: 8}\n"
        "      port: {x-kubernetes-int-or-string: true}\n"
        "      enabled: {type: boolean}\n"
        "      labels: {type: object, additionalProperties: {type: string}}\n"
        "      free: {type: object, x-kubernetes-preserve-unknown-fields: true}\n"
        "      closed: {type: object}\n"
        "      lookahead: {type: string, pattern: '^(?!x)'}\n"
        "      template: {type: object, x-kubernetes-embedded-resource: true, properties: {spec: {type: object}}}\n"
        "      profiles:\n        type: array\n        maxItems: 2\n        items:\n          type: object\n"
        "          properties:\n            name: {type: string}\n            interfaces:\n              type: array\n"
        "              items: {type: object, properties: {mtu: {type: integer}}}\n");
    const auto row = [&](const char *name, const char *object, QStringList expected, bool required = false) {
        QTest::newRow(name) << spec << QString::fromUtf8(object) << required << expected;
    };
    row("clean", "apiVersion: x/v1\nkind: K\nmetadata: {name: a, labels: {a: b}}\nspec: {replicas: 3, mode: Active}", {});
    row("unknown field", "spec: {replicas: 3, replcas: 2}", {"spec.replcas schema/unknown-field"});
    row("unknown top-level field", "sepc: {}", {"sepc schema/unknown-field"});
    row("unknown metadata field", "metadata: {name: a, lables: {}}", {"metadata.lables schema/unknown-field"});
    row("integer written as float is an integer", "spec: {replicas: 3.0}", {});
    row("not an integer", "spec: {replicas: 2.5}", {"spec.replicas schema/type"});
    row("string for integer", "spec: {replicas: three}", {"spec.replicas schema/type"});
    row("integer is a number", "spec: {ratio: 2}", {});
    row("bounds", "spec: {replicas: 9}", {"spec.replicas schema/maximum"});
    row("below minimum", "spec: {replicas: 0}", {"spec.replicas schema/minimum"});
    row("enum", "spec: {mode: active}", {"spec.mode schema/enum"});
    row("pattern and length", "spec: {name: Abcdefghij}", {"spec.name schema/max-length", "spec.name schema/pattern"});
    row("pattern RE2 cannot read is skipped", "spec: {lookahead: xyz}", {});
    row("int-or-string: int", "spec: {port: 8080}", {});
    row("int-or-string: string", "spec: {port: http}", {});
    row("int-or-string: bool", "spec: {port: true}", {"spec.port schema/type"});
    row("boolean as string", "spec: {enabled: \"true\"}", {"spec.enabled schema/type"});
    row("additionalProperties", "spec: {labels: {a: b, c: 1}}", {"spec.labels.c schema/type"});
    row("preserve-unknown-fields", "spec: {free: {anything: {goes: 1}}}", {});
    row("object without properties takes no fields", "spec: {closed: {x: 1}}", {"spec.closed.x schema/unknown-field"});
    row("embedded resource", "spec: {template: {apiVersion: v1, kind: Pod, metadata: {name: p}, spec: {}, extra: 1}}",
        {"spec.template.extra schema/unknown-field"});
    row("nested arrays of objects",
        "spec: {profiles: [{name: a, interfaces: [{mtu: 1500}, {mtu: big}, {mut: 1}]}]}",
        {"spec.profiles[0].interfaces[1].mtu schema/type", "spec.profiles[0].interfaces[2].mut schema/unknown-field"});
    row("max items", "spec: {profiles: [{}, {}, {}]}", {"spec.profiles schema/max-items"});
    row("empty value is unknown at lint time", "spec: {replicas: \"\", mode: }", {});
    row("required (when asked)", "spec: {replicas: 1}", {"spec.mode schema/required"}, true);
    row("required not asked", "spec: {replicas: 1}", {}, false);
    row("required at the top level is not judged", "metadata: {name: a}", {}, true);
    row("quoted keys in paths", "spec: {labels: {\"a.b\": 1}}", {"spec.labels.\"a.b\" schema/type"});
}

void tst_SchemaValidator::findings()
{
    QFETCH(QString, schema);
    QFETCH(QString, object);
    QFETCH(bool, checkRequired);
    QFETCH(QStringList, expected);
    std::string error;
    const auto root = schema::OpenApiSchema::fromValue(yamlValue(schema), error);
    QVERIFY2(root, error.c_str());
    schema::ValidationOptions options;
    options.checkRequired = checkRequired;
    schema::SchemaValidator validator(options);
    QStringList actual;
    for (const schema::SchemaFinding &f : validator.validate(yamlValue(object), *root)) {
        actual << QString::fromStdString(f.path + " " + f.rule);
        QVERIFY2(!f.message.empty(), f.rule.c_str());
    }
    actual.sort();
    expected.sort();
    QCOMPARE(actual, expected);
}

void tst_SchemaValidator::badSchemas_data()
{
    QTest::addColumn<QString>("schema");
    QTest::addColumn<QString>("error");
    QTest::newRow("not an object") << "[1, 2]" << "openAPIV3Schema is not a schema";
    QTest::newRow("bad property") << "type: object\nproperties: {a: 3}" << "openAPIV3Schema.properties.a is not a schema";
    QString deep = QStringLiteral("x");
    for (int i = 0; i < 200; ++i)
        deep = QStringLiteral("{type: object, properties: {a: %1}}").arg(deep);
    QTest::newRow("too deep") << deep << "nests more than 128 levels";
}

void tst_SchemaValidator::badSchemas()
{
    QFETCH(QString, schema);
    QFETCH(QString, error);
    std::string actual;
    QVERIFY(!schema::OpenApiSchema::fromValue(yamlValue(schema), actual));
    QVERIFY2(QString::fromStdString(actual).contains(error), actual.c_str());
}

QTEST_GUILESS_MAIN(tst_SchemaValidator)
#include "tst_schemavalidator.moc"
