// SPDX-License-Identifier: Apache-2.0
// Drag-and-drop correlation end to end: a CR dropped on a template becomes an
// undoable manual pair, the pairs are saved to and re-loaded from a diff
// config, and the CLI given that file correlates exactly as the GUI does.
#include "cli/CliRunner.h"
#include "models/ClusterObjectModel.h"
#include "models/ReferenceTreeModel.h"
#include "models/States.h"
#include "models/StatusFilterProxyModel.h"
#include "session/ManualCorrelations.h"

#include "SnapshotFixture.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMimeData>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <sstream>

using namespace ds;
using ui::ManualCorrelations;

namespace {

using Pairs = ManualCorrelations::Pairs;

const QString kCase = QStringLiteral("ManualCorrelationMatchesArePrioritizedOverGroupCorrelation");
const QString kDashboard = QStringLiteral("apps/v1_Deployment_kubernetes-dashboard_kubernetes-dashboard");
const QString kScraper = QStringLiteral("apps/v1_Deployment_kubernetes-dashboard_dashboard-metrics-scraper");
const QString kMetrics = QStringLiteral("deploymentMetrics.yaml");
const QString kDashboardTemplate = QStringLiteral("deploymentDashboard.yaml");

QString readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

void writeAll(const QString &path, const QString &text)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text.toUtf8());
}

// The GUI's set-up: both models behind filter proxies, drops pinning pairs.
struct Gui
{
    Gui()
    {
        treeProxy.setSourceModel(&tree);
        listProxy.setSourceModel(&list);
        QObject::connect(&tree, &ui::ReferenceTreeModel::correlationRequested, &correlations, &ManualCorrelations::pin);
    }

    void show(const std::shared_ptr<const ui::ComparisonSnapshot> &snapshot)
    {
        tree.setSnapshot(snapshot);
        list.setSnapshot(snapshot);
    }

    // Drags CRs from the list and drops them on a template, through the proxies.
    bool drop(const QStringList &ids, const QString &templatePath)
    {
        QModelIndexList dragged;
        for (const QString &id : ids)
            dragged << listProxy.mapFromSource(list.indexForObject(id));
        std::unique_ptr<QMimeData> data(listProxy.mimeData(dragged));
        const QModelIndex target = treeProxy.mapFromSource(tree.indexForTemplate(templatePath));
        return data && treeProxy.canDropMimeData(data.get(), Qt::CopyAction, -1, -1, target)
            && treeProxy.dropMimeData(data.get(), Qt::CopyAction, -1, -1, target);
    }

    ui::ReferenceTreeModel tree;
    ui::ClusterObjectModel list;
    ui::StatusFilterProxyModel treeProxy;
    ui::StatusFilterProxyModel listProxy;
    ManualCorrelations correlations;
};

QStringList pairList(const Pairs &pairs)
{
    QStringList out;
    for (const auto &[id, path] : pairs)
        out << QString::fromStdString(id) + QLatin1Char('=') + QString::fromStdString(path);
    return out;
}

// CR id → correlated template, from a report.
QMap<QString, QString> correlations(const report::ComparisonReport &report)
{
    QMap<QString, QString> out;
    for (const auto &d : report.diffs)
        out.insert(QString::fromStdString(d.crName), QString::fromStdString(d.correlatedTemplate));
    return out;
}

} // namespace

class tst_ManualCorrelation : public QObject
{
    Q_OBJECT

private slots:
    void dropPinsThroughUndoStack();
    void severalCrsAreOneStep();
    void replaceAndUnpin();
    void saveAndLoadRoundTrip();
    void saveKeepsTheRestOfTheFile();
    void loadErrorsChangeNothing();
    void cliAgreesWithGui();
};

void tst_ManualCorrelation::dropPinsThroughUndoStack()
{
    Gui gui;
    const auto reference = test::loadCaseReference(kCase);
    const auto objects = test::loadCaseObjects(kCase);
    gui.show(test::compareSnapshot({reference, objects, {}, {}}));
    QCOMPARE(gui.tree.indexForTemplate(kMetrics).data(ui::ItemRole::State).toInt(),
             static_cast<int>(ui::TemplateState::Clean));

    QSignalSpy changed(&gui.correlations, &ManualCorrelations::changed);
    QSignalSpy dirty(&gui.correlations, &ManualCorrelations::dirtyChanged);
    QVERIFY(gui.drop({kDashboard}, kMetrics));
    QCOMPARE(pairList(gui.correlations.pairs()), QStringList{kDashboard + "=" + kMetrics});
    QCOMPARE(gui.correlations.undoStack()->count(), 1);
    QCOMPARE(gui.correlations.undoStack()->undoText(), "Pin " + kDashboard + " to " + kMetrics);
    QVERIFY(gui.correlations.isDirty());
    QCOMPARE(changed.size(), 1);
    QCOMPARE(dirty.size(), 1);
    QCOMPARE(dirty.last().first().toBool(), true);

    // The worker re-compares with the pairs; the tree then shows the pin.
    gui.show(test::compareSnapshot({reference, objects, gui.correlations.pairs(), {}}));
    const QModelIndex metrics = gui.tree.indexForTemplate(kMetrics);
    QCOMPARE(metrics.data(ui::ItemRole::State).toInt(), static_cast<int>(ui::TemplateState::Drift));
    QVERIFY(metrics.data(ui::ItemRole::Manual).toBool());
    QCOMPARE(gui.tree.indexForTemplate(kDashboardTemplate).data(ui::ItemRole::State).toInt(),
             static_cast<int>(ui::TemplateState::MissingRequired));
    const QModelIndex cr = gui.list.indexForObject(kDashboard);
    QVERIFY(cr.data(ui::ItemRole::Manual).toBool());
    QCOMPARE(cr.data(ui::ItemRole::TemplatePath).toString(), kMetrics);

    gui.correlations.undoStack()->undo();
    QVERIFY(gui.correlations.pairs().empty());
    QVERIFY(!gui.correlations.isDirty());
    QCOMPARE(changed.size(), 2);
    QCOMPARE(dirty.last().first().toBool(), false);
    gui.correlations.undoStack()->redo();
    QCOMPARE(pairList(gui.correlations.pairs()), QStringList{kDashboard + "=" + kMetrics});
    QVERIFY(gui.correlations.isDirty());

    // Dropping it there again changes nothing and adds no step.
    QVERIFY(gui.drop({kDashboard}, kMetrics));
    QCOMPARE(gui.correlations.undoStack()->count(), 1);
    QCOMPARE(changed.size(), 3);
}

void tst_ManualCorrelation::severalCrsAreOneStep()
{
    Gui gui;
    gui.show(test::caseSnapshot(kCase));
    QVERIFY(gui.drop({kDashboard, kScraper}, kDashboardTemplate));
    QCOMPARE(gui.correlations.undoStack()->count(), 1);
    QCOMPARE(gui.correlations.undoStack()->undoText(), "Pin 2 CRs to " + kDashboardTemplate);
    QCOMPARE(pairList(gui.correlations.pairs()),
             (QStringList{kScraper + "=" + kDashboardTemplate, kDashboard + "=" + kDashboardTemplate}));
    // A second drop moving only one of them: undo restores just that one.
    QVERIFY(gui.drop({kScraper}, kMetrics));
    QCOMPARE(gui.correlations.undoStack()->count(), 2);
    gui.correlations.undoStack()->undo();
    QCOMPARE(gui.correlations.templateFor(kScraper), kDashboardTemplate);
    gui.correlations.undoStack()->undo();
    QVERIFY(gui.correlations.pairs().empty());
}

void tst_ManualCorrelation::replaceAndUnpin()
{
    ManualCorrelations c;
    QUndoStack *stack = c.undoStack();
    c.pin({kDashboard}, kMetrics);
    c.pin({kDashboard}, kDashboardTemplate);
    QCOMPARE(stack->count(), 2);
    QCOMPARE(c.templateFor(kDashboard), kDashboardTemplate);
    stack->undo();
    QCOMPARE(c.templateFor(kDashboard), kMetrics);
    stack->redo();

    c.unpin({kDashboard, kScraper}); // only the pinned one is removed
    QCOMPARE(stack->count(), 3);
    QCOMPARE(stack->undoText(), "Unpin " + kDashboard);
    QVERIFY(!c.contains(kDashboard));
    c.unpin({kDashboard});
    QCOMPARE(stack->count(), 3);
    stack->undo();
    QCOMPARE(c.templateFor(kDashboard), kDashboardTemplate);

    QSignalSpy changed(&c, &ManualCorrelations::changed);
    c.reset();
    QVERIFY(c.pairs().empty());
    QCOMPARE(stack->count(), 0);
    QVERIFY(!c.isDirty());
    QCOMPARE(changed.size(), 1);
}

void tst_ManualCorrelation::saveAndLoadRoundTrip()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("diffconfig.yaml"));
    Gui gui;
    gui.show(test::caseSnapshot(kCase));
    QVERIFY(gui.drop({kDashboard}, kMetrics));
    QSignalSpy dirty(&gui.correlations, &ManualCorrelations::dirtyChanged);
    QSignalSpy fileChanged(&gui.correlations, &ManualCorrelations::filePathChanged);
    QVERIFY2(gui.correlations.save(path), qPrintable(gui.correlations.errorString()));
    QVERIFY(!gui.correlations.isDirty());
    QCOMPARE(dirty.size(), 1);
    QCOMPARE(fileChanged.size(), 1);
    QCOMPARE(gui.correlations.filePath(), path);
    // Byte for byte what kube-compare's own test data says.
    QCOMPARE(readAll(path).trimmed(), readAll(test::casePath(kCase, QStringLiteral("userconfig.yaml"))).trimmed());
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"diffconfig.yaml"}); // no QSaveFile leftovers

    ManualCorrelations loaded;
    QSignalSpy changed(&loaded, &ManualCorrelations::changed);
    QVERIFY2(loaded.load(path), qPrintable(loaded.errorString()));
    QCOMPARE(changed.size(), 1);
    QCOMPARE(loaded.pairs(), gui.correlations.pairs());
    QVERIFY(!loaded.isDirty());
    QCOMPARE(loaded.undoStack()->count(), 0);

    // Undoing past the save makes it dirty again; saving the empty set writes {}.
    gui.correlations.undoStack()->undo();
    QVERIFY(gui.correlations.isDirty());
    QVERIFY(gui.correlations.save(path));
    QVERIFY(loaded.load(path));
    QVERIFY(loaded.pairs().empty());
    QVERIFY(readAll(path).contains(QStringLiteral("correlationPairs: {}")));
}

void tst_ManualCorrelation::saveKeepsTheRestOfTheFile()
{
    QTemporaryDir dir;
    const QString original = dir.filePath(QStringLiteral("original.yaml"));
    writeAll(original, QStringLiteral("# Reviewed 2024-05-01\n"
                                      "correlationSettings:\n"
                                      "  manualCorrelation:\n"
                                      "    correlationPairs:\n"
                                      "      # scraper runs the metrics image\n"
                                      "      %1: %2\n"
                                      "# end\n")
                           .arg(kScraper, kMetrics));
    ManualCorrelations c;
    QVERIFY(c.load(original));
    c.pin({kDashboard}, kDashboardTemplate);
    QVERIFY(c.save(original));
    const QString expected = QStringLiteral("# Reviewed 2024-05-01\n"
                                            "correlationSettings:\n"
                                            "  manualCorrelation:\n"
                                            "    correlationPairs:\n"
                                            "      # scraper runs the metrics image\n"
                                            "      %1: %2\n"
                                            "      %3: %4\n"
                                            "# end\n")
                                 .arg(kScraper, kMetrics, kDashboard, kDashboardTemplate);
    QCOMPARE(readAll(original), expected);

    // Save As: the new file gets the loaded file's comments too.
    const QString copy = dir.filePath(QStringLiteral("copy.yaml"));
    c.unpin({kScraper});
    QVERIFY(c.save(copy));
    QCOMPARE(c.filePath(), copy);
    QCOMPARE(readAll(copy), QStringLiteral("# Reviewed 2024-05-01\n"
                                           "correlationSettings:\n"
                                           "  manualCorrelation:\n"
                                           "    correlationPairs:\n"
                                           "      # scraper runs the metrics image\n"
                                           "      %1: %2\n"
                                           "# end\n")
                                .arg(kDashboard, kDashboardTemplate));
    QCOMPARE(readAll(original), expected);

    // Edits made to the file elsewhere since survive the next save.
    writeAll(copy, QStringLiteral("# edited by hand\n") + readAll(copy));
    c.pin({kScraper}, kMetrics);
    QVERIFY(c.save(copy));
    QVERIFY(readAll(copy).startsWith(QStringLiteral("# edited by hand\n# Reviewed 2024-05-01\n")));
}

void tst_ManualCorrelation::loadErrorsChangeNothing()
{
    QTemporaryDir dir;
    ManualCorrelations c;
    c.pin({kDashboard}, kMetrics);
    const QString broken = dir.filePath(QStringLiteral("broken.yaml"));
    writeAll(broken, QStringLiteral("correlationSettings:\n  manualCorrelation:\n    bogus: 1\n"));
    QVERIFY(!c.load(broken));
    QVERIFY(c.errorString().startsWith(QStringLiteral("User config file isn't in correct format.")));
    QVERIFY(!c.load(dir.filePath(QStringLiteral("missing.yaml"))));
    QVERIFY(c.errorString().startsWith(QStringLiteral("User Config File not found.")));
    QCOMPARE(pairList(c.pairs()), QStringList{kDashboard + "=" + kMetrics});
    QCOMPARE(c.undoStack()->count(), 1);
    QVERIFY(!c.save(dir.filePath(QStringLiteral("no/such/dir/x.yaml"))));
    QVERIFY(!c.errorString().isEmpty());
    QVERIFY(c.isDirty());
}

void tst_ManualCorrelation::cliAgreesWithGui()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("pins.yaml"));
    Gui gui;
    const auto reference = test::loadCaseReference(kCase);
    const auto objects = test::loadCaseObjects(kCase);
    gui.show(test::compareSnapshot({reference, objects, {}, {}}));
    QVERIFY(gui.drop({kDashboard}, kMetrics));
    QVERIFY(gui.correlations.save(path));
    ManualCorrelations reloaded;
    QVERIFY(reloaded.load(path));
    const auto guiSnapshot = test::compareSnapshot({reference, objects, reloaded.pairs(), {}});

    std::ostringstream out, err;
    const std::vector<std::string> args{"driftscope-cli",
                                        "-r",
                                        test::casePath(kCase, "reference/metadata.yaml").toStdString(),
                                        "-f",
                                        test::casePath(kCase, "resources").toStdString(),
                                        "-c",
                                        path.toStdString(),
                                        "-o",
                                        "json"};
    const int code = cli::run(args, out, err);
    QCOMPARE(code, 1); // differences found
    const QJsonObject json = QJsonDocument::fromJson(QByteArray::fromStdString(out.str())).object();
    QMap<QString, QString> cliCorrelations;
    for (const QJsonValue &d : json.value(QStringLiteral("Diffs")).toArray())
        cliCorrelations.insert(d[QStringLiteral("CRName")].toString(),
                               d[QStringLiteral("CorrelatedTemplate")].toString());
    QCOMPARE(cliCorrelations, correlations(*guiSnapshot->report));
    QCOMPARE(cliCorrelations.value(kDashboard), kMetrics);
    const QJsonObject summary = json.value(QStringLiteral("Summary")).toObject();
    QCOMPARE(summary.value(QStringLiteral("NumDiffCRs")).toInt(), guiSnapshot->report->summary.numDiffCRs);
    QCOMPARE(summary.value(QStringLiteral("NumMissing")).toInt(), guiSnapshot->report->summary.numMissing);
}

QTEST_MAIN(tst_ManualCorrelation)
#include "tst_manualcorrelation.moc"
