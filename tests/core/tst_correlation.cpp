// SPDX-License-Identifier: Apache-2.0
// Correlation of cluster CRs with reference templates (spec section d):
// GroupCorrelator's group order, claiming and bucket selection (d.3), and
// through CompareEngine the whole chain: manual pairs (d.2), tie-breaking (d.4),
// doNotMatch, unmatched and duplicate CRs (a.2, d.1) and the owner-reference /
// RBAC-subject "matched by reference only" marking (d.5).
#include "compare/GroupCorrelator.h"

#include "EngineHarness.h"

#include <QTest>

using namespace ds;
using compare::GroupCorrelator;

namespace {

// Template metadata as kube-compare has it after the empty-data render
// (sigs yaml: float64 numbers).
Value metadataValue(const QString &flowYaml)
{
    yaml::ReadOptions options;
    options.numbers = yaml::NumberTyping::Float64;
    const yaml::ReadResult r = yaml::read(flowYaml.toStdString(), options);
    if (!r.ok() || r.documents.size() != 1)
        qFatal("bad test YAML: %s", qPrintable(flowYaml));
    return r.documents.front();
}

Value crValue(const QString &flowYaml)
{
    const yaml::ReadResult r = yaml::read(flowYaml.toStdString());
    if (!r.ok() || r.documents.size() != 1)
        qFatal("bad test YAML: %s", qPrintable(flowYaml));
    return r.documents.front();
}

QString groupText(const GroupCorrelator::Group &group)
{
    QStringList fields;
    for (const auto &field : group) {
        QStringList parts;
        for (const auto &p : field)
            parts << QString::fromStdString(p);
        fields << parts.join(QLatin1Char('.'));
    }
    return fields.join(QLatin1Char('+'));
}

// A ConfigMap template; an empty name/namespace is rendered from the CR (templated).
QString configMap(const QString &name, const QString &ns, const QString &data, const QString &prefix = {})
{
    return prefix + QStringLiteral("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: %1\n  namespace: %2\ndata:\n%3")
                        .arg(name.isEmpty() ? QStringLiteral("{{ .metadata.name }}") : name,
                             ns.isEmpty() ? QStringLiteral("{{ .metadata.namespace }}") : ns, data);
}

QString cmCr(const QString &name, const QString &ns, const QString &data)
{
    QString text = QStringLiteral("---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: %1\n").arg(name);
    if (!ns.isEmpty())
        text += QStringLiteral("  namespace: %1\n").arg(ns);
    return text + QStringLiteral("data:\n") + data;
}

// Every template in one v1 component, in the given order (metadata order =
// bucket order = tie-break order).
QString v1Metadata(const QStringList &paths)
{
    QString text = QStringLiteral("parts:\n- name: P\n  components:\n  - name: C\n    type: Optional\n    requiredTemplates:\n");
    for (const auto &p : paths)
        text += QStringLiteral("    - path: %1\n").arg(p);
    return text;
}

struct EngineCase
{
    QStringList templates = {}; // alternating path, content; metadata lists them in this order
    QString crs = {};
    QStringList manual = {}; // "crId=templatePath"
    bool allResources = false;
    QStringList diffs = {};  // "crId -> templatePath", processing order
    QList<int> scores = {};  // per diff; empty: not checked
    QStringList unmatched = {};
    QStringList skipped = {};
    QStringList byReference = {};
    int total = 0;
    int numDiff = 0;
    QString error = {}; // prepare()/compare() error, or its prefix when ending in "..."
};

void addEngineRow(const char *name, const EngineCase &c)
{
    QTest::newRow(name) << c.templates << c.crs << c.manual << c.allResources << c.diffs << c.scores << c.unmatched
                        << c.skipped << c.byReference << c.total << c.numDiff << c.error;
}

const QString kData = QStringLiteral("  k: value\n");

} // namespace

class tst_Correlation : public QObject
{
    Q_OBJECT

private slots:
    void groupOrder_data();
    void groupOrder();
    void match_data();
    void match();
    void overlaps_data();
    void overlaps();
    void engine_data();
    void engine();
    void overlapWarnings_data();
    void overlapWarnings();
    void referenceLog();
};

void tst_Correlation::groupOrder_data()
{
    QTest::addColumn<bool>("templates");
    QTest::addColumn<QStringList>("expected");
    // d.3: kube-compare's insertion sort reverses groups of equal size for templates.
    QTest::newRow("templates") << true
                               << QStringList{"apiVersion+metadata.name+metadata.namespace+kind",
                                              "apiVersion+metadata.name+kind",
                                              "metadata.name+metadata.namespace+kind",
                                              "apiVersion+metadata.namespace+kind",
                                              "apiVersion+kind",
                                              "metadata.namespace+kind",
                                              "metadata.name+kind",
                                              "kind"};
    // The second sort (override correlator) restores the declared order.
    QTest::newRow("overrides") << false
                               << QStringList{"apiVersion+metadata.name+metadata.namespace+kind",
                                              "apiVersion+metadata.namespace+kind",
                                              "metadata.name+metadata.namespace+kind",
                                              "apiVersion+metadata.name+kind",
                                              "metadata.name+kind",
                                              "metadata.namespace+kind",
                                              "apiVersion+kind",
                                              "kind"};
}

void tst_Correlation::groupOrder()
{
    QFETCH(bool, templates);
    QFETCH(QStringList, expected);
    QStringList actual;
    for (const auto &g : GroupCorrelator::groups(templates ? GroupCorrelator::Order::Templates
                                                           : GroupCorrelator::Order::Overrides))
        actual << groupText(g);
    QCOMPARE(actual, expected);
}

void tst_Correlation::match_data()
{
    QTest::addColumn<bool>("templates");
    QTest::addColumn<QStringList>("items");
    QTest::addColumn<QString>("cr");
    QTest::addColumn<QList<int>>("expected");

    const QString cr = QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {name: x, namespace: ns}}");
    const QString fixedAll = QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {name: x, namespace: ns}}");
    const QString kindOnly = QStringLiteral("{kind: ConfigMap}");

    // --- claiming and the template group order (d.3)
    QTest::newRow("all four fixed") << true << QStringList{fixedAll} << cr << QList<int>{0};
    QTest::newRow("other apiVersion does not match")
        << true << QStringList{QStringLiteral("{apiVersion: v2, kind: ConfigMap, metadata: {name: x, namespace: ns}}")}
        << cr << QList<int>{};
    QTest::newRow("other name does not match")
        << true << QStringList{fixedAll} << QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {name: y, namespace: ns}}")
        << QList<int>{};
    // name fixed (group apiVersion+name+kind) vs namespace fixed (apiVersion+namespace+kind):
    // templates try apiVersion+name+kind first.
    const QStringList nameVsNamespace{
        QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {namespace: ns}}"),
        QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {name: x}}")};
    QTest::newRow("templates: apiVersion+name+kind before apiVersion+namespace+kind")
        << true << nameVsNamespace << cr << QList<int>{1};
    QTest::newRow("overrides: apiVersion+namespace+kind before apiVersion+name+kind")
        << false << nameVsNamespace << cr << QList<int>{0};
    // {apiVersion,kind} vs {namespace,kind}
    const QStringList apiVersionVsNamespace{QStringLiteral("{apiVersion: v1, kind: ConfigMap}"),
                                            QStringLiteral("{kind: ConfigMap, metadata: {namespace: ns}}")};
    QTest::newRow("templates: apiVersion+kind before namespace+kind")
        << true << apiVersionVsNamespace << cr << QList<int>{0};
    QTest::newRow("overrides: namespace+kind before apiVersion+kind")
        << false << apiVersionVsNamespace << cr << QList<int>{1};
    // name+namespace+kind vs apiVersion+namespace+kind
    const QStringList nameNsVsApiNs{QStringLiteral("{kind: ConfigMap, metadata: {name: x, namespace: ns}}"),
                                    QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {namespace: ns}}")};
    QTest::newRow("templates: name+namespace+kind before apiVersion+namespace+kind")
        << true << nameNsVsApiNs << cr << QList<int>{0};
    QTest::newRow("overrides: apiVersion+namespace+kind before name+namespace+kind")
        << false << nameNsVsApiNs << cr << QList<int>{1};
    // apiVersion+name+kind vs name+namespace+kind
    const QStringList apiNameVsNameNs{QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {name: x}}"),
                                      QStringLiteral("{kind: ConfigMap, metadata: {name: x, namespace: ns}}")};
    QTest::newRow("templates: apiVersion+name+kind before name+namespace+kind")
        << true << apiNameVsNameNs << cr << QList<int>{0};
    QTest::newRow("overrides: name+namespace+kind before apiVersion+name+kind")
        << false << apiNameVsNameNs << cr << QList<int>{1};
    // namespace+kind vs name+kind
    const QStringList nsVsName{QStringLiteral("{kind: ConfigMap, metadata: {namespace: ns}}"),
                               QStringLiteral("{kind: ConfigMap, metadata: {name: x}}")};
    QTest::newRow("templates: namespace+kind before name+kind") << true << nsVsName << cr << QList<int>{0};
    QTest::newRow("overrides: name+kind before namespace+kind") << false << nsVsName << cr << QList<int>{1};
    // The order is by group, not by template: listing order does not matter.
    QTest::newRow("templates: group order independent of listing order")
        << true << QStringList{nsVsName[1], nsVsName[0]} << cr << QList<int>{1};

    // --- templated fields (d.3.1): empty, non-string or <no value> → not fixed
    const QStringList specificAndCatchAll{fixedAll, kindOnly};
    QTest::newRow("specific bucket wins over catch-all") << true << specificAndCatchAll << cr << QList<int>{0};
    QTest::newRow("catch-all when specific hash misses")
        << true << specificAndCatchAll << QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {name: y, namespace: ns}}")
        << QList<int>{1};
    QTest::newRow("catch-all kind only, other kind unmatched")
        << true << QStringList{kindOnly} << QStringLiteral("{apiVersion: v1, kind: Secret, metadata: {name: x, namespace: ns}}")
        << QList<int>{};
    QTest::newRow("empty name is templated")
        << true << QStringList{QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {name: '', namespace: ns}}")}
        << QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {name: anything, namespace: ns}}") << QList<int>{0};
    QTest::newRow("non-string name is templated")
        << true << QStringList{QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {name: 123, namespace: ns}}")}
        << QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {name: other, namespace: ns}}") << QList<int>{0};
    QTest::newRow("null namespace is templated")
        << true << QStringList{QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {name: x, namespace: null}}")}
        << QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {name: x, namespace: elsewhere}}") << QList<int>{0};
    QTest::newRow("name containing <no value> is templated")
        << true << QStringList{QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {name: '<no value>', namespace: ns}}")}
        << cr << QList<int>{0};
    QTest::newRow("name with embedded <no value> is templated")
        << true << QStringList{QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {name: 'a-<no value>-b', namespace: ns}}")}
        << cr << QList<int>{0};
    // Both land in apiVersion+namespace+kind, so one bucket holds both.
    QTest::newRow("<no value> template shares the coarser bucket")
        << true
        << QStringList{QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {name: '<no value>', namespace: ns}}"),
                       QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {namespace: ns}}")}
        << QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {name: '<no value>', namespace: ns}}")
        << QList<int>{0, 1};

    // --- the CR side: its group fields must be non-empty strings
    QTest::newRow("cluster-scoped CR skips groups with namespace")
        << true << QStringList{fixedAll, QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {name: x}}")}
        << QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {name: x}}") << QList<int>{1};
    QTest::newRow("cluster-scoped CR, namespaced template only") << true << QStringList{fixedAll}
                                                                  << QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {name: x}}")
                                                                  << QList<int>{};
    QTest::newRow("CR with non-string name skips name groups")
        << true << specificAndCatchAll << QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {name: 5, namespace: ns}}")
        << QList<int>{1};
    QTest::newRow("CR with empty namespace is cluster-scoped")
        << true << QStringList{fixedAll, QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {name: x}}")}
        << QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {name: x, namespace: ''}}") << QList<int>{1};
    QTest::newRow("CR without kind matches nothing")
        << true << QStringList{kindOnly} << QStringLiteral("{apiVersion: v1, metadata: {name: x, namespace: ns}}") << QList<int>{};
    // The hash joins values with "_", as kube-compare's does: fields can collide.
    QTest::newRow("hash joins fields with underscore")
        << true << QStringList{QStringLiteral("{apiVersion: v1, kind: b_c, metadata: {name: a}}")}
        << QStringLiteral("{apiVersion: v1, kind: c, metadata: {name: a_b}}") << QList<int>{0};

    // --- buckets: the first group with a bucket returns all of it, in item order
    QTest::newRow("bucket returns every item in order")
        << true << QStringList{fixedAll, kindOnly, fixedAll} << cr << QList<int>{0, 2};
    QTest::newRow("templated namespace matches any namespace")
        << true << QStringList{QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {name: x}}")}
        << QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {name: x, namespace: other}}") << QList<int>{0};
    QTest::newRow("first group with a bucket wins even if a later one has more items")
        << true
        << QStringList{QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {name: x}}"),
                       QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {namespace: ns}}"),
                       QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {namespace: ns}}")}
        << cr << QList<int>{0};

    // --- overrides (e.11): items built from an override's correlation fields
    QTest::newRow("override with only kind applies to every CR of that kind")
        << false << QStringList{kindOnly} << cr << QList<int>{0};
    QTest::newRow("override without correlation fields is never group-matched")
        << false << QStringList{QStringLiteral("{}")} << cr << QList<int>{};
    QTest::newRow("override: more specific override bucket wins over kind")
        << false << QStringList{kindOnly, fixedAll} << cr << QList<int>{1};

    // --- kinds no item has (most CRs of a must-gather) are settled by their kind;
    // fields are joined with '_', so a kind holding '_' can still hash alike, as in kube-compare
    QTest::newRow("a kind no item has")
        << true << QStringList{fixedAll} << QStringLiteral("{apiVersion: v1, kind: Secret, metadata: {name: x, namespace: ns}}")
        << QList<int>{};
    QTest::newRow("a CR's kind holding '_' hashes like an item's name")
        << true << QStringList{QStringLiteral("{apiVersion: v1, kind: Z, metadata: {name: x_y}}")}
        << QStringLiteral("{apiVersion: v1, kind: y_Z, metadata: {name: x}}") << QList<int>{0};
    QTest::newRow("an item's kind holding '_' hashes like a CR's name")
        << true << QStringList{QStringLiteral("{apiVersion: v1, kind: y_Z, metadata: {name: x}}")}
        << QStringLiteral("{apiVersion: v1, kind: Z, metadata: {name: x_y}}") << QList<int>{0};
    QTest::newRow("a CR without a kind") << true << QStringList{kindOnly}
                                         << QStringLiteral("{apiVersion: v1, metadata: {name: x}}") << QList<int>{};
}

void tst_Correlation::match()
{
    QFETCH(bool, templates);
    QFETCH(QStringList, items);
    QFETCH(QString, cr);
    QFETCH(QList<int>, expected);
    std::vector<Value> metadata;
    for (const auto &item : items)
        metadata.push_back(metadataValue(item));
    const GroupCorrelator correlator(metadata, templates ? GroupCorrelator::Order::Templates
                                                         : GroupCorrelator::Order::Overrides);
    QList<int> actual;
    for (std::size_t i : correlator.match(crValue(cr)))
        actual << static_cast<int>(i);
    QCOMPARE(actual, expected);
}

void tst_Correlation::overlaps_data()
{
    QTest::addColumn<bool>("templates");
    QTest::addColumn<QStringList>("items");
    // "<group index>|<field names>|<items>" per overlapping bucket, group by group
    QTest::addColumn<QStringList>("expected");

    const QString fixedAll = QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {name: x, namespace: ns}}");
    QTest::newRow("no overlap") << true
                                << QStringList{fixedAll, QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {name: y, namespace: ns}}")}
                                << QStringList{};
    QTest::newRow("same four fields") << true << QStringList{fixedAll, fixedAll}
                                      << QStringList{"0|apiVersion, metadata_name, metadata_namespace, kind|0,1"};
    QTest::newRow("templated namespace") << true
                                         << QStringList{QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {name: x}}"),
                                                        QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {name: x}}")}
                                         << QStringList{"1|apiVersion, metadata_name, kind|0,1"};
    QTest::newRow("templated name") << true
                                    << QStringList{QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {namespace: ns}}"),
                                                   fixedAll,
                                                   QStringLiteral("{apiVersion: v1, kind: ConfigMap, metadata: {namespace: ns}}")}
                                    << QStringList{"3|apiVersion, metadata_namespace, kind|0,2"};
    QTest::newRow("catch-alls") << true << QStringList{QStringLiteral("{kind: ConfigMap}"), QStringLiteral("{kind: ConfigMap}")}
                                << QStringList{"7|kind|0,1"};
    QTest::newRow("two groups with overlaps")
        << true
        << QStringList{fixedAll, QStringLiteral("{apiVersion: v1, kind: Secret}"), fixedAll,
                       QStringLiteral("{apiVersion: v1, kind: Secret}")}
        << QStringList{"0|apiVersion, metadata_name, metadata_namespace, kind|0,2", "4|apiVersion, kind|1,3"};
    QTest::newRow("different kinds do not overlap")
        << true << QStringList{QStringLiteral("{kind: ConfigMap}"), QStringLiteral("{kind: Secret}")} << QStringList{};
    QTest::newRow("overrides: declared group index")
        << false
        << QStringList{QStringLiteral("{kind: ConfigMap, metadata: {namespace: ns}}"),
                       QStringLiteral("{kind: ConfigMap, metadata: {namespace: ns}}")}
        << QStringList{"5|metadata_namespace, kind|0,1"};
}

void tst_Correlation::overlaps()
{
    QFETCH(bool, templates);
    QFETCH(QStringList, items);
    QFETCH(QStringList, expected);
    std::vector<Value> metadata;
    for (const auto &item : items)
        metadata.push_back(metadataValue(item));
    const GroupCorrelator correlator(metadata, templates ? GroupCorrelator::Order::Templates
                                                         : GroupCorrelator::Order::Overrides);
    QStringList actual;
    const auto byGroup = correlator.overlapsByGroup();
    QCOMPARE(byGroup.size(), std::size_t(8));
    for (std::size_t g = 0; g < byGroup.size(); ++g) {
        for (const auto &o : byGroup[g]) {
            QStringList fields, indices;
            for (const auto &f : o.fieldNames)
                fields << QString::fromStdString(f);
            for (std::size_t i : o.items)
                indices << QString::number(i);
            actual << QStringLiteral("%1|%2|%3").arg(g).arg(fields.join(QStringLiteral(", ")), indices.join(QLatin1Char(',')));
        }
    }
    QCOMPARE(actual, expected);
}

void tst_Correlation::engine_data()
{
    QTest::addColumn<QStringList>("templates");
    QTest::addColumn<QString>("crs");
    QTest::addColumn<QStringList>("manual");
    QTest::addColumn<bool>("allResources");
    QTest::addColumn<QStringList>("diffs");
    QTest::addColumn<QList<int>>("scores");
    QTest::addColumn<QStringList>("unmatched");
    QTest::addColumn<QStringList>("skipped");
    QTest::addColumn<QStringList>("byReference");
    QTest::addColumn<int>("total");
    QTest::addColumn<int>("numDiff");
    QTest::addColumn<QString>("error");

    const QString cmA = configMap("a", "ns", kData);
    const QString cmB = configMap("b", "ns", kData);
    const QString crA = cmCr("a", "ns", kData);
    const QString nsTemplate = QStringLiteral("apiVersion: v1\nkind: Namespace\nmetadata:\n  name: %1\n");

    // ---- d.2 manual correlation
    addEngineRow("manual pair beats group correlation",
                 {.templates = {"cm-a.yaml", cmA, "cm-b.yaml", cmB},
                  .crs = crA,
                  .manual = {"v1_ConfigMap_ns_a=cm-b.yaml"},
                  .diffs = {"v1_ConfigMap_ns_a -> cm-b.yaml"},
                  .total = 1,
                  .numDiff = 1});
    addEngineRow("manual pair for a cluster-scoped CR",
                 {.templates = {"ns-a.yaml", nsTemplate.arg("a"), "ns-b.yaml", nsTemplate.arg("b")},
                  .crs = QStringLiteral("apiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\n"),
                  .manual = {"v1_Namespace_a=ns-b.yaml"},
                  .diffs = {"v1_Namespace_a -> ns-b.yaml"},
                  .total = 1,
                  .numDiff = 1});
    addEngineRow("cluster-scoped key does not name a namespaced CR",
                 {.templates = {"cm-a.yaml", cmA, "cm-b.yaml", cmB},
                  .crs = crA,
                  .manual = {"v1_ConfigMap_a=cm-b.yaml"},
                  .diffs = {"v1_ConfigMap_ns_a -> cm-a.yaml"},
                  .scores = {0},
                  .total = 1});
    addEngineRow("manual pair ignores kind",
                 {.templates = {"cm-a.yaml", cmA, "ns-b.yaml", nsTemplate.arg("b")},
                  .crs = crA,
                  .manual = {"v1_ConfigMap_ns_a=ns-b.yaml"},
                  .diffs = {"v1_ConfigMap_ns_a -> ns-b.yaml"},
                  .total = 1,
                  .numDiff = 1});
    addEngineRow("manual pair for a CR no group matches",
                 {.templates = {"cm-a.yaml", cmA},
                  .crs = QStringLiteral("apiVersion: v1\nkind: Secret\nmetadata:\n  name: s\n  namespace: ns\n"),
                  .manual = {"v1_Secret_ns_s=cm-a.yaml"},
                  .diffs = {"v1_Secret_ns_s -> cm-a.yaml"},
                  .total = 1,
                  .numDiff = 1});
    addEngineRow("manual pair naming a missing CR is ignored",
                 {.templates = {"cm-a.yaml", cmA, "cm-b.yaml", cmB},
                  .crs = crA,
                  .manual = {"v1_ConfigMap_ns_zzz=cm-b.yaml"},
                  .diffs = {"v1_ConfigMap_ns_a -> cm-a.yaml"},
                  .total = 1});
    addEngineRow("manual pair naming an unknown template",
                 {.templates = {"cm-a.yaml", cmA},
                  .crs = crA,
                  .manual = {"v1_ConfigMap_ns_a=nope.yaml"},
                  .error = "error in template manual matching for resource: v1_ConfigMap_ns_a no template in the name "
                           "of nope.yaml"});
    // The pair yields exactly one candidate: no fallback when it excludes itself.
    addEngineRow("manual pair target returning doNotMatch skips the CR",
                 {.templates = {"cm-a.yaml", cmA, "cm-b.yaml",
                                configMap("b", "ns", kData, "{{ if .kind }}{{ doNotMatch \"no\" }}{{ end }}")},
                  .crs = crA,
                  .manual = {"v1_ConfigMap_ns_a=cm-b.yaml"},
                  .allResources = true,
                  .skipped = {"v1_ConfigMap_ns_a"}});
    addEngineRow("manual pairs and group correlation mixed",
                 {.templates = {"cm-a.yaml", cmA, "cm-b.yaml", cmB},
                  .crs = crA + cmCr("b", "ns", kData),
                  .manual = {"v1_ConfigMap_ns_b=cm-a.yaml"},
                  .diffs = {"v1_ConfigMap_ns_a -> cm-a.yaml", "v1_ConfigMap_ns_b -> cm-a.yaml"},
                  .scores = {0, 2},
                  .total = 2,
                  .numDiff = 1});

    // ---- d.3 through the engine
    addEngineRow("templated namespace beats templated name",
                 {.templates = {"name-templated.yaml", configMap("", "ns", kData), "ns-templated.yaml",
                                configMap("a", "", kData)},
                  .crs = crA,
                  .diffs = {"v1_ConfigMap_ns_a -> ns-templated.yaml"},
                  .total = 1});
    addEngineRow("catch-all template for its kind",
                 {.templates = {"cm-a.yaml", cmA, "any.yaml", configMap("", "", kData)},
                  .crs = crA + cmCr("b", "other", kData) + cmCr("c", "", kData),
                  .diffs = {"v1_ConfigMap_ns_a -> cm-a.yaml", "v1_ConfigMap_other_b -> any.yaml",
                            "v1_ConfigMap_c -> any.yaml"},
                  .total = 3,
                  .numDiff = 1}); // the cluster-scoped CR: the template renders `namespace: null`

    // d.3.1: "fixed" is decided on the empty-data render.
    addEngineRow("default() makes the name fixed",
                 {.templates = {"def.yaml", configMap("{{ .metadata.name | default \"a\" }}", "ns", kData)},
                  .crs = crA + cmCr("b", "ns", kData),
                  .allResources = true,
                  .diffs = {"v1_ConfigMap_ns_a -> def.yaml"},
                  .scores = {0},
                  .unmatched = {"v1_ConfigMap_ns_b"},
                  .total = 1});
    addEngineRow("numeric name is templated",
                 {.templates = {"num.yaml", configMap("123", "ns", kData)},
                  .crs = cmCr("b", "ns", kData),
                  .allResources = true,
                  .diffs = {"v1_ConfigMap_ns_b -> num.yaml"},
                  .total = 1,
                  .numDiff = 1});
    addEngineRow("quoted numeric name is fixed",
                 {.templates = {"q.yaml", configMap("'123'", "ns", kData)},
                  .crs = cmCr("'123'", "ns", kData) + cmCr("b", "ns", kData),
                  .allResources = true,
                  .diffs = {"v1_ConfigMap_ns_123 -> q.yaml"},
                  .scores = {0},
                  .unmatched = {"v1_ConfigMap_ns_b"},
                  .total = 1});

    // ---- d.4 tie-breaking
    addEngineRow("lowest score wins",
                 {.templates = {"far.yaml", configMap("a", "ns", "  k: completely-different\n"), "near.yaml",
                                configMap("a", "ns", "  k: value1\n")},
                  .crs = cmCr("a", "ns", "  k: value2\n"),
                  .diffs = {"v1_ConfigMap_ns_a -> near.yaml"},
                  .scores = {2},
                  .total = 1,
                  .numDiff = 1});
    addEngineRow("tie goes to the first template in reference order",
                 {.templates = {"a.yaml", configMap("a", "ns", "  k: x\n"), "b.yaml", configMap("a", "ns", "  k: x\n")},
                  .crs = cmCr("a", "ns", "  k: z\n"),
                  .diffs = {"v1_ConfigMap_ns_a -> a.yaml"},
                  .scores = {2},
                  .total = 1,
                  .numDiff = 1});
    addEngineRow("tie order is reference order, not path order",
                 {.templates = {"b.yaml", configMap("a", "ns", "  k: x\n"), "a.yaml", configMap("a", "ns", "  k: x\n")},
                  .crs = cmCr("a", "ns", "  k: z\n"),
                  .diffs = {"v1_ConfigMap_ns_a -> b.yaml"},
                  .scores = {2},
                  .total = 1,
                  .numDiff = 1});
    // golden MultitemplateTieBreaker's variants
    addEngineRow("correct template beats missing, extra, too long and too short",
                 {.templates = {"cm-missing-field.yaml", configMap("a", "ns", "  k1: v1\n"),
                                "cm-extra-field.yaml", configMap("a", "ns", "  k1: v1\n  k2: v2\n  k3: v3\n"),
                                "cm-correct.yaml", configMap("a", "ns", "  k1: v1\n  k2: v2\n"),
                                "cm-same-field-too-long.yaml", configMap("a", "ns", "  k1: v1\n  k2: v2-long\n"),
                                "cm-same-field-too-short.yaml", configMap("a", "ns", "  k1: v1\n  k2: v\n")},
                  .crs = cmCr("a", "ns", "  k1: v1\n  k2: v2\n"),
                  .diffs = {"v1_ConfigMap_ns_a -> cm-correct.yaml"},
                  .scores = {0},
                  .total = 1});
    addEngineRow("excluded best candidate leaves the next best",
                 {.templates = {"exact.yaml", configMap("a", "ns", kData, "{{ if .data }}{{ doNotMatch \"r\" }}{{ end }}"),
                                "near.yaml", configMap("a", "ns", "  k: valueX\n")},
                  .crs = crA,
                  .diffs = {"v1_ConfigMap_ns_a -> near.yaml"},
                  .scores = {1},
                  .total = 1,
                  .numDiff = 1});
    addEngineRow("all candidates excluded: skipped, not unmatched",
                 {.templates = {"x.yaml", configMap("a", "ns", kData, "{{ if .data }}{{ doNotMatch \"r\" }}{{ end }}"),
                                "y.yaml", configMap("a", "ns", kData, "{{ if .kind }}{{ doNotMatch \"r\" }}{{ end }}")},
                  .crs = crA,
                  .allResources = true,
                  .skipped = {"v1_ConfigMap_ns_a"}});
    // golden DoNotMatch (metadata-filter): no fallback to a coarser group.
    addEngineRow("no fallback to a coarser group after doNotMatch",
                 {.templates = {"specific.yaml", configMap("a", "ns", kData, "{{ if .kind }}{{ doNotMatch \"r\" }}{{ end }}"),
                                "any.yaml", configMap("", "", kData)},
                  .crs = crA + cmCr("b", "ns", kData),
                  .allResources = true,
                  .diffs = {"v1_ConfigMap_ns_b -> any.yaml"},
                  .skipped = {"v1_ConfigMap_ns_a"},
                  .total = 1});
    addEngineRow("a failing candidate fails the CR",
                 {.templates = {"good.yaml", cmA, "bad.yaml", configMap("a", "ns", kData, "{{ if .kind }}{{ fail \"boom\" }}{{ end }}")},
                  .crs = crA,
                  .unmatched = {"v1_ConfigMap_ns_a"},
                  .error = "error occurred while trying to process resources: template injection failed: ..."});

    // ---- d.1 unmatched CRs
    addEngineRow("unmatched CR ignored without -A",
                 {.templates = {"cm-a.yaml", cmA},
                  .crs = crA + QStringLiteral("---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: s\n  namespace: ns\n"),
                  .diffs = {"v1_ConfigMap_ns_a -> cm-a.yaml"},
                  .total = 1});
    addEngineRow("unmatched CRs listed with -A in processing order",
                 {.templates = {"cm-a.yaml", cmA},
                  .crs = QStringLiteral("---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: z\n  namespace: ns\n") + crA
                      + cmCr("b", "ns", kData) + QStringLiteral("---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\n"),
                  .allResources = true,
                  .diffs = {"v1_ConfigMap_ns_a -> cm-a.yaml"},
                  .unmatched = {"v1_Secret_ns_z", "v1_ConfigMap_ns_b", "v1_Namespace_a"},
                  .total = 1});

    // ---- a.2 duplicates: same apiVersion_kind_namespace_name, first one wins
    addEngineRow("duplicate CR: first occurrence wins",
                 {.templates = {"cm-a.yaml", cmA},
                  .crs = crA + cmCr("a", "ns", "  k: other\n"),
                  .diffs = {"v1_ConfigMap_ns_a -> cm-a.yaml"},
                  .scores = {0},
                  .total = 1});
    addEngineRow("duplicate CR: first occurrence wins (differing first)",
                 {.templates = {"cm-a.yaml", cmA},
                  .crs = cmCr("a", "ns", "  k: other\n") + crA,
                  .diffs = {"v1_ConfigMap_ns_a -> cm-a.yaml"},
                  .total = 1,
                  .numDiff = 1});
    addEngineRow("same name in other namespace is not a duplicate",
                 {.templates = {"any.yaml", configMap("", "", kData)},
                  .crs = crA + cmCr("a", "other", kData) + cmCr("a", "", kData),
                  .diffs = {"v1_ConfigMap_ns_a -> any.yaml", "v1_ConfigMap_other_a -> any.yaml", "v1_ConfigMap_a -> any.yaml"},
                  .total = 3,
                  .numDiff = 1});

    // ---- d.5 owner references and RBAC subjects
    const QString owner = QStringLiteral("apiVersion: example.io/v1\nkind: Owner\nmetadata:\n  name: o\n");
    const QString ownerNs = QStringLiteral("apiVersion: example.io/v1\nkind: Owner\nmetadata:\n  name: o\n  namespace: ns\n");
    const QString ownerOther = QStringLiteral("apiVersion: example.io/v1\nkind: Owner\nmetadata:\n  name: o\n  namespace: other\n");
    const QString ownerTemplates[] = {"owner.yaml", owner, "owner-ns.yaml", ownerNs, "owner-other.yaml", ownerOther};
    const QStringList ownerFiles(std::begin(ownerTemplates), std::end(ownerTemplates));
    const QString ownedDeployment = QStringLiteral(
        "---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d\n  namespace: ns\n  ownerReferences:\n"
        "  - apiVersion: example.io/v1\n    kind: Owner\n    name: o\n");
    addEngineRow("ownerReference from a namespaced CR",
                 {.templates = ownerFiles,
                  .crs = ownedDeployment,
                  .byReference = {"owner.yaml", "owner-ns.yaml"},
                  .total = 2});
    addEngineRow("ownerReference from a cluster-scoped CR",
                 {.templates = ownerFiles,
                  .crs = QStringLiteral("apiVersion: example.io/v1\nkind: Thing\nmetadata:\n  name: t\n  ownerReferences:\n"
                                        "  - apiVersion: example.io/v1\n    kind: Owner\n    name: o\n"),
                  .allResources = true,
                  .unmatched = {"example.io/v1_Thing_t"},
                  .byReference = {"owner.yaml"},
                  .total = 1});
    addEngineRow("incomplete ownerReferences are ignored",
                 {.templates = ownerFiles,
                  .crs = QStringLiteral("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d\n  namespace: ns\n"
                                        "  ownerReferences:\n  - apiVersion: example.io/v1\n    kind: Owner\n"
                                        "  - apiVersion: example.io/v1\n    kind: 5\n    name: o\n"
                                        "  - apiVersion: ''\n    kind: Owner\n    name: o\n  - just-a-string\n")});
    addEngineRow("ownerReferences that are not a list are ignored",
                 {.templates = ownerFiles,
                  .crs = QStringLiteral("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d\n  namespace: ns\n"
                                        "  ownerReferences: {apiVersion: example.io/v1, kind: Owner, name: o}\n")});

    const QString saNs = QStringLiteral("apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: sa\n  namespace: ns\n");
    const QString saCluster = QStringLiteral("apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: sa\n");
    const QString saOther = QStringLiteral("apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: sa\n  namespace: other\n");
    const QString saTemplates[] = {"sa-ns.yaml", saNs, "sa-cluster.yaml", saCluster, "sa-other.yaml", saOther};
    const QStringList saFiles(std::begin(saTemplates), std::end(saTemplates));
    const QString binding = QStringLiteral("---\napiVersion: rbac.authorization.k8s.io/v1\nkind: %1\nmetadata:\n  name: rb\n%2"
                                           "subjects:\n%3");
    addEngineRow("RoleBinding ServiceAccount subject",
                 {.templates = saFiles,
                  .crs = binding.arg("RoleBinding", "  namespace: rbns\n", "- kind: ServiceAccount\n  name: sa\n  namespace: ns\n"),
                  .byReference = {"sa-ns.yaml", "sa-cluster.yaml"},
                  .total = 2});
    addEngineRow("ClusterRoleBinding subject without namespace",
                 {.templates = saFiles,
                  .crs = binding.arg("ClusterRoleBinding", "", "- kind: ServiceAccount\n  name: sa\n"),
                  .byReference = {"sa-cluster.yaml"},
                  .total = 1});
    addEngineRow("User and Group subjects and other kinds are ignored",
                 {.templates = saFiles + QStringList{"user.yaml", QStringLiteral("apiVersion: v1\nkind: User\nmetadata:\n  name: sa\n")},
                  .crs = binding.arg("ClusterRoleBinding", "", "- kind: User\n  name: sa\n- kind: Group\n  name: sa\n")
                      + QStringLiteral("---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  namespace: ns\n"
                                       "subjects:\n- kind: ServiceAccount\n  name: sa\n  namespace: ns\n")});
    addEngineRow("subject without a name is ignored",
                 {.templates = {"sa-any.yaml", QStringLiteral("apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: {{ .metadata.name }}\n")},
                  .crs = binding.arg("ClusterRoleBinding", "", "- kind: ServiceAccount\n  name: ''\n- kind: ServiceAccount\n")});
    addEngineRow("subject with a non-string field is ignored",
                 {.templates = saFiles,
                  .crs = binding.arg("ClusterRoleBinding", "", "- kind: ServiceAccount\n  name: sa\n  namespace: 5\n")});
    // Counted twice: once by reference, once as a compared CR (spec d.5, h.17).
    addEngineRow("object present and referenced is double counted",
                 {.templates = {"sa-ns.yaml", saNs},
                  .crs = QStringLiteral("---\n") + saNs
                      + binding.arg("RoleBinding", "  namespace: ns\n", "- kind: ServiceAccount\n  name: sa\n  namespace: ns\n"),
                  .diffs = {"v1_ServiceAccount_ns_sa -> sa-ns.yaml"},
                  .scores = {0},
                  .byReference = {"sa-ns.yaml"},
                  .total = 2});
    addEngineRow("owner and subject reference mark a template once",
                 {.templates = {"sa-ns.yaml", saNs},
                  .crs = QStringLiteral("---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  namespace: ns\n  ownerReferences:\n"
                                        "  - apiVersion: v1\n    kind: ServiceAccount\n    name: sa\n")
                      + binding.arg("RoleBinding", "  namespace: ns\n", "- kind: ServiceAccount\n  name: sa\n  namespace: ns\n"),
                  .byReference = {"sa-ns.yaml"},
                  .total = 1});
}

void tst_Correlation::engine()
{
    QFETCH(QStringList, templates);
    QFETCH(QString, crs);
    QFETCH(QStringList, manual);
    QFETCH(bool, allResources);
    QFETCH(QStringList, diffs);
    QFETCH(QList<int>, scores);
    QFETCH(QStringList, unmatched);
    QFETCH(QStringList, skipped);
    QFETCH(QStringList, byReference);
    QFETCH(int, total);
    QFETCH(int, numDiff);
    QFETCH(QString, error);

    QStringList paths;
    for (qsizetype i = 0; i < templates.size(); i += 2)
        paths << templates[i];
    auto fixture = test::loadReference(QStringList{"metadata.yaml", v1Metadata(paths)} + templates);
    QVERIFY2(fixture->reference, fixture->error.c_str());

    compare::CompareOptions options;
    options.allResources = allResources;
    for (const auto &pair : manual) {
        const auto eq = pair.indexOf(QLatin1Char('='));
        options.manualCorrelations[pair.left(eq).toStdString()] = pair.mid(eq + 1).toStdString();
    }
    test::CollectingLog log;
    const test::EngineRun run = test::runEngine(fixture->reference, crs, options, log);

    QString actualError;
    if (run.prepareError)
        actualError = QString::fromStdString(*run.prepareError);
    else if (run.result.error)
        actualError = QString::fromStdString(*run.result.error);
    if (error.endsWith(QStringLiteral("..."))) {
        QVERIFY2(actualError.startsWith(error.chopped(3)), qPrintable(actualError));
    } else {
        QCOMPARE(actualError, error);
    }
    if (run.prepareError)
        return;

    const report::ComparisonReport &r = run.result.report;
    QStringList actualDiffs;
    QList<int> actualScores;
    for (const auto &d : r.diffs) {
        actualDiffs << QString::fromStdString(d.crName + " -> " + d.correlatedTemplate);
        actualScores << d.score;
    }
    QCOMPARE(actualDiffs, diffs);
    if (!scores.isEmpty())
        QCOMPARE(actualScores, scores);
    QCOMPARE(test::toQStringList(r.summary.unmatchedCRs), unmatched);
    QCOMPARE(test::toQStringList(r.skippedByDoNotMatch), skipped);
    QCOMPARE(test::toQStringList(r.summary.matchedByReferenceOnly), byReference);
    QCOMPARE(r.summary.totalCRs, total);
    QCOMPARE(r.summary.numDiffCRs, numDiff);
}

void tst_Correlation::overlapWarnings_data()
{
    QTest::addColumn<QStringList>("templates");
    QTest::addColumn<bool>("verbose");
    QTest::addColumn<QStringList>("expected"); // overlap messages (warning or V(1) info)

    const QString general = QStringLiteral(
        "The reference contains overlapping object definitions which may result in unexpected correlation results. "
        "Re-run with '--verbose' output enabled to view a detailed description of the issues");
    const QString detail = QStringLiteral(
        "More than one template with same %1. By Default for each Cluster CR that is correlated to one of these "
        "templates the template with the least number of diffs will be used. To use a different template for a "
        "specific CR specify it in the diff-config (-c flag) Template names are: %2");
    const QStringList twoSame{"b.yaml", configMap("a", "ns", kData), "a.yaml", configMap("a", "ns", kData)};
    QTest::newRow("no overlap") << QStringList{"a.yaml", configMap("a", "ns", kData), "b.yaml", configMap("b", "ns", kData)}
                                << false << QStringList{};
    QTest::newRow("overlap without -v") << twoSame << false << QStringList{general};
    QTest::newRow("overlap with -v: sorted names")
        << twoSame << true << QStringList{detail.arg("apiVersion, metadata_name, metadata_namespace, kind", "a.yaml, b.yaml")};
    // One general warning per group that has overlaps (golden DoNotMatch has one).
    const QStringList twoGroups = twoSame + QStringList{"c.yaml", configMap("", "", kData), "d.yaml", configMap("", "", kData)};
    QTest::newRow("two groups without -v") << twoGroups << false << QStringList{general, general};
    QTest::newRow("two groups with -v")
        << twoGroups << true
        << QStringList{detail.arg("apiVersion, metadata_name, metadata_namespace, kind", "a.yaml, b.yaml"),
                       detail.arg("apiVersion, kind", "c.yaml, d.yaml")};
    // The same path listed twice counts as two templates (golden "Two Templates").
    QTest::newRow("same path twice") << QStringList{"a.yaml", configMap("a", "ns", kData), "a.yaml", configMap("a", "ns", kData)}
                                     << true
                                     << QStringList{detail.arg("apiVersion, metadata_name, metadata_namespace, kind", "a.yaml, a.yaml")};
}

void tst_Correlation::overlapWarnings()
{
    QFETCH(QStringList, templates);
    QFETCH(bool, verbose);
    QFETCH(QStringList, expected);
    QStringList paths, files;
    for (qsizetype i = 0; i < templates.size(); i += 2) {
        paths << templates[i];
        if (!files.contains(templates[i]))
            files << templates[i] << templates[i + 1];
    }
    auto fixture = test::loadReference(QStringList{"metadata.yaml", v1Metadata(paths)} + files);
    QVERIFY2(fixture->reference, fixture->error.c_str());
    compare::CompareOptions options;
    options.verbose = verbose;
    test::CollectingLog log;
    compare::CompareEngine engine(fixture->reference, options, log);
    QVERIFY(!engine.prepare());
    QStringList actual;
    for (const auto &e : log.entries) {
        const QString text = QString::fromStdString(e.text);
        if (text.contains(QStringLiteral("overlapping")) || text.startsWith(QStringLiteral("More than one template")))
            actual << text;
    }
    QCOMPARE(actual, expected);
}

// V(1) lines of the reference marking and of tie-breaking (spec a.5).
void tst_Correlation::referenceLog()
{
    auto fixture = test::loadReference(
        {"metadata.yaml", v1Metadata({"owner.yaml", "sa.yaml", "x.yaml", "y.yaml"}), "owner.yaml",
         QStringLiteral("apiVersion: example.io/v1\nkind: Owner\nmetadata:\n  name: o\n"), "sa.yaml",
         QStringLiteral("apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: sa\n"), "x.yaml",
         configMap("a", "ns", "  k: value1\n", "{{ if .data }}{{ doNotMatch \"because\" }}{{ end }}"), "y.yaml",
         configMap("a", "ns", "  k: value1\n")});
    QVERIFY2(fixture->reference, fixture->error.c_str());
    compare::CompareOptions options;
    options.verbose = true;
    test::CollectingLog log;
    const QString crs = QStringLiteral("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d\n  namespace: ns\n"
                                       "  ownerReferences:\n  - apiVersion: example.io/v1\n    kind: Owner\n    name: o\n"
                                       "---\napiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRoleBinding\n"
                                       "metadata:\n  name: b\nsubjects:\n- kind: ServiceAccount\n  name: sa\n")
        + cmCr("a", "ns", "  k: value2\n");
    const test::EngineRun run = test::runEngine(fixture->reference, crs, options, log);
    QVERIFY(run.result.ok());
    QStringList infos;
    for (const auto &e : log.entries)
        if (e.severity == Log::Severity::Info && e.verbosity == 1)
            infos << QString::fromStdString(e.text);
    const QStringList expected{
        "Template owner.yaml found via ownerReferences (content not validated)",
        "Template sa.yaml found via RBAC subjects (content not validated)",
        "Template x.yaml excluded itself from matching: because",
        "Found 1 matches for v1_ConfigMap_ns_a",
        " - y.yaml - Diff score: 2",
    };
    for (const auto &line : expected)
        QVERIFY2(infos.contains(line), qPrintable(line + "\nin:\n" + infos.join('\n')));
    const auto indexOf = [&](const QString &s) { return infos.indexOf(s); };
    QVERIFY(indexOf(expected[0]) < indexOf(expected[1]));
    QVERIFY(indexOf(expected[2]) < indexOf(expected[3]));
    QVERIFY(indexOf(expected[3]) < indexOf(expected[4]));
}

QTEST_GUILESS_MAIN(tst_Correlation)
#include "tst_correlation.moc"
