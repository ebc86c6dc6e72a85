// SPDX-License-Identifier: Apache-2.0
#include "json/JsonReader.h"

#include <QTest>

using namespace ds;

class tst_JsonReader : public QObject
{
    Q_OBJECT

private slots:
    void numbersKubernetesStyle();
    void numbersAllFloat();
    void strings();
    void streamOfValues();
    void errors_data();
    void errors();
    void detection();
};

static Value one(const std::string &text, yaml::NumberTyping n = yaml::NumberTyping::Kubernetes)
{
    const yaml::ReadResult r = json::read(text, n);
    return r.ok() && r.documents.size() == 1 ? r.documents[0] : Value();
}

void tst_JsonReader::numbersKubernetesStyle()
{
    const Value v = one(R"({"i":3,"f":3.0,"e":1e3,"big":9223372036854775808,"max":9223372036854775807,"neg":-5})");
    QCOMPARE(v.get("i").type(), Value::Type::Int64);
    QCOMPARE(v.get("f").type(), Value::Type::Float64); // unlike YAML, JSON "3.0" stays a float
    QCOMPARE(v.get("e").type(), Value::Type::Float64);
    QCOMPARE(v.get("big").type(), Value::Type::Float64);
    QCOMPARE(v.get("max").toInt64(), INT64_MAX);
    QCOMPARE(v.get("neg").toInt64(), -5);
}

void tst_JsonReader::numbersAllFloat()
{
    const Value v = one(R"({"i":9007199254740993})", yaml::NumberTyping::Float64);
    QCOMPARE(v.get("i").type(), Value::Type::Float64);
    QCOMPARE(v.get("i").toFloat(), 9007199254740992.0);
}

void tst_JsonReader::strings()
{
    const Value v = one(R"({"a":"x\n\t\"\\\/","u":"\u00e9\ud83d\ude00","lone":"\ud800x","raw":"h)" "\xFF" R"("})");
    QCOMPARE(QString::fromStdString(v.get("a").str()), QStringLiteral("x\n\t\"\\/"));
    QCOMPARE(QString::fromStdString(v.get("u").str()), QString::fromUtf8("é😀"));
    QCOMPARE(QString::fromStdString(v.get("lone").str()), QString::fromUtf8("\uFFFDx"));
    QCOMPARE(QByteArray::fromStdString(v.get("raw").str()), QByteArray("h\xEF\xBF\xBD"));
}

void tst_JsonReader::streamOfValues()
{
    const yaml::ReadResult r = json::read("{\"a\":1}\n{\"b\":2} [3]");
    QVERIFY(r.ok());
    QCOMPARE(r.documents.size(), std::size_t(3));
    QVERIFY(r.documents[2].isList());
}

void tst_JsonReader::errors_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("message");
    QTest::newRow("trailing comma") << "{\"a\":1,}" << 1 << 8 << "invalid character '}' looking for beginning of object key string";
    QTest::newRow("second line") << "{\n  \"a\": tru\n}" << 2 << 11 << R"(invalid character '\n' in literal true (expecting 'e'))";
    QTest::newRow("truncated") << "{\"a\":" << 1 << 6 << "unexpected end of JSON input";
    QTest::newRow("bad number") << "[01]" << 1 << 3 << "invalid character '1' after array element";
}

void tst_JsonReader::errors()
{
    QFETCH(QString, text);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(QString, message);
    const yaml::ReadResult r = json::read(text.toStdString());
    QVERIFY(!r.ok());
    QCOMPARE(r.error->line, line);
    QCOMPARE(r.error->column, column);
    QCOMPARE(QString::fromStdString(r.error->message), message);
}

void tst_JsonReader::detection()
{
    QVERIFY(json::looksLikeJson("  \n{\"kind\":\"X\"}"));
    QVERIFY(!json::looksLikeJson("kind: X"));
    QVERIFY(!json::looksLikeJson("[1]"));
}

QTEST_GUILESS_MAIN(tst_JsonReader)
#include "tst_jsonreader.moc"

#include <cstdint>
