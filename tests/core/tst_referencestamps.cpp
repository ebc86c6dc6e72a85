// SPDX-License-Identifier: Apache-2.0
// ReferenceStamps: whether loading a reference again would read the same files.
#include "EngineHarness.h"
#include "TestData.h"
#include "reference/ReferenceStamps.h"

#include <QFile>
#include <QTest>

#include <chrono>
#include <functional>

using namespace ds;

namespace {

const QStringList kReference = {QStringLiteral("metadata.yaml"),
                                QStringLiteral("apiVersion: v2\nparts:\n- name: p\n  components:\n  - name: c\n"
                                               "    allOf:\n    - path: cm.yaml\n"),
                                QStringLiteral("cm.yaml"),
                                QStringLiteral("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n")};

// A load that began after the clock margin had passed since the files were written.
std::int64_t loadStartedLater()
{
    const auto now = std::chrono::system_clock::now().time_since_epoch();
    return std::chrono::duration_cast<std::chrono::nanoseconds>(now).count() + input::FileStamp::kClockMarginNs + 1;
}

} // namespace

using Edit = std::function<void(const QString &dir)>;
Q_DECLARE_METATYPE(Edit)

class tst_ReferenceStamps : public QObject
{
    Q_OBJECT

private slots:
    void unchangedUntilAFileChanges_data()
    {
        QTest::addColumn<Edit>("edit");
        QTest::addColumn<bool>("unchanged");
        QTest::newRow("nothing") << Edit([](const QString &) {}) << true;
        QTest::newRow("template rewritten") << Edit([](const QString &dir) {
            test::writeFile(dir + QStringLiteral("/cm.yaml"), "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: y\n");
        }) << false;
        QTest::newRow("metadata.yaml removed") << Edit([](const QString &dir) {
            QVERIFY(QFile::remove(dir + QStringLiteral("/metadata.yaml")));
        }) << false;
        QTest::newRow("an unrelated file added") << Edit([](const QString &dir) {
            test::writeFile(dir + QStringLiteral("/notes.txt"), "x");
        }) << true;
    }

    void unchangedUntilAFileChanges()
    {
        QFETCH(Edit, edit);
        QFETCH(bool, unchanged);
        const auto fixture = test::loadReference(kReference);
        QVERIFY(fixture->reference);
        const std::string metadata = fixture->reference->metadataFile;
        const auto stamps = ref::ReferenceStamps::taken(*fixture->reference, metadata, loadStartedLater());
        QVERIFY(stamps);
        edit(fixture->dir.path());
        QCOMPARE(stamps->unchanged(metadata), unchanged);
        QVERIFY(!stamps->unchanged(metadata + ".other")); // another reference opened
    }

    // Stamps that could not tell a second load from the first are not taken.
    void notTakenWhenTheyCannotTell()
    {
        const auto fixture = test::loadReference(kReference);
        QVERIFY(fixture->reference);
        const std::string metadata = fixture->reference->metadataFile;
        const std::int64_t justNow = loadStartedLater() - 2 * input::FileStamp::kClockMarginNs;
        QVERIFY(!ref::ReferenceStamps::taken(*fixture->reference, metadata, justNow)); // written within the margin
        ref::Reference broken = *fixture->reference;
        broken.templates.front().loadError = "template: cm.yaml:1: unexpected EOF";
        QVERIFY(!ref::ReferenceStamps::taken(broken, metadata, loadStartedLater())); // its file may appear fixed
        ref::Reference pulled = *fixture->reference;
        pulled.origin = "container://registry.example/ref:latest";
        QVERIFY(!ref::ReferenceStamps::taken(pulled, metadata, loadStartedLater())); // the tag may move
    }
};

QTEST_GUILESS_MAIN(tst_ReferenceStamps)
#include "tst_referencestamps.moc"
