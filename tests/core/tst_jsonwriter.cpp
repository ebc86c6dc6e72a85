// SPDX-License-Identifier: Apache-2.0
#include "json/JsonReader.h"
#include "json/JsonWriter.h"

#include <QTest>

#include <limits>

using namespace ds;

class tst_JsonWriter : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip_data();
    void roundTrip();
    void escaping();
    void indent();
    void unsupportedValues();
};

void tst_JsonWriter::roundTrip_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("expected");
    QTest::newRow("sorted keys") << R"({"b":1,"a":[true,null,"x"],"C":{}})" << R"({"C":{},"a":[true,null,"x"],"b":1})";
    QTest::newRow("floats") << R"([1.5,1e21,1e-7,100.0,0.000001])" << R"([1.5,1e+21,1e-7,100,0.000001])";
    QTest::newRow("ints") << R"([9223372036854775807,-1,0])" << R"([9223372036854775807,-1,0])";
    QTest::newRow("empty") << R"({"e":[],"m":{}})" << R"({"e":[],"m":{}})";
}

void tst_JsonWriter::roundTrip()
{
    QFETCH(QString, input);
    QFETCH(QString, expected);
    const yaml::ReadResult r = json::read(input.toStdString());
    QVERIFY(r.ok());
    const json::WriteResult w = json::write(r.documents.front());
    QVERIFY(w.ok());
    QCOMPARE(QString::fromStdString(w.text), expected);
}

void tst_JsonWriter::escaping()
{
    QCOMPARE(QString::fromStdString(json::quote("<a & b>")), QStringLiteral(R"("\u003ca \u0026 b\u003e")"));
    QCOMPARE(QString::fromStdString(json::quote("<a>", false)), QStringLiteral(R"("<a>")"));
    QCOMPARE(QString::fromStdString(json::quote("\b\f\n\x01\"\\")), QStringLiteral(R"("\b\f\n\u0001\"\\")"));
    QCOMPARE(QString::fromStdString(json::quote("\xE2\x80\xA8")), QStringLiteral(R"("\u2028")"));
    QCOMPARE(QString::fromStdString(json::quote("a\xFF")), QStringLiteral(R"("a\ufffd")"));
    QCOMPARE(QString::fromStdString(json::quote("é")), QString::fromUtf8("\"é\""));
}

void tst_JsonWriter::indent()
{
    Value m = Value::emptyMap();
    m.insert("a", Value(ValueList{Value::fromInt64(1), Value::fromInt64(2)}));
    m.insert("e", Value::emptyList());
    json::WriteOptions o;
    o.indent = "  ";
    QCOMPARE(QString::fromStdString(json::write(m, o).text),
             QStringLiteral("{\n  \"a\": [\n    1,\n    2\n  ],\n  \"e\": []\n}"));
}

void tst_JsonWriter::unsupportedValues()
{
    const json::WriteResult w = json::write(Value::fromFloat(std::numeric_limits<double>::quiet_NaN()));
    QVERIFY(!w.ok());
    QCOMPARE(QString::fromStdString(*w.error), QStringLiteral("json: unsupported value: NaN"));
    QCOMPARE(QString::fromStdString(json::write(Value::nilList()).text), QStringLiteral("null"));
    QCOMPARE(QString::fromStdString(json::write(Value::nilMap()).text), QStringLiteral("null"));
}

QTEST_GUILESS_MAIN(tst_JsonWriter)
#include "tst_jsonwriter.moc"
