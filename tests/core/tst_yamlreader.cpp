// SPDX-License-Identifier: Apache-2.0
#include "yaml/FastYamlReader.h"
#include "yaml/YamlReader.h"
#include "yaml/YamlScalarResolver.h"

#include <QTest>

using namespace ds;

Q_DECLARE_METATYPE(ds::Value::Type)

class tst_YamlReader : public QObject
{
    Q_OBJECT

private slots:
    void plainScalar_data();
    void plainScalar();
    void floatTypingOnReferenceSide();
    void quotedAndTaggedScalars();
    void keysBecomeStrings();
    void multiDocument();
    void firstDocumentOnly();
    void anchorsAliasesAndMerge();
    void excessiveAliasing();
    void readerCheck_data();
    void readerCheck();
    void escapesAreUtf8_data();
    void escapesAreUtf8();
    void lineSeparatorsInQuotedScalars_data();
    void lineSeparatorsInQuotedScalars();
    void duplicateKeys();
    void errors_data();
    void errors();
    void timestamps_data();
    void timestamps();
};

static Value readOne(const std::string &text, yaml::NumberTyping numbers = yaml::NumberTyping::Kubernetes)
{
    yaml::ReadOptions o;
    o.numbers = numbers;
    const yaml::ReadResult r = yaml::read(text, o);
    if (!r.ok())
        qWarning("%s", r.error->describe().c_str());
    return r.ok() && !r.documents.empty() ? r.documents.front() : Value();
}

void tst_YamlReader::plainScalar_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<Value::Type>("type");
    QTest::addColumn<QString>("canonical"); // value printed back for comparison
    // yaml-canonical.md §2 on the cluster side (Kubernetes decoding)
    using T = Value::Type;
    const struct { const char *text; T type; const char *value; } rows[] = {
        {"yes", T::Bool, "true"}, {"Y", T::Bool, "true"}, {"on", T::Bool, "true"}, {"ON", T::Bool, "true"},
        {"n", T::Bool, "false"}, {"Off", T::Bool, "false"}, {"FALSE", T::Bool, "false"},
        {"~", T::Null, ""}, {"null", T::Null, ""}, {"NULL", T::Null, ""},
        {"017", T::Int64, "15"}, {"0o17", T::Int64, "15"}, {"0x1F", T::Int64, "31"}, {"1_000", T::Int64, "1000"},
        {"08", T::Int64, "8"}, {"1.0", T::Int64, "1"}, {"3.0", T::Int64, "3"}, {"1e3", T::Int64, "1000"},
        {"0b101", T::Int64, "5"}, {"-0b11", T::Int64, "-3"}, {"+1", T::Int64, "1"},
        {".5", T::Float64, "0.5"}, {"1.5", T::Float64, "1.5"}, {"1e21", T::Float64, "1e+21"},
        {"9223372036854775807", T::Int64, "9223372036854775807"},
        {"9223372036854775808", T::Float64, "9.223372036854776e+18"},
        {"12:30", T::String, "12:30"}, {"2024-01-01", T::String, "2024-01-01"}, {"1.2.3", T::String, "1.2.3"},
        {"0x", T::String, "0x"}, {"0o8", T::String, "0o8"}, {"_1", T::String, "_1"},
        {"Yes please", T::String, "Yes please"}, {"<no value>", T::String, "<no value>"},
        {"1e400", T::String, "1e400"}, {"tRUE", T::String, "tRUE"},
    };
    for (const auto &r : rows)
        QTest::newRow(r.text) << QString::fromUtf8(r.text) << r.type << QString::fromUtf8(r.value);
}

static QString show(const Value &v)
{
    switch (v.type()) {
    case Value::Type::Bool: return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case Value::Type::Int64: return QString::number(v.toInt64());
    case Value::Type::Float64: return QString::number(v.toFloat(), 'g', 16);
    case Value::Type::String: return QString::fromStdString(v.str());
    default: return QString();
    }
}

void tst_YamlReader::plainScalar()
{
    QFETCH(QString, text);
    QFETCH(Value::Type, type);
    QFETCH(QString, canonical);
    const Value doc = readOne("v: " + text.toStdString() + "\n");
    const Value v = doc.get("v");
    QCOMPARE(v.type(), type);
    if (type == Value::Type::Float64)
        QCOMPARE(v.toFloat(), canonical.toDouble());
    else
        QCOMPARE(show(v), canonical);
}

void tst_YamlReader::floatTypingOnReferenceSide()
{
    const Value doc = readOne("a: 3\nb: 9007199254740993\nc: '3'\n", yaml::NumberTyping::Float64);
    QCOMPARE(doc.get("a").type(), Value::Type::Float64);
    QCOMPARE(doc.get("b").toFloat(), 9007199254740992.0);
    QCOMPARE(doc.get("c").type(), Value::Type::String);
}

void tst_YamlReader::quotedAndTaggedScalars()
{
    const Value doc = readOne("a: 'yes'\nb: \"1\"\nc: !!str 5\nd: !!binary aGVsbG8=\ne: |\n  x\n   y\nf: !!float 3\n");
    QCOMPARE(QString::fromStdString(doc.get("a").str()), QStringLiteral("yes"));
    QCOMPARE(QString::fromStdString(doc.get("b").str()), QStringLiteral("1"));
    QCOMPARE(QString::fromStdString(doc.get("c").str()), QStringLiteral("5"));
    QCOMPARE(QString::fromStdString(doc.get("d").str()), QStringLiteral("hello"));
    QCOMPARE(QString::fromStdString(doc.get("e").str()), QStringLiteral("x\n y\n"));
    // !!float 3 → float 3 → JSON "3" → int64 on the cluster side
    QCOMPARE(doc.get("f").type(), Value::Type::Int64);
}

void tst_YamlReader::keysBecomeStrings()
{
    const Value doc = readOne("y: 1\nn: 2\non: 3\n1: a\n1.5: b\n");
    QStringList keys;
    for (const auto &[k, v] : doc.map())
        keys << QString::fromStdString(k);
    QCOMPARE(keys, (QStringList{"1", "1.5", "false", "true"}));
    QCOMPARE(doc.get("true").toInt64(), 3); // "on" was written after "y"
}

void tst_YamlReader::multiDocument()
{
    const yaml::ReadResult r = yaml::read("a: 1\n---\nb: 2\n---\n---\nnull\n");
    QVERIFY(r.ok());
    QCOMPARE(r.documents.size(), std::size_t(4));
    QVERIFY(r.documents[0].contains("a"));
    QVERIFY(r.documents[1].contains("b"));
    QVERIFY(r.documents[2].isNull());
    QVERIFY(r.documents[3].isNull());
}

void tst_YamlReader::firstDocumentOnly()
{
    yaml::ReadOptions o;
    o.firstDocumentOnly = true;
    const yaml::ReadResult r = yaml::read("---\na: 1\n---\nb: [\n", o);
    QVERIFY(r.ok()); // the broken second document is never read
    QCOMPARE(r.documents.size(), std::size_t(1));
}

void tst_YamlReader::anchorsAliasesAndMerge()
{
    const Value doc = readOne("base: &b {p: 1, q: 1}\nm:\n  <<: *b\n  q: 2\nnn:\n  q: 0\n  <<: [{q: 5, r: 5}, {r: 6, s: 6}]\nxa: &v 7\nya: *v\n");
    QCOMPARE(doc.at({"m", "p"}).toInt64(), 1);
    QCOMPARE(doc.at({"m", "q"}).toInt64(), 2);
    QCOMPARE(doc.at({"nn", "q"}).toInt64(), 5); // merge after the key overrides it
    QCOMPARE(doc.at({"nn", "r"}).toInt64(), 5); // earlier maps in the list win
    QCOMPARE(doc.at({"nn", "s"}).toInt64(), 6);
    QCOMPARE(doc.get("ya").toInt64(), 7);
    // an alias is a copy, not a shared container
    QVERIFY(doc.get("base").identity() != doc.get("m").identity());
}

// yaml.v2's reader rejects what is not printable UTF-8, whatever the parser.
void tst_YamlReader::readerCheck_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("error"); // "" = reads
    QTest::newRow("ascii") << QByteArray("a: b\n") << "";
    QTest::newRow("utf-8 and tab") << QByteArray("a: \"caf\xc3\xa9\t\xf0\x9f\x98\x80\"\r\n") << "";
    QTest::newRow("bom") << QByteArray("\xef\xbb\xbf" "a: b\n") << "";
    QTest::newRow("nel is printable") << QByteArray("a: \"x\xc2\x85y\"\n") << "";
    QTest::newRow("leading") << QByteArray("a: \xff\n") << "invalid leading UTF-8 octet";
    QTest::newRow("trailing") << QByteArray("a: caf\xe9 au lait\n") << "invalid trailing UTF-8 octet";
    QTest::newRow("incomplete") << QByteArray("a: \xe2\x82") << "incomplete UTF-8 octet sequence";
    QTest::newRow("overlong") << QByteArray("a: \xc0\xaf\n") << "invalid length of a UTF-8 sequence";
    QTest::newRow("surrogate") << QByteArray("a: \xed\xa0\x80\n") << "invalid Unicode character";
    QTest::newRow("bell") << QByteArray("a: \x07\n") << "control characters are not allowed";
    QTest::newRow("delete") << QByteArray("a: \x7f\n") << "control characters are not allowed";
    QTest::newRow("nul") << QByteArray("a: b\n\0", 6) << "control characters are not allowed";
    QTest::newRow("c1 control") << QByteArray("a: \xc2\x80\n") << "control characters are not allowed";
    // Long lines: the byte sits in the sixteen-byte blocks the check reads
    // first, at and around their edges, not only in the short tail.
    for (int at : {0, 1, 14, 15, 16, 17, 31, 32, 47}) {
        const auto line = [at](QByteArray byte) {
            return QByteArray("k: \"") + QByteArray(at, 'x') + byte + QByteArray(60 - at, 'y') + "\"\n";
        };
        QTest::addRow("control at %d", at) << line("\x01") << "control characters are not allowed";
        QTest::addRow("delete at %d", at) << line("\x7f") << "control characters are not allowed";
        QTest::addRow("utf-8 at %d", at) << line("\xc3\xa9") << "";
        QTest::addRow("tab at %d", at) << line("\t") << "";
        QTest::addRow("bad utf-8 at %d", at) << line("\xff") << "invalid leading UTF-8 octet";
    }
}

// Double-quoted escapes decode to UTF-8 as in yaml.v2 (yaml-cpp gives raw bytes
// for \N and \_; found by fuzz_roundtrip).
void tst_YamlReader::escapesAreUtf8_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("nbsp") << QByteArray("a: \"x\\_y\"\n") << QByteArray("x\xc2\xa0y");
    QTest::newRow("nel") << QByteArray("a: \"x\\Ny\"\n") << QByteArray("x\xc2\x85y");
    QTest::newRow("both next to UTF-8") << QByteArray("a: \"\xc3\xa0\\_\\N\xc3\xa0\"\n")
                                        << QByteArray("\xc3\xa0\xc2\xa0\xc2\x85\xc3\xa0");
    QTest::newRow("line and paragraph separators") << QByteArray("a: \"\\L\\P\"\n")
                                                   << QByteArray("\xe2\x80\xa8\xe2\x80\xa9");
    QTest::newRow("hex escape") << QByteArray("a: \"\\xa0\"\n") << QByteArray("\xc2\xa0");
    QTest::newRow("flow json") << QByteArray("{\"a\":\"x\\_\"}") << QByteArray("x\xc2\xa0");
}

void tst_YamlReader::escapesAreUtf8()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, expected);
    const yaml::ReadResult r = yaml::read(std::string_view(text.constData(), std::size_t(text.size())));
    QVERIFY2(r.ok(), r.error ? r.error->message.c_str() : "");
    QCOMPARE(QByteArray::fromStdString(r.documents.front().get("a").str()), expected);
}

// NEL, LS and PS are line breaks to yaml.v2 inside quoted scalars: blanks around
// them go, NEL folds like a newline (yaml.v2 writes "a<LS>b" as 'a<LS>  b'; found
// by fuzz_roundtrip). Both readers must agree with it (yaml/YamlV2QuotedScalar).
void tst_YamlReader::lineSeparatorsInQuotedScalars_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("expected");
    const QByteArray ls("\xe2\x80\xa8"), ps("\xe2\x80\xa9"), nel("\xc2\x85");
    QTest::newRow("single-quoted, as yaml.v2 writes it") << "a: 'x" + ls + "  y'\n" << "x" + ls + "y";
    QTest::newRow("double-quoted") << "a: \"x" + ps + "  y\"\n" << "x" + ps + "y";
    QTest::newRow("blanks before it") << "a: \"x \t" + ls + "y\"\n" << "x" + ls + "y";
    QTest::newRow("newline after it is kept") << "a: 'x" + ls + "\n  y'\n" << "x" + ls + "\ny";
    QTest::newRow("after a newline") << "a: \"x\n  " + ls + "y\"\n" << "x" + ls + "y";
    QTest::newRow("raw NEL folds to a space") << "a: \"x" + nel + "y\"\n" << QByteArray("x y");
    QTest::newRow("two NELs keep one newline") << "a: 'x" + nel + nel + "y'\n" << QByteArray("x\ny");
    QTest::newRow("escape is not a break") << QByteArray("a: \"x\\L  y\"\n") << "x" + ls + "  y";
    QTest::newRow("flow mapping (yaml-cpp path)") << "{\"a\": \"x" + ls + "  y\"}\n" << "x" + ls + "y";
    QTest::newRow("multi-line with escapes") << "a: \"\\x41 " + ps + "\n\n  \\_b\"\n"
                                             << "A" + ps + "\n\n\xc2\xa0" "b";
}

void tst_YamlReader::lineSeparatorsInQuotedScalars()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, expected);
    const std::string_view view(text.constData(), std::size_t(text.size()));
    auto valueOf = [](const yaml::ReadResult &r) {
        return r.ok() && !r.documents.empty() ? QByteArray::fromStdString(r.documents.front().get("a").str())
                                              : QByteArray("<error>");
    };
    QCOMPARE(valueOf(yaml::read(view)), expected);
    QCOMPARE(valueOf(yaml::readWithYamlCpp(view, {})), expected);
    if (const std::optional<yaml::ReadResult> fast = yaml::fastRead(view))
        QCOMPARE(valueOf(*fast), expected);
}

void tst_YamlReader::readerCheck()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, error);
    const yaml::ReadResult r = yaml::read(std::string_view(text.constData(), std::size_t(text.size())));
    if (error.isEmpty()) {
        QVERIFY2(!r.error, r.error ? r.error->message.c_str() : "");
        QCOMPARE(r.documents.size(), std::size_t(1));
    } else {
        QVERIFY(r.error);
        QCOMPARE(QString::fromStdString(r.error->message), error);
        QCOMPARE(QString::fromStdString(r.error->goText()), QStringLiteral("yaml: ") + error);
    }
}

void tst_YamlReader::excessiveAliasing()
{
    std::string text = "a: &a [x, x, x, x, x, x, x, x, x, x]\n";
    char prev = 'a';
    for (char c = 'b'; c <= 'j'; ++c, ++prev)
        text += std::string(1, c) + ": &" + c + " [*" + prev + ", *" + prev + ", *" + prev + ", *" + prev
            + ", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev + "]\n";
    const yaml::ReadResult r = yaml::read(text);
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.error->message), QStringLiteral("document contains excessive aliasing"));
}

void tst_YamlReader::duplicateKeys()
{
    QCOMPARE(readOne("a: 1\na: 2\n").get("a").toInt64(), 2); // last wins
    yaml::ReadOptions strict;
    strict.rejectDuplicateKeys = true;
    const yaml::ReadResult r = yaml::read("x: 1\nparts: []\nparts: []\n", strict);
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.error->goText()),
             QStringLiteral("yaml: unmarshal errors:\n  line 3: key \"parts\" already set in map"));
}

void tst_YamlReader::errors_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("goText");
    QTest::newRow("tab indent") << "a:\n\tb: 1\n" << 2 << "yaml: line 2: found character that cannot start any token";
    QTest::newRow("value: value") << "key: value: other\n" << 1 << "yaml: mapping values are not allowed in this context";
    QTest::newRow("bad indent") << "a: b\n  c: d\n" << 2 << "yaml: line 2: mapping values are not allowed in this context";
    QTest::newRow("inf") << "a: .inf\n" << 1 << "json: unsupported value: +Inf";
    QTest::newRow("null key") << "null: 1\n" << 1 << "unsupported map key of type: %!s(<nil>), key: <nil>, value: 1";
}

void tst_YamlReader::errors()
{
    QFETCH(QString, text);
    QFETCH(int, line);
    QFETCH(QString, goText);
    const yaml::ReadResult r = yaml::read(text.toStdString());
    QVERIFY(!r.ok());
    QCOMPARE(r.error->line, line);
    QVERIFY(r.error->column > 0);
    QCOMPARE(QString::fromStdString(r.error->goText()), goText);
}

void tst_YamlReader::timestamps_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("timestamp");
    QTest::newRow("date") << "2024-01-01" << true;
    QTest::newRow("short date") << "2024-1-1" << true;
    QTest::newRow("rfc3339") << "2024-01-01T10:00:00Z" << true;
    QTest::newRow("rfc3339 offset") << "2024-01-01T10:00:00.5+02:00" << true;
    QTest::newRow("space") << "2024-01-01 10:00:00" << true;
    QTest::newRow("bad month") << "2024-13-01" << false;
    QTest::newRow("bad day") << "2023-02-29" << false;
    QTest::newRow("leap day") << "2024-02-29" << true;
    QTest::newRow("5-digit year") << "20240-01-01" << false;
}

void tst_YamlReader::timestamps()
{
    QFETCH(QString, text);
    QFETCH(bool, timestamp);
    QCOMPARE(yaml::isYamlTimestamp(text.toStdString()), timestamp);
    QCOMPARE(yaml::resolvesToPlainString(text.toStdString()), !timestamp);
}

QTEST_GUILESS_MAIN(tst_YamlReader)
#include "tst_yamlreader.moc"
