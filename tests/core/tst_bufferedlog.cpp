// SPDX-License-Identifier: Apache-2.0
// BufferedLog: messages kept and passed on later, in order, with their severity
// and verbosity; a replay forgets them.
#include "EngineHarness.h"
#include "util/BufferedLog.h"

#include <QTest>

using namespace ds;

class tst_BufferedLog : public QObject
{
    Q_OBJECT

private slots:
    void replaysInOrder_data();
    void replaysInOrder();
    void replayForgets();
};

namespace {

QStringList entriesOf(const test::CollectingLog &log)
{
    QStringList out;
    for (const auto &e : log.entries)
        out << QStringLiteral("%1/%2 %3").arg(int(e.severity)).arg(e.verbosity).arg(QString::fromStdString(e.text));
    return out;
}

} // namespace

void tst_BufferedLog::replaysInOrder_data()
{
    QTest::addColumn<QStringList>("messages"); // "severity/verbosity text"
    QTest::newRow("nothing") << QStringList{};
    QTest::newRow("one warning") << QStringList{"1/0 Skipping x"};
    QTest::newRow("mixed, in order") << QStringList{"0/1 Executing template a.yaml", "1/0 toYaml failed",
                                                    "0/2 Skipping duplicate", "2/0 error", "0/1 Found 1 matches"};
}

void tst_BufferedLog::replaysInOrder()
{
    QFETCH(QStringList, messages);
    BufferedLog buffer;
    test::CollectingLog target;
    for (const QString &m : messages) {
        const auto severity = static_cast<Log::Severity>(m.section(QLatin1Char('/'), 0, 0).toInt());
        const int verbosity = m.section(QLatin1Char('/'), 1).section(QLatin1Char(' '), 0, 0).toInt();
        buffer.message(severity, verbosity, m.section(QLatin1Char(' '), 1).toStdString());
    }
    QVERIFY(target.entries.empty()); // nothing passes before the replay
    buffer.replayInto(target);
    QCOMPARE(entriesOf(target), messages);
}

void tst_BufferedLog::replayForgets()
{
    BufferedLog buffer;
    buffer.warning("first");
    test::CollectingLog target;
    buffer.replayInto(target);
    buffer.info(1, "second");
    buffer.replayInto(target);
    QCOMPARE(entriesOf(target), (QStringList{"1/0 first", "0/1 second"}));
}

QTEST_GUILESS_MAIN(tst_BufferedLog)
#include "tst_bufferedlog.moc"
