// SPDX-License-Identifier: Apache-2.0
// ChangeWatcher: edits, added and removed files of the reference, the cluster
// data and the diff config are noticed once per burst; our own saves are not.
#include "session/ChangeWatcher.h"
#include "input/ChangeJournal.h"
#include "input/FileInputSource.h"
#include "input/ReadRecord.h"
#include "util/Log.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace ds::ui;

class tst_ChangeWatcher : public QObject
{
    Q_OBJECT

private slots:
    void noticesChanges_data();
    void noticesChanges();
    void burstIsReportedOnce();
    void ownSavesAreIgnored();
    void reloadTakesInPendingChanges();
    void journalSeesEditsBeyondTheWatchedPaths();
};

namespace {

void write(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(bytes);
}

// Input folders are walked in the background; edits count once the watches are in place.
void watchInputs(ChangeWatcher &watcher, const QString &dir)
{
    QSignalSpy watched(&watcher, &ChangeWatcher::inputsWatched);
    watcher.watchInputs({dir});
    QVERIFY(watched.wait(5000));
}

} // namespace

void tst_ChangeWatcher::noticesChanges_data()
{
    QTest::addColumn<int>("what");
    QTest::addColumn<QString>("action"); // edit, add, remove
    for (const auto &[what, name] : {std::pair{ChangeWatcher::What::Reference, "reference"},
                                     std::pair{ChangeWatcher::What::Input, "input"},
                                     std::pair{ChangeWatcher::What::DiffConfig, "diff config"}}) {
        for (const char *action : {"edit", "add", "remove"}) {
            if (what == ChangeWatcher::What::DiffConfig && QByteArray(action) == "add")
                continue; // a diff config is one file
            QTest::newRow(qPrintable(QStringLiteral("%1 %2").arg(QLatin1String(name), QLatin1String(action))))
                << int(what) << QString::fromLatin1(action);
        }
    }
}

void tst_ChangeWatcher::noticesChanges()
{
    QFETCH(int, what);
    QFETCH(QString, action);
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("sub/a.yaml"));
    write(file, "a: 1\n");
    ChangeWatcher watcher;
    const auto kind = ChangeWatcher::What(what);
    if (kind == ChangeWatcher::What::Reference)
        watcher.watchReference({file});
    else if (kind == ChangeWatcher::What::Input)
        watchInputs(watcher, dir.path());
    else
        watcher.watchDiffConfig(file);
    QSignalSpy changed(&watcher, &ChangeWatcher::changed);
    if (action == QLatin1String("edit"))
        write(file, "a: 2\n");
    else if (action == QLatin1String("add"))
        write(dir.filePath(QStringLiteral("sub/b.yaml")), "b: 1\n");
    else
        QVERIFY(QFile::remove(file));
    QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 1, 5000);
    QCOMPARE(changed.first().first().value<ChangeWatcher::What>(), kind);
}

void tst_ChangeWatcher::burstIsReportedOnce()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("a.yaml"));
    write(file, "a: 1\n");
    ChangeWatcher watcher;
    watchInputs(watcher, dir.path());
    QSignalSpy changed(&watcher, &ChangeWatcher::changed);
    for (int i = 0; i < 5; ++i)
        write(dir.filePath(QStringLiteral("f%1.yaml").arg(i)), "x: 1\n");
    QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 1, 5000);
    QTest::qWait(2 * ChangeWatcher::kSettleMilliseconds);
    QCOMPARE(changed.count(), 1);
}

void tst_ChangeWatcher::ownSavesAreIgnored()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("diff-config.yaml"));
    write(file, "a: 1\n");
    ChangeWatcher watcher;
    watcher.watchDiffConfig(file);
    QSignalSpy changed(&watcher, &ChangeWatcher::changed);
    watcher.suspendFor(2000);
    write(file, "a: 2\n");
    QTest::qWait(2 * ChangeWatcher::kSettleMilliseconds);
    QCOMPARE(changed.count(), 0);
}

// A change noticed just before the user reloads is read by that reload: it is
// not reported afterwards (the bar would offer to reload what is shown).
void tst_ChangeWatcher::reloadTakesInPendingChanges()
{
    QTemporaryDir dir;
    write(dir.filePath(QStringLiteral("a.yaml")), "a: 1\n");
    ChangeWatcher watcher;
    watchInputs(watcher, dir.path());
    QSignalSpy changed(&watcher, &ChangeWatcher::changed);
    write(dir.filePath(QStringLiteral("a.yaml")), "a: 2\n");
    QTest::qWait(ChangeWatcher::kSettleMilliseconds / 2); // noticed, still settling
    watcher.forgetPending();
    QTest::qWait(2 * ChangeWatcher::kSettleMilliseconds);
    QCOMPARE(changed.count(), 0);
    write(dir.filePath(QStringLiteral("a.yaml")), "a: 3\n"); // a later change is reported again
    QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 1, 5000);
}

// A must-gather has more files than QFileSystemWatcher is given
// (kMaxWatchedPaths): the journal the cluster data was read with sees an edit
// anywhere, and only what a reading would read.
void tst_ChangeWatcher::journalSeesEditsBeyondTheWatchedPaths()
{
    QTemporaryDir dir;
    const QString deep = dir.filePath(QStringLiteral("a/b/c/cm.yaml"));
    write(deep, "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\n");
    if (!ds::input::ChangeJournal::open({dir.path().toStdString()}))
        QSKIP("no inotify, or the temporary folder is not on a local file system");
    ds::input::FileInputSource source({dir.path().toStdString()}, true);
    source.setRecentChangeMarginNs(0); // the file was written just now
    const ds::input::LoadedObjects loaded = source.load(ds::Log::null());
    QVERIFY(loaded.record && loaded.record->journal);
    ChangeWatcher watcher; // watches no path at all: only the journal can tell
    watcher.watchJournal(loaded.record->journal, loaded.record->journalMark);
    QSignalSpy changed(&watcher, &ChangeWatcher::changed);
    write(dir.filePath(QStringLiteral("a/b/c/notes.txt")), "not read\n");
    QTest::qWait(ChangeWatcher::kJournalPollMilliseconds + 2 * ChangeWatcher::kSettleMilliseconds);
    QCOMPARE(changed.count(), 0);
    write(deep, "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\ndata:\n  k: v\n");
    QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 1, 5000);
    QCOMPARE(changed.first().first().value<ChangeWatcher::What>(), ChangeWatcher::What::Input);
}

QTEST_GUILESS_MAIN(tst_ChangeWatcher)
#include "tst_changewatcher.moc"
