// SPDX-License-Identifier: Apache-2.0
// Explaining verdicts in the window (offscreen): the Details and Fields
// panels of a compared pair, the hidden fields put back into the diff
// (greyed), a field leading to its lines, find in the diff, stepping through
// changes from a tree, the "CR 2 of 3" switcher starting at the drifted CR,
// and correlating with the keyboard (with the warning for another kind).
#include "MainWindow.h"
#include "TestData.h"
#include "diff/DiffFindBar.h"
#include "diff/DiffSideEditor.h"
#include "diff/SideBySideDiffView.h"
#include "explain/ExplainController.h"
#include "explain/FieldsModel.h"
#include "explain/TemplateSourceView.h"
#include "main/NavigatorPanel.h"
#include "main/SelectionController.h"
#include "main/TemplateChooserDialog.h"
#include "models/ClusterObjectModel.h"
#include "models/ReferenceTreeModel.h"
#include "session/ComparisonSession.h"
#include "session/ManualCorrelations.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>
#include <QPlainTextEdit>
#include <QTimer>
#include <QTreeView>

using namespace ds;
using namespace ds::ui;

namespace {

const QString kWeb = QStringLiteral("apps/v1_Deployment_shop_web");

using test::writeFile;

QString rightText(const SideBySideDiffView *view)
{
    QString out;
    if (view->diff())
        for (const auto &row : view->diff()->rows())
            out += row.rightText + QLatin1Char('\n');
    return out;
}

// The row of a field among the changed (or, with `hidden`, the hidden) ones.
int fieldRow(const FieldsModel *model, const QString &path, bool hidden = false)
{
    for (int row = 0; row < model->rowCount(); ++row)
        if (model->isHidden(row) == hidden && model->index(row, FieldsModel::FieldColumn).data().toString() == path)
            return row;
    return -1;
}

} // namespace

class tst_Explain : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void detailsAndFieldsOfAPair();
    void hiddenFieldsGoBackIntoTheDiff();
    void aFieldLeadsToItsLines();
    void findInTheDiff();
    void nextChangeFromATree();
    void switcherStartsAtTheDriftedCr();
    void correlateWithTheKeyboard();
    void templateSourceFollowsTheDiff();

private:
    void open(MainWindow &w, const QString &metadata, const QString &resources);
    QString fixture(const QString &name) const { return test::dataPath(QStringLiteral("fixes/") + name); }

    QTemporaryDir m_work;
};

void tst_Explain::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_work.isValid());
}

void tst_Explain::open(MainWindow &w, const QString &metadata, const QString &resources)
{
    w.openReference(metadata);
    w.openInputs({resources});
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isBusy(), 60000);
    QVERIFY(w.session()->snapshot()->hasReport());
}

void tst_Explain::detailsAndFieldsOfAPair()
{
    MainWindow w;
    open(w, fixture(QStringLiteral("reference/metadata.yaml")), fixture(QStringLiteral("resources")));
    w.selection()->showClusterObject(kWeb);
    const QString details = w.explain()->detailsView()->toPlainText();
    QVERIFY2(details.contains(QStringLiteral("exact match on apiVersion = apps/v1, kind = Deployment, "
                                             "metadata.namespace = shop, metadata.name = web")),
             qPrintable(details));
    QVERIFY(details.contains(QStringLiteral("omitted (fieldsToOmit)")));
    QVERIFY(details.contains(QStringLiteral("1 not accepted by inline functions"))); // the build annotation
    const FieldsModel *fields = w.explain()->fieldsModel();
    const int image = fieldRow(fields, QStringLiteral("spec.template.spec.containers[name=web].image"));
    QVERIFY(image >= 0 && !fields->isHidden(image));
    QCOMPARE(fields->index(image, FieldsModel::ReferenceColumn).data().toString(),
             QStringLiteral("registry.example.com/web:1.4"));
    const int owner = fieldRow(fields, QStringLiteral("metadata.annotations.\"example.com/owner\""), true);
    QVERIFY(owner >= 0);
    QVERIFY(fields->index(owner, FieldsModel::ChangeColumn).data().toString().contains(QStringLiteral("fieldsToOmit")));
    // Judged by the regex, which did not accept it: hidden from the rules' view and changed.
    QVERIFY(fieldRow(fields, QStringLiteral("spec.template.metadata.annotations.build")) >= 0);
    const int build = fieldRow(fields, QStringLiteral("spec.template.metadata.annotations.build"), true);
    QVERIFY(build >= 0);
    QVERIFY(fields->index(build, FieldsModel::ChangeColumn).data().toString().contains(QStringLiteral("regex")));
    QVERIFY(w.findChild<QLabel *>(QStringLiteral("fieldsSummary"))->text().contains(QStringLiteral("not compared")));
    // A clean pair is a compared pair: its summary says so, not "no pair selected".
    w.selection()->showClusterObject(QStringLiteral("v1_Namespace_shop"));
    const QString clean = w.findChild<QLabel *>(QStringLiteral("fieldsSummary"))->text();
    QCOMPARE(clean, fields->rowCount() == 0 ? QStringLiteral("No changed fields, none hidden")
                                            : QStringLiteral("0 changed, %1 not compared").arg(fields->hiddenCount()));
}

// The whole cluster CR, the omitted and function-judged lines greyed.
void tst_Explain::hiddenFieldsGoBackIntoTheDiff()
{
    MainWindow w;
    open(w, fixture(QStringLiteral("reference/metadata.yaml")), fixture(QStringLiteral("resources")));
    w.selection()->showClusterObject(kWeb);
    QTRY_VERIFY(!w.diffView()->isBusy());
    QVERIFY(!rightText(w.diffView()).contains(QStringLiteral("example.com/owner")));
    w.explain()->showHiddenAction()->setChecked(true);
    QTRY_VERIFY(!w.diffView()->isBusy() && rightText(w.diffView()).contains(QStringLiteral("example.com/owner: team-a")));
    const QStringList lines = rightText(w.diffView()).split(QLatin1Char('\n'));
    const QSet<int> muted = w.diffView()->rightEditor()->mutedLines();
    int ownerLine = 0, buildLine = 0;
    for (const auto &row : w.diffView()->diff()->rows()) {
        if (row.rightText.contains(QStringLiteral("example.com/owner")))
            ownerLine = row.rightLine;
        if (row.rightText.contains(QStringLiteral("build: nightly")))
            buildLine = row.rightLine;
    }
    QVERIFY(ownerLine > 0 && buildLine > 0);
    QVERIFY(muted.contains(ownerLine));
    QVERIFY(muted.contains(buildLine));
    w.explain()->showHiddenAction()->setChecked(false);
    QTRY_VERIFY(!w.diffView()->isBusy() && !rightText(w.diffView()).contains(QStringLiteral("example.com/owner")));
    QVERIFY(w.diffView()->rightEditor()->mutedLines().isEmpty());
}

// Activating a field puts the cursor on its line, opening the fold it is in.
void tst_Explain::aFieldLeadsToItsLines()
{
    MainWindow w;
    w.show();
    open(w, fixture(QStringLiteral("reference/metadata.yaml")), fixture(QStringLiteral("resources")));
    w.selection()->showClusterObject(kWeb);
    QTRY_VERIFY(!w.diffView()->isBusy());
    w.diffView()->setContextLines(0); // every unchanged line folded
    const FieldsModel *fields = w.explain()->fieldsModel();
    const int owner = fieldRow(fields, QStringLiteral("metadata.annotations.\"example.com/owner\""), true);
    emit w.explain()->fieldsView()->activated(fields->index(owner, 0));
    QTRY_VERIFY(w.explain()->showHiddenAction()->isChecked());
    QTRY_VERIFY(w.diffView()->rightEditor()->textCursor().block().text().contains(QStringLiteral("example.com/owner")));
    const int image = fieldRow(fields, QStringLiteral("spec.template.spec.containers[name=web].image"));
    emit w.explain()->fieldsView()->activated(fields->index(image, 0));
    QTRY_VERIFY(w.diffView()->leftEditor()->textCursor().block().text().contains(QStringLiteral("image: registry")));
}

void tst_Explain::findInTheDiff()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    open(w, fixture(QStringLiteral("reference/metadata.yaml")), fixture(QStringLiteral("resources")));
    w.selection()->showClusterObject(kWeb);
    QTRY_VERIFY(!w.diffView()->isBusy());
    w.diffView()->rightEditor()->setFocus();
    w.findChild<QAction *>(QStringLiteral("findAction"))->trigger();
    DiffFindBar *bar = w.diffView()->findBar();
    QVERIFY(bar->isVisible());
    QTest::keyClicks(bar->edit(), QStringLiteral("registry"));
    QVERIFY(bar->matches().size() >= 4); // two images on each side, folded or not
    QCOMPARE(bar->current(), 0);
    const auto first = bar->matches()[0];
    QTest::keyClick(bar->edit(), Qt::Key_F3);
    QCOMPARE(bar->current(), 1);
    QTest::keyClick(bar->edit(), Qt::Key_F3, Qt::ShiftModifier);
    QCOMPARE(bar->current(), 0);
    const DiffSideEditor *editor = first.right ? w.diffView()->rightEditor() : w.diffView()->leftEditor();
    QVERIFY(editor->textCursor().selectedText().compare(QStringLiteral("registry"), Qt::CaseInsensitive) == 0);
    QVERIFY(!editor->extraSelections().isEmpty()); // every match highlighted
    QTest::keyClick(bar->edit(), Qt::Key_Escape);
    QVERIFY(!bar->isVisible());
    // Elsewhere Ctrl+F still goes to the reference filter.
    w.referencePanel()->view()->setFocus();
    w.findChild<QAction *>(QStringLiteral("findAction"))->trigger();
    QVERIFY(w.referencePanel()->filterEdit()->hasFocus());
}

void tst_Explain::nextChangeFromATree()
{
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    open(w, fixture(QStringLiteral("reference/metadata.yaml")), fixture(QStringLiteral("resources")));
    w.selection()->showClusterObject(kWeb);
    QTRY_VERIFY(!w.diffView()->isBusy());
    QCOMPARE(w.diffView()->currentChange(), -1);
    QTreeView *tree = w.objectPanel()->view();
    tree->setFocus();
    QTest::keyClick(tree, Qt::Key_Down, Qt::AltModifier);
    QCOMPARE(w.diffView()->currentChange(), 0);
    QTest::keyClick(tree, Qt::Key_Down, Qt::AltModifier);
    QCOMPARE(w.diffView()->currentChange(), 1);
    QTest::keyClick(tree, Qt::Key_Up, Qt::AltModifier);
    QCOMPARE(w.diffView()->currentChange(), 0);
    QVERIFY(tree->hasFocus());
}

// A template with three CRs: selecting it shows the drifted one, and the
// header switches to the others.
void tst_Explain::switcherStartsAtTheDriftedCr()
{
    const QString dir = m_work.filePath(QStringLiteral("switcher"));
    writeFile(dir + QStringLiteral("/reference/metadata.yaml"),
              "apiVersion: v2\nparts:\n- name: p\n  components:\n  - name: c\n    allOf:\n    - path: cm.yaml\n");
    writeFile(dir + QStringLiteral("/reference/cm.yaml"),
              "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .metadata.name }}\n  namespace: shop\n"
              "data:\n  mode: production\n");
    for (const char *name : {"a", "b", "c"})
        writeFile(dir + QStringLiteral("/resources/%1.yaml").arg(QLatin1String(name)),
                  QStringLiteral("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: %1\n  namespace: shop\n"
                                 "data:\n  mode: %2\n")
                      .arg(QLatin1String(name), QLatin1String(name[0] == 'b' ? "staging" : "production"))
                      .toUtf8());
    MainWindow w;
    open(w, dir + QStringLiteral("/reference/metadata.yaml"), dir + QStringLiteral("/resources"));
    w.selection()->showTemplate(QStringLiteral("cm.yaml"));
    QCOMPARE(w.selection()->selectedObject(), QStringLiteral("v1_ConfigMap_shop_b"));
    auto *combo = w.diffView()->findChild<QComboBox *>(QStringLiteral("diffAlternatives"));
    QVERIFY(combo && !combo->isHidden());
    QCOMPARE(combo->count(), 3);
    QCOMPARE(combo->currentIndex(), 1);
    QVERIFY(combo->currentText().startsWith(QStringLiteral("CR 2 of 3: v1_ConfigMap_shop_b (Drift")));
    emit w.diffView()->alternativeChosen(2);
    QCOMPARE(w.selection()->selectedObject(), QStringLiteral("v1_ConfigMap_shop_c"));
    QCOMPARE(combo->currentIndex(), 2);
}

// Correlate with Template… lists the CR's kind first; another kind asks first.
void tst_Explain::correlateWithTheKeyboard()
{
    const QString dir = m_work.filePath(QStringLiteral("correlate"));
    QDir(dir).removeRecursively();
    QDir().mkpath(dir + QStringLiteral("/resources"));
    for (const QString &name : QDir(fixture(QStringLiteral("resources"))).entryList(QDir::Files))
        QFile::copy(fixture(QStringLiteral("resources/")) + name, dir + QStringLiteral("/resources/") + name);
    writeFile(dir + QStringLiteral("/resources/other.yaml"),
              "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: other\n  namespace: shop\ndata:\n  mode: x\n");
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    open(w, fixture(QStringLiteral("reference/metadata.yaml")), dir + QStringLiteral("/resources"));
    const QString other = QStringLiteral("v1_ConfigMap_shop_other");
    w.selection()->showClusterObject(other);
    w.objectPanel()->view()->setFocus();
    QAction *correlate = w.findChild<QAction *>(QStringLiteral("correlateAction"));

    // 1. A ConfigMap template: listed first, no question.
    QStringList firstRows;
    QTimer::singleShot(0, [&] {
        auto *dialog = qobject_cast<TemplateChooserDialog *>(QApplication::activeModalWidget());
        QVERIFY(dialog);
        for (int i = 0; i < 2; ++i)
            firstRows << dialog->list()->item(i)->text();
        QTest::keyClicks(dialog->filterEdit(), QStringLiteral("banner"));
        dialog->accept();
    });
    correlate->trigger();
    QVERIFY2(firstRows.at(0).contains(QStringLiteral("ConfigMap")) && firstRows.at(1).contains(QStringLiteral("ConfigMap")),
             qPrintable(firstRows.join(QLatin1Char('|'))));
    QCOMPARE(w.correlations()->templateFor(other), QStringLiteral("banner.yaml"));

    // 2. A Deployment template: the question; Cancel pins nothing.
    const auto chooseDeployment = [](QMessageBox::StandardButton answer, QString *question) {
        QTimer::singleShot(0, [answer, question] {
            auto *dialog = qobject_cast<TemplateChooserDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            QTest::keyClicks(dialog->filterEdit(), QStringLiteral("deployment"));
            QTimer::singleShot(0, [answer, question] {
                auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
                QVERIFY(box);
                *question = box->text();
                box->button(answer)->click();
            });
            dialog->accept();
        });
    };
    QString question;
    chooseDeployment(QMessageBox::Cancel, &question);
    correlate->trigger();
    QVERIFY2(question.contains(QStringLiteral("Deployment")), qPrintable(question));
    QCOMPARE(w.correlations()->templateFor(other), QStringLiteral("banner.yaml"));
    chooseDeployment(QMessageBox::Yes, &question);
    correlate->trigger();
    QCOMPARE(w.correlations()->templateFor(other), QStringLiteral("deployment.yaml"));
}

// The raw template of the pair shown; a rendered line leads to its template lines.
void tst_Explain::templateSourceFollowsTheDiff()
{
    MainWindow w;
    open(w, fixture(QStringLiteral("reference/metadata.yaml")), fixture(QStringLiteral("resources")));
    w.selection()->showClusterObject(QStringLiteral("v1_ConfigMap_shop_banner"));
    TemplateSourceView *source = w.explain()->templateSource();
    QVERIFY(source->editor()->toPlainText().contains(QStringLiteral("{{ .data.text | default \"\" }} (managed)")));
    QTRY_VERIFY(!w.diffView()->isBusy());
    const int marked = source->locate(QStringLiteral("  text: Welcome (managed)"));
    QCOMPARE(marked, 1);
    QVERIFY(source->editor()->textCursor().block().text().contains(QStringLiteral("text: {{")));
    QVERIFY(source->find(QStringLiteral("colour")));
    QCOMPARE(source->editor()->textCursor().selectedText(), QStringLiteral("colour"));
}

QTEST_MAIN(tst_Explain)
#include "tst_explain.moc"
