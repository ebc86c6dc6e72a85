// SPDX-License-Identifier: Apache-2.0
// The reference tree: template states and group counts as the engine reports
// them for conformance cases (v1 and v2), model consistency while snapshots
// are swapped, filtering and drop targets.
#include "models/ClusterObjectMime.h"
#include "models/ReferenceTreeModel.h"
#include "models/StatusFilterProxyModel.h"
#include "models/StatusIcons.h"
#include "models/States.h"

#include "EngineHarness.h"
#include "SnapshotFixture.h"

#include <QAbstractItemModelTester>
#include <QIcon>
#include <QImage>
#include <QMimeData>
#include <QSignalSpy>
#include <QTest>

using namespace ds;
namespace ItemRole = ui::ItemRole;
using ui::ReferenceTreeModel;
using ui::TemplateState;

namespace {

using Pairs = std::map<std::string, std::string>;

const QString kOnlyRequired =
    QStringLiteral("OnlyRequiredResourcesOfRequiredComponentAreReportedMissing(OptionalResourcesNotReported)");
const QString kAllV2 = QStringLiteral("AllRequiredTemplatesExistAndThereAreNoDiffsRefV2");
const QString kManualCase = QStringLiteral("ManualCorrelationMatchesArePrioritizedOverGroupCorrelation");

// "path=label [lines] [+manual] [+patched]" for a template row.
QString describeTemplate(const QModelIndex &index)
{
    const auto state = static_cast<TemplateState>(index.data(ItemRole::State).toInt());
    QString text = index.data(ItemRole::TemplatePath).toString() + QLatin1Char('=') + ui::templateStateLabel(state);
    const int lines = index.data(ItemRole::ChangedLines).toInt();
    if (lines > 0)
        text += QStringLiteral(" %1").arg(lines);
    const QList<int> states = index.data(ItemRole::States).value<QList<int>>();
    if (states.contains(static_cast<int>(TemplateState::Manual)))
        text += QStringLiteral(" +manual");
    if (state != TemplateState::Patched && states.contains(static_cast<int>(TemplateState::Patched)))
        text += QStringLiteral(" +patched");
    return text;
}

void walk(const QAbstractItemModel &model, const QModelIndex &parent, QStringList &templates, QStringList &groups)
{
    for (int row = 0; row < model.rowCount(parent); ++row) {
        const QModelIndex index = model.index(row, 0, parent);
        if (index.data(ItemRole::IsLeaf).toBool()) {
            templates << describeTemplate(index);
            continue;
        }
        groups << index.data().toString() + QStringLiteral(": ")
                + model.index(row, ReferenceTreeModel::StatusColumn, parent).data().toString();
        walk(model, index, templates, groups);
    }
}

QStringList templateStates(const QAbstractItemModel &model)
{
    QStringList templates, groups;
    walk(model, {}, templates, groups);
    return templates;
}

QStringList groupSummaries(const QAbstractItemModel &model)
{
    QStringList templates, groups;
    walk(model, {}, templates, groups);
    return groups;
}

QStringList prefixed(const QString &prefix, const QStringList &paths, const QString &suffix)
{
    QStringList out;
    for (const QString &p : paths)
        out << prefix + p + suffix;
    return out;
}

const QStringList kV2Others{"cr.yaml", "crb.yaml", "deploymentDashboard.yaml", "deploymentMetrics.yaml", "ns.yaml",
                            "rb.yaml", "role.yaml", "sa.yaml", "secret.yaml", "service.yaml"};

} // namespace

class tst_ReferenceTreeModel : public QObject
{
    Q_OBJECT

private slots:
    void statesFromEngine_data();
    void statesFromEngine();
    void renderErrorAndPatched();
    void displayTooltipAndIcons();
    void notComparedYet();
    void modelTesterWhileSwapping();
    void sameReferenceKeepsRows();
    void filterProxy();
    void dropTargets();
};

void tst_ReferenceTreeModel::statesFromEngine_data()
{
    QTest::addColumn<QString>("caseName");
    QTest::addColumn<QString>("metadata");
    QTest::addColumn<QString>("resourcesCase");
    QTest::addColumn<QStringList>("pairs");
    QTest::addColumn<QStringList>("templates");
    QTest::addColumn<QStringList>("groups");

    QTest::newRow("v1 required and optional")
        << kOnlyRequired << "metadata.yaml" << kOnlyRequired << QStringList()
        << QStringList{"cm.yaml=missing",
                       "sa.yaml=not present",
                       "secret.yaml=not present",
                       "service.yaml=not present",
                       "deploymentDashboard.yaml=missing",
                       "deploymentMetrics.yaml=missing",
                       "cr.yaml=missing",
                       "ns.yaml=clean",
                       "rb.yaml=not present",
                       "role.yaml=not present",
                       "crb.yaml=missing"}
        << QStringList{"ExamplePart1: 3 missing, 3 not present",
                       "Dashboard1 (Required): Missing CRs \u2014 1 missing, 3 not present",
                       "Dashboard2 (Required): Missing CRs \u2014 2 missing",
                       "ExamplePart2: 2 missing, 1 clean, 2 not present",
                       "Dashboard1 (Required): Missing CRs \u2014 1 missing, 1 clean, 2 not present",
                       "Dashboard2 (Required): Missing CRs \u2014 1 missing"};
    QTest::newRow("v1 drift") << "SomeDiffs" << "metadata.yaml" << "SomeDiffs" << QStringList()
                              << QStringList{"deploymentDashboard.yaml=clean", "deploymentMetrics.yaml=drift 2"}
                              << QStringList{"ExamplePart: 1 drift, 1 clean", "Dashboard (Required): 1 drift, 1 clean"};
    QTest::newRow("v1 manual correlation")
        << kManualCase << "metadata.yaml" << kManualCase
        << QStringList{"apps/v1_Deployment_kubernetes-dashboard_kubernetes-dashboard=deploymentMetrics.yaml"}
        << QStringList{"deploymentDashboard.yaml=missing", "deploymentMetrics.yaml=drift 8 +manual"}
        << QStringList{"ExamplePart: 1 missing, 1 drift, 1 manual",
                       "Dashboard (Required): Missing CRs \u2014 1 missing, 1 drift, 1 manual"};
    QTest::newRow("v2 oneOf, one match")
        << "ReferenceV2OnlyOne" << "metadata-one-of.yaml" << "ReferenceV2OnlyOne" << QStringList()
        << QStringList{"cm.yaml=clean"} + prefixed({}, kV2Others, "=not present")
        << QStringList{"ExamplePart: 1 clean, 10 not present", "DemonSets (oneOf): 1 clean, 10 not present"};
    QTest::newRow("v2 allOf, one match")
        << "ReferenceV2OnlyOne" << "metadata-all-of.yaml" << "ReferenceV2OnlyOne" << QStringList()
        << QStringList{"cm.yaml=clean"} + prefixed({}, kV2Others, "=missing")
        << QStringList{"ExamplePart: 10 missing, 1 clean", "DemonSets (allOf): Missing CRs \u2014 10 missing, 1 clean"};
    QTest::newRow("v2 noneOf, one match")
        << "ReferenceV2OnlyOne" << "metadata-none-of.yaml" << "ReferenceV2OnlyOne" << QStringList()
        << QStringList{"cm.yaml=too many"} + prefixed({}, kV2Others, "=not present")
        << QStringList{"ExamplePart: 1 too many, 10 not present",
                       "DemonSets (noneOf): These should not have been matched \u2014 1 too many, 10 not present"};
    QTest::newRow("v2 anyOneOf, one match")
        << "ReferenceV2OnlyOne" << "metadata-any-one-of.yaml" << "ReferenceV2OnlyOne" << QStringList()
        << QStringList{"cm.yaml=clean"} + prefixed({}, kV2Others, "=not present")
        << QStringList{"ExamplePart: 1 clean, 10 not present", "DemonSets (anyOneOf): 1 clean, 10 not present"};
    QTest::newRow("v2 allOrNoneOf, one match")
        << "ReferenceV2OnlyOne" << "metadata-all-or-none-of.yaml" << "ReferenceV2OnlyOne" << QStringList()
        << QStringList{"cm.yaml=clean"} + prefixed({}, kV2Others, "=missing")
        << QStringList{"ExamplePart: 10 missing, 1 clean",
                       "DemonSets (allOrNoneOf): Missing CRs \u2014 10 missing, 1 clean"};
    QTest::newRow("v2 oneOf, everything matches")
        << "ReferenceV2OnlyOne" << "metadata-one-of.yaml" << kAllV2 << QStringList()
        << QStringList{"cm.yaml=too many"} + prefixed({}, kV2Others, "=too many")
        << QStringList{"ExamplePart: 11 too many",
                       "DemonSets (oneOf): Should only match one but matched \u2014 11 too many"};
    QTest::newRow("v2 allOf, all clean")
        << kAllV2 << "metadata.yaml" << kAllV2 << QStringList()
        << QStringList{"cm.yaml=clean"} + prefixed({}, kV2Others, "=clean")
        << QStringList{"ExamplePart: 11 clean", "DemonSets (allOf): 11 clean"};
}

void tst_ReferenceTreeModel::statesFromEngine()
{
    QFETCH(QString, caseName);
    QFETCH(QString, metadata);
    QFETCH(QString, resourcesCase);
    QFETCH(QStringList, pairs);
    QFETCH(QStringList, templates);
    QFETCH(QStringList, groups);

    Pairs manual;
    for (const QString &pair : pairs)
        manual[pair.section(QLatin1Char('='), 0, 0).toStdString()] = pair.section(QLatin1Char('='), 1).toStdString();
    ReferenceTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setSnapshot(test::compareSnapshot(
        {test::loadCaseReference(caseName, metadata), test::loadCaseObjects(resourcesCase), manual, {}}));
    QCOMPARE(templateStates(model), templates);
    QCOMPARE(groupSummaries(model), groups);
}

void tst_ReferenceTreeModel::renderErrorAndPatched()
{
    // Renders with the empty map at load time, fails for a real CR.
    auto fixture = test::loadReference(
        {"metadata.yaml",
         "apiVersion: v2\nparts:\n- name: P\n  components:\n  - name: C\n    anyOf:\n    - path: cm.yaml\n"
         "    - path: broken.yaml\n",
         "cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: good\n  namespace: ns\n",
         "broken.yaml",
         "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: bad\n  namespace: ns\n"
         "data:\n  x: '{{ if .data }}{{ fail \"boom\" }}{{ end }}'\n"});
    QVERIFY2(fixture->reference, fixture->error.c_str());
    auto objects = std::make_shared<std::vector<input::ClusterObject>>(test::clusterObjects(QStringLiteral(
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: good\n  namespace: ns\n---\n"
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: bad\n  namespace: ns\ndata:\n  x: y\n")));
    ReferenceTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setSnapshot(test::compareSnapshot({fixture->reference, objects, {}, {}}));
    QCOMPARE(templateStates(model), (QStringList{"cm.yaml=clean", "broken.yaml=render error"}));
    const QModelIndex broken = model.indexForTemplate(QStringLiteral("broken.yaml"));
    QVERIFY(broken.data(ReferenceTreeModel::ErrorRole).toString().contains(QStringLiteral("boom")));
    QCOMPARE(broken.data(ReferenceTreeModel::ClusterObjectIdsRole).toStringList(),
             QStringList{"v1_ConfigMap_ns_bad"});

    // The conformance case's overrides patch the namespace template.
    const QString dir = test::casePath(QStringLiteral("UserOverride"));
    model.setSnapshot(test::compareSnapshot({test::loadCaseReference(QStringLiteral("UserOverride")),
                                             test::loadCaseObjects(QStringLiteral("UserOverride")),
                                             {},
                                             dir + QStringLiteral("/localnewOverridesWithReasonout.golden")}));
    QCOMPARE(templateStates(model), (QStringList{"namespace.yaml=patched", "namespace-no-patch.yaml=drift 18"}));
}

void tst_ReferenceTreeModel::displayTooltipAndIcons()
{
    ReferenceTreeModel model;
    model.setSnapshot(test::caseSnapshot(QStringLiteral("Description"),
                                         QStringLiteral("metadata_precidence_p_c_shown_for_diff.yaml")));
    const QModelIndex part = model.index(0, 0);
    const QModelIndex component = model.index(0, 0, part);
    const QModelIndex leaf = model.index(0, 0, component);
    QCOMPARE(leaf.data().toString(), QStringLiteral("cm-diff.yaml"));
    QCOMPARE(model.index(0, ReferenceTreeModel::StatusColumn, component).data().toString(),
             QStringLiteral("Drift: 2 changed lines"));
    QCOMPARE(leaf.data(ReferenceTreeModel::DescriptionRole).toString(), QStringLiteral("Component description"));
    QVERIFY(leaf.data(Qt::ToolTipRole).toString().contains(QStringLiteral("Component description")));
    QCOMPARE(part.data(Qt::ToolTipRole).toString().section(QLatin1Char('\n'), 1, 1),
             QStringLiteral("Part description"));
    QCOMPARE(component.data(ReferenceTreeModel::RuleRole).toString(), QStringLiteral("allOf"));
    QVERIFY(component.data(Qt::ToolTipRole).toString().contains(QStringLiteral("Every template must match.")));
    QCOMPARE(leaf.data(ItemRole::StateCounts).value<ui::StateCounts>(),
             (ui::StateCounts{{static_cast<int>(TemplateState::Drift), 1}}));
    QCOMPARE(part.data(ItemRole::StateCounts).value<ui::StateCounts>(),
             (ui::StateCounts{{static_cast<int>(TemplateState::Drift), 1}}));

    // Every state has an icon of its own, also with the manual badge.
    QSet<QByteArray> images;
    for (TemplateState state : ui::templateStatesBySeverity())
        for (bool manual : {false, true}) {
            const QIcon icon = ui::StatusIcons::forTemplate(state, manual);
            QVERIFY(!icon.isNull());
            const QImage image = icon.pixmap(16).toImage();
            images.insert(QByteArray(reinterpret_cast<const char *>(image.constBits()), image.sizeInBytes()));
        }
    QCOMPARE(images.size(), ui::templateStatesBySeverity().size() * 2);
    QVERIFY(!leaf.data(Qt::DecorationRole).value<QIcon>().isNull());
    QVERIFY(!component.data(Qt::DecorationRole).value<QIcon>().isNull());
}

void tst_ReferenceTreeModel::notComparedYet()
{
    ReferenceTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setSnapshot(test::uncomparedSnapshot(test::loadCaseReference(kOnlyRequired)));
    QCOMPARE(templateStates(model).size(), 11);
    QVERIFY(templateStates(model).contains(QStringLiteral("cm.yaml=not compared")));
    QCOMPARE(groupSummaries(model).first(), QStringLiteral("ExamplePart1: 6 templates"));
}

void tst_ReferenceTreeModel::modelTesterWhileSwapping()
{
    ReferenceTreeModel model;
    ui::StatusFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    proxy.setStateFilter({static_cast<int>(TemplateState::Drift), static_cast<int>(TemplateState::Manual)});

    const auto reference = test::loadCaseReference(kManualCase);
    const auto objects = test::loadCaseObjects(kManualCase);
    QCOMPARE(model.rowCount(), 0);
    model.setSnapshot(test::uncomparedSnapshot(reference, objects));
    QCOMPARE(model.rowCount(), 1);
    model.setSnapshot(test::compareSnapshot({reference, objects, {}, {}}));
    model.setSnapshot(test::compareSnapshot(
        {reference,
         objects,
         {{"apps/v1_Deployment_kubernetes-dashboard_kubernetes-dashboard", "deploymentMetrics.yaml"}},
         {}}));
    QCOMPARE(proxy.rowCount(), 1);
    proxy.setTextFilter(QStringLiteral("dashboard.yaml"));
    QCOMPARE(proxy.rowCount(), 0);
    proxy.setTextFilter({});
    model.setSnapshot(test::caseSnapshot(QStringLiteral("ReferenceV2OnlyOne"), QStringLiteral("metadata-one-of.yaml")));
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.rowCount(model.index(0, 0, model.index(0, 0))), 11);
    model.setSnapshot(test::caseSnapshot(kOnlyRequired));
    QCOMPARE(model.rowCount(), 2);
    model.setSnapshot(nullptr);
    QCOMPARE(model.rowCount(), 0);
}

void tst_ReferenceTreeModel::sameReferenceKeepsRows()
{
    const auto reference = test::loadCaseReference(kManualCase);
    const auto objects = test::loadCaseObjects(kManualCase);
    ReferenceTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setSnapshot(test::compareSnapshot({reference, objects, {}, {}}));
    const QPersistentModelIndex metrics = model.indexForTemplate(QStringLiteral("deploymentMetrics.yaml"));
    QCOMPARE(describeTemplate(metrics), QStringLiteral("deploymentMetrics.yaml=clean"));
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    QSignalSpy changes(&model, &QAbstractItemModel::dataChanged);
    model.setSnapshot(test::compareSnapshot(
        {reference,
         objects,
         {{"apps/v1_Deployment_kubernetes-dashboard_kubernetes-dashboard", "deploymentMetrics.yaml"}},
         {}}));
    QCOMPARE(resets.size(), 0);
    QVERIFY(changes.size() >= 3);
    QVERIFY(metrics.isValid());
    QCOMPARE(describeTemplate(metrics), QStringLiteral("deploymentMetrics.yaml=drift 8 +manual"));
    QCOMPARE(metrics.data(ReferenceTreeModel::ClusterObjectIdsRole).toStringList(),
             (QStringList{"apps/v1_Deployment_kubernetes-dashboard_kubernetes-dashboard",
                          "apps/v1_Deployment_kubernetes-dashboard_dashboard-metrics-scraper"}));
    QCOMPARE(metrics.data(ReferenceTreeModel::MatchCountRole).toInt(), 2);
}

void tst_ReferenceTreeModel::filterProxy()
{
    ReferenceTreeModel model;
    ui::StatusFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setSnapshot(test::caseSnapshot(kOnlyRequired));
    const auto key = [](TemplateState s) { return static_cast<int>(s); };
    QCOMPARE(proxy.stateCounts(), (ui::StateCounts{{key(TemplateState::MissingRequired), 5},
                                                   {key(TemplateState::NotPresent), 5},
                                                   {key(TemplateState::Clean), 1}}));
    QCOMPARE(templateStates(proxy).size(), 11);

    QSignalSpy countsChanged(&proxy, &ui::StatusFilterProxyModel::stateCountsChanged);
    proxy.setStateFilter({key(TemplateState::MissingRequired)});
    QCOMPARE(countsChanged.size(), 0); // counts ignore the state filter
    QCOMPARE(templateStates(proxy), (QStringList{"cm.yaml=missing", "deploymentDashboard.yaml=missing",
                                                 "deploymentMetrics.yaml=missing", "cr.yaml=missing",
                                                 "crb.yaml=missing"}));

    proxy.setTextFilter(QStringLiteral("part2 YAML"));
    QCOMPARE(countsChanged.size(), 1);
    QCOMPARE(templateStates(proxy), (QStringList{"cr.yaml=missing", "crb.yaml=missing"}));
    QCOMPARE(proxy.stateCounts(), (ui::StateCounts{{key(TemplateState::MissingRequired), 2},
                                                   {key(TemplateState::NotPresent), 2},
                                                   {key(TemplateState::Clean), 1}}));
    QCOMPARE(proxy.rowCount(), 1); // ExamplePart1 has nothing left

    proxy.setStateFilter({});
    proxy.setTextFilter({});
    QCOMPARE(proxy.rowCount(), 2);
    QCOMPARE(countsChanged.size(), 2);
    QCOMPARE(proxy.stateCounts().value(key(TemplateState::MissingRequired)), 5);
    model.setSnapshot(test::caseSnapshot(QStringLiteral("SomeDiffs")));
    QCOMPARE(countsChanged.size(), 3); // once, however many signals the swap sends
    QCOMPARE(proxy.stateCounts(), (ui::StateCounts{{key(TemplateState::Drift), 1}, {key(TemplateState::Clean), 1}}));
}

void tst_ReferenceTreeModel::dropTargets()
{
    ReferenceTreeModel model;
    ui::StatusFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    model.setSnapshot(test::caseSnapshot(QStringLiteral("SomeDiffs")));
    const QModelIndex component = model.index(0, 0, model.index(0, 0));
    const QModelIndex leaf = model.indexForTemplate(QStringLiteral("deploymentMetrics.yaml"));
    QVERIFY(model.flags(leaf) & Qt::ItemIsDropEnabled);
    QVERIFY(!(model.flags(component) & Qt::ItemIsDropEnabled));
    QVERIFY(!(model.flags(model.index(0, 0)) & Qt::ItemIsDropEnabled));
    QCOMPARE(model.mimeTypes(), QStringList{ui::ClusterObjectMime::type()});

    std::unique_ptr<QMimeData> data(ui::ClusterObjectMime::encode({"v1_ConfigMap_ns_a", "v1_ConfigMap_ns_b"}));
    QVERIFY(model.canDropMimeData(data.get(), Qt::CopyAction, -1, -1, leaf));
    QVERIFY(model.canDropMimeData(data.get(), Qt::LinkAction, -1, -1, leaf));
    QVERIFY(!model.canDropMimeData(data.get(), Qt::MoveAction, -1, -1, leaf));
    QVERIFY(!model.canDropMimeData(data.get(), Qt::CopyAction, -1, -1, component));
    QVERIFY(!model.canDropMimeData(data.get(), Qt::CopyAction, 0, 0, component)); // between rows
    QMimeData text;
    text.setText(QStringLiteral("v1_ConfigMap_ns_a"));
    QVERIFY(!model.canDropMimeData(&text, Qt::CopyAction, -1, -1, leaf));

    QSignalSpy requested(&model, &ReferenceTreeModel::correlationRequested);
    QVERIFY(!model.dropMimeData(data.get(), Qt::CopyAction, -1, -1, component));
    QCOMPARE(requested.size(), 0);
    // Through the filter proxy, as the view does it.
    QVERIFY(proxy.dropMimeData(data.get(), Qt::CopyAction, -1, -1, proxy.mapFromSource(leaf)));
    QCOMPARE(requested.size(), 1);
    QCOMPARE(requested[0][0].toStringList(), (QStringList{"v1_ConfigMap_ns_a", "v1_ConfigMap_ns_b"}));
    QCOMPARE(requested[0][1].toString(), QStringLiteral("deploymentMetrics.yaml"));
    QCOMPARE(templateStates(model), (QStringList{"deploymentDashboard.yaml=clean", "deploymentMetrics.yaml=drift 2"}));
}

QTEST_MAIN(tst_ReferenceTreeModel)
#include "tst_referencetreemodel.moc"
