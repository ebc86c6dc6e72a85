// SPDX-License-Identifier: Apache-2.0
// Reading a folder again with a ChangeJournal: the kernel's events decide
// which files are read and whether the folders are walked again, and what is
// read always equals a fresh read of the folder as it is now.
#include "EngineHarness.h"
#include "TestData.h"
#include "input/ChangeJournal.h"
#include "input/FileInputSource.h"
#include "input/ReadRecord.h"
#include "yaml/YamlWriter.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace ds;

namespace {

struct Read
{
    input::LoadedObjects loaded;
    QString text; // every object's id and content, in order, and the warnings
};

QString describe(const input::LoadedObjects &loaded, const test::CollectingLog &log)
{
    QString text;
    for (const input::ClusterObject &o : loaded.objects)
        text += QString::fromStdString(o.id + "\n" + yaml::writeCanonical(o.object).text);
    for (const auto &e : log.entries)
        text += QString::fromStdString(e.text) + u'\n';
    return text;
}

Read readFolder(const QString &root, const input::LoadedObjects *previous = nullptr)
{
    input::FileInputSource source({root.toStdString()}, true);
    source.setRecentChangeMarginNs(0); // the files below are written just before they are read
    std::shared_ptr<const std::vector<input::ClusterObject>> objects;
    if (previous) {
        objects = std::make_shared<const std::vector<input::ClusterObject>>(previous->objects);
        source.readAgainFrom(previous->record, objects);
    }
    test::CollectingLog log;
    Read read;
    read.loaded = source.load(log);
    read.text = describe(read.loaded, log);
    return read;
}

QByteArray configMap(const QString &name, const QString &value)
{
    return QStringLiteral("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: %1\n  namespace: ns\ndata:\n  key: %2\n")
        .arg(name, value)
        .toUtf8();
}

} // namespace

class tst_ChangeJournal : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void readsWhatTheEventsName_data();
    void readsWhatTheEventsName();
    void changesStayUntilAReadRecordsThem();
    void chainedReadsSeeEveryChange();
    void untrustedFileIsCheckedByItsStamp_data();
    void untrustedFileIsCheckedByItsStamp();
    void namedFilesAreNotJournaled();
    void manyObjectsReadAgainInOrder();

private:
    QString path(const QString &relative) const { return m_dir.path() + u'/' + relative; }
    void write(const QString &relative, const QByteArray &text) const { test::writeFile(path(relative), text); }

    QTemporaryDir m_dir;
    QString m_root;
};

// Files three folders down (where a must-gather's CRs are), so that only
// resource files and folders count there, not an editor's temporary files.
void tst_ChangeJournal::init()
{
    QVERIFY(m_dir.isValid());
    QDir(m_dir.path()).removeRecursively();
    QDir().mkpath(m_dir.path());
    m_root = path(QStringLiteral("root"));
    write(QStringLiteral("root/a/b/c/cm-1.yaml"), configMap(QStringLiteral("one"), QStringLiteral("v1")));
    write(QStringLiteral("root/a/b/c/cm-2.yaml"), configMap(QStringLiteral("two"), QStringLiteral("v1")));
    write(QStringLiteral("root/a/b/d/cm-3.yaml"), configMap(QStringLiteral("three"), QStringLiteral("v1")));
    for (const char *sibling : {"p", "q", "r", "s"}) // enough folders to be walked side by side, watched from several threads
        QVERIFY(QDir().mkpath(path(QStringLiteral("root/%1/x").arg(QLatin1String(sibling)))));
    if (!input::ChangeJournal::open({m_root.toStdString()}))
        QSKIP("no inotify, or the temporary folder is not on a local file system");
}

using Edit = std::function<void(const QString &root)>;
Q_DECLARE_METATYPE(Edit)

void tst_ChangeJournal::readsWhatTheEventsName_data()
{
    QTest::addColumn<Edit>("edit");
    QTest::addColumn<bool>("walked");
    QTest::addColumn<int>("filesRead");
    QTest::addColumn<bool>("journalGoesOn");

    const QString c = QStringLiteral("/a/b/c/");
    const auto changed = configMap(QStringLiteral("one"), QStringLiteral("v2"));
    QTest::newRow("nothing") << Edit([](const QString &) {}) << false << 0 << true;
    QTest::newRow("written in place") << Edit([=](const QString &root) { test::writeFile(root + c + "cm-1.yaml", changed); })
                                      << false << 1 << true;
    QTest::newRow("saved over by a rename") << Edit([=](const QString &root) {
        test::writeFile(root + c + ".cm-1.yaml.tmp", changed);
        QVERIFY(::rename(qPrintable(root + c + ".cm-1.yaml.tmp"), qPrintable(root + c + "cm-1.yaml")) == 0);
    }) << false << 1 << true;
    QTest::newRow("saved after a backup rename") << Edit([=](const QString &root) {
        QVERIFY(QFile::rename(root + c + "cm-1.yaml", root + c + "cm-1.yaml~"));
        test::writeFile(root + c + "cm-1.yaml", changed);
        QVERIFY(QFile::remove(root + c + "cm-1.yaml~"));
    }) << false << 1 << true;
    QTest::newRow("touched") << Edit([=](const QString &root) {
        QVERIFY(::utimensat(AT_FDCWD, qPrintable(root + c + "cm-2.yaml"), nullptr, 0) == 0);
    }) << false << 1 << true;
    QTest::newRow("temporary file came and went") << Edit([=](const QString &root) {
        test::writeFile(root + c + ".cm-2.yaml.swp", "x");
        QVERIFY(QFile::remove(root + c + ".cm-2.yaml.swp"));
    }) << false << 0 << true;
    QTest::newRow("resource file added") << Edit([=](const QString &root) {
        test::writeFile(root + c + "cm-4.yaml", configMap(QStringLiteral("four"), QStringLiteral("v1")));
    }) << true << 1 << true;
    QTest::newRow("resource file removed") << Edit([=](const QString &root) { QVERIFY(QFile::remove(root + c + "cm-2.yaml")); })
                                           << true << 0 << true;
    QTest::newRow("resource file renamed") << Edit([=](const QString &root) {
        QVERIFY(QFile::rename(root + c + "cm-2.yaml", root + c + "cm-0.yaml"));
    }) << true << 1 << true;
    QTest::newRow("folder added") << Edit([=](const QString &root) {
        test::writeFile(root + "/a/b/e/cm-5.yaml", configMap(QStringLiteral("five"), QStringLiteral("v1")));
    }) << true << 1 << true;
    QTest::newRow("folder removed") << Edit([=](const QString &root) { QVERIFY(QDir(root + "/a/b/d").removeRecursively()); })
                                    << true << 0 << true;
    QTest::newRow("replaced by a symlink") << Edit([=](const QString &root) {
        test::writeFile(root + "/../target.yaml", configMap(QStringLiteral("one"), QStringLiteral("linked")));
        QVERIFY(QFile::link(root + "/../target.yaml", root + c + "link.tmp"));
        QVERIFY(::rename(qPrintable(root + c + "link.tmp"), qPrintable(root + c + "cm-1.yaml")) == 0);
    }) << true << 1 << false; // the walk met the symlink
    // Where layouts are recognised (must-gather roots, ConfigDirs) any entry counts.
    QTest::newRow("file added near the top") << Edit([=](const QString &root) { test::writeFile(root + "/a/notes", "x"); })
                                             << true << 0 << true;
}

void tst_ChangeJournal::readsWhatTheEventsName()
{
    QFETCH(Edit, edit);
    QFETCH(bool, walked);
    QFETCH(int, filesRead);
    QFETCH(bool, journalGoesOn);

    const Read first = readFolder(m_root);
    QVERIFY(first.loaded.record);
    QVERIFY(first.loaded.record->journal);
    QCOMPARE(first.loaded.filesRead, std::size_t(3));
    edit(m_root);
    const Read again = readFolder(m_root, &first.loaded);
    QCOMPARE(again.loaded.walked, walked);
    QCOMPARE(again.loaded.filesRead, std::size_t(filesRead));
    QCOMPARE(again.text, readFolder(m_root).text); // what a fresh read finds now
    QVERIFY(again.loaded.record);
    QCOMPARE(again.loaded.record->journal != nullptr, journalGoesOn);
    // What the window decides by (its CRDs kept or read again): the paths the journal named.
    if (walked)
        QVERIFY(again.loaded.changedPaths.empty());
    else if (filesRead > 0)
        QVERIFY(!again.loaded.changedPaths.empty());
    for (const std::string &changed : again.loaded.changedPaths)
        QVERIFY2(QString::fromStdString(changed).startsWith(m_root + u'/'), changed.c_str());
}

// Enough objects that reading again places them on two threads: each in its
// place, as a fresh read orders them, the one changed file read alone.
// The files it does not name are taken over in runs, each split between the
// threads where it falls: every 100th file has a warning and every 250th none
// of its objects, which the runs carry along.
void tst_ChangeJournal::manyObjectsReadAgainInOrder()
{
    for (int i = 0; i < 2500; ++i) { // two objects a file: more than one thread places alone
        QByteArray text = configMap(QStringLiteral("a%1").arg(i), QStringLiteral("v1")) + "---\n"
            + configMap(QStringLiteral("b%1").arg(i), QStringLiteral("v1"));
        if (i % 100 == 0)
            text += "---\nmetadata:\n  name: kindless\n";
        write(QStringLiteral("root/many/%1/cm-%2.yaml").arg(i % 50).arg(i), i % 250 == 1 ? QByteArray() : text);
    }
    const Read first = readFolder(m_root);
    QCOMPARE(first.loaded.objects.size(), std::size_t(5003 - 20));
    QCOMPARE(first.text.count(QStringLiteral("Skipping")), 25);
    write(QStringLiteral("root/many/7/cm-1207.yaml"), configMap(QStringLiteral("changed"), QStringLiteral("v2")));
    const Read again = readFolder(m_root, &first.loaded);
    QVERIFY(!again.loaded.walked);
    QCOMPARE(again.loaded.filesRead, std::size_t(1));
    QCOMPARE(again.loaded.filesReused, std::size_t(2500 + 3 - 1));
    QCOMPARE(again.loaded.objects.size(), std::size_t(5002 - 20));
    QCOMPARE(again.text, readFolder(m_root).text);
    // And once more from that reading: its record holds every file where the walk lists it.
    write(QStringLiteral("root/many/49/cm-2499.yaml"), configMap(QStringLiteral("last"), QStringLiteral("v3")));
    const Read third = readFolder(m_root, &again.loaded);
    QVERIFY(!third.loaded.walked);
    QCOMPARE(third.loaded.filesRead, std::size_t(1));
    QCOMPARE(third.text, readFolder(m_root).text);
}

// A reload that is cancelled or fails leaves the earlier record in place: the
// next one, from that record, must still see the change.
void tst_ChangeJournal::changesStayUntilAReadRecordsThem()
{
    const Read first = readFolder(m_root);
    write(QStringLiteral("root/a/b/c/cm-1.yaml"), configMap(QStringLiteral("one"), QStringLiteral("v2")));
    const Read abandoned = readFolder(m_root, &first.loaded);
    QCOMPARE(abandoned.loaded.filesRead, std::size_t(1));
    const Read again = readFolder(m_root, &first.loaded);
    QCOMPARE(again.loaded.filesRead, std::size_t(1));
    QVERIFY(!again.loaded.walked);
    QVERIFY(again.text.contains(QStringLiteral("key: v2")));
}

void tst_ChangeJournal::chainedReadsSeeEveryChange()
{
    const Read first = readFolder(m_root);
    write(QStringLiteral("root/a/b/c/cm-1.yaml"), configMap(QStringLiteral("one"), QStringLiteral("v2")));
    const Read second = readFolder(m_root, &first.loaded);
    QCOMPARE(second.loaded.filesRead, std::size_t(1));
    write(QStringLiteral("root/a/b/d/cm-3.yaml"), configMap(QStringLiteral("three"), QStringLiteral("v2")));
    const Read third = readFolder(m_root, &second.loaded);
    QCOMPARE(third.loaded.filesRead, std::size_t(1)); // cm-1's change was taken by the second read
    QVERIFY(!third.loaded.walked);
    QCOMPARE(third.text, readFolder(m_root).text);
    QCOMPARE(third.text.count(QStringLiteral("key: v2")), 2);
}

// A file whose content can change where no watched folder sees it — a
// symlink's target, a hard link's other name — leaves the journal unused: the
// next reading walks and stats every file, as without a journal.
void tst_ChangeJournal::untrustedFileIsCheckedByItsStamp_data()
{
    QTest::addColumn<Edit>("setUp");
    QTest::addColumn<QString>("writtenThrough"); // the other name, outside the folder read
    QTest::addColumn<QString>("name");
    QTest::newRow("symlink") << Edit([](const QString &root) {
        test::writeFile(root + "/../target.yaml", configMap(QStringLiteral("linked"), QStringLiteral("v1")));
        QVERIFY(QFile::link(root + "/../target.yaml", root + "/a/b/c/linked.yaml"));
    }) << QStringLiteral("target.yaml") << QStringLiteral("linked");
    QTest::newRow("hard link") << Edit([](const QString &root) {
        QVERIFY(::link(qPrintable(root + "/a/b/c/cm-1.yaml"), qPrintable(root + "/../other.yaml")) == 0);
    }) << QStringLiteral("other.yaml") << QStringLiteral("one");
}

void tst_ChangeJournal::untrustedFileIsCheckedByItsStamp()
{
    QFETCH(Edit, setUp);
    QFETCH(QString, writtenThrough);
    QFETCH(QString, name);
    setUp(m_root);
    const Read first = readFolder(m_root);
    QVERIFY(first.loaded.record);
    QVERIFY(!first.loaded.record->journal);
    write(writtenThrough, configMap(name, QStringLiteral("v2 longer")));
    const Read again = readFolder(m_root, &first.loaded);
    QVERIFY(again.loaded.walked);
    QCOMPARE(again.loaded.filesRead, std::size_t(1));
    QVERIFY(again.text.contains(QStringLiteral("v2 longer")));
}

// A file named on the command line lies in a folder nobody walks.
void tst_ChangeJournal::namedFilesAreNotJournaled()
{
    input::FileInputSource source({(m_root + QStringLiteral("/a/b/c/cm-1.yaml")).toStdString(), m_root.toStdString()}, true);
    source.setRecentChangeMarginNs(0);
    const input::LoadedObjects loaded = source.load(Log::null());
    QVERIFY(loaded.record);
    QVERIFY(!loaded.record->journal);
}

QTEST_GUILESS_MAIN(tst_ChangeJournal)
#include "tst_changejournal.moc"
