// SPDX-License-Identifier: Apache-2.0
// The cluster CR list: grouping, states and correlated templates as the engine
// reports them, the Unmatched group, model consistency while snapshots are
// swapped, filtering and dragging CRs.
#include "models/ClusterObjectMime.h"
#include "main/NavigatorPanel.h"
#include "models/ClusterObjectModel.h"
#include "models/States.h"
#include "models/StatusFilterProxyModel.h"
#include "models/StatusIcons.h"

#include "EngineHarness.h"
#include "SnapshotFixture.h"

#include <QAbstractItemModelTester>
#include <QIcon>
#include <QLineEdit>
#include <QTreeView>
#include <QMimeData>
#include <QSignalSpy>
#include <QTest>

#include <functional>

using namespace ds;
using ui::ClusterObjectModel;
using ui::ClusterObjectState;
namespace ItemRole = ui::ItemRole;

namespace {

using Pairs = std::map<std::string, std::string>;

const QString kAllV2 = QStringLiteral("AllRequiredTemplatesExistAndThereAreNoDiffsRefV2");
const QString kManualCase = QStringLiteral("ManualCorrelationMatchesArePrioritizedOverGroupCorrelation");
const QString kUnmatchedCm = QStringLiteral("v1_ConfigMap_kubernetes-dashboard_kubernetes-dashboard-settings");

QString stateText(const QModelIndex &index)
{
    const auto state = static_cast<ClusterObjectState>(index.data(ItemRole::State).toInt());
    QString text = ui::clusterObjectStateLabel(state);
    const int lines = index.data(ItemRole::ChangedLines).toInt();
    if (lines > 0)
        text += QStringLiteral(" %1").arg(lines);
    if (index.data(ItemRole::Manual).toBool())
        text += QStringLiteral(" +manual");
    const QString path = index.data(ItemRole::TemplatePath).toString();
    return path.isEmpty() ? text : text + QStringLiteral(" -> ") + path;
}

// One line per row: "  " per level, the name, then the state (CRs) or the summary (groups).
void dump(const QAbstractItemModel &model, const QModelIndex &parent, int depth, QStringList &out)
{
    for (int row = 0; row < model.rowCount(parent); ++row) {
        const QModelIndex index = model.index(row, 0, parent);
        const QString indent(depth * 2, QLatin1Char(' '));
        if (index.data(ItemRole::IsLeaf).toBool()) {
            out << indent + index.data().toString() + QStringLiteral(": ") + stateText(index);
            continue;
        }
        out << indent + index.data().toString() + QStringLiteral(" [")
                + model.index(row, ClusterObjectModel::StatusColumn, parent).data().toString() + QLatin1Char(']');
        dump(model, index, depth + 1, out);
    }
}

QStringList dump(const QAbstractItemModel &model)
{
    QStringList out;
    dump(model, {}, 0, out);
    return out;
}

QStringList childIds(const QAbstractItemModel &model, const QModelIndex &parent)
{
    QStringList ids;
    for (int row = 0; row < model.rowCount(parent); ++row)
        ids << model.index(row, 0, parent).data(ClusterObjectModel::ClusterObjectIdRole).toString();
    return ids;
}

QStringList toStringList(const std::vector<std::string> &v)
{
    QStringList out;
    for (const auto &s : v)
        out << QString::fromStdString(s);
    return out;
}

// The SomeDiffs reference (two Deployments) against every CR of the v2 case:
// everything but the Deployments is unmatched.
test::SnapshotInput mostlyUnmatched()
{
    return {test::loadCaseReference(QStringLiteral("SomeDiffs")), test::loadCaseObjects(kAllV2), {}, {}};
}

} // namespace

class tst_ClusterObjectModel : public QObject
{
    Q_OBJECT

private slots:
    void treeFromEngine_data();
    void treeFromEngine();
    void unmatchedGroupListsEveryUnmatchedCr();
    void renderError();
    void kindRowsNameTheirApiVersion();
    void modelTesterWhileSwapping();
    void crsReadAgainKeepTheirRows();
    void filterProxy();
    void typingAgreesWithAFreshFilter_data();
    void typingAgreesWithAFreshFilter();
    void dragging();
    void groupsSayHowManyAreShown();
    void icons();
};

void tst_ClusterObjectModel::treeFromEngine_data()
{
    QTest::addColumn<QString>("caseName");
    QTest::addColumn<QString>("metadata");
    QTest::addColumn<QStringList>("pairs");
    QTest::addColumn<QStringList>("tree");

    QTest::newRow("drift") << "SomeDiffs" << "metadata.yaml" << QStringList()
                           << QStringList{"Unmatched [0 CRs]",
                                          "apps [2 CRs: 1 drift, 1 clean]",
                                          "  Deployment [2 CRs: 1 drift, 1 clean]",
                                          "    kubernetes-dashboard [2 CRs: 1 drift, 1 clean]",
                                          "      dashboard-metrics-scraper: drift 2 -> deploymentMetrics.yaml",
                                          "      kubernetes-dashboard: clean -> deploymentDashboard.yaml"};
    QTest::newRow("cluster-scoped under its kind")
        << "OnlyRequiredResourcesOfRequiredComponentAreReportedMissing(OptionalResourcesNotReported)"
        << "metadata.yaml" << QStringList()
        << QStringList{"Unmatched [0 CRs]", "core [1 CR: 1 clean]", "  Namespace [1 CR: 1 clean]",
                       "    kubernetes-dashboard: clean -> ns.yaml"};
    QTest::newRow("manual")
        << kManualCase << "metadata.yaml"
        << QStringList{"apps/v1_Deployment_kubernetes-dashboard_kubernetes-dashboard=deploymentMetrics.yaml"}
        << QStringList{"Unmatched [0 CRs]",
                       "apps [2 CRs: 1 drift, 1 manual, 1 clean]",
                       "  Deployment [2 CRs: 1 drift, 1 manual, 1 clean]",
                       "    kubernetes-dashboard [2 CRs: 1 drift, 1 manual, 1 clean]",
                       "      dashboard-metrics-scraper: clean -> deploymentMetrics.yaml",
                       "      kubernetes-dashboard: drift 8 +manual -> deploymentMetrics.yaml"};
    QTest::newRow("skipped by doNotMatch")
        << "DoNotMatch" << "metadata-nomatch.yaml" << QStringList()
        << QStringList{"Unmatched [2 CRs: 2 unmatched]",
                       "  apps/v1_Deployment_kubernetes-dashboard_kubernetes-dashboard: unmatched",
                       "  apps/v1_Deployment_kubernetes-dashboard_dashboard-metrics-scraper: unmatched",
                       "core [1 CR: 1 skipped]",
                       "  ConfigMap [1 CR: 1 skipped]",
                       "    kubernetes-dashboard [1 CR: 1 skipped]",
                       "      kubernetes-dashboard-settings: skipped",
                       "apps [2 CRs: 2 unmatched]",
                       "  Deployment [2 CRs: 2 unmatched]",
                       "    kubernetes-dashboard [2 CRs: 2 unmatched]",
                       "      dashboard-metrics-scraper: unmatched",
                       "      kubernetes-dashboard: unmatched"};
}

void tst_ClusterObjectModel::treeFromEngine()
{
    QFETCH(QString, caseName);
    QFETCH(QString, metadata);
    QFETCH(QStringList, pairs);
    QFETCH(QStringList, tree);

    Pairs manual;
    for (const QString &pair : pairs)
        manual[pair.section(QLatin1Char('='), 0, 0).toStdString()] = pair.section(QLatin1Char('='), 1).toStdString();
    ClusterObjectModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setSnapshot(test::compareSnapshot(
        {test::loadCaseReference(caseName, metadata), test::loadCaseObjects(caseName), manual, {}}));
    QCOMPARE(dump(model).join(QLatin1Char('\n')), tree.join(QLatin1Char('\n')));
}

void tst_ClusterObjectModel::unmatchedGroupListsEveryUnmatchedCr()
{
    const QString caseName = QStringLiteral("WhenUsingDiffAllFlag-AllUnmatchedResourcesAppearInSummary");
    const auto snapshot = test::caseSnapshot(caseName);
    ClusterObjectModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setSnapshot(snapshot);
    const QModelIndex group = model.unmatchedGroupIndex();
    QCOMPARE(group.row(), 0);
    QVERIFY(group.data(ItemRole::AlwaysVisible).toBool());
    const QStringList unmatched = toStringList(snapshot->report->unmatchedAll);
    QVERIFY(unmatched.size() >= 10);
    QCOMPARE(childIds(model, group), unmatched);
    for (const QString &id : unmatched) {
        const QModelIndex index = model.indexForObject(id);
        QVERIFY2(index.isValid(), qPrintable(id));
        QVERIFY(index.parent() != group);
        QCOMPARE(index.data(ItemRole::State).toInt(), static_cast<int>(ClusterObjectState::Unmatched));
        QCOMPARE(index.data(ItemRole::Counted).toBool(), true);
    }
    const QModelIndex repeated = model.index(0, 0, group);
    QCOMPARE(repeated.data().toString(), unmatched.first()); // the full id: out of its group's context
    QCOMPARE(repeated.data(ItemRole::Counted).toBool(), false);
    QCOMPARE(repeated.data(ClusterObjectModel::SourceRole).toString(),
             model.indexForObject(unmatched.first()).data(ClusterObjectModel::SourceRole).toString());
    QVERIFY(repeated.data(ClusterObjectModel::ObjectIndexRole).toInt() >= 0);
    // The filter's index reads the text once for rows sharing it: a repeat
    // shares with its CR's row, and the texts are the same; other CRs do not share.
    const QModelIndex original = model.indexForObject(unmatched.first());
    QVERIFY(repeated.data(ItemRole::FilterTextShare).toInt() >= 0);
    QCOMPARE(repeated.data(ItemRole::FilterTextShare), original.data(ItemRole::FilterTextShare));
    QCOMPARE(repeated.data(ItemRole::FilterText).toString(), original.data(ItemRole::FilterText).toString());
    QVERIFY(model.indexForObject(unmatched.last()).data(ItemRole::FilterTextShare)
            != original.data(ItemRole::FilterTextShare));
}

// A kind row's tooltip names the apiVersion of the CRs below it; CR rows
// name their object (group) or their id (Unmatched).
void tst_ClusterObjectModel::kindRowsNameTheirApiVersion()
{
    ClusterObjectModel model;
    model.setSnapshot(test::compareSnapshot(mostlyUnmatched()));
    const QModelIndexList groups = model.match(model.index(0, 0), Qt::DisplayRole, QStringLiteral("apps"), 1,
                                               Qt::MatchExactly);
    QCOMPARE(groups.size(), 1);
    const QModelIndex apps = groups.front();
    const QModelIndex deployments = model.index(0, 0, apps);
    QCOMPARE(deployments.data().toString(), QStringLiteral("Deployment"));
    QVERIFY2(deployments.data(Qt::ToolTipRole).toString().startsWith(QStringLiteral("apps/v1\n")),
             qPrintable(deployments.data(Qt::ToolTipRole).toString()));
    const QModelIndex cm = model.indexForObject(kUnmatchedCm);
    QCOMPARE(cm.data().toString(), QStringLiteral("kubernetes-dashboard-settings"));
    const QModelIndex unmatched = model.unmatchedGroupIndex();
    QVERIFY(childIds(model, unmatched).contains(kUnmatchedCm));
    for (int row = 0; row < model.rowCount(unmatched); ++row) {
        const QModelIndex leaf = model.index(row, 0, unmatched);
        QCOMPARE(leaf.data().toString(), leaf.data(ClusterObjectModel::ClusterObjectIdRole).toString());
    }
}

void tst_ClusterObjectModel::renderError()
{
    auto fixture = test::loadReference(
        {"metadata.yaml",
         "apiVersion: v2\nparts:\n- name: P\n  components:\n  - name: C\n    anyOf:\n    - path: broken.yaml\n",
         "broken.yaml",
         "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: bad\n  namespace: ns\n"
         "data:\n  x: '{{ if .data }}{{ fail \"boom\" }}{{ end }}'\n"});
    QVERIFY2(fixture->reference, fixture->error.c_str());
    auto objects = std::make_shared<std::vector<input::ClusterObject>>(test::clusterObjects(
        QStringLiteral("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: bad\n  namespace: ns\ndata:\n  x: y\n")));
    ClusterObjectModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setSnapshot(test::compareSnapshot({fixture->reference, objects, {}, {}}));
    const QModelIndex bad = model.indexForObject(QStringLiteral("v1_ConfigMap_ns_bad"));
    QCOMPARE(stateText(bad), QStringLiteral("render error"));
    QVERIFY(bad.data(ClusterObjectModel::ErrorRole).toString().contains(QStringLiteral("boom")));
    QCOMPARE(model.index(bad.row(), ClusterObjectModel::TemplateColumn, bad.parent()).data().toString(),
             QStringLiteral("broken.yaml"));
    QVERIFY(bad.data(Qt::ToolTipRole).toString().contains(QStringLiteral("boom")));
}

void tst_ClusterObjectModel::modelTesterWhileSwapping()
{
    ClusterObjectModel model;
    ui::StatusFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    proxy.setStateFilter({static_cast<int>(ClusterObjectState::Unmatched)});

    QCOMPARE(model.rowCount(), 1); // Unmatched, even with nothing loaded
    test::SnapshotInput input = mostlyUnmatched();
    model.setSnapshot(test::uncomparedSnapshot(input.reference, input.objects));
    const QPersistentModelIndex cm = model.indexForObject(kUnmatchedCm);
    QVERIFY(cm.isValid());
    QCOMPARE(stateText(cm), QStringLiteral("not compared"));
    QCOMPARE(model.rowCount(model.unmatchedGroupIndex()), 0);

    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    model.setSnapshot(test::compareSnapshot(input));
    const int unmatched = model.rowCount(model.unmatchedGroupIndex());
    QVERIFY(unmatched >= 10);
    QCOMPARE(stateText(cm), QStringLiteral("unmatched"));
    QVERIFY(childIds(model, model.unmatchedGroupIndex()).contains(kUnmatchedCm));
    QCOMPARE(childIds(proxy, proxy.mapFromSource(model.unmatchedGroupIndex())).size(), unmatched);

    // Pinning the ConfigMap takes it out of the Unmatched group.
    input.manualCorrelations[kUnmatchedCm.toStdString()] = "deploymentMetrics.yaml";
    model.setSnapshot(test::compareSnapshot(input));
    QCOMPARE(resets.size(), 0);
    QVERIFY(cm.isValid());
    QVERIFY(stateText(cm).startsWith(QStringLiteral("drift ")));
    QVERIFY(stateText(cm).endsWith(QStringLiteral(" +manual -> deploymentMetrics.yaml")));
    QCOMPARE(model.rowCount(model.unmatchedGroupIndex()), unmatched - 1);
    QVERIFY(!childIds(model, model.unmatchedGroupIndex()).contains(kUnmatchedCm));

    model.setSnapshot(test::caseSnapshot(QStringLiteral("SomeDiffs")));
    QCOMPARE(resets.size(), 1);
    QVERIFY(!cm.isValid());
    QCOMPARE(proxy.rowCount(), 1); // only the Unmatched group is left
    model.setSnapshot(nullptr);
    QCOMPARE(model.rowCount(), 1);
}

// Reload from Disk after one file changed gives the same CRs in a new vector:
// the rows stay (no reset, selections survive) and name the new objects; a CR
// whose id is the same but whose rows would differ rebuilds the tree.
void tst_ClusterObjectModel::crsReadAgainKeepTheirRows()
{
    ClusterObjectModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    test::SnapshotInput input = mostlyUnmatched();
    model.setSnapshot(test::compareSnapshot(input));
    const QPersistentModelIndex cm = model.indexForObject(kUnmatchedCm);
    QVERIFY(cm.isValid());
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);

    auto readAgain = std::make_shared<std::vector<input::ClusterObject>>(*input.objects);
    for (input::ClusterObject &o : *readAgain)
        if (o.id == kUnmatchedCm.toStdString()) // its file changed: new data, same id
            o.object = test::clusterObjects(QStringLiteral("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: kubernetes-dashboard-settings\n"
                                                           "  namespace: kubernetes-dashboard\ndata:\n  edited: \"yes\"\n"))[0].object;
    input.objects = readAgain;
    model.setSnapshot(test::compareSnapshot(input)); // the only holder of the first vector lets it go
    QCOMPARE(resets.size(), 0);
    QVERIFY(cm.isValid());
    QCOMPARE(cm.data(ClusterObjectModel::ClusterObjectIdRole).toString(), kUnmatchedCm);
    ClusterObjectModel fresh;
    fresh.setSnapshot(test::compareSnapshot(input));
    QCOMPARE(dump(model), dump(fresh));

    // A cluster-scoped ConfigMap named "kubernetes-dashboard_kubernetes-dashboard-settings"
    // has the same id as the namespaced one, and belongs elsewhere in the tree.
    auto moved = std::make_shared<std::vector<input::ClusterObject>>(*input.objects);
    for (input::ClusterObject &o : *moved) {
        if (o.id != kUnmatchedCm.toStdString())
            continue;
        o.object = test::clusterObjects(QStringLiteral("apiVersion: v1\nkind: ConfigMap\nmetadata:\n"
                                                       "  name: kubernetes-dashboard_kubernetes-dashboard-settings\n"))[0].object;
        QCOMPARE(input::objectId(o.object), o.id); // the fixture is what it says
    }
    input.objects = moved;
    model.setSnapshot(test::compareSnapshot(input));
    QCOMPARE(resets.size(), 1);
    fresh.setSnapshot(test::compareSnapshot(input));
    QCOMPARE(dump(model), dump(fresh));
}

void tst_ClusterObjectModel::filterProxy()
{
    ClusterObjectModel model;
    ui::StatusFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    const auto snapshot = test::compareSnapshot(mostlyUnmatched());
    model.setSnapshot(snapshot);
    const auto key = [](ClusterObjectState s) { return static_cast<int>(s); };
    const int unmatched = static_cast<int>(snapshot->report->unmatchedAll.size());
    // Repeated rows under Unmatched do not count twice.
    QCOMPARE(proxy.stateCounts(),
             (ui::StateCounts{{key(ClusterObjectState::Unmatched), unmatched}, {key(ClusterObjectState::Clean), 2}}));

    proxy.setStateFilter({key(ClusterObjectState::Clean)});
    QStringList tree = dump(proxy);
    QCOMPARE(tree.first(), QStringLiteral("Unmatched [%1 CRs: %1 unmatched]").arg(unmatched)); // always there
    QCOMPARE(tree.mid(1), (QStringList{"apps [2 CRs: 2 clean]", "  Deployment [2 CRs: 2 clean]",
                                       "    kubernetes-dashboard [2 CRs: 2 clean]",
                                       "      dashboard-metrics-scraper: clean -> deploymentMetrics.yaml",
                                       "      kubernetes-dashboard: clean -> deploymentDashboard.yaml"}));

    proxy.setStateFilter({});
    proxy.setTextFilter(QStringLiteral("configmap SETTINGS"));
    QCOMPARE(dump(proxy), (QStringList{QStringLiteral("Unmatched [%1 CRs: %1 unmatched]").arg(unmatched),
                                       "  " + kUnmatchedCm + ": unmatched",
                                       QStringLiteral("core [8 CRs: 8 unmatched]"), // group summaries count everything
                                       QStringLiteral("  ConfigMap [1 CR: 1 unmatched]"),
                                       QStringLiteral("    kubernetes-dashboard [1 CR: 1 unmatched]"),
                                       QStringLiteral("      kubernetes-dashboard-settings: unmatched")}));
    QCOMPARE(proxy.stateCounts(), (ui::StateCounts{{key(ClusterObjectState::Unmatched), 1}}));
    proxy.setTextFilter(QStringLiteral("deploymentMetrics.yaml")); // the correlated template is searched too
    QCOMPARE(dump(proxy).last(), QStringLiteral("      dashboard-metrics-scraper: clean -> deploymentMetrics.yaml"));
}

// The filter keeps what it matched while the text only grows (typing on) and
// starts over otherwise: after every keystroke of a sequence the rows and the
// buttons' counts must be those of a proxy given that text at once.
void tst_ClusterObjectModel::typingAgreesWithAFreshFilter_data()
{
    QTest::addColumn<QStringList>("texts");
    QTest::addColumn<QList<int>>("states"); // the state filter during the sequence
    QTest::newRow("type, erase, type another") << QStringList{"k", "ku", "kube", "kubernetes-d", "kube", "", "dash metrics",
                                                              "dash metricsX", "dash"}
                                               << QList<int>{};
    QTest::newRow("case changes") << QStringList{"CONFIG", "configm", "ConfigMap s", "configmap SETTINGS"} << QList<int>{};
    QTest::newRow("with a state filter") << QStringList{"d", "da", "dashboard", "d"}
                                         << QList<int>{static_cast<int>(ClusterObjectState::Clean)};
}

void tst_ClusterObjectModel::typingAgreesWithAFreshFilter()
{
    QFETCH(QStringList, texts);
    QFETCH(QList<int>, states);
    ClusterObjectModel model;
    ui::StatusFilterProxyModel typed;
    typed.setSourceModel(&model);
    model.setSnapshot(test::compareSnapshot(mostlyUnmatched()));
    typed.setStateFilter(QSet<int>(states.cbegin(), states.cend()));
    for (const QString &text : texts) {
        typed.setTextFilter(text);
        ui::StatusFilterProxyModel fresh;
        fresh.setSourceModel(&model);
        fresh.setStateFilter(QSet<int>(states.cbegin(), states.cend()));
        fresh.setTextFilter(text);
        QCOMPARE(dump(typed), dump(fresh));
        QCOMPARE(typed.stateCounts(), fresh.stateCounts());
    }
}

void tst_ClusterObjectModel::dragging()
{
    ClusterObjectModel model;
    ui::StatusFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    model.setSnapshot(test::caseSnapshot(QStringLiteral("SomeDiffs")));
    const QModelIndex a =
        model.indexForObject(QStringLiteral("apps/v1_Deployment_kubernetes-dashboard_kubernetes-dashboard"));
    const QModelIndex b =
        model.indexForObject(QStringLiteral("apps/v1_Deployment_kubernetes-dashboard_dashboard-metrics-scraper"));
    QVERIFY(model.flags(a) & Qt::ItemIsDragEnabled);
    QVERIFY(!(model.flags(a) & Qt::ItemIsDropEnabled));
    QVERIFY(!(model.flags(a.parent()) & Qt::ItemIsDragEnabled));
    QVERIFY(model.supportedDragActions() & Qt::CopyAction);
    QCOMPARE(model.mimeTypes(), QStringList{ui::ClusterObjectMime::type()});

    // A view passes every selected cell; groups and repeated cells are left out.
    const QModelIndexList selection{a, model.index(a.row(), ClusterObjectModel::StatusColumn, a.parent()), b,
                                    a.parent()};
    std::unique_ptr<QMimeData> data(model.mimeData(selection));
    QVERIFY(data);
    QCOMPARE(data->data(ui::ClusterObjectMime::type()),
             QByteArray("apps/v1_Deployment_kubernetes-dashboard_kubernetes-dashboard\n"
                        "apps/v1_Deployment_kubernetes-dashboard_dashboard-metrics-scraper"));
    QCOMPARE(ui::ClusterObjectMime::decode(data.get()).size(), 2);
    QVERIFY(!model.mimeData({a.parent()}));

    std::unique_ptr<QMimeData> viaProxy(proxy.mimeData({proxy.mapFromSource(b)}));
    QCOMPARE(ui::ClusterObjectMime::decode(viaProxy.get()),
             QStringList{"apps/v1_Deployment_kubernetes-dashboard_dashboard-metrics-scraper"});
}

// Under a filter a group's status says how many of its CRs are shown, and a
// filter that leaves few rows opens the groups holding them.
void tst_ClusterObjectModel::groupsSayHowManyAreShown()
{
    ClusterObjectModel model;
    model.setSnapshot(test::caseSnapshot(QStringLiteral("SomeDiffs")));
    ui::NavigatorPanel panel(QStringLiteral("Cluster CRs"), &model, ui::StatusFilterBar::clusterObjectStates());
    ui::StatusFilterProxyModel *proxy = panel.proxy();
    proxy->setStatusColumn(ClusterObjectModel::StatusColumn);
    const QModelIndex kind = model.indexForObject(
        QStringLiteral("apps/v1_Deployment_kubernetes-dashboard_kubernetes-dashboard")).parent().parent();
    const int total = kind.data(ui::ItemRole::LeafCount).toInt();
    QVERIFY(total >= 2);
    const auto statusOf = [&](const QModelIndex &sourceIndex) {
        return proxy->mapFromSource(sourceIndex).siblingAtColumn(ClusterObjectModel::StatusColumn).data().toString();
    };
    QVERIFY(!statusOf(kind).contains(QStringLiteral("shown"))); // no filter: the model's own summary
    const QModelIndex scraper =
        model.indexForObject(QStringLiteral("apps/v1_Deployment_kubernetes-dashboard_dashboard-metrics-scraper"));
    panel.view()->setCurrentIndex(proxy->mapFromSource(scraper));
    panel.filterEdit()->setText(QStringLiteral("metrics-scraper"));
    // Re-filtering keeps the current row when it stays.
    QCOMPARE(proxy->mapToSource(panel.view()->currentIndex()), scraper);
    QCOMPARE(statusOf(kind), QStringLiteral("1 of %1 shown").arg(total));
    const QModelIndex cr = proxy->mapFromSource(
        model.indexForObject(QStringLiteral("apps/v1_Deployment_kubernetes-dashboard_dashboard-metrics-scraper")));
    QVERIFY(cr.isValid());
    for (QModelIndex up = cr.parent(); up.isValid(); up = up.parent())
        QVERIFY2(panel.view()->isExpanded(up), qPrintable(up.data().toString()));
    panel.filterEdit()->clear();
    QVERIFY(!statusOf(kind).contains(QStringLiteral("shown")));

    // A state filter: the count is the group's leaves having that state,
    // walked here in the source model.
    const int state = model.indexForObject(QStringLiteral("apps/v1_Deployment_kubernetes-dashboard_dashboard-metrics-scraper"))
                          .data(ui::ItemRole::States)
                          .value<QList<int>>()
                          .value(0);
    int withState = 0;
    const std::function<void(const QModelIndex &)> walk = [&](const QModelIndex &parent) {
        for (int row = 0; row < model.rowCount(parent); ++row) {
            const QModelIndex child = model.index(row, 0, parent);
            if (child.data(ui::ItemRole::IsLeaf).toBool())
                withState += child.data(ui::ItemRole::States).value<QList<int>>().contains(state) ? 1 : 0;
            else
                walk(child);
        }
    };
    walk(kind);
    QVERIFY(withState >= 1);
    proxy->setStateFilter({state});
    QCOMPARE(statusOf(kind), QStringLiteral("%1 of %2 shown").arg(withState).arg(total));
    proxy->setStateFilter({});
    QVERIFY(!statusOf(kind).contains(QStringLiteral("shown")));
}

void tst_ClusterObjectModel::icons()
{
    QSet<QByteArray> images;
    for (ClusterObjectState state : ui::clusterObjectStatesBySeverity()) {
        const QImage image = ui::StatusIcons::forClusterObject(state).pixmap(16).toImage();
        images.insert(QByteArray(reinterpret_cast<const char *>(image.constBits()), image.sizeInBytes()));
    }
    QCOMPARE(images.size(), ui::clusterObjectStatesBySeverity().size());
    ClusterObjectModel model;
    model.setSnapshot(test::caseSnapshot(QStringLiteral("SomeDiffs")));
    QVERIFY(!model.unmatchedGroupIndex().data(Qt::DecorationRole).value<QIcon>().isNull());
    QCOMPARE(model.headerData(ClusterObjectModel::TemplateColumn, Qt::Horizontal).toString(),
             QStringLiteral("Template"));
}

QTEST_MAIN(tst_ClusterObjectModel)
#include "tst_clusterobjectmodel.moc"
