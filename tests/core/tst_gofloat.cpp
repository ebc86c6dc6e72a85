// SPDX-License-Identifier: Apache-2.0
#include "go/GoFloat.h"

#include <QTest>

#include <limits>

using namespace ds;

class tst_GoFloat : public QObject
{
    Q_OBJECT

private slots:
    void shortestG_data();
    void shortestG();
    void json_data();
    void json();
    void precision_data();
    void precision();
    void float32Keys();
};

void tst_GoFloat::shortestG_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("expected");
    // go-template.md FLT-1 and PR-1/PR-9
    QTest::newRow("999999") << 999999.0 << "999999";
    QTest::newRow("999999.5") << 999999.5 << "999999.5";
    QTest::newRow("1e6") << 1e6 << "1e+06";
    QTest::newRow("0.0001") << 0.0001 << "0.0001";
    QTest::newRow("0.00009") << 0.00009 << "9e-05";
    QTest::newRow("123456789") << 123456789.0 << "1.23456789e+08";
    QTest::newRow("1e21") << 1e21 << "1e+21";
    QTest::newRow("denormal") << 5e-324 << "5e-324";
    QTest::newRow("max") << 1.7976931348623157e308 << "1.7976931348623157e+308";
    QTest::newRow("0.1") << 0.1 << "0.1";
    QTest::newRow("0.3...04") << 0.30000000000000004 << "0.30000000000000004";
    QTest::newRow("-1234567.25") << -1234567.25 << "-1.23456725e+06";
    QTest::newRow("100") << 100.0 << "100";
    QTest::newRow("1e15") << 1e15 << "1e+15";
    QTest::newRow("12345.678") << 12345.678 << "12345.678";
    QTest::newRow("-0") << -0.0 << "-0";
    QTest::newRow("0") << 0.0 << "0";
    QTest::newRow("1e100") << 1e100 << "1e+100";
    QTest::newRow("1e-7") << 1e-7 << "1e-07";
    QTest::newRow("inf") << std::numeric_limits<double>::infinity() << "+Inf";
    QTest::newRow("-inf") << -std::numeric_limits<double>::infinity() << "-Inf";
    QTest::newRow("nan") << std::numeric_limits<double>::quiet_NaN() << "NaN";
}

void tst_GoFloat::shortestG()
{
    QFETCH(double, value);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(go::strconv::formatShortest(value)), expected);
}

void tst_GoFloat::json_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("expected");
    QTest::newRow("int") << 1000000.0 << "1000000";
    QTest::newRow("2^63") << 9223372036854775808.0 << "9223372036854776000";
    QTest::newRow("frac") << 1234567.5 << "1234567.5";
    QTest::newRow("small") << 0.0001 << "0.0001";
    QTest::newRow("tiny") << 1e-7 << "1e-7";
    QTest::newRow("huge") << 1e21 << "1e+21";
    QTest::newRow("negzero") << -0.0 << "-0";
    QTest::newRow("1e-6") << 1e-6 << "0.000001";
}

void tst_GoFloat::json()
{
    QFETCH(double, value);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(go::strconv::formatJson(value)), expected);
}

void tst_GoFloat::precision_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("fmt");
    QTest::addColumn<int>("prec");
    QTest::addColumn<QString>("expected");
    // go-template.md PF-3, PF-4, PF-14
    QTest::newRow("%.0f 2.5") << 2.5 << "f" << 0 << "2";
    QTest::newRow("%.1f 0.05") << 0.05 << "f" << 1 << "0.1";
    QTest::newRow("%.1f 0.25") << 0.25 << "f" << 1 << "0.2";
    QTest::newRow("%.2f 1.005") << 1.005 << "f" << 2 << "1.00";
    QTest::newRow("%f") << 3.14159 << "f" << 6 << "3.141590";
    QTest::newRow("%e") << 1234.5678 << "e" << 6 << "1.234568e+03";
    QTest::newRow("%E") << 1234.5678 << "E" << 6 << "1.234568E+03";
    QTest::newRow("%.3g") << 1234.5678 << "g" << 3 << "1.23e+03";
    QTest::newRow("%.3g 1000") << 1000.0 << "g" << 3 << "1e+03";
    QTest::newRow("%.3g 0") << 0.0 << "g" << 3 << "0";
    QTest::newRow("%.4g 1.5") << 1.5 << "g" << 4 << "1.5";
}

void tst_GoFloat::precision()
{
    QFETCH(double, value);
    QFETCH(QString, fmt);
    QFETCH(int, prec);
    QFETCH(QString, expected);
    QCOMPARE(QString::fromStdString(go::strconv::formatPrecision(value, fmt.at(0).toLatin1(), prec)), expected);
}

void tst_GoFloat::float32Keys()
{
    // sigs.k8s.io/yaml prints float map keys with FormatFloat(f, 'g', -1, 32).
    QCOMPARE(QString::fromStdString(go::strconv::formatShortest(1.5, 'g', 32)), QStringLiteral("1.5"));
    QCOMPARE(QString::fromStdString(go::strconv::formatShortest(0.1, 'g', 32)), QStringLiteral("0.1"));
    QCOMPARE(QString::fromStdString(go::strconv::formatShortest(1234567.0, 'g', 32)), QStringLiteral("1.234567e+06"));
}

QTEST_GUILESS_MAIN(tst_GoFloat)
#include "tst_gofloat.moc"
