// SPDX-License-Identifier: Apache-2.0
#include "text/Utf8.h"

#include <QTest>

using namespace ds;

class tst_Utf8 : public QObject
{
    Q_OBJECT

private slots:
    void decode_data();
    void decode();
    void sanitize();
    void classes();
};

void tst_Utf8::decode_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("runes");
    QTest::addColumn<uint>("first");
    QTest::newRow("ascii") << QByteArray("abc") << 3 << uint('a');
    QTest::newRow("2-byte") << QByteArray("\xC3\xA9") << 1 << 0xE9u;
    QTest::newRow("3-byte") << QByteArray("\xE4\xB8\xAD") << 1 << 0x4E2Du;
    QTest::newRow("4-byte") << QByteArray("\xF0\x9F\x98\x80") << 1 << 0x1F600u;
    QTest::newRow("invalid byte") << QByteArray("\xFF" "a") << 2 << 0xFFFDu;
    QTest::newRow("truncated") << QByteArray("\xE4\xB8") << 2 << 0xFFFDu;
    QTest::newRow("surrogate") << QByteArray("\xED\xA0\x80") << 3 << 0xFFFDu;
    QTest::newRow("overlong") << QByteArray("\xC0\xAF") << 2 << 0xFFFDu;
}

void tst_Utf8::decode()
{
    QFETCH(QByteArray, bytes);
    QFETCH(int, runes);
    QFETCH(uint, first);
    const std::string s = bytes.toStdString();
    QCOMPARE(int(utf8::runeCount(s)), runes);
    QCOMPARE(uint(utf8::decodeRunes(s).front()), first);
}

void tst_Utf8::sanitize()
{
    QCOMPARE(QByteArray::fromStdString(utf8::sanitize("a\xFF" "b")), QByteArray("a\xEF\xBF\xBD" "b"));
    QCOMPARE(QByteArray::fromStdString(utf8::sanitize("\xC3\xA9")), QByteArray("\xC3\xA9"));
    QVERIFY(utf8::isValid("h\xC3\xA9llo"));
    QVERIFY(!utf8::isValid("\xC3"));
}

void tst_Utf8::classes()
{
    QVERIFY(utf8::isLetter(U'é') && utf8::isLetter(U'中') && !utf8::isLetter(U'1') && !utf8::isLetter(U'_'));
    QVERIFY(utf8::isUnicodeDigit(U'٣') && utf8::isUnicodeDigit(U'7'));
    QVERIFY(utf8::isSpace(0x85) && utf8::isSpace(0xA0) && utf8::isSpace(0x2028) && !utf8::isSpace(U'x'));
    QVERIFY(utf8::isPrint(U'é') && !utf8::isPrint(0x7F) && !utf8::isPrint(0x2028) && utf8::isPrint(U' '));
    QCOMPARE(uint(utf8::toUpper(U'é')), uint(U'É'));
}

QTEST_GUILESS_MAIN(tst_Utf8)
#include "tst_utf8.moc"
