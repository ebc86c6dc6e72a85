// SPDX-License-Identifier: Apache-2.0
// The review file (docs/review-file.md): marks round trip with their notes and
// comments, bad files are errors naming what is wrong, and a mark made for one
// drift is outdated once the CR's drift changes.
#include "TestPrinters.h"
#include "review/DiffHash.h"
#include "review/ReviewFile.h"

#include <QTest>

using namespace ds;
using review::ReviewFile;
using review::ReviewMark;

namespace {

report::CrResult drifted(const std::string &diffBody, const std::string &time = "2026-11-27 10:00:00")
{
    report::CrResult r;
    r.crName = "v1_ConfigMap_ns_a";
    r.correlatedTemplate = "cm.yaml";
    r.score = 1;
    r.diffOutput = "diff -u -N /tmp/MERGED-1/v1_configmap_ns_a /tmp/LIVE-2/v1_configmap_ns_a\n--- /tmp/MERGED-1\t" + time
        + "\n+++ /tmp/LIVE-2\t" + time + "\n" + diffBody;
    return r;
}

} // namespace

class tst_ReviewFile : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip()
    {
        ReviewFile file;
        ReviewMark a{"v1_ConfigMap_ns_a", "cm.yaml", ReviewMark::Outcome::Reviewed, "fine: \"agreed\"\nwith ops",
                     "sha256:ab", "2026-11-27T10:00:00Z"};
        ReviewMark b{"apps/v1_Deployment_ns_b", "dep.yaml", ReviewMark::Outcome::ToFix, "", "", ""};
        file.set(a.crId, a.templatePath, a);
        file.set(b.crId, b.templatePath, b);
        const std::string text = "# our review\n" + file.toYaml().substr(file.toYaml().find('\n') + 1);
        const ReviewFile::LoadResult loaded = ReviewFile::parse(text);
        QVERIFY2(loaded.ok(), loaded.error ? loaded.error->c_str() : "");
        QCOMPARE(loaded.file.marks().size(), std::size_t(2));
        const ReviewMark *read = loaded.file.find(a.crId, a.templatePath);
        QVERIFY(read);
        QCOMPARE(read->note, a.note);
        QCOMPARE(read->diffHash, a.diffHash);
        QCOMPARE(read->markedAt, a.markedAt);
        QCOMPARE(loaded.file.find(b.crId, b.templatePath)->outcome, ReviewMark::Outcome::ToFix);
        QVERIFY(loaded.file.toYaml().starts_with("# our review\n")); // the comments are written back
    }

    void setReplacesAndRemoves()
    {
        ReviewFile file;
        file.set("cr", "t", ReviewMark{"cr", "t", ReviewMark::Outcome::Reviewed, "one", "", ""});
        file.set("cr", "t", ReviewMark{"cr", "t", ReviewMark::Outcome::ToFix, "two", "", ""});
        QCOMPARE(file.marks().size(), std::size_t(1));
        QCOMPARE(file.find("cr", "t")->note, std::string("two"));
        QVERIFY(!file.find("cr", "other")); // keyed by CR and template
        file.set("cr", "t", std::nullopt);
        QVERIFY(file.marks().empty());
    }

    void badFiles_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("error");
        QTest::newRow("not YAML") << QByteArray("kind: [") << "review file r.yaml: ";
        QTest::newRow("no kind") << QByteArray("marks: []\n") << "not a Driftscope review";
        QTest::newRow("marks not a list") << QByteArray("kind: DriftscopeReview\nmarks: {}\n") << "\"marks\" must be a list";
        QTest::newRow("no template") << QByteArray("kind: DriftscopeReview\nmarks:\n- cr: a\n") << "mark 1: \"cr\" and \"template\" are required";
        QTest::newRow("bad outcome") << QByteArray("kind: DriftscopeReview\nmarks:\n- {cr: a, template: t, outcome: maybe}\n")
                                     << "outcome must be reviewed or fix";
        QTest::newRow("unknown field") << QByteArray("kind: DriftscopeReview\nmarks:\n- {cr: a, template: t, colour: red}\n")
                                       << "mark 1: unknown field \"colour\"";
    }

    void badFiles()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, error);
        const ReviewFile::LoadResult loaded = ReviewFile::parse(text.toStdString(), "r.yaml");
        QVERIFY(!loaded.ok());
        QVERIFY2(QString::fromStdString(*loaded.error).contains(error), loaded.error->c_str());
        QVERIFY(QString::fromStdString(*loaded.error).startsWith("review file r.yaml: "));
    }

    void emptyFileHasNoMarks()
    {
        QVERIFY(ReviewFile::parse("").ok());
        QVERIFY(ReviewFile::parse("# nothing yet\n").file.marks().empty());
    }

    void outdatedWhenTheDriftChanges()
    {
        const report::CrResult before = drifted("@@ -1 +1 @@\n-a: 1\n+a: 2\n");
        ReviewMark mark{before.crName, before.correlatedTemplate, ReviewMark::Outcome::Reviewed, "", review::diffHash(before), ""};
        QVERIFY(review::diffHash(before).starts_with("sha256:"));
        QVERIFY(!review::isOutdated(mark, before));
        // Another run: other temporary paths and times, the same drift.
        QVERIFY(!review::isOutdated(mark, drifted("@@ -1 +1 @@\n-a: 1\n+a: 2\n", "2026-11-28 09:00:00")));
        QVERIFY(review::isOutdated(mark, drifted("@@ -1 +1 @@\n-a: 1\n+a: 3\n")));
        mark.diffHash.clear(); // a mark without a hash never goes out of date
        QVERIFY(!review::isOutdated(mark, drifted("@@ -1 +1 @@\n-a: 1\n+a: 3\n")));
    }
};

QTEST_GUILESS_MAIN(tst_ReviewFile)
#include "tst_reviewfile.moc"
