// SPDX-License-Identifier: Apache-2.0
// The live template editor (offscreen): a change typed into the template is
// rendered against the CR shown within the debounce and the diff follows; a
// broken template shows its error at its line; lint findings are underlined;
// picking another CR renders against it; Save writes the file atomically
// (and the reference is loaded again), the editor's undo still works, and
// unsaved edits are asked about before they would be lost.
#include "MainWindow.h"
#include "TestData.h"
#include "diff/SideBySideDiffView.h"
#include "editor/TemplateEditorController.h"
#include "editor/TemplateEditorPanel.h"
#include "main/SelectionController.h"
#include "reference/Reference.h"
#include "session/ComparisonSession.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTimer>

using namespace ds;
using namespace ds::ui;

namespace {

const QString kWeb = QStringLiteral("apps/v1_Deployment_shop_web");

QString leftText(const SideBySideDiffView *view)
{
    QString out;
    if (view->diff())
        for (const auto &row : view->diff()->rows())
            out += row.leftText + QLatin1Char('\n');
    return out;
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Replaces the first `from` in the editor by `to`, as typing over a selection does.
void replaceText(QPlainTextEdit *editor, const QString &from, const QString &to)
{
    QTextCursor cursor = editor->document()->find(from);
    QVERIFY2(!cursor.isNull(), qPrintable(from));
    editor->setTextCursor(cursor);
    QTest::keyClicks(editor, to);
}

// Answers the next modal message box with `button`, keeping its text.
void answerNextMessageBox(QMessageBox::StandardButton button, QString *text)
{
    QTimer::singleShot(0, [button, text] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        QVERIFY(box);
        *text = box->text();
        box->button(button)->click();
    });
}

} // namespace

class tst_TemplateEditor : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_work.isValid());
    }
    void typingRendersAgainstTheCrShown();
    void errorShowsAtItsLine();
    void lintFindingsAreUnderlined();
    void anotherCrIsRenderedAgainst();
    void saveIsAtomicAndUndoable();
    void unsavedEditsAreAskedAbout();

private:
    // A writable copy of the fixes reference, opened with its resources, the
    // web Deployment's template in the editor.
    QString openEditor(MainWindow &w, const QString &name)
    {
        const QString dir = m_work.path() + QLatin1Char('/') + name;
        test::copyTree(test::dataPath(QStringLiteral("fixes/reference")), dir);
        w.openReference(dir + QStringLiteral("/metadata.yaml"));
        w.openInputs({test::dataPath(QStringLiteral("fixes/resources"))});
        [&] { QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isBusy() && w.session()->snapshot()->hasReport(), 60000); }();
        w.selection()->showClusterObject(kWeb);
        // Opening renders once, for the template's lint findings.
        QSignalSpy opened(w.templateEditor(), &TemplateEditorController::previewApplied);
        w.templateEditor()->editAction()->trigger();
        [&] { QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 10000); }();
        return dir;
    }
    QTemporaryDir m_work;
};

void tst_TemplateEditor::typingRendersAgainstTheCrShown()
{
    MainWindow w;
    openEditor(w, QStringLiteral("typing"));
    TemplateEditorController *editor = w.templateEditor();
    QCOMPARE(editor->templatePath(), QStringLiteral("deployment.yaml"));
    QCOMPARE(editor->objectId(), kWeb);
    QVERIFY(w.findChild<QDockWidget *>(QStringLiteral("templateEditorDock"))->isVisibleTo(&w));
    QVERIFY(!leftText(w.diffView()).contains(QStringLiteral("web:9.9")));

    QSignalSpy applied(editor, &TemplateEditorController::previewApplied);
    QPlainTextEdit *text = editor->panel()->editor();
    replaceText(text, QStringLiteral("web:1.4"), QStringLiteral("web:9.9"));
    QVERIFY(editor->isModified());
    // Seven keystrokes, one render: the debounce waits for the typing to stop.
    QTRY_VERIFY_WITH_TIMEOUT(leftText(w.diffView()).contains(QStringLiteral("image: registry.example.com/web:9.9")),
                             10000);
    QCOMPARE(applied.count(), 1);
    QVERIFY2(editor->panel()->statusText().contains(QStringLiteral("differs from")),
             qPrintable(editor->panel()->statusText()));
    // Nothing was written: the file is as it was.
    QVERIFY(!readFile(w.session()->snapshot()->reference->directory.c_str() + QStringLiteral("/deployment.yaml"))
                 .contains("web:9.9"));
}

void tst_TemplateEditor::errorShowsAtItsLine()
{
    MainWindow w;
    openEditor(w, QStringLiteral("error"));
    TemplateEditorController *editor = w.templateEditor();
    QPlainTextEdit *text = editor->panel()->editor();
    QTextCursor cursor(text->document()->findBlockByNumber(6)); // line 7: "  replicas: 3"
    cursor.movePosition(QTextCursor::EndOfBlock);
    text->setTextCursor(cursor);
    QTest::keyClicks(text, QStringLiteral(" {{ .Spec | nosuchfunction }}"));
    QTRY_COMPARE_WITH_TIMEOUT(editor->panel()->errorLine(), 7, 10000);
    QVERIFY2(editor->panel()->statusText().startsWith(QStringLiteral("Line 7: ")), qPrintable(editor->panel()->statusText()));
    // The error is marked on that line in the editor.
    bool marked = false;
    for (const QTextEdit::ExtraSelection &s : text->extraSelections())
        marked = marked || (s.cursor.blockNumber() == 6 && s.format.background().style() != Qt::NoBrush);
    QVERIFY(marked);
    // Fixing it clears the mark.
    text->undo();
    QTRY_COMPARE_WITH_TIMEOUT(editor->panel()->errorLine(), 0, 10000);
}

void tst_TemplateEditor::lintFindingsAreUnderlined()
{
    MainWindow w;
    openEditor(w, QStringLiteral("lint"));
    TemplateEditorController *editor = w.templateEditor();
    QPlainTextEdit *text = editor->panel()->editor();
    // A lookup of a kind no template has: the linter's template/lookup-kind, on line 5.
    QTextCursor cursor(text->document()->findBlockByNumber(4)); // "  namespace: shop"
    cursor.movePosition(QTextCursor::EndOfBlock);
    text->setTextCursor(cursor);
    QTest::keyClick(text, Qt::Key_Return);
    QTest::keyClicks(text, QStringLiteral("  labels: {{ (lookupCR \"v1\" \"Pod\" \"shop\" \"x\") | toJson | len }}"));
    QTRY_VERIFY_WITH_TIMEOUT(editor->panel()->findingLines().contains(6), 10000);
    QVERIFY(editor->panel()->findingLines().value(6).contains(QStringLiteral("lookupCR of kind Pod")));
    bool underlined = false;
    for (const QTextEdit::ExtraSelection &s : text->extraSelections())
        underlined = underlined || (s.cursor.blockNumber() == 5 && s.format.underlineStyle() == QTextCharFormat::WaveUnderline);
    QVERIFY(underlined);
}

void tst_TemplateEditor::anotherCrIsRenderedAgainst()
{
    MainWindow w;
    openEditor(w, QStringLiteral("other"));
    TemplateEditorController *editor = w.templateEditor();
    QPlainTextEdit *text = editor->panel()->editor();
    replaceText(text, QStringLiteral("replicas: 3"), QStringLiteral("replicas: 5"));
    QTRY_VERIFY_WITH_TIMEOUT(leftText(w.diffView()).contains(QStringLiteral("replicas: 5")), 10000);
    // Another CR picked in the list: the edited template, rendered against it.
    const auto snapshot = w.session()->snapshot();
    QString other;
    for (const auto &o : *snapshot->objects)
        if (QString::fromStdString(o.id) != kWeb && QString::fromStdString(o.id).contains(QStringLiteral("ConfigMap")))
            other = QString::fromStdString(o.id);
    QVERIFY(!other.isEmpty());
    w.selection()->showClusterObject(other);
    QTRY_COMPARE(editor->objectId(), other);
    QTRY_VERIFY_WITH_TIMEOUT(leftText(w.diffView()).contains(QStringLiteral("replicas: 5")), 10000);
    QVERIFY(w.diffView()->diff()->rows().size() > 0);
}

void tst_TemplateEditor::saveIsAtomicAndUndoable()
{
    MainWindow w;
    const QString dir = openEditor(w, QStringLiteral("save"));
    TemplateEditorController *editor = w.templateEditor();
    QPlainTextEdit *text = editor->panel()->editor();
    const QByteArray before = readFile(dir + QStringLiteral("/deployment.yaml"));
    replaceText(text, QStringLiteral("replicas: 3"), QStringLiteral("replicas: 4"));
    QVERIFY(editor->save());
    QVERIFY(!editor->isModified());
    QCOMPARE(readFile(dir + QStringLiteral("/deployment.yaml")), text->toPlainText().toUtf8());
    // QSaveFile's temporary file is gone: the template was replaced in one step.
    QCOMPARE(QDir(dir).entryList(QDir::Files | QDir::Hidden).size(), QDir(test::dataPath(QStringLiteral("fixes/reference"))).entryList(QDir::Files | QDir::Hidden).size());
    // The reference is loaded again from the saved file.
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isBusy() && [&] {
        for (const auto &t : w.session()->snapshot()->reference->templates)
            if (t.path == "deployment.yaml")
                return QString::fromStdString(t.source).contains(QStringLiteral("replicas: 4"));
        return false;
    }(), 20000);
    // The editor's undo still knows the edit.
    QVERIFY(text->document()->isUndoAvailable());
    while (text->document()->isUndoAvailable())
        text->undo();
    QCOMPARE(text->toPlainText().toUtf8(), before);
    QVERIFY(editor->isModified());
}

void tst_TemplateEditor::unsavedEditsAreAskedAbout()
{
    MainWindow w;
    const QString dir = openEditor(w, QStringLiteral("ask"));
    TemplateEditorController *editor = w.templateEditor();
    replaceText(editor->panel()->editor(), QStringLiteral("replicas: 3"), QStringLiteral("replicas: 6"));
    QString question;
    answerNextMessageBox(QMessageBox::Cancel, &question);
    QVERIFY(!editor->editTemplate(QStringLiteral("configmap.yaml")));
    QVERIFY2(question.contains(QStringLiteral("deployment.yaml")), qPrintable(question));
    QCOMPARE(editor->templatePath(), QStringLiteral("deployment.yaml"));
    QVERIFY(editor->isModified());
    answerNextMessageBox(QMessageBox::Discard, &question);
    QVERIFY(editor->editTemplate(QStringLiteral("configmap.yaml")));
    QCOMPARE(editor->templatePath(), QStringLiteral("configmap.yaml"));
    QVERIFY(!readFile(dir + QStringLiteral("/deployment.yaml")).contains("replicas: 6"));
    // Another reference without that template: the editor says so and takes no edits.
    w.openReference(test::dataPath(QStringLiteral("shared/conformance/cases/SomeDiffs/reference/metadata.yaml")));
    QTRY_VERIFY_WITH_TIMEOUT(editor->templatePath().isEmpty(), 20000);
    QVERIFY(editor->panel()->editor()->isReadOnly());
    QVERIFY2(editor->panel()->statusText().contains(QStringLiteral("is not a template of the reference open now")),
             qPrintable(editor->panel()->statusText()));
    QVERIFY(editor->editTemplate(QStringLiteral("deploymentDashboard.yaml")));
    QVERIFY(!editor->panel()->editor()->isReadOnly());
    // Closing the window with edits asks as well.
    QTest::keyClicks(editor->panel()->editor(), QStringLiteral("#"));
    answerNextMessageBox(QMessageBox::Cancel, &question);
    QVERIFY(!w.close());
    answerNextMessageBox(QMessageBox::Discard, &question);
    QVERIFY(w.close());
}

QTEST_MAIN(tst_TemplateEditor)
#include "tst_templateeditor.moc"
