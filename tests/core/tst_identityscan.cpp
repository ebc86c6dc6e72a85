// SPDX-License-Identifier: Apache-2.0
// Identity first: objects of kinds the reference cannot use are read
// identity-only (ReadOptions::identityOnly), everything else in full. Both modes
// must give exactly what a full read reduced to skeletons gives — objects, ids,
// order and warnings — on every fixture file and on the tricky shapes below.
#include "TestData.h"
#include "input/DocumentDecoder.h"
#include "yaml/YamlReader.h"

#include <QDirIterator>
#include <QFile>
#include <QTest>

using namespace ds;

class tst_IdentityScan : public QObject
{
    Q_OBJECT

private slots:
    void identityOnlyReadSkipsTheRest();
    void identityOnlyNeedsTheFastPath();
    void snippets_data();
    void snippets();
    void everyFixture_data();
    void everyFixture();
};

namespace {

// What a full read gives once reduced by `filter`: the behaviour to match.
input::DecodedFile fullReadReduced(const std::string &path, const std::string &bytes, const input::KindFilter &filter)
{
    input::DecodedFile out = input::decodeResourceFile(path, bytes, input::KindFilter{});
    for (input::ClusterObject &o : out.objects) {
        if (!filter.keepsInFull(o.object, input::stringField(o.object, {"kind"}))) {
            o.object = input::identitySkeleton(o.object);
            o.partial = true;
        }
    }
    return out;
}

QString describe(const input::DecodedFile &f)
{
    QStringList lines;
    for (const input::ClusterObject &o : f.objects)
        lines << QString::fromStdString(o.id + (o.partial ? " (partial) " : " ") + o.source);
    for (const std::string &w : f.warnings)
        lines << QString::fromStdString("warning: " + w);
    return lines.join(QLatin1Char('\n'));
}

// Kept by identity: objects whose name sorts before "m" (a test only identity decides).
bool earlyName(const Value &identity)
{
    const Value *name = identity.find({"metadata", "name"});
    return name && name->isString() && !name->str().empty() && name->str().front() < 'm';
}

// Compares both modes under three filters: nothing kept, some kinds, some of
// them by identity only.
void checkBothModes(const std::string &path, const std::string &bytes)
{
    const std::set<std::string, std::less<>> some{"ConfigMap", "Secret", "Namespace", "MachineConfig", "Deployment"};
    input::KindFilter byIdentity;
    byIdentity.kinds = some;
    byIdentity.byIdentity = {"ConfigMap", "Secret", "Deployment"};
    byIdentity.keepsIdentity = std::make_shared<const input::KindFilter::IdentityTest>(earlyName);
    input::KindFilter none, byKind;
    none.kinds.emplace();
    byKind.kinds = some;
    for (const input::KindFilter &filter : {none, byKind, byIdentity}) {
        const input::DecodedFile expected = fullReadReduced(path, bytes, filter);
        const input::DecodedFile actual = input::decodeResourceFile(path, bytes, filter);
        QCOMPARE(describe(actual), describe(expected));
        for (std::size_t i = 0; i < expected.objects.size(); ++i)
            QVERIFY2(actual.objects[i].object.deepEquals(expected.objects[i].object), expected.objects[i].id.c_str());
    }
}

std::string bytesOf(const QByteArray &b)
{
    return std::string(b.constData(), std::size_t(b.size()));
}

} // namespace

void tst_IdentityScan::identityOnlyReadSkipsTheRest()
{
    const std::string text = "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  labels:\n    a: b\n  name: web\n"
                             "  namespace: shop\n  ownerReferences:\n  - kind: X\n    name: o\nspec:\n  replicas: 3\n";
    yaml::ReadOptions options;
    options.identityOnly = true;
    const yaml::ReadResult r = yaml::read(text, options);
    QVERIFY(r.ok());
    QVERIFY(r.identityOnly);
    const Value doc = r.documents.front();
    QCOMPARE(doc.get("kind").str(), std::string("Deployment"));
    QCOMPARE(doc.get("metadata").get("name").str(), std::string("web"));
    QCOMPARE(doc.get("metadata").get("ownerReferences").list().size(), std::size_t(1));
    // The rest is read and checked but not built, nor left as null entries:
    // the document is the identity skeleton itself, shared by the decoder.
    QVERIFY(doc.get("spec").isMissing());
    QVERIFY(doc.get("metadata").get("labels").isMissing());
    QCOMPARE(doc.map().size(), std::size_t(3));
    QCOMPARE(doc.get("metadata").map().size(), std::size_t(3));
    QCOMPARE(input::identitySkeleton(doc).identity(), doc.identity());
}

// Text the fast path declines (an anchor here) is read in full by yaml-cpp, and
// the result says so: the decoder then reduces it itself.
void tst_IdentityScan::identityOnlyNeedsTheFastPath()
{
    yaml::ReadOptions options;
    options.identityOnly = true;
    const yaml::ReadResult r = yaml::read("kind: A\nspec: &x\n  a: 1\nother: *x\n", options);
    QVERIFY(r.ok());
    QVERIFY(!r.identityOnly);
    QCOMPARE(r.documents.front().get("other").get("a").toInt64(), std::int64_t(1));
}

void tst_IdentityScan::snippets_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("typed list, items without kind")
        << QByteArray("apiVersion: v1\nitems:\n- metadata:\n    name: a\n  data:\n    k: v\nkind: ConfigMapList\n");
    QTest::newRow("v1 List of mixed kinds")
        << QByteArray("apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Pod\n  metadata: {name: p}\n"
                      "- apiVersion: v1\n  kind: Secret\n  metadata:\n    name: s\n  data: {a: b}\n");
    QTest::newRow("items not a list") << QByteArray("kind: FooList\nitems:\n  a: 1\nmetadata:\n  name: x\n");
    QTest::newRow("items of scalars and lists") << QByteArray("kind: BarList\nitems:\n- 1\n- [a]\n- kind: Bar\n");
    QTest::newRow("top-level sequence") << QByteArray("- kind: Pod\n- 2\n");
    QTest::newRow("top-level scalar") << QByteArray("just text\n");
    QTest::newRow("metadata is a list") << QByteArray("kind: Pod\nmetadata:\n- name: x\n");
    QTest::newRow("metadata is a scalar") << QByteArray("kind: Pod\nmetadata: x\n");
    QTest::newRow("non-string identity") << QByteArray("apiVersion: 1\nkind: Pod\nmetadata:\n  name: 2\n  namespace: true\n");
    QTest::newRow("infinity in a skipped field") << QByteArray("kind: Pod\nmetadata:\n  name: a\nspec:\n  x: .inf\n");
    QTest::newRow("NaN in a skipped flow list") << QByteArray("kind: Pod\nspec:\n  x: [1, .NaN]\n");
    QTest::newRow("null key in a skipped map") << QByteArray("kind: Pod\nspec:\n  ~: 1\n");
    QTest::newRow("merge key in a skipped map") << QByteArray("kind: Pod\nspec:\n  <<: {a: 1}\n");
    QTest::newRow("numeric keys in a skipped map") << QByteArray("kind: Pod\nspec:\n  1e3: a\n  0x10: b\n");
    QTest::newRow("duplicate keys, later wins")
        << QByteArray("kind: Pod\nmetadata:\n  name: a\n  name: b\nspec: 1\nspec: 2\n");
    QTest::newRow("syntax error in a skipped field") << QByteArray("kind: Pod\nspec:\n  a: b: c\n");
    QTest::newRow("second document broken")
        << QByteArray("kind: Pod\nmetadata:\n  name: a\n---\nkind: Pod\nspec: [\n---\nkind: Pod\n");
    QTest::newRow("kind line inside a block scalar")
        << QByteArray("metadata:\n  name: a\ndata: |\n  x\nkind: Secret\n");
    QTest::newRow("kind hint of a kept kind, really a list")
        << QByteArray("kind: SecretList\nitems:\n- metadata: {name: a}\n  data: {k: dg==}\n");
    QTest::newRow("kind hint quoted") << QByteArray("kind: \"Secret\"\nmetadata:\n  name: a\ndata:\n  k: dg==\n");
    QTest::newRow("anchors (yaml-cpp path)")
        << QByteArray("kind: Pod\nmetadata: &m\n  name: a\nspec:\n  copy: *m\n");
    QTest::newRow("missing kind") << QByteArray("apiVersion: v1\nmetadata:\n  name: a\n");
    QTest::newRow("json") << QByteArray("{\"kind\":\"Pod\",\"metadata\":{\"name\":\"a\"},\"spec\":{\"x\":[1,2]}}");
    QTest::newRow("block scalars and quotes skipped")
        << QByteArray("kind: Pod\nmetadata:\n  name: 'a b'\nspec:\n  s: |-\n    line\n  q: \"x\\ty\"\n  f: >\n    a\n    b\n");
    QTest::newRow("LS in a skipped quoted value") << QByteArray("kind: Pod\nspec:\n  a: 'x\xe2\x80\xa8  y'\n");
}

void tst_IdentityScan::snippets()
{
    QFETCH(QByteArray, text);
    checkBothModes("snippet.yaml", bytesOf(text));
}

// Every YAML and JSON file in tests/data: resources, references, templates
// (which mostly fail to read: the warnings must match too), configs.
void tst_IdentityScan::everyFixture_data()
{
    QTest::addColumn<QString>("path");
    QDirIterator it(test::dataPath(QString()), {"*.yaml", "*.yml", "*.json"}, QDir::Files, QDirIterator::Subdirectories);
    int count = 0;
    while (it.hasNext()) {
        const QString path = it.next();
        QTest::newRow(qPrintable(path.mid(test::dataPath(QString()).size()))) << path;
        ++count;
    }
    QVERIFY2(count > 400, "the fixture files were not found");
}

void tst_IdentityScan::everyFixture()
{
    QFETCH(QString, path);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    checkBothModes(path.toStdString(), bytesOf(file.readAll()));
}

QTEST_GUILESS_MAIN(tst_IdentityScan)
#include "tst_identityscan.moc"

#include <cstdint>
