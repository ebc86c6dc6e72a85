// SPDX-License-Identifier: Apache-2.0
// diff::fieldChanges: the differences of two objects field by field, with the
// paths people read (dot/bracket form, list items by name) and JSON pointers.
#include "TestPrinters.h"
#include "diff/FieldChanges.h"
#include "yaml/YamlReader.h"

#include <QTest>

using namespace ds;

namespace {

Value yamlValue(const char *text)
{
    yaml::ReadOptions options;
    options.firstDocumentOnly = true;
    const yaml::ReadResult r = yaml::read(text, options);
    if (!r.ok() || r.documents.empty())
        qFatal("bad test YAML: %s", text);
    return r.documents.front();
}

// "path kind pointer" per change, in order.
QStringList describe(const std::vector<diff::FieldChange> &changes)
{
    QStringList out;
    for (const diff::FieldChange &c : changes)
        out << QStringLiteral("%1 %2 %3").arg(QString::fromStdString(diff::pathText(c.path)),
                                                QString::fromLatin1(diff::kindName(c.kind)),
                                                QString::fromStdString(diff::jsonPointer(c.path)));
    return out;
}

} // namespace

class tst_FieldChanges : public QObject
{
    Q_OBJECT

private slots:
    void changes_data()
    {
        QTest::addColumn<QByteArray>("reference");
        QTest::addColumn<QByteArray>("cluster");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("equal") << QByteArray("a: 1\nb: [x]\n") << QByteArray("a: 1\nb: [x]\n") << QStringList();
        QTest::newRow("scalar changed") << QByteArray("spec:\n  replicas: 3\n") << QByteArray("spec:\n  replicas: 2\n")
                                        << QStringList{"spec.replicas changed /spec/replicas"};
        QTest::newRow("key added in cluster") << QByteArray("a: 1\n") << QByteArray("a: 1\nb: 2\n")
                                              << QStringList{"b added /b"};
        QTest::newRow("key missing from cluster") << QByteArray("a: 1\nb: {c: 2}\n") << QByteArray("a: 1\n")
                                                  << QStringList{"b missing /b"};
        QTest::newRow("type differs") << QByteArray("a: {b: 1}\n") << QByteArray("a: [1]\n")
                                      << QStringList{"a changed /a"};
        QTest::newRow("int and string differ") << QByteArray("a: 1\n") << QByteArray("a: \"1\"\n")
                                               << QStringList{"a changed /a"};
        QTest::newRow("list item field, by index")
            << QByteArray("spec:\n  profile:\n  - interface: ens1f0\n") << QByteArray("spec:\n  profile:\n  - interface: ens2f0\n")
            << QStringList{"spec.profile[0].interface changed /spec/profile/0/interface"};
        QTest::newRow("list item field, by name")
            << QByteArray("containers:\n- name: web\n  image: a\n") << QByteArray("containers:\n- name: web\n  image: b\n")
            << QStringList{"containers[name=web].image changed /containers/0/image"};
        QTest::newRow("longer cluster list") << QByteArray("l: [a]\n") << QByteArray("l: [a, b, c]\n")
                                             << QStringList{"l[1] added /l/1", "l[2] added /l/2"};
        QTest::newRow("shorter cluster list") << QByteArray("l: [a, b]\n") << QByteArray("l: [a]\n")
                                              << QStringList{"l[1] missing /l/1"};
        QTest::newRow("item inserted in the middle: one added, the rest unchanged")
            << QByteArray("l: [a, b, c]\n") << QByteArray("l: [a, x, b, c]\n") << QStringList{"l[1] added /l/1"};
        QTest::newRow("item removed from the middle, at the reference's index")
            << QByteArray("l: [a, b, c]\n") << QByteArray("l: [a, c]\n") << QStringList{"l[1] missing /l/1"};
        QTest::newRow("item between equal ones changed field by field")
            << QByteArray("l: [a, {p: 1, q: 2}, c]\n") << QByteArray("l: [a, {p: 1, q: 3}, c]\n")
            << QStringList{"l[1].q changed /l/1/q"};
        QTest::newRow("named item inserted before others: cluster indices after it")
            << QByteArray("c:\n- {name: web, image: a}\n- {name: db, image: b}\n")
            << QByteArray("c:\n- {name: debug, image: x}\n- {name: web, image: a}\n- {name: db, image: c}\n")
            << QStringList{"c[name=debug] added /c/0", "c[name=db].image changed /c/2/image"};
        QTest::newRow("renamed item is another item")
            << QByteArray("c:\n- {name: web, image: a}\n") << QByteArray("c:\n- {name: www, image: a}\n")
            << QStringList{"c[name=web] missing /c/0", "c[name=www] added /c/0"};
        QTest::newRow("keys needing quotes and pointer escapes")
            << QByteArray("metadata:\n  labels:\n    app.kubernetes.io/name: x\n    a~b: 1\n")
            << QByteArray("metadata:\n  labels:\n    app.kubernetes.io/name: y\n    a~b: 2\n")
            << QStringList{"metadata.labels.\"app.kubernetes.io/name\" changed /metadata/labels/app.kubernetes.io~1name",
                           "metadata.labels.\"a~b\" changed /metadata/labels/a~0b"};
        QTest::newRow("several, keys in byte order")
            << QByteArray("b: 1\na: 1\nc: {d: 1}\n") << QByteArray("a: 2\nb: 1\nc: {d: 2, e: 3}\n")
            << QStringList{"a changed /a", "c.d changed /c/d", "c.e added /c/e"};
    }

    void changes()
    {
        QFETCH(QByteArray, reference);
        QFETCH(QByteArray, cluster);
        QFETCH(QStringList, expected);
        const auto changes = diff::fieldChanges(yamlValue(reference.constData()), yamlValue(cluster.constData()));
        QCOMPARE(describe(changes), expected);
    }

    void valuesOfEachSide()
    {
        const auto changes = diff::fieldChanges(yamlValue("a: 1\nb: 2\n"), yamlValue("a: 3\nc: 4\n"));
        QCOMPARE(changes.size(), std::size_t(3));
        QCOMPARE(changes[0].reference, Value::fromInt64(1));
        QCOMPARE(changes[0].cluster, Value::fromInt64(3));
        QVERIFY(changes[1].cluster.isMissing()); // b: missing from the cluster
        QCOMPARE(changes[1].reference, Value::fromInt64(2));
        QVERIFY(changes[2].reference.isMissing()); // c: added in the cluster
    }
};

QTEST_GUILESS_MAIN(tst_FieldChanges)
#include "tst_fieldchanges.moc"
