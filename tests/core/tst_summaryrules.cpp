// SPDX-License-Identifier: Apache-2.0
// The summary's validation issues (spec f): v1 Required/Optional components with
// required/optional templates, and the six v2 groups (allOf, oneOf, anyOf,
// noneOf, anyOneOf, allOrNoneOf), each with none, some and all templates
// matched; exact messages, listed CRs, descriptions and NumMissing. The last
// tests run whole comparisons on golden cases.
#include "compare/ValidationRules.h"

#include "EngineHarness.h"
#include "TestData.h"

#include <QRegularExpression>
#include <QTest>

#include <algorithm>

using namespace ds;

namespace {

// "<part>/<component>: <Msg>: <crs>[ {<path>=<description>; ...}]", in the
// sorted order reports print.
QStringList formatIssues(const report::ValidationIssues &issues)
{
    QStringList out;
    for (const auto &[part, components] : issues) {
        for (const auto &[component, issue] : components) {
            QString line = QStringLiteral("%1/%2: %3: %4")
                               .arg(QString::fromStdString(part), QString::fromStdString(component),
                                    QString::fromStdString(issue.msg), test::toQStringList(issue.crs).join(", "));
            // kube-compare keeps crMetadata in a map: its order carries no meaning.
            QStringList meta;
            for (const auto &[path, description] : issue.crMetadata)
                meta << QString::fromStdString(path + "=" + description);
            meta.sort();
            if (!meta.isEmpty())
                line += " {" + meta.join("; ") + "}";
            out << line;
        }
    }
    return out;
}

// A ConfigMap template per distinct path of the metadata.
QStringList templatesFor(const QString &metadata)
{
    QStringList files;
    static const QRegularExpression pathLine(QStringLiteral("path: (\\S+)"));
    auto it = pathLine.globalMatch(metadata);
    while (it.hasNext()) {
        const QString path = it.next().captured(1);
        if (files.contains(path))
            continue;
        files << path
              << QStringLiteral("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: %1\n  namespace: ns\n").arg(path.chopped(5));
    }
    return files;
}

QString v1Component(const QString &name, const QString &type, const QStringList &required,
                    const QStringList &optional = {})
{
    QString text = QStringLiteral("  - name: %1\n").arg(name);
    if (!type.isNull())
        text += QStringLiteral("    type: %1\n").arg(type);
    if (!required.isEmpty()) {
        text += QStringLiteral("    requiredTemplates:\n");
        for (const auto &t : required) // "path" or "path|description"
            text += t.contains('|') ? QStringLiteral("    - path: %1\n      description: %2\n").arg(t.section('|', 0, 0), t.section('|', 1))
                                    : QStringLiteral("    - path: %1\n").arg(t);
    }
    if (!optional.isEmpty()) {
        text += QStringLiteral("    optionalTemplates:\n");
        for (const auto &t : optional)
            text += QStringLiteral("    - path: %1\n").arg(t);
    }
    return text;
}

QString v1Part(const QString &name, const QStringList &components)
{
    return QStringLiteral("- name: %1\n  components:\n").arg(name) + components.join(QString());
}

QString v1(const QStringList &parts)
{
    return QStringLiteral("parts:\n") + parts.join(QString());
}

// group: allOf, oneOf, ...; templates "path" or "path|description"
QString v2Component(const QString &name, const QString &group, const QStringList &templates,
                    const QString &description = {})
{
    QString text = QStringLiteral("  - name: %1\n").arg(name);
    if (!description.isEmpty())
        text += QStringLiteral("    description: %1\n").arg(description);
    text += QStringLiteral("    %1:\n").arg(group);
    for (const auto &t : templates)
        text += t.contains('|') ? QStringLiteral("    - path: %1\n      description: %2\n").arg(t.section('|', 0, 0), t.section('|', 1))
                                : QStringLiteral("    - path: %1\n").arg(t);
    return text;
}

QString v2Part(const QString &name, const QStringList &components, const QString &description = {})
{
    QString text = QStringLiteral("- name: %1\n").arg(name);
    if (!description.isEmpty())
        text += QStringLiteral("  description: %1\n").arg(description);
    return text + QStringLiteral("  components:\n") + components.join(QString());
}

QString v2(const QStringList &parts)
{
    return QStringLiteral("apiVersion: v2\nparts:\n") + parts.join(QString());
}

// One component in part "P", named "C".
QString v2One(const QString &group, const QStringList &templates)
{
    return v2({v2Part("P", {v2Component("C", group, templates)})});
}

QString v1One(const QString &type, const QStringList &required, const QStringList &optional = {})
{
    return v1({v1Part("P", {v1Component("C", type, required, optional)})});
}

const QStringList kAB{"a.yaml", "b.yaml"};
const QStringList kABC{"a.yaml", "b.yaml", "c.yaml"};

} // namespace

class tst_SummaryRules : public QObject
{
    Q_OBJECT

private slots:
    void issues_data();
    void issues();
    void goldenCases_data();
    void goldenCases();
    void matchedByReferenceCounts();
};

void tst_SummaryRules::issues_data()
{
    QTest::addColumn<QString>("metadata");
    QTest::addColumn<QStringList>("matched"); // "path" (count 1) or "path=N"
    QTest::addColumn<QStringList>("expected");
    QTest::addColumn<int>("numMissing");

    // ---- v1: Required
    QTest::newRow("v1 Required none matched") << v1One("Required", kAB) << QStringList{}
                                              << QStringList{"P/C: Missing CRs: a.yaml, b.yaml"} << 2;
    QTest::newRow("v1 Required some matched") << v1One("Required", kAB) << QStringList{"a.yaml"}
                                              << QStringList{"P/C: Missing CRs: b.yaml"} << 1;
    QTest::newRow("v1 Required all matched") << v1One("Required", kAB) << kAB << QStringList{} << 0;
    QTest::newRow("v1 Required count 0 is unmatched") << v1One("Required", kAB) << QStringList{"a.yaml=0", "b.yaml=2"}
                                                      << QStringList{"P/C: Missing CRs: a.yaml"} << 1;
    // ---- v1: Optional — reported only when some required template of it matched
    QTest::newRow("v1 Optional none matched") << v1One("Optional", kAB) << QStringList{} << QStringList{} << 0;
    QTest::newRow("v1 Optional some matched") << v1One("Optional", kABC) << QStringList{"b.yaml"}
                                              << QStringList{"P/C: Missing CRs: a.yaml, c.yaml"} << 2;
    QTest::newRow("v1 Optional all matched") << v1One("Optional", kAB) << kAB << QStringList{} << 0;
    QTest::newRow("v1 Optional, only optional templates matched")
        << v1One("Optional", kAB, {"o.yaml"}) << QStringList{"o.yaml"} << QStringList{} << 0;
    // ---- v1: other types are never reported (case-sensitive)
    QTest::newRow("v1 type 'required' lower case") << v1One("required", kAB) << QStringList{} << QStringList{} << 0;
    QTest::newRow("v1 type 'optional' lower case") << v1One("optional", kAB) << QStringList{"a.yaml"} << QStringList{} << 0;
    QTest::newRow("v1 no type") << v1One(QString(), kAB) << QStringList{} << QStringList{} << 0;
    QTest::newRow("v1 unknown type") << v1One("Mandatory", kAB) << QStringList{} << QStringList{} << 0;
    // ---- v1: optionalTemplates are never reported
    QTest::newRow("v1 Required, optional template missing") << v1One("Required", {"a.yaml"}, {"o.yaml", "p.yaml"})
                                                            << QStringList{"a.yaml"} << QStringList{} << 0;
    QTest::newRow("v1 Required, only optional templates") << v1One("Required", {}, {"o.yaml"}) << QStringList{}
                                                          << QStringList{} << 0;
    QTest::newRow("v1 Required, optional matched, required missing")
        << v1One("Required", {"a.yaml"}, {"o.yaml"}) << QStringList{"o.yaml"} << QStringList{"P/C: Missing CRs: a.yaml"} << 1;
    // ---- v1: descriptions of missing required templates
    QTest::newRow("v1 descriptions of missing templates")
        << v1One("Required", {"a.yaml|Alpha", "b.yaml", "c.yaml|Gamma"}) << QStringList{"c.yaml"}
        << QStringList{"P/C: Missing CRs: a.yaml, b.yaml {a.yaml=Alpha}"} << 2;
    QTest::newRow("v1 Optional with descriptions")
        << v1One("Optional", {"a.yaml|Alpha", "b.yaml|Beta"}) << QStringList{"a.yaml"}
        << QStringList{"P/C: Missing CRs: b.yaml {b.yaml=Beta}"} << 1;
    // ---- v1: several parts and components
    QTest::newRow("v1 parts and components sorted, counts summed")
        << v1({v1Part("P2", {v1Component("zeta", "Required", {"x.yaml"}), v1Component("alpha", "Required", {"y.yaml"})}),
               v1Part("P1", {v1Component("C", "Required", {"z.yaml", "w.yaml"})}),
               v1Part("P3", {v1Component("C", "Required", {"v.yaml"})})})
        << QStringList{"w.yaml", "v.yaml"}
        << QStringList{"P1/C: Missing CRs: z.yaml", "P2/alpha: Missing CRs: y.yaml", "P2/zeta: Missing CRs: x.yaml"} << 3;
    QTest::newRow("v1 part without issues is left out")
        << v1({v1Part("P1", {v1Component("C", "Optional", kAB)}), v1Part("P2", {v1Component("C", "Required", {"c.yaml"})})})
        << QStringList{} << QStringList{"P2/C: Missing CRs: c.yaml"} << 1;
    // Components of the same name collide; the later reported one wins, counts add up.
    QTest::newRow("v1 same component name twice, both reported")
        << v1({v1Part("P", {v1Component("C", "Required", {"a.yaml"}), v1Component("C", "Required", {"b.yaml"})})})
        << QStringList{} << QStringList{"P/C: Missing CRs: b.yaml"} << 2;
    QTest::newRow("v1 same component name twice, first reported")
        << v1({v1Part("P", {v1Component("C", "Required", {"a.yaml"}), v1Component("C", "Optional", {"b.yaml"})})})
        << QStringList{} << QStringList{"P/C: Missing CRs: a.yaml"} << 1;
    // Counts are per template path (d.1): one match satisfies every listing of the path.
    QTest::newRow("v1 same path in two components")
        << v1({v1Part("P", {v1Component("C1", "Required", {"a.yaml"}), v1Component("C2", "Required", {"a.yaml", "b.yaml"})})})
        << QStringList{"a.yaml"} << QStringList{"P/C2: Missing CRs: b.yaml"} << 1;

    // ---- v2 allOf
    QTest::newRow("allOf none matched") << v2One("allOf", kAB) << QStringList{}
                                        << QStringList{"P/C: Missing CRs: a.yaml, b.yaml"} << 2;
    QTest::newRow("allOf some matched") << v2One("allOf", kABC) << QStringList{"b.yaml"}
                                        << QStringList{"P/C: Missing CRs: a.yaml, c.yaml"} << 2;
    QTest::newRow("allOf all matched") << v2One("allOf", kAB) << kAB << QStringList{} << 0;
    // Descriptions: template, else component, else part (b.3).
    QTest::newRow("allOf descriptions with inheritance")
        << v2({v2Part("P",
                      {v2Component("C1", "allOf", {"a.yaml|Own", "b.yaml"}, "CompDesc"),
                       v2Component("C2", "allOf", {"c.yaml", "d.yaml|Own d"})},
                      "PartDesc"),
               v2Part("Q", {v2Component("C", "allOf", {"e.yaml"})})})
        << QStringList{}
        << QStringList{"P/C1: Missing CRs: a.yaml, b.yaml {a.yaml=Own; b.yaml=CompDesc}",
                       "P/C2: Missing CRs: c.yaml, d.yaml {c.yaml=PartDesc; d.yaml=Own d}", "Q/C: Missing CRs: e.yaml"}
        << 5;
    // ---- v2 oneOf
    QTest::newRow("oneOf none matched") << v2One("oneOf", kAB) << QStringList{}
                                        << QStringList{"P/C: One of the following is required: a.yaml, b.yaml"} << 1;
    QTest::newRow("oneOf one matched") << v2One("oneOf", kAB) << QStringList{"b.yaml"} << QStringList{} << 0;
    QTest::newRow("oneOf all matched") << v2One("oneOf", kAB) << kAB
                                       << QStringList{"P/C: Should only match one but matched: a.yaml, b.yaml"} << 0;
    QTest::newRow("oneOf two of three matched") << v2One("oneOf", kABC) << QStringList{"c.yaml", "a.yaml"}
                                                << QStringList{"P/C: Should only match one but matched: a.yaml, c.yaml"} << 0;
    QTest::newRow("oneOf none matched, no descriptions listed")
        << v2({v2Part("P", {v2Component("C", "oneOf", {"a.yaml|Alpha", "b.yaml"}, "CompDesc")})}) << QStringList{}
        << QStringList{"P/C: One of the following is required: a.yaml, b.yaml"} << 1;
    // ---- v2 anyOneOf
    QTest::newRow("anyOneOf none matched") << v2One("anyOneOf", kAB) << QStringList{} << QStringList{} << 0;
    QTest::newRow("anyOneOf one matched") << v2One("anyOneOf", kAB) << QStringList{"a.yaml"} << QStringList{} << 0;
    QTest::newRow("anyOneOf all matched") << v2One("anyOneOf", kAB) << kAB
                                          << QStringList{"P/C: Should only match one but matched: a.yaml, b.yaml"} << 0;
    QTest::newRow("anyOneOf two of three matched") << v2One("anyOneOf", kABC) << QStringList{"b.yaml", "c.yaml"}
                                                   << QStringList{"P/C: Should only match one but matched: b.yaml, c.yaml"} << 0;
    // ---- v2 noneOf
    QTest::newRow("noneOf none matched") << v2One("noneOf", kAB) << QStringList{} << QStringList{} << 0;
    QTest::newRow("noneOf some matched") << v2One("noneOf", kABC) << QStringList{"b.yaml"}
                                         << QStringList{"P/C: These should not have been matched: b.yaml"} << 0;
    QTest::newRow("noneOf all matched") << v2One("noneOf", kAB) << kAB
                                        << QStringList{"P/C: These should not have been matched: a.yaml, b.yaml"} << 0;
    // ---- v2 allOrNoneOf
    QTest::newRow("allOrNoneOf none matched") << v2One("allOrNoneOf", kAB) << QStringList{} << QStringList{} << 0;
    QTest::newRow("allOrNoneOf some matched") << v2One("allOrNoneOf", kABC) << QStringList{"b.yaml"}
                                              << QStringList{"P/C: Missing CRs: a.yaml, c.yaml"} << 2;
    QTest::newRow("allOrNoneOf all matched") << v2One("allOrNoneOf", kAB) << kAB << QStringList{} << 0;
    QTest::newRow("allOrNoneOf some matched, no descriptions listed")
        << v2({v2Part("P", {v2Component("C", "allOrNoneOf", {"a.yaml|Alpha", "b.yaml|Beta"})}, "PartDesc")})
        << QStringList{"a.yaml"} << QStringList{"P/C: Missing CRs: b.yaml"} << 1;
    // ---- v2 anyOf: never an issue
    QTest::newRow("anyOf none matched") << v2One("anyOf", kAB) << QStringList{} << QStringList{} << 0;
    QTest::newRow("anyOf some matched") << v2One("anyOf", kAB) << QStringList{"a.yaml"} << QStringList{} << 0;
    QTest::newRow("anyOf all matched") << v2One("anyOf", kAB) << kAB << QStringList{} << 0;
    // ---- v2: parts with zero NumMissing are still listed; sorting and sums
    QTest::newRow("v2 mixed parts")
        << v2({v2Part("B", {v2Component("none", "noneOf", {"n.yaml"}), v2Component("any", "anyOf", {"y.yaml"})}),
               v2Part("A", {v2Component("one", "oneOf", {"o1.yaml", "o2.yaml"}), v2Component("all", "allOf", kAB)}),
               v2Part("C", {v2Component("ok", "allOf", {"c.yaml"})})})
        << QStringList{"n.yaml", "c.yaml"}
        << QStringList{"A/all: Missing CRs: a.yaml, b.yaml", "A/one: One of the following is required: o1.yaml, o2.yaml",
                       "B/none: These should not have been matched: n.yaml"}
        << 3;
    // Same component name: the later one with CRs wins the map slot, but both count.
    QTest::newRow("v2 same component name, later one has CRs")
        << v2({v2Part("P", {v2Component("C", "allOf", {"a.yaml"}), v2Component("C", "noneOf", {"b.yaml"})})})
        << QStringList{"b.yaml"} << QStringList{"P/C: These should not have been matched: b.yaml"} << 1;
    QTest::newRow("v2 same component name, later one has none")
        << v2({v2Part("P", {v2Component("C", "allOf", {"a.yaml"}), v2Component("C", "anyOf", {"b.yaml"})})})
        << QStringList{} << QStringList{"P/C: Missing CRs: a.yaml"} << 1;
    QTest::newRow("v2 same path in two groups")
        << v2({v2Part("P", {v2Component("C1", "allOf", {"a.yaml"}), v2Component("C2", "noneOf", {"a.yaml"})})})
        << QStringList{"a.yaml"} << QStringList{"P/C2: These should not have been matched: a.yaml"} << 0;
}

void tst_SummaryRules::issues()
{
    QFETCH(QString, metadata);
    QFETCH(QStringList, matched);
    QFETCH(QStringList, expected);
    QFETCH(int, numMissing);

    auto fixture = test::loadReference(QStringList{"metadata.yaml", metadata} + templatesFor(metadata));
    QVERIFY2(fixture->reference, fixture->error.c_str());
    std::map<std::string, int> counts;
    for (const auto &m : matched) {
        const auto eq = m.indexOf('=');
        counts[(eq < 0 ? m : m.left(eq)).toStdString()] = eq < 0 ? 1 : m.mid(eq + 1).toInt();
    }
    int actualMissing = -1;
    const report::ValidationIssues issues = compare::validationIssues(*fixture->reference, counts, actualMissing);
    QCOMPARE(formatIssues(issues), expected);
    QCOMPARE(actualMissing, numMissing);
}

// Whole comparisons of golden cases; the expected summaries are the goldens'.
void tst_SummaryRules::goldenCases_data()
{
    QTest::addColumn<QString>("caseName");
    QTest::addColumn<QString>("metadataFile");
    QTest::addColumn<QStringList>("expected");
    QTest::addColumn<int>("numMissing");
    QTest::addColumn<int>("total");

    const QString allTen = QStringLiteral("cr.yaml, crb.yaml, deploymentDashboard.yaml, deploymentMetrics.yaml, ns.yaml, "
                                          "rb.yaml, role.yaml, sa.yaml, secret.yaml, service.yaml");
    QTest::newRow("ReferenceV2OnlyOne allOf") << "ReferenceV2OnlyOne" << "metadata-all-of.yaml"
                                              << QStringList{"ExamplePart/DemonSets: Missing CRs: " + allTen} << 10 << 1;
    QTest::newRow("ReferenceV2OnlyOne allOrNoneOf") << "ReferenceV2OnlyOne" << "metadata-all-or-none-of.yaml"
                                                    << QStringList{"ExamplePart/DemonSets: Missing CRs: " + allTen} << 10 << 1;
    QTest::newRow("ReferenceV2OnlyOne anyOf") << "ReferenceV2OnlyOne" << "metadata-any-of.yaml" << QStringList{} << 0 << 1;
    QTest::newRow("ReferenceV2OnlyOne anyOneOf") << "ReferenceV2OnlyOne" << "metadata-any-one-of.yaml" << QStringList{} << 0 << 1;
    QTest::newRow("ReferenceV2OnlyOne noneOf")
        << "ReferenceV2OnlyOne" << "metadata-none-of.yaml"
        << QStringList{"ExamplePart/DemonSets: These should not have been matched: cm.yaml"} << 0 << 1;
    QTest::newRow("ReferenceV2OnlyOne oneOf") << "ReferenceV2OnlyOne" << "metadata-one-of.yaml" << QStringList{} << 0 << 1;
    QTest::newRow("DoNotMatch oneOf never matched")
        << "DoNotMatch" << "metadata-nomatch.yaml"
        << QStringList{"ExamplePart/Test: One of the following is required: nevermatch.yaml"} << 1 << 0;
    QTest::newRow("DoNotMatch oneOf, the other matched") << "DoNotMatch" << "metadata-filter.yaml" << QStringList{} << 0 << 1;
    QTest::newRow("Description missing file")
        << "Description" << "metadata_shown_for_missing_file.yaml"
        << QStringList{"ExamplePart/Description example: Missing CRs: cm-missing.yaml {cm-missing.yaml=This is a freeform "
                       "field.  You could point at why this\nparticular CR is required, or add an URL that points at more\n"
                       "documentation.  It is only shown when a difference is detected.}"}
        << 1 << 1;
    QTest::newRow("v1 Required components")
        << "OnlyRequiredResourcesOfRequiredComponentAreReportedMissing(OptionalResourcesNotReported)" << "metadata.yaml"
        << QStringList{"ExamplePart1/Dashboard1: Missing CRs: cm.yaml",
                       "ExamplePart1/Dashboard2: Missing CRs: deploymentDashboard.yaml, deploymentMetrics.yaml",
                       "ExamplePart2/Dashboard1: Missing CRs: cr.yaml", "ExamplePart2/Dashboard2: Missing CRs: crb.yaml"}
        << 5 << 1;
    QTest::newRow("v1 Optional components") << "RequiredResourcesOfOptionalComponentAreNotReportedMissing"
                                            << "metadata.yaml" << QStringList{} << 0 << 1;
}

void tst_SummaryRules::goldenCases()
{
    QFETCH(QString, caseName);
    QFETCH(QString, metadataFile);
    QFETCH(QStringList, expected);
    QFETCH(int, numMissing);
    QFETCH(int, total);

    const QString dir = test::dataPath("shared/conformance/cases/" + caseName);
    ref::ReferenceLoader loader;
    ref::LoadResult loaded = loader.load((dir + "/reference/" + metadataFile).toStdString());
    QVERIFY2(loaded.ok(), loaded.error ? loaded.error->c_str() : "");
    QString crs;
    for (const QFileInfo &f : QDir(dir + "/resources").entryInfoList({"*.yaml"}, QDir::Files, QDir::Name))
        crs += "---\n" + QString::fromStdString(test::readFile(f.filePath()));
    test::CollectingLog log;
    const test::EngineRun run = test::runEngine(loaded.reference, crs, {}, log);
    QVERIFY(!run.prepareError);
    QVERIFY2(run.result.ok(), run.result.error ? run.result.error->c_str() : "");
    const report::Summary &s = run.result.report.summary;
    QCOMPARE(formatIssues(s.validationIssues), expected);
    QCOMPARE(s.numMissing, numMissing);
    QCOMPARE(s.totalCRs, total);
}

// Templates matched only through ownerReferences/subjects count as matched (d.5, f).
void tst_SummaryRules::matchedByReferenceCounts()
{
    const QString metadata = v1One("Required", {"owner.yaml", "sa.yaml", "cm.yaml"});
    auto fixture = test::loadReference(
        {"metadata.yaml", metadata, "owner.yaml", "apiVersion: example.io/v1\nkind: Owner\nmetadata:\n  name: o\n",
         "sa.yaml", "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: sa\n  namespace: ns\n", "cm.yaml",
         "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\n  namespace: ns\n"});
    QVERIFY2(fixture->reference, fixture->error.c_str());
    const QString crs = QStringLiteral(
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d\n  namespace: ns\n  ownerReferences:\n"
        "  - apiVersion: example.io/v1\n    kind: Owner\n    name: o\n"
        "---\napiVersion: rbac.authorization.k8s.io/v1\nkind: RoleBinding\nmetadata:\n  name: b\n  namespace: ns\n"
        "subjects:\n- kind: ServiceAccount\n  name: sa\n  namespace: ns\n");
    test::CollectingLog log;
    const test::EngineRun run = test::runEngine(fixture->reference, crs, {}, log);
    QVERIFY(run.result.ok());
    const report::Summary &s = run.result.report.summary;
    QCOMPARE(formatIssues(s.validationIssues), QStringList{"P/C: Missing CRs: cm.yaml"});
    QCOMPARE(s.numMissing, 1);
    QCOMPARE(s.totalCRs, 2);
    QCOMPARE(test::toQStringList(s.matchedByReferenceOnly), (QStringList{"owner.yaml", "sa.yaml"}));
}

QTEST_GUILESS_MAIN(tst_SummaryRules)
#include "tst_summaryrules.moc"
