// SPDX-License-Identifier: Apache-2.0
// The side-by-side diff view: rows on screen, scroll sync, next/previous
// change, folding, colours, background computation, and the YAML highlighter
// behind YamlHighlighting (built-in on Debian 12, KF6 where it was found).
#include "diff/DiffColors.h"
#include "diff/DiffDisplay.h"
#include "diff/DiffSideEditor.h"
#include "diff/ElidedLabel.h"
#include "diff/SideBySideDiffView.h"
#include "highlight/YamlHighlighting.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSpinBox>
#include <QSyntaxHighlighter>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>
#include <QTimer>

#ifndef DRIFTSCOPE_EXPECT_KF6_SYNTAX_HIGHLIGHTING
#define DRIFTSCOPE_EXPECT_KF6_SYNTAX_HIGHLIGHTING 0
#endif

#if DRIFTSCOPE_EXPECT_KF6_SYNTAX_HIGHLIGHTING
#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Format>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/Theme>
#endif

using ds::diff::RowKind;
using ds::ui::DiffSide;
using ds::ui::DiffSideEditor;
using ds::ui::SideBySideDiffView;
using ds::ui::YamlHighlighting;

namespace {

QPalette lightPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0xef, 0xef, 0xef));
    p.setColor(QPalette::WindowText, Qt::black);
    p.setColor(QPalette::Base, Qt::white);
    p.setColor(QPalette::Text, Qt::black);
    return p;
}

QPalette darkPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
    p.setColor(QPalette::WindowText, QColor(0xdd, 0xdd, 0xdd));
    p.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    p.setColor(QPalette::Text, QColor(0xdd, 0xdd, 0xdd));
    return p;
}

// n lines "keyI: valueI"; lines in `changed` get "other" as value.
QString yamlLines(int n, const QList<int> &changed = {})
{
    QString text;
    for (int i = 1; i <= n; ++i)
        text += QStringLiteral("key%1: %2\n").arg(i).arg(changed.contains(i) ? QStringLiteral("other") : QStringLiteral("value%1").arg(i));
    return text;
}

QColor foregroundAt(const QString &line, int column, const QPalette &palette)
{
    return YamlHighlighting::formatAt(line, column, palette).foreground().color();
}

QColor foregroundInDocument(QTextDocument &document, int blockNumber, int column)
{
    const QTextBlock block = document.findBlockByNumber(blockNumber);
    for (const QTextLayout::FormatRange &range : block.layout()->formats()) {
        if (column >= range.start && column < range.start + range.length)
            return range.format.foreground().color();
    }
    return QColor();
}

} // namespace

class tst_SideBySideDiffView : public QObject
{
    Q_OBJECT

private slots:
    void highlighterEngine();
    void editorsUseTheHighlighter();
    void keyColourDiffersFromValue_data();
    void keyColourDiffersFromValue();
    void builtinTokens_data();
    void builtinTokens();
    void builtinBlockScalar();
    void kf6ThemeKeyColour_data();
    void kf6ThemeKeyColour();
    void displayMapping_data();
    void displayMapping();
    void rowsOnScreen();
    void headerShowsTitlesAndDescription();
    void rowBackgroundsArePainted();
    void scrollSyncVertical_data();
    void scrollSyncVertical();
    void scrollSyncHorizontal();
    void nextPreviousChange();
    void navigationShortcuts();
    void navigationFromScrolledViewport();
    void collapseAndExpand();
    void clickingAFoldExpandsIt();
    void contextSpinBoxDrivesFolding();
    void darkPaletteColours_data();
    void darkPaletteColours();
    void largeDiffIsComputedInBackground();
    void supersededDiffIsDropped();
    void clearEmptiesTheView();

private:
    SideBySideDiffView *showView(SideBySideDiffView &view);
    void setDiffAndWait(SideBySideDiffView &view, const QString &left, const QString &right);
};

SideBySideDiffView *tst_SideBySideDiffView::showView(SideBySideDiffView &view)
{
    view.resize(1000, 400);
    view.show();
    if (!QTest::qWaitForWindowExposed(&view))
        qWarning("window not exposed");
    return &view;
}

void tst_SideBySideDiffView::setDiffAndWait(SideBySideDiffView &view, const QString &left, const QString &right)
{
    QSignalSpy shown(&view, &SideBySideDiffView::diffShown);
    view.setDiff(QStringLiteral("ref.yaml"), left, QStringLiteral("v1_ConfigMap_ns_name"), right);
    QVERIFY(shown.wait(10000));
}

void tst_SideBySideDiffView::highlighterEngine()
{
    const YamlHighlighting::Engine expected = DRIFTSCOPE_EXPECT_KF6_SYNTAX_HIGHLIGHTING
        ? YamlHighlighting::Engine::KSyntaxHighlighting
        : YamlHighlighting::Engine::Builtin;
    QCOMPARE(YamlHighlighting::engine(), expected);
    QCOMPARE(YamlHighlighting::engineName(), YamlHighlighting::engineName(expected));
    QCOMPARE(YamlHighlighting::engineName(YamlHighlighting::Engine::Builtin), QStringLiteral("builtin"));
    QCOMPARE(YamlHighlighting::engineName(YamlHighlighting::Engine::KSyntaxHighlighting),
             QStringLiteral("KSyntaxHighlighting"));
}

void tst_SideBySideDiffView::editorsUseTheHighlighter()
{
    SideBySideDiffView view;
    setDiffAndWait(view, QStringLiteral("metadata:\n  name: a\n"), QStringLiteral("metadata:\n  name: b\n"));
    for (DiffSideEditor *editor : {view.leftEditor(), view.rightEditor()}) {
        QVERIFY(editor->highlighter());
        QCOMPARE(editor->highlighter()->document(), editor->document());
        const QColor key = foregroundInDocument(*editor->document(), 1, 2);
        const QColor value = foregroundInDocument(*editor->document(), 1, 8);
        QVERIFY(key.isValid());
        QVERIFY(key != value);
        QCOMPARE(key, foregroundAt(QStringLiteral("name: a"), 0, editor->palette()));
    }
}

void tst_SideBySideDiffView::keyColourDiffersFromValue_data()
{
    QTest::addColumn<QPalette>("palette");
    QTest::addColumn<QString>("line");
    QTest::addColumn<int>("keyColumn");
    QTest::addColumn<int>("valueColumn");

    for (const auto &[name, palette] : {std::pair{"light", lightPalette()}, std::pair{"dark", darkPalette()}}) {
        QTest::addRow("%s plain", name) << palette << "key: value" << 0 << 5;
        QTest::addRow("%s indented", name) << palette << "  replicas: 3" << 2 << 12;
        QTest::addRow("%s in list", name) << palette << "- name: web" << 2 << 8;
        QTest::addRow("%s quoted value", name) << palette << "image: \"quay.io/x:1\"" << 0 << 8;
    }
}

void tst_SideBySideDiffView::keyColourDiffersFromValue()
{
    QFETCH(QPalette, palette);
    QFETCH(QString, line);
    QFETCH(int, keyColumn);
    QFETCH(int, valueColumn);
    const QColor key = foregroundAt(line, keyColumn, palette);
    const QColor value = foregroundAt(line, valueColumn, palette);
    QVERIFY2(key.isValid(), qPrintable(YamlHighlighting::engineName()));
    QVERIFY2(key != value, qPrintable(key.name() + QLatin1Char(' ') + value.name()));
    // Readable on the palette's Base: keys are not drawn in the background colour.
    QVERIFY(key != palette.color(QPalette::Base));
}

void tst_SideBySideDiffView::builtinTokens_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("category");

    QTest::newRow("key") << "apiVersion: v1" << 0 << "key";
    QTest::newRow("plain string") << "kind: ConfigMap" << 7 << "string";
    QTest::newRow("double quoted") << "a: \"x # y\"" << 6 << "string";
    QTest::newRow("single quoted") << "a: 'it''s'" << 6 << "string";
    QTest::newRow("integer") << "replicas: 3" << 10 << "number";
    QTest::newRow("float") << "ratio: -1.5e3" << 8 << "number";
    QTest::newRow("true") << "enabled: true" << 9 << "literal";
    QTest::newRow("False") << "enabled: False" << 9 << "literal";
    QTest::newRow("null") << "value: null" << 7 << "literal";
    QTest::newRow("tilde") << "value: ~" << 7 << "literal";
    QTest::newRow("version is a string") << "version: 4.14.1" << 9 << "string";
    QTest::newRow("comment") << "# a comment" << 2 << "comment";
    QTest::newRow("trailing comment") << "a: b # note" << 7 << "comment";
    QTest::newRow("hash inside value") << "url: http://x#frag" << 13 << "string";
    QTest::newRow("list dash") << "- item" << 0 << "indicator";
    QTest::newRow("list item") << "- item" << 3 << "string";
    QTest::newRow("key in list item") << "  - name: x" << 4 << "key";
    QTest::newRow("anchor") << "base: &anchor" << 7 << "property";
    QTest::newRow("alias") << "copy: *anchor" << 7 << "property";
    QTest::newRow("tag") << "v: !!str 12" << 4 << "property";
    QTest::newRow("block scalar header") << "script: |" << 8 << "indicator";
    QTest::newRow("folded header with chomping") << "text: >-" << 7 << "indicator";
    QTest::newRow("flow key") << "m: {a: 1}" << 4 << "key";
    QTest::newRow("flow number") << "l: [1, 2]" << 4 << "number";
    QTest::newRow("quoted key") << "\"a b\": 1" << 1 << "key";
    QTest::newRow("colon without space") << "image: repo:tag" << 9 << "string";
    QTest::newRow("document marker") << "---" << 0 << "marker";
}

void tst_SideBySideDiffView::builtinTokens()
{
    if (YamlHighlighting::engine() != YamlHighlighting::Engine::Builtin)
        QSKIP("the built-in highlighter is not in use");
    QFETCH(QString, line);
    QFETCH(int, column);
    QFETCH(QString, category);
    const QPalette palette = lightPalette();
    const QHash<QString, QTextCharFormat> samples{
        {"key", YamlHighlighting::formatAt("k: v", 0, palette)},
        {"string", YamlHighlighting::formatAt("k: text", 3, palette)},
        {"number", YamlHighlighting::formatAt("k: 42", 3, palette)},
        {"literal", YamlHighlighting::formatAt("k: false", 3, palette)},
        {"comment", YamlHighlighting::formatAt("# c", 0, palette)},
        {"indicator", YamlHighlighting::formatAt("- x", 0, palette)},
        {"property", YamlHighlighting::formatAt("k: &a", 3, palette)},
        {"marker", YamlHighlighting::formatAt("--- ", 0, palette)},
    };
    // The categories are distinguishable from each other.
    QSet<QString> distinct;
    for (const QTextCharFormat &f : samples)
        distinct.insert(f.foreground().color().name() + (f.fontItalic() ? "i" : "") + QString::number(f.fontWeight()));
    QCOMPARE(distinct.size(), samples.size());

    const QTextCharFormat got = YamlHighlighting::formatAt(line, column, palette);
    const QTextCharFormat &want = samples.value(category);
    QCOMPARE(got.foreground().color().name(), want.foreground().color().name());
    QCOMPARE(got.fontItalic(), want.fontItalic());
    QCOMPARE(got.fontWeight(), want.fontWeight());
}

void tst_SideBySideDiffView::builtinBlockScalar()
{
    if (YamlHighlighting::engine() != YamlHighlighting::Engine::Builtin)
        QSKIP("the built-in highlighter is not in use");
    QTextDocument document;
    document.setPlainText(QStringLiteral("data:\n"
                                         "  script: |\n"
                                         "    key: not a key\n"
                                         "\n"
                                         "    # not a comment\n"
                                         "  next: 1\n"
                                         "text: \"multi\n"
                                         "  line\"\n"
                                         "after: x\n"));
    const QPalette palette = lightPalette();
    const auto highlighter = YamlHighlighting::create(&document, palette);
    highlighter->rehighlight();
    const QColor key = foregroundAt(QStringLiteral("k: v"), 0, palette);
    const QColor string = foregroundAt(QStringLiteral("k: v"), 3, palette);
    QCOMPARE(foregroundInDocument(document, 2, 4), string);
    QCOMPARE(foregroundInDocument(document, 4, 6), string);
    QCOMPARE(foregroundInDocument(document, 5, 2), key);
    QCOMPARE(foregroundInDocument(document, 7, 2), string);
    QCOMPARE(foregroundInDocument(document, 8, 0), key);
}

void tst_SideBySideDiffView::kf6ThemeKeyColour_data()
{
    QTest::addColumn<QPalette>("palette");
    QTest::addColumn<QString>("line");
    QTest::addColumn<int>("keyColumn");

    for (const auto &[name, palette] : {std::pair{"light", lightPalette()}, std::pair{"dark", darkPalette()}}) {
        QTest::addRow("%s plain", name) << palette << "apiVersion: v1" << 0;
        QTest::addRow("%s indented", name) << palette << "  replicas: 3" << 4;
        QTest::addRow("%s in list", name) << palette << "- name: web" << 3;
    }
}

// Where KF6 was found (Debian 13 in CI), YAML keys must get the colour the KF6
// theme gives the YAML definition's "Key" format: proof that KSyntaxHighlighting,
// not the built-in highlighter, colours the diff.
void tst_SideBySideDiffView::kf6ThemeKeyColour()
{
#if DRIFTSCOPE_EXPECT_KF6_SYNTAX_HIGHLIGHTING
    QFETCH(QPalette, palette);
    QFETCH(QString, line);
    QFETCH(int, keyColumn);
    QCOMPARE(YamlHighlighting::engine(), YamlHighlighting::Engine::KSyntaxHighlighting);

    const KSyntaxHighlighting::Repository repository;
    const KSyntaxHighlighting::Definition yaml = repository.definitionForName(QStringLiteral("YAML"));
    QVERIFY(yaml.isValid());
    const KSyntaxHighlighting::Theme theme = repository.defaultTheme(
        YamlHighlighting::isDark(palette) ? KSyntaxHighlighting::Repository::DarkTheme
                                          : KSyntaxHighlighting::Repository::LightTheme);
    QVERIFY(theme.isValid());
    QColor keyColour;
    for (const KSyntaxHighlighting::Format &format : yaml.formats()) {
        if (format.name() == QLatin1String("Key"))
            keyColour = format.textColor(theme);
    }
    QVERIFY2(keyColour.isValid(), "the YAML definition has no \"Key\" format");
    QCOMPARE(foregroundAt(line, keyColumn, palette).name(), keyColour.name());
#else
    QSKIP("built without KF6 SyntaxHighlighting: the built-in highlighter is tested instead");
#endif
}

void tst_SideBySideDiffView::displayMapping_data()
{
    QTest::addColumn<int>("context");
    QTest::addColumn<QList<int>>("expanded");
    QTest::addColumn<int>("rowCount");
    QTest::addColumn<int>("foldCount");
    // Display rows of model rows 0, 11, 12, 14 (the change), 16, 17 and 29.
    QTest::addColumn<QList<int>>("displayRows");

    const QList<int> identity{0, 11, 12, 14, 16, 17, 29};
    QTest::newRow("context 2") << 2 << QList<int>{} << 7 << 2 << QList<int>{0, 0, 1, 3, 5, 6, 6};
    QTest::newRow("first fold open") << 2 << QList<int>{0} << 18 << 1 << QList<int>{0, 11, 12, 14, 16, 17, 17};
    QTest::newRow("both folds open") << 2 << QList<int>{0, 17} << 30 << 0 << identity;
    QTest::newRow("no folding") << -1 << QList<int>{} << 30 << 0 << identity;
    QTest::newRow("context 0") << 0 << QList<int>{} << 3 << 2 << QList<int>{0, 0, 0, 1, 2, 2, 2};
}

void tst_SideBySideDiffView::displayMapping()
{
    QFETCH(int, context);
    QFETCH(QList<int>, expanded);
    QFETCH(int, rowCount);
    QFETCH(int, foldCount);
    QFETCH(QList<int>, displayRows);
    const auto diff = std::make_shared<const ds::diff::SideBySideDiff>(yamlLines(30), yamlLines(30, {15}));
    const ds::ui::DiffDisplay display(diff, context, QSet<int>(expanded.cbegin(), expanded.cend()));
    QCOMPARE(display.rowCount(), rowCount);
    QCOMPARE(display.foldCount(), foldCount);
    const QList<int> modelRows{0, 11, 12, 14, 16, 17, 29};
    QList<int> got;
    for (int modelRow : modelRows)
        got << display.displayRowForModelRow(modelRow);
    QCOMPARE(got, displayRows);
    QCOMPARE(display.displayRowForModelRow(30), -1);
    QCOMPARE(display.changeBlocks().size(), 1);
    QCOMPARE(display.changeBlocks().first().firstRow, displayRows[3]);
    QCOMPARE(display.changeBlockKind(0), RowKind::Changed);
    QCOMPARE(display.changeBlockForRow(displayRows[3]), 0);
    // Every display row is one line of the editors' text; folds are empty lines.
    const QStringList lines = display.text(DiffSide::Right).split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), rowCount);
    for (int row = 0; row < rowCount; ++row) {
        if (display.isFold(row))
            QVERIFY(lines[row].isEmpty());
        else
            QCOMPARE(lines[row], display.modelRow(row)->rightText);
    }
}

void tst_SideBySideDiffView::rowsOnScreen()
{
    SideBySideDiffView view;
    view.setCollapseUnchanged(false);
    setDiffAndWait(view, QStringLiteral("a: 1\nb: 2\nc: 3\n"), QStringLiteral("a: 1\nb: 5\nx: 9\nc: 3\n"));
    QVERIFY(!view.isBusy());
    QVERIFY(view.diff());
    QCOMPARE(view.changeCount(), 1);
    QCOMPARE(view.leftEditor()->document()->blockCount(), 4);
    QCOMPARE(view.rightEditor()->document()->blockCount(), 4);
    QCOMPARE(view.leftEditor()->toPlainText(), QStringLiteral("a: 1\nb: 2\n\nc: 3"));
    QCOMPARE(view.rightEditor()->toPlainText(), QStringLiteral("a: 1\nb: 5\nx: 9\nc: 3"));
    const ds::ui::DiffDisplay *display = view.display();
    QCOMPARE(display->rowCount(), 4);
    QCOMPARE(display->modelRow(2)->kind, RowKind::Added);
    QCOMPARE(display->modelRow(2)->leftLine, 0);
    QCOMPARE(display->modelRow(3)->leftLine, 3);
    QCOMPARE(display->modelRow(3)->rightLine, 4);
    QCOMPARE(view.findChild<QLabel *>("changeLabel")->text(), QStringLiteral("1 change"));
}

void tst_SideBySideDiffView::headerShowsTitlesAndDescription()
{
    SideBySideDiffView view;
    showView(view);
    QSignalSpy shown(&view, &SideBySideDiffView::diffShown);
    view.setDiff("apps/deployment.yaml", "a: 1\n", "apps/v1_Deployment_ns_web", "a: 2\n",
                 "Web tier deployment.\nReplicas may differ.");
    QVERIFY(shown.wait());
    QCOMPARE(view.findChild<QLabel *>("changeLabel")->text(), QStringLiteral("1 change"));
    view.setDiff(QString(300, QLatin1Char('r')), "a: 1\n", QString(300, QLatin1Char('c')), "a: 2\n",
                 "Web tier deployment.\nReplicas may differ.");
    QVERIFY(shown.wait());
    QCOMPARE(view.findChild<ds::ui::ElidedLabel *>("leftTitle")->text(), QString(300, QLatin1Char('r')));
    QCOMPARE(view.findChild<ds::ui::ElidedLabel *>("rightTitle")->text(), QString(300, QLatin1Char('c')));
    QCOMPARE(view.findChild<ds::ui::ElidedLabel *>("rightTitle")->toolTip(), QString(300, QLatin1Char('c')));
    QLabel *description = view.findChild<QLabel *>("diffDescription");
    QVERIFY(description->isVisible());
    QCOMPARE(description->text(), QStringLiteral("Web tier deployment.\nReplicas may differ."));
    // Long titles and texts elide or wrap; they do not widen the view (it shares the window).
    QVERIFY2(view.minimumSizeHint().width() < 700, qPrintable(QString::number(view.minimumSizeHint().width())));
    view.setDiff("a", "x\n", "b", "x\n");
    QVERIFY(!description->isVisible());
    QVERIFY(shown.wait());
    QCOMPARE(view.findChild<QLabel *>("changeLabel")->text(), QStringLiteral("No differences"));
}

void tst_SideBySideDiffView::rowBackgroundsArePainted()
{
    SideBySideDiffView view;
    view.setPalette(lightPalette());
    view.setCollapseUnchanged(false);
    showView(view);
    setDiffAndWait(view, QStringLiteral("a: 1\nb: 2\nc: 3\n"), QStringLiteral("a: 1\nb: 5\nc: 3\nd: 4\n"));
    QCoreApplication::processEvents();
    const ds::ui::DiffColors &colors = view.colors();
    auto pixel = [](DiffSideEditor *editor, int row, int x) {
        const QImage image = editor->viewport()->grab().toImage();
        const int y = static_cast<int>(editor->rowTop(row) + 1);
        return QColor(image.pixel(x, y)).name();
    };
    DiffSideEditor *left = view.leftEditor();
    DiffSideEditor *right = view.rightEditor();
    const int farRight = left->viewport()->width() - 5;
    QCOMPARE(pixel(left, 0, farRight), colors.base.name());
    QCOMPARE(pixel(left, 1, farRight), colors.changedRow.name());
    QCOMPARE(pixel(right, 3, right->viewport()->width() - 5), colors.addedRow.name());
    // The intra-line range "5" of "b: 5" (column 3) gets the stronger tint.
    const QTextLine line = right->document()->findBlockByNumber(1).layout()->lineAt(0);
    const int x = static_cast<int>(line.cursorToX(3) + (line.cursorToX(4) - line.cursorToX(3)) / 2);
    QCOMPARE(pixel(right, 1, x - static_cast<int>(right->horizontalScrollBar()->value())), colors.changedChars.name());
}

void tst_SideBySideDiffView::scrollSyncVertical_data()
{
    QTest::addColumn<bool>("fromLeft");
    QTest::newRow("left drives right") << true;
    QTest::newRow("right drives left") << false;
}

void tst_SideBySideDiffView::scrollSyncVertical()
{
    QFETCH(bool, fromLeft);
    SideBySideDiffView view;
    view.setCollapseUnchanged(false);
    showView(view);
    setDiffAndWait(view, yamlLines(300, {10, 150}), yamlLines(300, {10, 200}));
    QScrollBar *source = (fromLeft ? view.leftEditor() : view.rightEditor())->verticalScrollBar();
    QScrollBar *target = (fromLeft ? view.rightEditor() : view.leftEditor())->verticalScrollBar();
    QVERIFY(source->maximum() > 100);
    QCOMPARE(source->maximum(), target->maximum());
    QSignalSpy sourceSpy(source, &QScrollBar::valueChanged);
    QSignalSpy targetSpy(target, &QScrollBar::valueChanged);
    source->setValue(57);
    QCOMPARE(target->value(), 57);
    // One change each: the echo from the target does not bounce back.
    QCOMPARE(sourceSpy.count(), 1);
    QCOMPARE(targetSpy.count(), 1);
    QCOMPARE(view.leftEditor()->firstVisibleRow(), view.rightEditor()->firstVisibleRow());
    source->setValue(source->maximum());
    QCOMPARE(target->value(), target->maximum());
}

void tst_SideBySideDiffView::scrollSyncHorizontal()
{
    SideBySideDiffView view;
    showView(view);
    const QString longLine = QStringLiteral("annotation: ") + QString(400, QLatin1Char('x')) + QLatin1Char('\n');
    const QString otherLongLine = QStringLiteral("annotation: ") + QString(300, QLatin1Char('y')) + QLatin1Char('\n');
    setDiffAndWait(view, longLine, otherLongLine);
    QScrollBar *left = view.leftEditor()->horizontalScrollBar();
    QScrollBar *right = view.rightEditor()->horizontalScrollBar();
    QVERIFY(left->maximum() > right->maximum());
    QVERIFY(right->maximum() > 40);
    // Both sides keep a horizontal bar so their viewports stay the same height.
    QCOMPARE(view.leftEditor()->horizontalScrollBarPolicy(), Qt::ScrollBarAlwaysOn);
    QCOMPARE(view.rightEditor()->horizontalScrollBarPolicy(), Qt::ScrollBarAlwaysOn);
    left->setValue(40);
    QCOMPARE(right->value(), 40);
    left->setValue(left->maximum()); // beyond the right's range: it clamps, no ping-pong
    QCOMPARE(right->value(), right->maximum());
    QCOMPARE(left->value(), left->maximum());
    right->setValue(0);
    QCOMPARE(left->value(), 0);
}

void tst_SideBySideDiffView::nextPreviousChange()
{
    SideBySideDiffView view;
    view.setCollapseUnchanged(false);
    showView(view);
    setDiffAndWait(view, yamlLines(200), yamlLines(200, {20, 100, 180}));
    QCOMPARE(view.changeCount(), 3);
    QCOMPARE(view.currentChange(), -1);
    QSignalSpy spy(&view, &SideBySideDiffView::currentChangeChanged);

    const QList<int> blockRows{19, 99, 179};
    auto checkAt = [&](int index) {
        QCOMPARE(view.currentChange(), index);
        const int row = blockRows[index];
        const int top = view.rightEditor()->firstVisibleRow();
        QVERIFY2(row >= top && row < top + view.rightEditor()->visibleRowCount(),
                 qPrintable(QStringLiteral("row %1 top %2").arg(row).arg(top)));
        QCOMPARE(view.leftEditor()->firstVisibleRow(), top);
        QCOMPARE(view.rightEditor()->textCursor().blockNumber(), row);
    };
    view.nextChange();
    checkAt(0);
    QCOMPARE(spy.last().at(0).toInt(), 0);
    QCOMPARE(spy.last().at(1).toInt(), 3);
    view.nextChange();
    checkAt(1);
    view.nextChange();
    checkAt(2);
    view.nextChange(); // stays on the last change
    checkAt(2);
    view.previousChange();
    checkAt(1);
    view.previousChange();
    checkAt(0);
    view.previousChange();
    checkAt(0);
    view.goToChange(2);
    checkAt(2);
    QCOMPARE(view.findChild<QLabel *>("changeLabel")->text(), QStringLiteral("Change 3 of 3"));
}

void tst_SideBySideDiffView::navigationShortcuts()
{
    SideBySideDiffView view;
    view.setCollapseUnchanged(false);
    showView(view);
    setDiffAndWait(view, yamlLines(100), yamlLines(100, {30, 60}));
    QCOMPARE(view.nextChangeAction()->shortcut(), QKeySequence(Qt::ALT | Qt::Key_Down));
    QCOMPARE(view.previousChangeAction()->shortcut(), QKeySequence(Qt::ALT | Qt::Key_Up));
    view.nextChangeAction()->trigger();
    QCOMPARE(view.currentChange(), 0);

    view.activateWindow();
    view.rightEditor()->setFocus();
    if (!QTest::qWaitForWindowActive(&view))
        QSKIP("the platform does not activate windows; shortcuts cannot be delivered");
    QTest::keyClick(view.rightEditor(), Qt::Key_Down, Qt::AltModifier);
    QCOMPARE(view.currentChange(), 1);
    QTest::keyClick(view.leftEditor(), Qt::Key_Up, Qt::AltModifier);
    QCOMPARE(view.currentChange(), 0);
}

void tst_SideBySideDiffView::navigationFromScrolledViewport()
{
    SideBySideDiffView view;
    view.setCollapseUnchanged(false);
    showView(view);
    setDiffAndWait(view, yamlLines(300), yamlLines(300, {20, 150, 280}));
    view.nextChange();
    QCOMPARE(view.currentChange(), 0);
    // The user scrolls far past change 0 without clicking: next goes on from
    // what is on screen, not from the change scrolled away.
    view.rightEditor()->verticalScrollBar()->setValue(200);
    view.nextChange();
    QCOMPARE(view.currentChange(), 2);
    view.rightEditor()->verticalScrollBar()->setValue(200);
    view.previousChange();
    QCOMPARE(view.currentChange(), 1);
}

void tst_SideBySideDiffView::collapseAndExpand()
{
    SideBySideDiffView view;
    showView(view);
    QVERIFY(view.collapseUnchanged());
    QCOMPARE(view.contextLines(), 3);
    setDiffAndWait(view, yamlLines(100), yamlLines(100, {50}));
    const ds::ui::DiffDisplay *display = view.display();
    // 49 rows above the change fold into one (46 hidden), 50 below (47 hidden).
    QCOMPARE(display->foldCount(), 2);
    QCOMPARE(display->rowCount(), 1 + 3 + 1 + 3 + 1);
    QVERIFY(display->isFold(0));
    QCOMPARE(display->row(0).modelRowCount, 46);
    QCOMPARE(view.leftEditor()->document()->blockCount(), display->rowCount());
    QCOMPARE(view.rightEditor()->document()->blockCount(), display->rowCount());
    QCOMPARE(display->changeBlocks().first().firstRow, 4);

    view.nextChange();
    QCOMPARE(view.currentChange(), 0);
    QCOMPARE(view.rightEditor()->textCursor().blockNumber(), 4);

    view.expandFold(0);
    QCOMPARE(view.display()->foldCount(), 1);
    QCOMPARE(view.display()->rowCount(), 46 + 3 + 1 + 3 + 1);
    QCOMPARE(view.currentChange(), 0); // the change index survives folding

    view.setContextLines(10);
    QCOMPARE(view.display()->foldCount(), 2); // new context: folds start closed again
    QCOMPARE(view.display()->rowCount(), 1 + 10 + 1 + 10 + 1);

    view.setCollapseUnchanged(false);
    QCOMPARE(view.display()->foldCount(), 0);
    QCOMPARE(view.display()->rowCount(), 100);
    QCOMPARE(view.findChild<QCheckBox *>("collapseUnchanged")->isChecked(), false);
}

void tst_SideBySideDiffView::clickingAFoldExpandsIt()
{
    SideBySideDiffView view;
    showView(view);
    setDiffAndWait(view, yamlLines(60), yamlLines(60, {30}));
    QCOMPARE(view.display()->foldCount(), 2);
    DiffSideEditor *right = view.rightEditor();
    const int foldRow = view.display()->rowCount() - 1;
    QVERIFY(view.display()->isFold(foldRow));
    const QPoint center(50, static_cast<int>(right->rowTop(foldRow) + right->rowHeight() / 2));
    QCOMPARE(right->rowAt(center.y()), foldRow);
    QTest::mouseClick(right->viewport(), Qt::LeftButton, {}, center);
    QCOMPARE(view.display()->foldCount(), 1);
    QVERIFY(!view.display()->isFold(view.display()->rowCount() - 1));
}

void tst_SideBySideDiffView::contextSpinBoxDrivesFolding()
{
    SideBySideDiffView view;
    setDiffAndWait(view, yamlLines(40), yamlLines(40, {20}));
    auto *spin = view.findChild<QSpinBox *>("contextLines");
    QVERIFY(spin);
    spin->setValue(1);
    QCOMPARE(view.contextLines(), 1);
    QCOMPARE(view.display()->rowCount(), 1 + 1 + 1 + 1 + 1);
    view.setContextLines(2);
    QCOMPARE(spin->value(), 2);
    view.findChild<QCheckBox *>("collapseUnchanged")->setChecked(false);
    QVERIFY(!view.collapseUnchanged());
    QCOMPARE(view.display()->rowCount(), 40);
}

void tst_SideBySideDiffView::darkPaletteColours_data()
{
    QTest::addColumn<QPalette>("palette");
    QTest::addColumn<bool>("dark");
    QTest::newRow("light") << lightPalette() << false;
    QTest::newRow("dark") << darkPalette() << true;
}

void tst_SideBySideDiffView::darkPaletteColours()
{
    QFETCH(QPalette, palette);
    QFETCH(bool, dark);
    SideBySideDiffView view;
    view.setPalette(palette);
    const ds::ui::DiffColors &c = view.colors();
    QCOMPARE(c.dark, dark);
    QCOMPARE(YamlHighlighting::isDark(palette), dark);
    for (const QColor &tint : {c.removedRow, c.addedRow, c.changedRow, c.changedChars, c.foldRow})
        QCOMPARE(tint.lightness() < 128, dark);
    // Tints are distinct from each other and from Base, and the stronger
    // intra-line tint stands out from its row.
    const QSet<QRgb> rows{c.base.rgb(), c.removedRow.rgb(), c.addedRow.rgb(), c.changedRow.rgb()};
    QCOMPARE(rows.size(), 4);
    QVERIFY(std::abs(c.changedChars.lightness() - c.base.lightness())
            > std::abs(c.changedRow.lightness() - c.base.lightness()));
}

void tst_SideBySideDiffView::largeDiffIsComputedInBackground()
{
    QString left;
    QString right;
    for (int i = 0; i < 20000; ++i) {
        const QString line = QStringLiteral("    field%1: \"a value that is %1 long\"\n").arg(i);
        left += line;
        right += i % 40 == 0 ? QStringLiteral("    field%1: \"a changed value %1\"\n").arg(i) : line;
    }
    SideBySideDiffView view;
    showView(view);
    QSignalSpy shown(&view, &SideBySideDiffView::diffShown);
    int ticks = 0;
    QTimer ticker;
    connect(&ticker, &QTimer::timeout, this, [&ticks] { ++ticks; });
    ticker.start(5);

    QElapsedTimer timer;
    timer.start();
    view.setDiff("big.yaml", left, "v1_ConfigMap_ns_big", right);
    // setDiff returned before the rows exist: they are computed elsewhere. (No
    // time limit: a loaded machine may deschedule this thread at any point.)
    QVERIFY(view.isBusy());
    QVERIFY(!view.diff());
    QCOMPARE(shown.count(), 0);
    QVERIFY(shown.wait(30000));
    QVERIFY(!view.isBusy());
    QCOMPARE(view.changeCount(), 500);
    QVERIFY(ticks > 0); // the event loop ran while the rows were computed
    qInfo("20k lines: %lld ms until shown, %d timer ticks", timer.elapsed(), ticks);

    timer.restart();
    view.setCollapseUnchanged(false);
    QCOMPARE(view.rightEditor()->document()->blockCount(), 20000);
    qInfo("all 20k rows into both editors: %lld ms", timer.elapsed());
    view.goToChange(250);
    QCOMPARE(view.rightEditor()->textCursor().blockNumber(), 250 * 40);
}

void tst_SideBySideDiffView::supersededDiffIsDropped()
{
    SideBySideDiffView view;
    QSignalSpy shown(&view, &SideBySideDiffView::diffShown);
    view.setDiff("first", yamlLines(3000), "first", yamlLines(3000, {5}));
    view.setDiff("second", "a: 1\n", "second", "a: 2\n");
    QVERIFY(shown.wait());
    QTest::qWait(300); // let the first computation finish too
    QCOMPARE(shown.count(), 1);
    QCOMPARE(view.rightEditor()->toPlainText(), QStringLiteral("a: 2"));
}

void tst_SideBySideDiffView::clearEmptiesTheView()
{
    SideBySideDiffView view;
    setDiffAndWait(view, QStringLiteral("a: 1\n"), QStringLiteral("a: 2\n"));
    QCOMPARE(view.changeCount(), 1);
    view.clear();
    QCOMPARE(view.changeCount(), 0);
    QVERIFY(!view.diff());
    QVERIFY(view.rightEditor()->toPlainText().isEmpty());
    QVERIFY(!view.nextChangeAction()->isEnabled());
    view.nextChange(); // harmless without a diff
    QCOMPARE(view.currentChange(), -1);
}

QTEST_MAIN(tst_SideBySideDiffView)
#include "tst_sidebysidediffview.moc"
