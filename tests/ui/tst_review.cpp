// SPDX-License-Identifier: Apache-2.0
// Finishing a review in the window (offscreen): user overrides give the CLI's
// verdict, Accept Differences records what `-o generate-patches` writes and
// keeps the rest of an existing file, edits are undoable, review marks and
// notes round-trip through the review file and go out of date when the drift
// changes, the unreviewed filter, fixes and the HTML report carry the
// decisions, and opening another reference asks whether to keep the files.
#include "MainWindow.h"
#include "TestData.h"
#include "CliRun.h"
#include "main/DocumentFile.h"
#include "main/NavigatorPanel.h"
#include "main/SelectionController.h"
#include "main/FileActions.h"
#include "main/WindowDocuments.h"
#include "models/ClusterObjectModel.h"
#include "models/ItemRoles.h"
#include "models/States.h"
#include "models/StatusFilterProxyModel.h"
#include "review/AcceptDifferencesDialog.h"
#include "review/OverridesView.h"
#include "review/ReviewController.h"
#include "session/ComparisonSession.h"
#include "session/OverridesDocument.h"
#include "session/OverridesModel.h"
#include "session/ReviewDocument.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableView>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeView>
#include <QUndoStack>

#include <sstream>

using namespace ds;
using namespace ds::ui;

namespace {

const QString kSettings = QStringLiteral("v1_ConfigMap_shop_settings");
const QString kBanner = QStringLiteral("v1_ConfigMap_shop_banner");
const QString kWeb = QStringLiteral("apps/v1_Deployment_shop_web");

using CliResult = test::CliRun;
using test::runCli;

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeFile(const QString &path, const QByteArray &text)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("cannot write %s", qPrintable(path));
    f.write(text);
}

void copyTree(const QString &from, const QString &to)
{
    QDir().mkpath(to);
    const QDir source(from);
    for (const QFileInfo &entry : source.entryInfoList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QString target = to + QLatin1Char('/') + entry.fileName();
        if (entry.isDir())
            copyTree(entry.filePath(), target);
        else
            QFile::copy(entry.filePath(), target);
    }
}

QVariant crData(MainWindow &w, const QString &id, int role, int column = ClusterObjectModel::NameColumn)
{
    return w.objectModel()->indexForObject(id, column).data(role);
}

// Clicks a button of the message box the window opens next.
void answerNextMessageBox(const QString &buttonText)
{
    QTimer::singleShot(0, [buttonText] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        QVERIFY(box);
        for (QAbstractButton *b : box->buttons())
            if (b->text() == buttonText)
                return b->click();
        QFAIL(qPrintable(QStringLiteral("no button %1").arg(buttonText)));
    });
}

} // namespace

class tst_Review : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void overridesGiveTheCliVerdict();
    void acceptRecordsTheGeneratePatchesOverride();
    void emptyReasonIsRefused();
    void undoRemovesTheOverride();
    void existingFileIsKeptByteForByte();
    void overridesPanelEditsTheReason();
    void reviewFileRoundTrip();
    void markGoesOutdatedWhenTheDriftChanges();
    void spaceAndCheckBoxMark();
    void unreviewedFilterShowsOnlyDriftToReview();
    void htmlExportCarriesTheDecisions();
    void exportedFixesAreTheClis();
    void openingAnotherReferenceAsksToKeepTheFiles();
    void brokenFilesAreRefusedWithTheirName_data();
    void brokenFilesAreRefusedWithTheirName();

private:
    void openFixture(MainWindow &w);
    void waitIdle(MainWindow &w);

    QTemporaryDir m_work;
    QString m_fixture; // a fresh copy of tests/data/fixes per test
    QString m_metadata;
    QString m_resources;
    int m_run = 0;
};

void tst_Review::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_work.isValid());
}

void tst_Review::init()
{
    m_fixture = m_work.filePath(QStringLiteral("fixture-%1").arg(++m_run));
    copyTree(test::dataPath(QStringLiteral("fixes")), m_fixture);
    m_metadata = m_fixture + QStringLiteral("/reference/metadata.yaml");
    m_resources = m_fixture + QStringLiteral("/resources");
}

void tst_Review::waitIdle(MainWindow &w)
{
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isBusy(), 60000);
}

void tst_Review::openFixture(MainWindow &w)
{
    w.openReference(m_metadata);
    w.openInputs({m_resources});
    waitIdle(w);
    QVERIFY(w.session()->snapshot()->hasReport());
}

// `driftscope -p` and `driftscope-cli -p` give the same verdict on reference-core
// and a drifted must-gather: the same CRs drifted and patched.
void tst_Review::overridesGiveTheCliVerdict()
{
    const test::PreparedInput input = test::prepareComparisonInput(
        test::dataPath(QStringLiteral("shared/bench/reference-core/metadata.yaml")), test::kSyntheticMustGather,
        m_work.path());
    if (!input.skip.isEmpty())
        QSKIP(input.skip.constData());
    const QString metadata = test::dataPath(QStringLiteral("shared/bench/reference-core/metadata.yaml"));
    const QString overrides = m_work.filePath(QStringLiteral("comparison-overrides.yaml"));
    QFile::remove(overrides);
    QVERIFY(QFile::copy(test::dataPath(QStringLiteral("shared/bench/reference-core/comparison-overrides.yaml")),
                        overrides));

    const CliResult cli = runCli({QStringLiteral("-r"), metadata, QStringLiteral("-f"), input.resources,
                                  QStringLiteral("-R"), QStringLiteral("-p"), overrides, QStringLiteral("-o"),
                                  QStringLiteral("json")});
    QVERIFY2(cli.code == 1, qPrintable(cli.err));
    const QJsonObject summary = QJsonDocument::fromJson(cli.out.toUtf8()).object().value(QStringLiteral("Summary")).toObject();

    MainWindow w;
    QVERIFY(w.openOverrides(overrides));
    w.openReference(metadata);
    w.openInputs({input.resources});
    waitIdle(w);
    const report::ReportCounts &n = w.session()->snapshot()->lookup().counts();
    QCOMPARE(n.patched, summary.value(QStringLiteral("patchedCRs")).toInt());
    QCOMPARE(n.withDrift, summary.value(QStringLiteral("NumDiffCRs")).toInt());
    QVERIFY(n.patched > 0 && n.withDrift > 0);
    // The patched CR says why, in its tooltip and in the diff header.
    const QString clusterVersion = QStringLiteral("config.openshift.io/v1_ClusterVersion_version");
    QVERIFY(crData(w, clusterVersion, Qt::ToolTipRole).toString().contains(QStringLiteral("corellated to ReferenceVersionCheck")));
    QVERIFY(w.windowTitle().contains(QStringLiteral("comparison-overrides.yaml")));
}

// The override recorded for a CR is what `-o generate-patches
// --generate-override-for <template> --override-reason <reason>` writes; saved
// and passed to the CLI, it turns the CR into patched with that reason.
void tst_Review::acceptRecordsTheGeneratePatchesOverride()
{
    MainWindow w;
    openFixture(w);
    const QString reason = QStringLiteral("staging settings are intended here (CHG-42)");
    QVERIFY(w.review()->accept({kSettings}, reason));
    const CliResult generated = runCli({QStringLiteral("-r"), m_metadata, QStringLiteral("-f"), m_resources,
                                        QStringLiteral("-R"), QStringLiteral("-o"), QStringLiteral("generate-patches"),
                                        QStringLiteral("--generate-override-for"), QStringLiteral("configmap.yaml"),
                                        QStringLiteral("--override-reason"), reason});
    QCOMPARE(QString::fromStdString(w.documents()->overrides()->text()), generated.out);

    waitIdle(w); // compared again at once
    QCOMPARE(crData(w, kSettings, ItemRole::State).toInt(), int(ClusterObjectState::Patched));
    QVERIFY(crData(w, kSettings, Qt::ToolTipRole).toString().contains(reason));
    QVERIFY(w.isWindowModified());

    const QString saved = m_work.filePath(QStringLiteral("accepted-%1.yaml").arg(m_run));
    QVERIFY(w.documents()->overrides()->save(saved));
    const CliResult patched = runCli({QStringLiteral("-r"), m_metadata, QStringLiteral("-f"), m_resources,
                                      QStringLiteral("-R"), QStringLiteral("-p"), saved});
    QVERIFY2(patched.out.contains(QStringLiteral("Cluster CR: v1_ConfigMap_shop_settings\nReference File: configmap.yaml\n"
                                                 "Diff Output: None\nPatched with ")),
             qPrintable(patched.out));
    QVERIFY(patched.out.contains(QStringLiteral("- ") + reason));
}

void tst_Review::emptyReasonIsRefused()
{
    MainWindow w;
    openFixture(w);
    AcceptDifferencesDialog dialog(w.review()->driftedResults({kSettings, kWeb}), QString());
    QPushButton *ok = dialog.buttons()->button(QDialogButtonBox::Ok);
    QVERIFY(!ok->isEnabled());
    QTest::keyClicks(dialog.reasonEdit(), QStringLiteral("   "));
    QVERIFY(!ok->isEnabled()); // blanks are no reason
    QTest::keyClicks(dialog.reasonEdit(), QStringLiteral("intended"));
    QVERIFY(ok->isEnabled());
    QVERIFY(dialog.preview()->toPlainText().contains(QStringLiteral("reason: intended")));
    QVERIFY(dialog.preview()->toPlainText().contains(QStringLiteral("templatePath: deployment.yaml")));

    QVERIFY(!w.review()->accept({kSettings}, QStringLiteral("  ")));
    QVERIFY(w.documents()->overrides()->overrides().empty());
    QVERIFY(!w.review()->accept({QStringLiteral("v1_Namespace_shop")}, QStringLiteral("clean CRs have nothing to accept")));
    QVERIFY(w.documents()->overrides()->overrides().empty());
}

void tst_Review::undoRemovesTheOverride()
{
    MainWindow w;
    openFixture(w);
    QVERIFY(w.review()->accept({kSettings, kWeb}, QStringLiteral("both intended")));
    QCOMPARE(w.documents()->overrides()->overrides().size(), std::size_t(2));
    waitIdle(w);
    QCOMPARE(crData(w, kWeb, ItemRole::State).toInt(), int(ClusterObjectState::Patched));
    w.documents()->undoStack()->undo(); // one step for both
    QVERIFY(w.documents()->overrides()->overrides().empty());
    QVERIFY(!w.documents()->overrides()->isDirty());
    waitIdle(w);
    QCOMPARE(crData(w, kSettings, ItemRole::State).toInt(), int(ClusterObjectState::Drift));
    QCOMPARE(crData(w, kWeb, ItemRole::State).toInt(), int(ClusterObjectState::Drift));
    w.documents()->undoStack()->redo();
    QCOMPARE(w.documents()->overrides()->overrides().size(), std::size_t(2));
}

// Accepting appends to an existing file: its comments and overrides stay byte
// for byte; removing the new override gives the file back as it was.
void tst_Review::existingFileIsKeptByteForByte()
{
    const QByteArray original =
        "# Overrides of the shop cluster, reviewed by the platform team.\n"
        "# Keep this header.\n"
        "- apiVersion: apps/v1\n"
        "  kind: Deployment\n"
        "  name: web\n"
        "  namespace: shop\n"
        "  reason: \"two replicas on this small cluster\"   # CHG-7\n"
        "  type: mergepatch\n"
        "  patch: '{\"spec\":{\"replicas\":2}}'\n"
        "  templatePath: deployment.yaml\n"
        "\n"
        "# end of reviewed overrides\n";
    const QString path = m_work.filePath(QStringLiteral("existing-%1.yaml").arg(m_run));
    writeFile(path, original);

    MainWindow w;
    w.show(); // the panel's Delete shortcut needs an active window
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.openOverrides(path));
    openFixture(w);
    QVERIFY(w.review()->accept({kBanner}, QStringLiteral("banner colour chosen by marketing")));
    QVERIFY(w.documents()->overridesFile()->save());
    const QByteArray saved = readAll(path);
    QVERIFY2(saved.startsWith(original), saved.constData());
    QVERIFY(saved.size() > original.size());
    QCOMPARE(w.documents()->overrides()->overrides().size(), std::size_t(2));

    w.overridesView()->selectRow(1);
    w.overridesView()->setFocus();
    QTest::keyClick(w.overridesView(), Qt::Key_Delete);
    QCOMPARE(w.documents()->overrides()->overrides().size(), std::size_t(1));
    QVERIFY(w.documents()->overridesFile()->save());
    QCOMPARE(readAll(path), original);
}

void tst_Review::overridesPanelEditsTheReason()
{
    MainWindow w;
    openFixture(w);
    QVERIFY(w.review()->accept({kSettings}, QStringLiteral("first reason")));
    OverridesModel *model = w.overridesView()->overridesModel();
    QCOMPARE(model->rowCount(), 1);
    const QModelIndex reason = model->index(0, OverridesModel::ReasonColumn);
    QCOMPARE(reason.data().toString(), QStringLiteral("first reason"));
    QCOMPARE(model->index(0, OverridesModel::TemplateColumn).data().toString(), QStringLiteral("configmap.yaml"));
    QVERIFY(model->setData(reason, QStringLiteral("second reason")));
    QCOMPARE(QString::fromStdString(w.documents()->overrides()->overrides()[0].reason), QStringLiteral("second reason"));
    QVERIFY(QString::fromStdString(w.documents()->overrides()->text()).contains(QStringLiteral("reason: second reason")));
    QVERIFY(!QString::fromStdString(w.documents()->overrides()->text()).contains(QStringLiteral("first reason")));
    QTimer::singleShot(0, [] { // the refusal is shown
        if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget()))
            box->accept();
    });
    QVERIFY(!model->setData(reason, QStringLiteral("  ")));
    QCOMPARE(QString::fromStdString(w.documents()->overrides()->overrides()[0].reason), QStringLiteral("second reason"));
    w.documents()->undoStack()->undo();
    QCOMPARE(model->index(0, OverridesModel::ReasonColumn).data().toString(), QStringLiteral("first reason"));
}

// Marks and notes saved to a review file come back in a new window.
void tst_Review::reviewFileRoundTrip()
{
    const QString path = m_work.filePath(QStringLiteral("review-%1.yaml").arg(m_run));
    {
        MainWindow w;
        openFixture(w);
        const QString before = w.review()->progressText();
        QVERIFY2(before.startsWith(QStringLiteral("0 of 4 drifted CRs reviewed")), qPrintable(before));
        w.review()->toggleMark({kSettings}, review::ReviewMark::Outcome::Reviewed);
        w.review()->toggleMark({kWeb}, review::ReviewMark::Outcome::ToFix);
        w.review()->setNote({kWeb}, QStringLiteral("replicas back to 3 in the next window"));
        QCOMPARE(w.review()->progressText(), QStringLiteral("2 of 4 drifted CRs reviewed · 1 to fix"));
        QCOMPARE(w.findChild<QLabel *>(QStringLiteral("reviewProgressLabel"))->text(), w.review()->progressText());
        QVERIFY(w.documents()->review()->save(path));
    }
    const auto marks = review::ReviewFile::load(path.toStdString());
    QVERIFY2(marks.ok(), marks.error ? marks.error->c_str() : "");
    QCOMPARE(marks.file.marks().size(), std::size_t(2));

    MainWindow w;
    QVERIFY(w.openReview(path));
    openFixture(w);
    QCOMPARE(crData(w, kSettings, ClusterObjectModel::ReviewRole).toInt(), int(ClusterObjectModel::ReviewState::Reviewed));
    QCOMPARE(crData(w, kWeb, ClusterObjectModel::ReviewRole).toInt(), int(ClusterObjectModel::ReviewState::ToFix));
    QCOMPARE(crData(w, kWeb, ClusterObjectModel::ReviewNoteRole).toString(), QStringLiteral("replicas back to 3 in the next window"));
    QCOMPARE(crData(w, kSettings, Qt::CheckStateRole, ClusterObjectModel::ReviewColumn).toInt(), int(Qt::Checked));
    QCOMPARE(crData(w, kBanner, Qt::CheckStateRole, ClusterObjectModel::ReviewColumn).toInt(), int(Qt::Unchecked));
    QCOMPARE(w.review()->progressText(), QStringLiteral("2 of 4 drifted CRs reviewed · 1 to fix"));
    QVERIFY(!w.isWindowModified());
}

// A mark is for a drift: when the cluster CR changes, the mark is outdated and
// the CR is to review again.
void tst_Review::markGoesOutdatedWhenTheDriftChanges()
{
    MainWindow w;
    openFixture(w);
    w.review()->toggleMark({kSettings}, review::ReviewMark::Outcome::Reviewed);
    QVERIFY(!crData(w, kSettings, ClusterObjectModel::ReviewOutdatedRole).toBool());
    QVERIFY(!crData(w, kSettings, ItemRole::States).value<QList<int>>().contains(kUnreviewedDrift));

    QByteArray cr = readAll(m_resources + QStringLiteral("/configmap.yaml"));
    cr.replace("mode: staging", "mode: testing");
    writeFile(m_resources + QStringLiteral("/configmap.yaml"), cr);
    w.reloadAction()->trigger();
    waitIdle(w);
    QVERIFY(crData(w, kSettings, ClusterObjectModel::ReviewOutdatedRole).toBool());
    QVERIFY(crData(w, kSettings, ItemRole::States).value<QList<int>>().contains(kUnreviewedDrift));
    QCOMPARE(crData(w, kSettings, Qt::CheckStateRole, ClusterObjectModel::ReviewColumn).toInt(), int(Qt::Unchecked));
    QCOMPARE(crData(w, kSettings, Qt::DisplayRole, ClusterObjectModel::ReviewColumn).toString(), QStringLiteral("outdated"));
    QCOMPARE(w.review()->progressText(), QStringLiteral("0 of 4 drifted CRs reviewed · 1 outdated"));
    // Marking again makes it current.
    w.review()->toggleMark({kSettings}, review::ReviewMark::Outcome::Reviewed);
    QVERIFY(!crData(w, kSettings, ClusterObjectModel::ReviewOutdatedRole).toBool());
}

void tst_Review::spaceAndCheckBoxMark()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    openFixture(w);
    w.selection()->showClusterObject(kSettings);
    QTreeView *view = w.objectPanel()->view();
    view->setFocus();
    QTest::keyClick(view, Qt::Key_Space);
    QCOMPARE(crData(w, kSettings, ClusterObjectModel::ReviewRole).toInt(), int(ClusterObjectModel::ReviewState::Reviewed));
    QTest::keyClick(view, Qt::Key_Space); // again: the mark goes
    QCOMPARE(crData(w, kSettings, ClusterObjectModel::ReviewRole).toInt(), int(ClusterObjectModel::ReviewState::None));
    QTest::keyClick(view, Qt::Key_Space, Qt::ShiftModifier);
    QCOMPARE(crData(w, kSettings, ClusterObjectModel::ReviewRole).toInt(), int(ClusterObjectModel::ReviewState::ToFix));

    const QModelIndex box = w.objectModel()->indexForObject(kBanner, ClusterObjectModel::ReviewColumn);
    QVERIFY(box.flags() & Qt::ItemIsUserCheckable);
    QVERIFY(w.objectModel()->setData(box, Qt::Checked, Qt::CheckStateRole));
    QCOMPARE(crData(w, kBanner, ClusterObjectModel::ReviewRole).toInt(), int(ClusterObjectModel::ReviewState::Reviewed));
    QVERIFY(w.objectModel()->setData(box, Qt::Unchecked, Qt::CheckStateRole));
    QCOMPARE(crData(w, kBanner, ClusterObjectModel::ReviewRole).toInt(), int(ClusterObjectModel::ReviewState::None));
    // Clean CRs have nothing to review.
    const QModelIndex clean = w.objectModel()->indexForObject(QStringLiteral("v1_Namespace_shop"), ClusterObjectModel::ReviewColumn);
    QVERIFY(!(clean.flags() & Qt::ItemIsUserCheckable));
    w.documents()->undoStack()->undo();
    QCOMPARE(crData(w, kBanner, ClusterObjectModel::ReviewRole).toInt(), int(ClusterObjectModel::ReviewState::Reviewed));
}

void tst_Review::unreviewedFilterShowsOnlyDriftToReview()
{
    MainWindow w;
    openFixture(w);
    StatusFilterProxyModel *proxy = w.objectPanel()->proxy();
    QCOMPARE(proxy->stateCounts().value(kUnreviewedDrift), 4);
    w.objectPanel()->filterBar()->setChecked(kUnreviewedDrift, true);
    const auto visibleLeaves = [&] {
        QStringList ids;
        std::function<void(const QModelIndex &)> walk = [&](const QModelIndex &parent) {
            for (int r = 0; r < proxy->rowCount(parent); ++r) {
                const QModelIndex i = proxy->index(r, 0, parent);
                if (i.data(ItemRole::IsLeaf).toBool() && i.data(ItemRole::Counted).toBool())
                    ids << i.data(ClusterObjectModel::ClusterObjectIdRole).toString();
                walk(i);
            }
        };
        walk({});
        ids.sort();
        return ids;
    };
    QCOMPARE(visibleLeaves(), (QStringList{kWeb, QStringLiteral("v1_ConfigMap_shop_banner"), kSettings,
                                           QStringLiteral("v1_Secret_shop_token")}));
    w.review()->toggleMark({kSettings, kWeb}, review::ReviewMark::Outcome::Reviewed);
    QCOMPARE(proxy->stateCounts().value(kUnreviewedDrift), 2);
    QCOMPARE(visibleLeaves(), (QStringList{QStringLiteral("v1_ConfigMap_shop_banner"), QStringLiteral("v1_Secret_shop_token")}));
}

// The exported page names the files in force and shows each decision.
void tst_Review::htmlExportCarriesTheDecisions()
{
    MainWindow w;
    openFixture(w);
    QVERIFY(w.review()->accept({kBanner}, QStringLiteral("marketing chose red")));
    waitIdle(w);
    w.review()->toggleMark({kWeb}, review::ReviewMark::Outcome::ToFix);
    w.review()->setNote({kWeb}, QStringLiteral("scale <back> to 3"));
    w.review()->toggleMark({kSettings}, review::ReviewMark::Outcome::Reviewed);
    const QString reviewPath = m_work.filePath(QStringLiteral("html-review-%1.yaml").arg(m_run));
    const QString overridesPath = m_work.filePath(QStringLiteral("html-overrides-%1.yaml").arg(m_run));
    QVERIFY(w.documents()->review()->save(reviewPath));
    QVERIFY(w.documents()->overrides()->save(overridesPath));
    waitIdle(w);

    const QString page = m_work.filePath(QStringLiteral("report-%1.html").arg(m_run));
    QFuture<QString> done = w.exportHtmlReport(page);
    done.waitForFinished();
    QCOMPARE(done.result(), QString());
    const QString html = QString::fromUtf8(readAll(page));
    QVERIFY(html.contains(QStringLiteral("<dt>Review<dd><code>") + reviewPath.toHtmlEscaped()));
    QVERIFY(html.contains(QStringLiteral("<dt>Overrides<dd><code>") + overridesPath.toHtmlEscaped()));
    QVERIFY(html.contains(QStringLiteral("Reason: marketing chose red")));
    QVERIFY(html.contains(QStringLiteral("scale &lt;back&gt; to 3")));
    QVERIFY(html.contains(QStringLiteral("kubectl patch deployment.v1.apps &#39;web&#39;")));
    QVERIFY(html.contains(QStringLiteral("<span class=num>1</span><span class=lbl>To fix</span>")));

    // The CLI writes the same decisions from the saved files.
    const CliResult cli = runCli({QStringLiteral("-r"), m_metadata, QStringLiteral("-f"), m_resources,
                                  QStringLiteral("-R"), QStringLiteral("-p"), overridesPath, QStringLiteral("--review"),
                                  reviewPath, QStringLiteral("-o"), QStringLiteral("html")});
    for (const QString &part : {QStringLiteral("Reason: marketing chose red"), QStringLiteral("scale &lt;back&gt; to 3"),
                                QStringLiteral("<span class=num>1</span><span class=lbl>To fix</span>")})
        QVERIFY2(cli.out.contains(part), qPrintable(part));
}

// File ▸ Export Fixes writes what `-o fixes` and `-o fixes-script` print.
void tst_Review::exportedFixesAreTheClis()
{
    MainWindow w;
    openFixture(w);
    const QString dir = m_work.filePath(QStringLiteral("fixes-%1").arg(m_run));
    QDir().mkpath(dir);
    QFuture<FixesExportResult> done = w.review()->exportFixes(dir);
    done.waitForFinished();
    const FixesExportResult result = done.result();
    QCOMPARE(result.error, QString());
    const QStringList cliArgs{QStringLiteral("-r"), m_metadata, QStringLiteral("-f"), m_resources, QStringLiteral("-R"),
                              QStringLiteral("-o")};
    QCOMPARE(QString::fromUtf8(readAll(result.fixesPath)), runCli(cliArgs + QStringList{QStringLiteral("fixes")}).out);
    QCOMPARE(QString::fromUtf8(readAll(result.scriptPath)),
             runCli(cliArgs + QStringList{QStringLiteral("fixes-script")}).out);
    QVERIFY(QFileInfo(result.scriptPath).isExecutable());
    QCOMPARE(result.patches, 4); // configmap, banner's colour, deployment, the missing quota
    QCOMPARE(result.leftToPeople, 1); // the Secret

    QFuture<FixesExportResult> selected = w.review()->exportFixes(dir, {kWeb});
    selected.waitForFinished();
    const QString one = QString::fromUtf8(readAll(selected.result().fixesPath));
    QCOMPARE(one.count(QStringLiteral("---\n")), 1);
    QVERIFY(one.contains(QStringLiteral("cr: apps/v1_Deployment_shop_web")));
}

// Another reference asks whether the diff config, overrides and review stay;
// Close drops them, Keep keeps them.
void tst_Review::openingAnotherReferenceAsksToKeepTheFiles()
{
    MainWindow w;
    openFixture(w);
    QVERIFY(w.review()->accept({kSettings}, QStringLiteral("kept across references")));
    const QString overrides = m_work.filePath(QStringLiteral("switch-%1.yaml").arg(m_run));
    QVERIFY(w.documents()->overrides()->save(overrides));
    QVERIFY(w.windowTitle().contains(QFileInfo(overrides).fileName()));

    answerNextMessageBox(QStringLiteral("&Keep Them"));
    emit w.fileActions()->referenceChosen(m_metadata);
    waitIdle(w);
    QCOMPARE(w.documents()->overrides()->filePath(), overrides);
    QCOMPARE(crData(w, kSettings, ItemRole::State).toInt(), int(ClusterObjectState::Patched));

    answerNextMessageBox(QStringLiteral("&Close Them"));
    emit w.fileActions()->referenceChosen(m_metadata);
    waitIdle(w);
    QVERIFY(w.documents()->overrides()->filePath().isEmpty());
    QVERIFY(w.documents()->overrides()->overrides().empty());
    QCOMPARE(crData(w, kSettings, ItemRole::State).toInt(), int(ClusterObjectState::Drift));
    QVERIFY(!w.windowTitle().contains(QFileInfo(overrides).fileName()));
}

void tst_Review::brokenFilesAreRefusedWithTheirName_data()
{
    QTest::addColumn<bool>("overrides");
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("overrides: not YAML") << true << QByteArray("- name: a\n  reason: [unclosed\n") << QStringLiteral("line");
    QTest::newRow("overrides: no reason") << true << QByteArray("- name: a\n  type: mergepatch\n  patch: '{}'\n")
                                          << QStringLiteral("missing reason");
    QTest::newRow("review: not a review") << false << QByteArray("kind: Other\n") << QStringLiteral("kind: DriftscopeReview");
    QTest::newRow("review: unknown outcome")
        << false << QByteArray("kind: DriftscopeReview\nmarks:\n- cr: a\n  template: t.yaml\n  outcome: maybe\n")
        << QStringLiteral("mark 1: outcome must be reviewed or fix");
}

// A file that does not load changes nothing and says which file and why.
void tst_Review::brokenFilesAreRefusedWithTheirName()
{
    QFETCH(bool, overrides);
    QFETCH(QByteArray, text);
    QFETCH(QString, expected);
    const QString path = m_work.filePath(QStringLiteral("broken-%1.yaml").arg(m_run));
    writeFile(path, text);
    MainWindow w;
    QString shown;
    QTimer::singleShot(0, [&shown] {
        if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
            shown = box->text();
            box->accept();
        }
    });
    QVERIFY(!(overrides ? w.openOverrides(path) : w.openReview(path)));
    QVERIFY2(shown.contains(path) && shown.contains(expected), qPrintable(shown));
    QVERIFY(w.documents()->overrides()->filePath().isEmpty());
    QVERIFY(w.documents()->review()->filePath().isEmpty());
    QVERIFY(!w.windowTitle().contains(QFileInfo(path).fileName()));
}

QTEST_MAIN(tst_Review)
#include "tst_review.moc"
