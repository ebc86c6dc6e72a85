// SPDX-License-Identifier: Apache-2.0
#include "yaml/NaturalKeyOrder.h"

#include <QTest>

#include <algorithm>

using namespace ds;

class tst_NaturalKeyOrder : public QObject
{
    Q_OBJECT

private slots:
    void order_data();
    void order();
};

void tst_NaturalKeyOrder::order_data()
{
    QTest::addColumn<QStringList>("keys");
    QTest::addColumn<QStringList>("sorted");
    // yaml-canonical.md YS-1, YS-7, YS-8
    QTest::newRow("YS-1") << QStringList{"b", "a", "C", "_", "10", "9"} << QStringList{"_", "9", "10", "C", "a", "b"};
    QTest::newRow("YS-7") << QStringList{"a-b", "a.b", "a_b", "a/b", "aB", "a", "a1", "a10", "a2", "A", "é", "z", "0", "-"}
                          << QStringList{"-", "0", "A", "a", "a-b", "a.b", "a/b", "a_b", "a1", "a2", "a10", "aB", "z", "é"};
    QTest::newRow("YS-8") << QStringList{"x01", "x1", "x001", "x10", "x010", "x2"}
                          << QStringList{"x1", "x01", "x001", "x2", "x10", "x010"};
    QTest::newRow("prefix first") << QStringList{"app.kubernetes.io/name", "app"}
                                  << QStringList{"app", "app.kubernetes.io/name"};
    QTest::newRow("k8s data keys") << QStringList{"k2", "k10", "k1"} << QStringList{"k1", "k2", "k10"};
}

void tst_NaturalKeyOrder::order()
{
    QFETCH(QStringList, keys);
    QFETCH(QStringList, sorted);
    std::vector<std::string> v;
    for (const auto &k : keys)
        v.push_back(k.toStdString());
    std::stable_sort(v.begin(), v.end(), [](const auto &a, const auto &b) { return yaml::naturalKeyLess(a, b); });
    QStringList actual;
    for (const auto &k : v)
        actual << QString::fromStdString(k);
    QCOMPARE(actual, sorted);
}

QTEST_GUILESS_MAIN(tst_NaturalKeyOrder)
#include "tst_naturalkeyorder.moc"
