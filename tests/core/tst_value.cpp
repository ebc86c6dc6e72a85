// SPDX-License-Identifier: Apache-2.0
#include "value/Value.h"

#include <QTest>

using namespace ds;

Q_DECLARE_METATYPE(ds::Value)

class tst_Value : public QObject
{
    Q_OBJECT

private slots:
    void missingNullAndEmptyAreDistinct();
    void integerKindsAreDistinct();
    void mapsHaveReferenceSemantics();
    void deepCopyDetaches();
    void typedNilBehavesAsEmpty();
    void mapIteratesInByteOrder();
    void pathAccess();
    void deepEquals_data();
    void deepEquals();
};

void tst_Value::missingNullAndEmptyAreDistinct()
{
    const Value missing;
    const Value null = Value::null();
    const Value empty = Value::emptyMap();
    QVERIFY(missing.isMissing() && !missing.isNull());
    QVERIFY(null.isNull() && !null.isMissing());
    QVERIFY(empty.isMap() && empty.size() == 0 && !empty.isTypedNil());
    QVERIFY(missing.isNothing() && null.isNothing() && !empty.isNothing());
    QVERIFY(!missing.deepEquals(null));
}

void tst_Value::integerKindsAreDistinct()
{
    QCOMPARE(Value::fromInt(3).type(), Value::Type::Int);
    QCOMPARE(Value::fromInt64(3).type(), Value::Type::Int64);
    QCOMPARE(Value::fromFloat(3).type(), Value::Type::Float64);
    QVERIFY(!Value::fromInt(3).deepEquals(Value::fromInt64(3)));
    QVERIFY(!Value::fromInt64(3).deepEquals(Value::fromFloat(3)));
    QVERIFY(Value::fromInt64(3).isSignedInteger());
    QVERIFY(Value::fromUint64(3).isUnsignedInteger());
}

void tst_Value::mapsHaveReferenceSemantics()
{
    Value object = Value::emptyMap();
    object.insert("metadata", Value::emptyMap());
    Value alias = object;                 // a copy shares the map (Go semantics)
    Value metadata = alias.get("metadata");
    metadata.insert("name", Value("x")); // mutate through a nested copy
    QCOMPARE(QString::fromStdString(object.at({"metadata", "name"}).str()), QStringLiteral("x"));
    QCOMPARE(object.identity(), alias.identity());
    QVERIFY(alias.remove("metadata"));
    QVERIFY(!object.contains("metadata"));
}

void tst_Value::deepCopyDetaches()
{
    Value object = Value::emptyMap();
    object.insert("l", Value(ValueList{Value::fromInt64(1)}));
    Value copy = object.deepCopy();
    copy.get("l").mutableList().push_back(Value::fromInt64(2));
    QCOMPARE(object.get("l").size(), std::size_t(1));
    QCOMPARE(copy.get("l").size(), std::size_t(2));
    QVERIFY(object.identity() != copy.identity());
}

void tst_Value::typedNilBehavesAsEmpty()
{
    const Value nilMap = Value::nilMap();
    QVERIFY(nilMap.isMap() && nilMap.isTypedNil());
    QCOMPARE(nilMap.size(), std::size_t(0));
    QVERIFY(nilMap.get("x").isMissing());
    QVERIFY(!nilMap.deepEquals(Value::emptyMap()));
    const Value nilList = Value::nilList(Value::ListType::MapList);
    QVERIFY(nilList.isList() && nilList.isTypedNil() && nilList.list().empty());
    QCOMPARE(nilList.listType(), Value::ListType::MapList);
}

void tst_Value::mapIteratesInByteOrder()
{
    Value m = Value::emptyMap();
    for (const char *k : {"b", "a", "B", "10", "9", "_x", "é"})
        m.insert(k, Value::null());
    QStringList keys;
    for (const auto &[k, v] : m.map())
        keys << QString::fromStdString(k);
    QCOMPARE(keys, QStringList({QStringLiteral("10"), QStringLiteral("9"), QStringLiteral("B"), QStringLiteral("_x"), QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("é")}));
}

void tst_Value::pathAccess()
{
    Value m = Value::emptyMap();
    Value inner = Value::emptyMap();
    inner.insert("c", Value(true));
    m.insert("a", inner);
    QVERIFY(m.at({"a", "c"}).toBool());
    QVERIFY(m.at({"a", "x", "y"}).isMissing());
    QVERIFY(Value("str").get("a").isMissing());
}

void tst_Value::deepEquals_data()
{
    QTest::addColumn<Value>("a");
    QTest::addColumn<Value>("b");
    QTest::addColumn<bool>("equal");
    auto list = [](std::initializer_list<Value> v) { return Value(ValueList(v)); };
    QTest::newRow("same strings") << Value("a") << Value("a") << true;
    QTest::newRow("different strings") << Value("a") << Value("b") << false;
    QTest::newRow("lists") << list({Value::fromInt64(1), Value("x")}) << list({Value::fromInt64(1), Value("x")}) << true;
    QTest::newRow("typed lists differ") << Value(ValueList{}, Value::ListType::String) << Value::emptyList() << false;
    QTest::newRow("different length") << list({Value::null()}) << list({}) << false;
    QTest::newRow("int64 vs float") << Value::fromInt64(1) << Value::fromFloat(1) << false;
    Value m1 = Value::emptyMap();
    m1.insert("k", list({Value(true)}));
    QTest::newRow("maps") << m1 << m1.deepCopy() << true;
    QTest::newRow("map vs empty") << m1 << Value::emptyMap() << false;
}

void tst_Value::deepEquals()
{
    QFETCH(Value, a);
    QFETCH(Value, b);
    QFETCH(bool, equal);
    QCOMPARE(a.deepEquals(b), equal);
    QCOMPARE(b.deepEquals(a), equal);
}

QTEST_GUILESS_MAIN(tst_Value)
#include "tst_value.moc"
