// SPDX-License-Identifier: Apache-2.0
// Counting the changed lines of unified diff output (the GUI's "N changed lines").
#include "diff/DiffStat.h"

#include <QTest>

using namespace ds;

class tst_DiffStat : public QObject
{
    Q_OBJECT

private slots:
    void count_data();
    void count();
};

void tst_DiffStat::count_data()
{
    QTest::addColumn<QString>("diff");
    QTest::addColumn<int>("added");
    QTest::addColumn<int>("removed");

    const QString header = QStringLiteral("diff -u -N /tmp/MERGED-1/x /tmp/LIVE-2/x\n"
                                          "--- /tmp/MERGED-1/x\t2024-01-01 00:00:00.000000000 +0000\n"
                                          "+++ /tmp/LIVE-2/x\t2024-01-01 00:00:00.000000000 +0000\n");
    QTest::newRow("empty") << QString() << 0 << 0;
    QTest::newRow("one change") << header + "@@ -1,3 +1,3 @@\n a: 1\n-b: 2\n+b: 3\n c: 4\n" << 1 << 1;
    QTest::newRow("default lengths") << header + "@@ -1 +1 @@\n-a\n+b\n" << 1 << 1;
    QTest::newRow("body lines looking like headers")
        << header + "@@ -1,2 +1,2 @@\n--- x\n+++ y\n" + header + "@@ -0,0 +1 @@\n+z\n" << 2 << 1;
    QTest::newRow("two hunks") << header + "@@ -1,2 +1,1 @@\n a\n-b\n@@ -10,1 +9,3 @@\n c\n+d\n+e\n" << 2 << 1;
    QTest::newRow("no newline marker") << header + "@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+a\n" << 1 << 1;
    QTest::newRow("not a unified diff") << QStringLiteral("+ only\n- text\n") << 0 << 0;
}

void tst_DiffStat::count()
{
    QFETCH(QString, diff);
    QFETCH(int, added);
    QFETCH(int, removed);
    const diff::DiffStat stat = diff::diffStat(diff.toStdString());
    QCOMPARE(stat.added, added);
    QCOMPARE(stat.removed, removed);
    QCOMPARE(stat.changedLines(), added + removed);
}

QTEST_GUILESS_MAIN(tst_DiffStat)
#include "tst_diffstat.moc"
