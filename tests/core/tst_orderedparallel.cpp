// SPDX-License-Identifier: Apache-2.0
// runOrdered (util/OrderedParallel.h): work on several threads, delivery in
// index order on the caller, exclusive indexes alone, exceptions and cancel.
#include "util/OrderedParallel.h"

#include <QTest>

#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

using namespace ds;

class tst_OrderedParallel : public QObject
{
    Q_OBJECT

private slots:
    void ordering_data();
    void ordering();
    void oneThreadInterleaves();
    void exceptionAtItsTurn_data();
    void exceptionAtItsTurn();
    void cancel();
};

namespace {

// What the workers saw; every check that fails counts a violation.
struct Observer
{
    explicit Observer(std::size_t count) : started(count), finished(count) {}

    std::vector<std::atomic_bool> started;
    std::vector<std::atomic_bool> finished;
    std::atomic_int running{0};
    std::atomic_int maxRunning{0};
    std::atomic_bool exclusiveRunning{false};
    std::atomic_int violations{0};
};

} // namespace

void tst_OrderedParallel::ordering_data()
{
    QTest::addColumn<int>("count");
    QTest::addColumn<int>("threads");
    QTest::addColumn<QList<int>>("exclusive");

    QTest::newRow("one thread") << 20 << 1 << QList<int>{};
    QTest::newRow("two threads") << 40 << 2 << QList<int>{};
    QTest::newRow("more threads than work") << 3 << 8 << QList<int>{};
    QTest::newRow("exclusive in the middle") << 40 << 3 << QList<int>{17};
    QTest::newRow("exclusive first and last") << 30 << 2 << QList<int>{0, 29};
    QTest::newRow("exclusive neighbours") << 30 << 4 << QList<int>{5, 6, 7, 20};
    QTest::newRow("every index exclusive") << 12 << 3 << QList<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
    QTest::newRow("single index") << 1 << 4 << QList<int>{};
    QTest::newRow("nothing") << 0 << 2 << QList<int>{};
}

void tst_OrderedParallel::ordering()
{
    QFETCH(int, count);
    QFETCH(int, threads);
    QFETCH(QList<int>, exclusive);
    const std::set<std::size_t> alone(exclusive.begin(), exclusive.end());
    const auto n = static_cast<std::size_t>(count);
    Observer seen(n);

    OrderedRunOptions options;
    options.threads = threads;
    options.exclusive = [&](std::size_t i) { return alone.count(i) > 0; };
    const auto work = [&](std::size_t i) {
        seen.started[i] = true;
        const int now = ++seen.running;
        int max = seen.maxRunning;
        while (now > max && !seen.maxRunning.compare_exchange_weak(max, now)) {
        }
        if (alone.count(i)) {
            seen.exclusiveRunning = true;
            for (std::size_t j = 0; j < n; ++j)
                if ((j < i && !seen.finished[j]) || (j > i && seen.started[j]))
                    ++seen.violations; // must run after all before it, before all after it
            if (now != 1)
                ++seen.violations;
        } else if (seen.exclusiveRunning) {
            ++seen.violations;
        }
        std::this_thread::sleep_for(std::chrono::microseconds(300)); // make runs overlap
        if (alone.count(i))
            seen.exclusiveRunning = false;
        --seen.running;
        seen.finished[i] = true;
    };
    std::vector<std::size_t> delivered;
    const auto deliver = [&](std::size_t i) {
        if (!seen.finished[i])
            ++seen.violations;
        delivered.push_back(i);
    };
    QCOMPARE(runOrdered(n, options, work, deliver), n);
    std::vector<std::size_t> expected(n);
    for (std::size_t i = 0; i < n; ++i)
        expected[i] = i;
    QCOMPARE(delivered, expected);
    QCOMPARE(seen.violations.load(), 0);
    if (threads > 1 && count >= 3 * threads && exclusive.size() < count)
        QVERIFY2(seen.maxRunning >= 2, "work should have run side by side");
    if (threads == 1)
        QCOMPARE(seen.maxRunning.load(), count > 0 ? 1 : 0);
}

void tst_OrderedParallel::oneThreadInterleaves()
{
    std::vector<QString> events;
    OrderedRunOptions options;
    const auto work = [&](std::size_t i) { events.push_back(QStringLiteral("w%1").arg(i)); };
    const auto deliver = [&](std::size_t i) { events.push_back(QStringLiteral("d%1").arg(i)); };
    QCOMPARE(runOrdered(3, options, work, deliver), std::size_t(3));
    const std::vector<QString> expected{"w0", "d0", "w1", "d1", "w2", "d2"};
    QCOMPARE(events, expected);
}

void tst_OrderedParallel::exceptionAtItsTurn_data()
{
    QTest::addColumn<int>("threads");
    QTest::addColumn<int>("failing");
    QTest::newRow("one thread") << 1 << 7;
    QTest::newRow("three threads") << 3 << 7;
    QTest::newRow("first index") << 2 << 0;
    QTest::newRow("last index") << 2 << 19;
}

// Everything before the failing index is delivered, nothing after it.
void tst_OrderedParallel::exceptionAtItsTurn()
{
    QFETCH(int, threads);
    QFETCH(int, failing);
    OrderedRunOptions options;
    options.threads = threads;
    std::vector<std::size_t> delivered;
    const auto work = [&](std::size_t i) {
        if (i == std::size_t(failing))
            throw std::runtime_error("work " + std::to_string(i));
    };
    const auto deliver = [&](std::size_t i) { delivered.push_back(i); };
    QString caught;
    try {
        runOrdered(20, options, work, deliver);
    } catch (const std::runtime_error &e) {
        caught = QString::fromStdString(e.what());
    }
    QCOMPARE(caught, QStringLiteral("work %1").arg(failing));
    QCOMPARE(delivered.size(), std::size_t(failing));
}

void tst_OrderedParallel::cancel()
{
    for (int threads : {1, 2, 4}) {
        std::atomic_bool cancel{false};
        OrderedRunOptions options;
        options.threads = threads;
        options.cancel = &cancel;
        std::vector<std::size_t> delivered;
        const auto work = [&](std::size_t) { std::this_thread::sleep_for(std::chrono::microseconds(100)); };
        const auto deliver = [&](std::size_t i) {
            delivered.push_back(i);
            if (i == 10)
                cancel = true;
        };
        const std::size_t n = runOrdered(1000, options, work, deliver);
        QCOMPARE(n, delivered.size());
        QVERIFY2(n >= 11 && n < 1000, qPrintable(QStringLiteral("%1 threads delivered %2").arg(threads).arg(n)));
        for (std::size_t i = 0; i < delivered.size(); ++i)
            QCOMPARE(delivered[i], i);
    }
}

QTEST_GUILESS_MAIN(tst_OrderedParallel)
#include "tst_orderedparallel.moc"
