// SPDX-License-Identifier: Apache-2.0
// input::ObjectIdIndex (where each id first occurs, shared between readings of
// the same ids) and SharedString (ids and paths copied by sharing).
#include "input/ObjectIdIndex.h"
#include "text/SharedString.h"

#include <QTest>

#include <string>
#include <unordered_set>
#include <vector>

using namespace ds;
using input::ClusterObject;
using input::ObjectIdIndex;

class tst_ObjectIdIndex : public QObject
{
    Q_OBJECT

private slots:
    void firstOfAnIdWins_data();
    void firstOfAnIdWins();
    void manyIds();
    void sameIdsShareTheTable();
    void sharedStringCopiesShare();
};

namespace {

std::vector<ClusterObject> objectsWithIds(const QStringList &ids, const std::string &source = "f.yaml")
{
    std::vector<ClusterObject> objects;
    for (const QString &id : ids)
        objects.emplace_back(Value(), id.toStdString(), source);
    return objects;
}

} // namespace

void tst_ObjectIdIndex::firstOfAnIdWins_data()
{
    QTest::addColumn<QStringList>("ids");
    QTest::addColumn<QString>("looked");
    QTest::addColumn<int>("position"); // -1: absent
    QTest::addColumn<int>("repeated");

    const QStringList three{"v1_ConfigMap_a_x", "v1_ConfigMap_b_x", "v1_Namespace_a"};
    QTest::newRow("none") << QStringList() << "v1_Namespace_a" << -1 << 0;
    QTest::newRow("first") << three << "v1_ConfigMap_a_x" << 0 << 0;
    QTest::newRow("last") << three << "v1_Namespace_a" << 2 << 0;
    QTest::newRow("absent") << three << "v1_Namespace_b" << -1 << 0;
    QTest::newRow("empty id absent") << three << "" << -1 << 0;
    QTest::newRow("prefix is not the id") << three << "v1_ConfigMap_a" << -1 << 0;
    QTest::newRow("repeated: the first wins")
        << QStringList{"v1_Secret_a_s", "v1_ConfigMap_a_x", "v1_Secret_a_s", "v1_Secret_a_s"} << "v1_Secret_a_s" << 0 << 2;
    QTest::newRow("empty ids are ids") << QStringList{"", "v1_Namespace_a", ""} << "" << 0 << 1;
}

void tst_ObjectIdIndex::firstOfAnIdWins()
{
    QFETCH(QStringList, ids);
    QFETCH(QString, looked);
    QFETCH(int, position);
    QFETCH(int, repeated);
    const std::vector<ClusterObject> objects = objectsWithIds(ids);
    const ObjectIdIndex index(objects);
    const std::uint32_t found = index.find(looked.toStdString());
    QCOMPARE(found == ObjectIdIndex::kNone ? -1 : int(found), position);
    QCOMPARE(int(index.repeated()), repeated);
}

// Enough ids that probes wrap around and tags collide: each found at its place.
void tst_ObjectIdIndex::manyIds()
{
    QStringList ids;
    for (int i = 0; i < 5000; ++i)
        ids << QStringLiteral("v1_ConfigMap_ns%1_cm%2").arg(i % 37).arg(i);
    const std::vector<ClusterObject> objects = objectsWithIds(ids);
    const ObjectIdIndex index(objects);
    QCOMPARE(index.repeated(), std::size_t(0));
    for (int i = 0; i < ids.size(); ++i)
        QCOMPARE(index.find(ids[i].toStdString()), std::uint32_t(i));
    for (int i = 0; i < 500; ++i)
        QCOMPARE(index.find(QStringLiteral("v1_ConfigMap_ns%1_gone%2").arg(i % 37).arg(i).toStdString()), ObjectIdIndex::kNone);
}

// A reading that gathered the same ids at the same places — copies of the
// objects before and one object read again — is served by the table made
// before, looking at the new objects even after the old ones are gone.
void tst_ObjectIdIndex::sameIdsShareTheTable()
{
    const QStringList ids{"v1_ConfigMap_a_x", "v1_ConfigMap_b_x", "v1_Namespace_a"};
    auto before = std::make_unique<std::vector<ClusterObject>>(objectsWithIds(ids));
    const auto index = std::make_shared<const ObjectIdIndex>(*before);

    std::vector<ClusterObject> again = *before;
    again[1] = ClusterObject(Value(), std::string("v1_ConfigMap_b_x"), std::string("f.yaml")); // read again: other strings
    QVERIFY(ObjectIdIndex::sameIds(*before, again));
    const std::shared_ptr<const ObjectIdIndex> shared = ObjectIdIndex::of(again, before.get(), index);
    before.reset();
    for (int i = 0; i < ids.size(); ++i)
        QCOMPARE(shared->find(ids[i].toStdString()), std::uint32_t(i));
    QCOMPARE(shared->find("v1_Namespace_b"), ObjectIdIndex::kNone);

    std::vector<ClusterObject> moved = again;
    std::swap(moved[0], moved[1]);
    QVERIFY(!ObjectIdIndex::sameIds(again, moved));
    moved.pop_back();
    QVERIFY(!ObjectIdIndex::sameIds(again, moved));
    again[2].id = SharedString("v1_Namespace_b");
    QVERIFY(!ObjectIdIndex::sameIds(objectsWithIds(ids), again));
}

void tst_ObjectIdIndex::sharedStringCopiesShare()
{
    const SharedString path(std::string("namespaces/openshift-monitoring/core/configmaps.yaml"));
    const SharedString copy = path;
    QCOMPARE(static_cast<const void *>(copy.data()), static_cast<const void *>(path.data())); // no second string
    const SharedString equal(std::string(path.str()));
    QVERIFY(equal.data() != path.data());
    QVERIFY(equal == path);
    QVERIFY(path == std::string("namespaces/openshift-monitoring/core/configmaps.yaml"));
    QVERIFY(path != "namespaces");
    QVERIFY(SharedString("a") < SharedString("b"));
    QCOMPARE(path + ":1", std::string("namespaces/openshift-monitoring/core/configmaps.yaml:1"));
    QCOMPARE("in " + copy, "in " + path.str());
    QVERIFY(path.starts_with("namespaces/") && path.ends_with(".yaml"));
    QCOMPARE(std::hash<SharedString>()(path), std::hash<std::string>()(path.str()));
    std::unordered_set<SharedString> set{path, copy, equal};
    QCOMPARE(set.size(), std::size_t(1));

    const SharedString none;
    QVERIFY(none.empty());
    QCOMPARE(none.str(), std::string());
    QVERIFY(none == SharedString(std::string()));
}

QTEST_GUILESS_MAIN(tst_ObjectIdIndex)
#include "tst_objectidindex.moc"
