// SPDX-License-Identifier: Apache-2.0
// ds::diff::SideBySideDiff: the rows, intra-line ranges, change blocks and
// collapsible regions a side-by-side view is built from.
#include "TestPrinters.h"
#include "diff/SideBySideDiff.h"

#include <QElapsedTimer>
#include <QRegularExpression>
#include <QTest>

using ds::diff::RowKind;
using ds::diff::RowRange;
using ds::diff::SideBySideDiff;
using ds::diff::SideBySideRow;
using ds::diff::TextRange;

namespace {

QString lineNumber(int line)
{
    return line == 0 ? QStringLiteral("-") : QString::number(line);
}

// "C2:3" = a Changed row showing left line 2 and right line 3; "-" is a filler.
QString describe(const SideBySideRow &row)
{
    static const char kinds[] = {'E', 'R', 'A', 'C'};
    return QLatin1Char(kinds[static_cast<int>(row.kind)]) + lineNumber(row.leftLine) + QLatin1Char(':')
        + lineNumber(row.rightLine);
}

QStringList describe(const SideBySideDiff &diff)
{
    QStringList out;
    for (const SideBySideRow &row : diff.rows())
        out << describe(row);
    return out;
}

// "3+2" = rows 3 and 4.
QStringList describe(const QList<RowRange> &ranges)
{
    QStringList out;
    for (const RowRange &r : ranges)
        out << QStringLiteral("%1+%2").arg(r.firstRow).arg(r.rowCount);
    return out;
}

// "10+1" = UTF-16 indices 10..10.
QStringList describe(const QList<TextRange> &ranges)
{
    QStringList out;
    for (const TextRange &r : ranges)
        out << QStringLiteral("%1+%2").arg(r.start).arg(r.length);
    return out;
}

QString numberedLines(int count, int changedLine = 0, const QString &change = QString())
{
    QString text;
    for (int i = 1; i <= count; ++i)
        text += (i == changedLine ? change : QStringLiteral("key%1: value").arg(i)) + QLatin1Char('\n');
    return text;
}

} // namespace

class tst_SideBySideDiff : public QObject
{
    Q_OBJECT

private slots:
    void rows_data();
    void rows();
    void rowTexts();
    void fillersHaveNoText();
    void fromUtf8MatchesQString();
    void intraLineRanges_data();
    void intraLineRanges();
    void changedRowsCarryRanges();
    void changeBlocks_data();
    void changeBlocks();
    void changeBlockForRow();
    void collapsibleRegions_data();
    void collapsibleRegions();
    void lineCounts();
    void largeInputIsQuick();
};

void tst_SideBySideDiff::rows_data()
{
    QTest::addColumn<QString>("left");
    QTest::addColumn<QString>("right");
    QTest::addColumn<QStringList>("expected");

    QTest::newRow("identical") << "a\nb\n" << "a\nb\n" << QStringList{"E1:1", "E2:2"};
    QTest::newRow("both empty") << "" << "" << QStringList{};
    QTest::newRow("one line changed") << "a\nkey: b\nc\n" << "a\nkey: B\nc\n" << QStringList{"E1:1", "C2:2", "E3:3"};
    // Lines are one changed line only when they are alike (same key, or most text in common).
    QTest::newRow("dissimilar lines are not paired") << "a\nb\nc\n" << "a\nB\nc\n"
                                                    << QStringList{"E1:1", "R2:-", "A-:2", "E3:3"};
    QTest::newRow("similar lines pair past a dissimilar one")
        << "a\nx: 1\ny: 2\nz\n" << "a\nnew: 0\ny: 3\nz\n" << QStringList{"E1:1", "R2:-", "A-:2", "C3:3", "E4:4"};
    QTest::newRow("the same key pairs before merely similar lines")
        << "data:\n  mode: production\n  retries: \"5\"\n" << "data:\n  extra: \"1\"\n  mode: staging\n"
        << QStringList{"E1:1", "A-:2", "C2:3", "R3:-"};
    QTest::newRow("long lines with most text in common pair")
        << "image: registry.example.com/team/web:1.4\n" << "- registry.example.com/team/web:1.5\n"
        << QStringList{"C1:1"};
    QTest::newRow("line removed") << "a\nb\nc\n" << "a\nc\n" << QStringList{"E1:1", "R2:-", "E3:2"};
    QTest::newRow("line added") << "a\nc\n" << "a\nb\nc\n" << QStringList{"E1:1", "A-:2", "E2:3"};
    QTest::newRow("pairs then added") << "a\nk1: b\nk2: c\nz\n" << "a\nk1: B\nk2: C\nk3: D\nz\n"
                                      << QStringList{"E1:1", "C2:2", "C3:3", "A-:4", "E4:5"};
    QTest::newRow("pairs then removed") << "a\nk1: b\nk2: c\nk3: d\nz\n" << "a\nk1: B\nz\n"
                                        << QStringList{"E1:1", "C2:2", "R3:-", "R4:-", "E5:3"};
    QTest::newRow("left empty") << "" << "x\ny\n" << QStringList{"A-:1", "A-:2"};
    QTest::newRow("right empty") << "x\ny\n" << "" << QStringList{"R1:-", "R2:-"};
    QTest::newRow("missing final newline is ignored") << "a\nb" << "a\nb\n" << QStringList{"E1:1", "E2:2"};
    QTest::newRow("two separate changes")
        << "a\nk: b\nc\nd\nk: e\n" << "a\nk: B\nc\nd\nk: E\n" << QStringList{"E1:1", "C2:2", "E3:3", "E4:4", "C5:5"};
    QTest::newRow("yaml value drift")
        << "metadata:\n  name: foo\nspec:\n  replicas: 3\n  paused: false\n"
        << "metadata:\n  name: foo\n  labels:\n    app: x\nspec:\n  replicas: 5\n"
        << QStringList{"E1:1", "E2:2", "A-:3", "A-:4", "E3:5", "C4:6", "R5:-"};
}

void tst_SideBySideDiff::rows()
{
    QFETCH(QString, left);
    QFETCH(QString, right);
    QFETCH(QStringList, expected);
    const SideBySideDiff diff(left, right);
    QCOMPARE(describe(diff), expected);
    QCOMPARE(diff.rowCount(), expected.size());
    QCOMPARE(diff.hasChanges(), !expected.filter(QRegularExpression("^[RAC]")).isEmpty());
}

void tst_SideBySideDiff::rowTexts()
{
    const SideBySideDiff diff(QStringLiteral("a: 1\nb: 2\n"), QStringLiteral("a: 1\nb: 3\nc: 4\n"));
    QCOMPARE(diff.rowCount(), 3);
    QCOMPARE(diff.rows()[0].leftText, QStringLiteral("a: 1"));
    QCOMPARE(diff.rows()[0].rightText, QStringLiteral("a: 1"));
    QCOMPARE(diff.rows()[1].leftText, QStringLiteral("b: 2"));
    QCOMPARE(diff.rows()[1].rightText, QStringLiteral("b: 3"));
    QCOMPARE(diff.rows()[2].rightText, QStringLiteral("c: 4"));
}

void tst_SideBySideDiff::fillersHaveNoText()
{
    const SideBySideDiff diff(QStringLiteral("a\nb\n"), QStringLiteral("x\ny\nz\n"));
    const SideBySideRow &added = diff.rows().last();
    QCOMPARE(added.kind, RowKind::Added);
    QCOMPARE(added.leftLine, 0);
    QVERIFY(added.leftText.isEmpty());
    QVERIFY(added.leftHighlights.isEmpty());
    QVERIFY(added.rightHighlights.isEmpty());
    QCOMPARE(added.rightText, QStringLiteral("z"));
}

void tst_SideBySideDiff::fromUtf8MatchesQString()
{
    const QString left = QStringLiteral("name: café\nkey: 😀 one\n");
    const QString right = QStringLiteral("name: cafe\nkey: 😀 two\n");
    const QByteArray l = left.toUtf8();
    const QByteArray r = right.toUtf8();
    const SideBySideDiff a(left, right);
    const SideBySideDiff b = SideBySideDiff::fromUtf8(l.toStdString(), r.toStdString());
    QCOMPARE(describe(a), describe(b));
    QCOMPARE(a.rows()[1], b.rows()[1]);
}

void tst_SideBySideDiff::intraLineRanges_data()
{
    QTest::addColumn<QString>("left");
    QTest::addColumn<QString>("right");
    QTest::addColumn<QStringList>("leftRanges");
    QTest::addColumn<QStringList>("rightRanges");

    QTest::newRow("digit") << "  replicas: 3" << "  replicas: 5" << QStringList{"12+1"} << QStringList{"12+1"};
    QTest::newRow("word") << "image: quay.io/app:v1.2" << "image: quay.io/app:v1.3"
                          << QStringList{"22+1"} << QStringList{"22+1"};
    // Whole words are marked: "abc" replaced "a", not "bc" was appended.
    QTest::newRow("insertion only") << "mode: a" << "mode: abc" << QStringList{} << QStringList{"6+3"};
    QTest::newRow("deletion only") << "mode: abc" << "mode: a" << QStringList{"6+3"} << QStringList{};
    QTest::newRow("separators stay outside the word") << "image: web:1.4-rc" << "image: web:1.5-rc"
                                                     << QStringList{"13+1"} << QStringList{"13+1"};
    QTest::newRow("identical") << "same" << "same" << QStringList{} << QStringList{};
    QTest::newRow("whole value") << "kind: Pod" << "kind: Job" << QStringList{"6+3"} << QStringList{"6+3"};
    // é is one UTF-16 unit, 😀 two: ranges are QString indices, not bytes.
    QTest::newRow("latin1 accent") << "name: café-1" << "name: café-2" << QStringList{"11+1"}
                                   << QStringList{"11+1"};
    QTest::newRow("surrogate pair") << "x: 😀a" << "x: 😀b" << QStringList{"5+1"} << QStringList{"5+1"};
    QTest::newRow("changed emoji") << "x: 😀!" << "x: 😁!" << QStringList{"3+2"} << QStringList{"3+2"};
    QTest::newRow("semantic cleanup") << "value: the quick brown fox" << "value: a slow red dog"
                                      << QStringList{"7+19"} << QStringList{"7+14"};
}

void tst_SideBySideDiff::intraLineRanges()
{
    QFETCH(QString, left);
    QFETCH(QString, right);
    QFETCH(QStringList, leftRanges);
    QFETCH(QStringList, rightRanges);
    const auto [l, r] = SideBySideDiff::intraLineRanges(left, right);
    QCOMPARE(describe(l), leftRanges);
    QCOMPARE(describe(r), rightRanges);
    for (const TextRange &range : l)
        QVERIFY(range.end() <= left.size());
    for (const TextRange &range : r)
        QVERIFY(range.end() <= right.size());
}

void tst_SideBySideDiff::changedRowsCarryRanges()
{
    const SideBySideDiff diff(QStringLiteral("spec:\n  replicas: 3\n  paused: false\n"),
                              QStringLiteral("spec:\n  replicas: 5\n  paused: true\n"));
    QCOMPARE(describe(diff), (QStringList{"E1:1", "C2:2", "C3:3"}));
    QVERIFY(diff.rows()[0].leftHighlights.isEmpty());
    QCOMPARE(describe(diff.rows()[1].leftHighlights), QStringList{"12+1"});
    QCOMPARE(describe(diff.rows()[1].rightHighlights), QStringList{"12+1"});
    QCOMPARE(describe(diff.rows()[2].leftHighlights), QStringList{"10+5"}); // "false", though "e" is common
    QCOMPARE(describe(diff.rows()[2].rightHighlights), QStringList{"10+4"}); // "true"
}

void tst_SideBySideDiff::changeBlocks_data()
{
    QTest::addColumn<QString>("left");
    QTest::addColumn<QString>("right");
    QTest::addColumn<QStringList>("blocks");

    QTest::newRow("none") << "a\nb\n" << "a\nb\n" << QStringList{};
    QTest::newRow("one") << "a\nk: b\nc\n" << "a\nk: B\nc\n" << QStringList{"1+1"};
    QTest::newRow("changed plus added in one block") << "a\nk: b\nz\n" << "a\nk: B\nk2: C\nz\n" << QStringList{"1+2"};
    QTest::newRow("two") << "a\nk: b\nc\nd\nk: e\n" << "a\nk: B\nc\nd\nk: E\n" << QStringList{"1+1", "4+1"};
    QTest::newRow("at both ends") << "k: a\nb\nk: c\n" << "k: A\nb\nk: C\n" << QStringList{"0+1", "2+1"};
    QTest::newRow("unlike lines are a removal and an addition") << "a\nb\nc\n" << "a\nB\nc\n" << QStringList{"1+2"};
    QTest::newRow("all") << "a\n" << "b\nc\n" << QStringList{"0+3"}; // a removal, two additions
}

void tst_SideBySideDiff::changeBlocks()
{
    QFETCH(QString, left);
    QFETCH(QString, right);
    QFETCH(QStringList, blocks);
    const SideBySideDiff diff(left, right);
    QCOMPARE(describe(diff.changeBlocks()), blocks);
    for (const RowRange &block : diff.changeBlocks()) {
        for (int row = block.firstRow; row < block.endRow(); ++row)
            QVERIFY(diff.rows()[row].kind != RowKind::Equal);
    }
}

void tst_SideBySideDiff::changeBlockForRow()
{
    const SideBySideDiff diff(QStringLiteral("a\nk: b\nc\nd\nk: e\n"), QStringLiteral("a\nk: B\nk2: B2\nc\nd\nk: E\n"));
    QCOMPARE(describe(diff.changeBlocks()), (QStringList{"1+2", "5+1"}));
    const QList<int> expected{-1, 0, 0, -1, -1, 1, -1};
    for (int row = 0; row < expected.size(); ++row)
        QCOMPARE(diff.changeBlockForRow(row), expected[row]);
    QCOMPARE(diff.changeBlockForRow(-1), -1);
}

void tst_SideBySideDiff::collapsibleRegions_data()
{
    QTest::addColumn<QString>("left");
    QTest::addColumn<QString>("right");
    QTest::addColumn<int>("context");
    QTest::addColumn<QStringList>("regions");

    const QString twenty = numberedLines(20);
    const QString changedAt10 = numberedLines(20, 10, QStringLiteral("key10: other"));
    QTest::newRow("context 3") << twenty << changedAt10 << 3 << QStringList{"0+6", "13+7"};
    QTest::newRow("context 0") << twenty << changedAt10 << 0 << QStringList{"0+9", "10+10"};
    QTest::newRow("context 8 keeps only the tail") << twenty << changedAt10 << 8 << QStringList{"18+2"};
    QTest::newRow("context 9 keeps all") << twenty << changedAt10 << 9 << QStringList{};
    QTest::newRow("negative context folds nothing") << twenty << changedAt10 << -1 << QStringList{};
    QTest::newRow("no changes folds nothing") << twenty << twenty << 0 << QStringList{};

    // Changes at rows 4 and 10: the gap between them is rows 5..9.
    QString twoChanges = numberedLines(20, 5, QStringLiteral("key5: five"));
    twoChanges.replace(QStringLiteral("key11: value"), QStringLiteral("key11: eleven"));
    QTest::newRow("gap folded between changes") << twenty << twoChanges << 1 << QStringList{"0+3", "6+3", "12+8"};
    QTest::newRow("gap of one row is not folded") << twenty << twoChanges << 2 << QStringList{"0+2", "13+7"};
    QTest::newRow("gap fully kept") << twenty << twoChanges << 3 << QStringList{"14+6"};
}

void tst_SideBySideDiff::collapsibleRegions()
{
    QFETCH(QString, left);
    QFETCH(QString, right);
    QFETCH(int, context);
    QFETCH(QStringList, regions);
    const SideBySideDiff diff(left, right);
    const QList<RowRange> got = diff.collapsibleRegions(context);
    QCOMPARE(describe(got), regions);
    for (const RowRange &region : got) {
        QVERIFY(region.rowCount >= SideBySideDiff::kMinimumCollapsedRows);
        for (int row = region.firstRow; row < region.endRow(); ++row)
            QCOMPARE(diff.rows()[row].kind, RowKind::Equal);
    }
}

void tst_SideBySideDiff::lineCounts()
{
    const SideBySideDiff diff(QStringLiteral("a\nb\nc\nd\n"), QStringLiteral("a\nB\nC\nX\nY\nd\n"));
    QCOMPARE(diff.leftLineCount(), 4);
    QCOMPARE(diff.rightLineCount(), 6);
    QCOMPARE(diff.changedLeftLineCount(), 2);
    QCOMPARE(diff.changedRightLineCount(), 4);
}

void tst_SideBySideDiff::largeInputIsQuick()
{
    // A 20k-line object with drift every 50 lines: the model is built off the
    // GUI thread, but must still be ready in well under a few seconds.
    QString left;
    QString right;
    for (int i = 0; i < 20000; ++i) {
        const QString line = QStringLiteral("  field%1: \"some value number %1\"\n").arg(i);
        left += line;
        right += i % 50 == 0 ? QStringLiteral("  field%1: \"some other value %1\"\n").arg(i) : line;
    }
    QElapsedTimer timer;
    timer.start();
    const SideBySideDiff diff(left, right);
    QCOMPARE(diff.rowCount(), 20000);
    QCOMPARE(diff.changeBlocks().size(), 400);
    QVERIFY(!diff.rows()[0].leftHighlights.isEmpty());
    QVERIFY2(timer.elapsed() < 5000, qPrintable(QString::number(timer.elapsed())));
}

QTEST_APPLESS_MAIN(tst_SideBySideDiff)
#include "tst_sidebysidediff.moc"
