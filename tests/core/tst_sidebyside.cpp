// SPDX-License-Identifier: Apache-2.0
// Comparing CRs side by side (CrIndependence, CompareEngine with several
// threads) gives exactly what comparing them one after the other gives: the same
// report and the same log lines in the same order, also when templates look CRs
// up and change what they looked up.
#include "EngineHarness.h"
#include "TestData.h"
#include "compare/CompareEngine.h"
#include "compare/CrIndependence.h"
#include "input/FileInputSource.h"
#include "report/ReportWriters.h"

#include <QRegularExpression>
#include <QTest>

using namespace ds;

class tst_SideBySide : public QObject
{
    Q_OBJECT

private slots:
    void independence_data();
    void independence();
    void sameAsOneByOne_data();
    void sameAsOneByOne();
    void lookupsSeeEarlierChanges();

private:
    QTemporaryDir m_dir;
};

namespace {

QString v1Metadata(const QStringList &paths)
{
    QString text = QStringLiteral("parts:\n- name: P\n  components:\n  - name: C\n    type: Optional\n    requiredTemplates:\n");
    for (const auto &p : paths)
        text += QStringLiteral("    - path: %1\n").arg(p);
    return text;
}

// `templates` alternates file names and contents, listed in metadata in that order.
std::unique_ptr<test::ReferenceFixture> referenceOf(const QStringList &templates)
{
    QStringList paths;
    for (qsizetype i = 0; i < templates.size(); i += 2)
        paths << templates[i];
    return test::loadReference(QStringList{"metadata.yaml", v1Metadata(paths)} + templates);
}

const QString kConfigMap = QStringLiteral("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .metadata.name }}\n"
                                          "  namespace: ns\n");

// A ConfigMap template showing what a lookup of Secret ns/s1 sees.
const QString kLooker = kConfigMap
    + QStringLiteral("data:\n  seen: {{ dig \"metadata\" \"labels\" \"touched\" \"no\" "
                     "(lookupCR \"v1\" \"Secret\" \"ns\" \"s1\" | default dict) | quote }}\n");
// A ConfigMap template that changes the Secret it looks up.
const QString kToucher = QStringLiteral(
    "{{- $s := lookupCR \"v1\" \"Secret\" \"ns\" \"s1\" }}{{ if $s }}"
    "{{ $_ := set $s.metadata \"labels\" (dict \"touched\" .metadata.name) }}{{ end }}\n"
    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: toucher\n  namespace: ns\n");
const QString kSecret = QStringLiteral("apiVersion: v1\nkind: Secret\nmetadata:\n  name: s1\n  namespace: ns\n");

// ConfigMaps cm-00.. around the Secret and the toucher: lookups before and after both.
QString lookupInput()
{
    QString crs;
    const auto configMap = [&](const QString &name) {
        crs += QStringLiteral("---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: %1\n  namespace: ns\ndata:\n"
                              "  seen: \"no\"\n")
                   .arg(name);
    };
    for (int i = 0; i < 40; ++i) {
        if (i == 10)
            crs += QStringLiteral("---\n") + kSecret + QStringLiteral("data:\n  k: dg==\n");
        if (i == 25)
            configMap(QStringLiteral("toucher"));
        configMap(QStringLiteral("cm-%1").arg(i, 2, 10, QLatin1Char('0')));
    }
    return crs;
}

struct Outcome
{
    QString report;
    QStringList log;
    QMap<QString, QString> rendered; // CR → the reference side of its diff
};

Outcome compareWith(const std::shared_ptr<ref::Reference> &reference, std::vector<input::ClusterObject> objects,
                    int threads, const QString &tmpDir)
{
    compare::CompareOptions options;
    options.verbose = true;
    options.allResources = true;
    options.keepGoing = true;
    options.threads = threads;
    options.tmpDir = tmpDir.toStdString();
    test::CollectingLog log;
    compare::CompareEngine engine(reference, options, log);
    engine.prepare();
    const compare::CompareResult result = engine.compare(std::move(objects));
    Outcome out;
    out.report = test::describeReport(result.report, *reference);
    for (const auto &d : result.report.diffs)
        out.rendered[QString::fromStdString(d.crName)] = QString::fromStdString(d.referenceYaml);
    for (const auto &e : log.entries)
        out.log << QStringLiteral("%1/%2 %3").arg(int(e.severity)).arg(e.verbosity).arg(QString::fromStdString(e.text));
    return out;
}

} // namespace

void tst_SideBySide::independence_data()
{
    QTest::addColumn<QStringList>("templates");
    QTest::addColumn<bool>("sideBySide");
    QTest::addColumn<QStringList>("lookedUp");
    QTest::addColumn<QList<bool>>("mayChange");

    QTest::newRow("no lookups") << QStringList{"a.yaml", kConfigMap} << true << QStringList{} << QList<bool>{false};
    QTest::newRow("set without lookups")
        << QStringList{"a.yaml", "{{ $_ := set . \"x\" 1 }}\n" + kConfigMap} << true << QStringList{}
        << QList<bool>{false};
    QTest::newRow("literal lookup") << QStringList{"a.yaml", kLooker, "s.yaml", kSecret} << true
                                    << QStringList{"Secret"} << QList<bool>{false, false};
    QTest::newRow("lookup that changes what it found")
        << QStringList{"a.yaml", kLooker, "t.yaml", kToucher} << true << QStringList{"Secret"}
        << QList<bool>{false, true};
    QTest::newRow("set on a fresh dict beside a lookup")
        << QStringList{"a.yaml", "{{ $d := dict }}{{ $_ := set $d \"a\" 1 }}" + kLooker} << true
        << QStringList{"Secret"} << QList<bool>{true};
    QTest::newRow("change in a template it calls")
        << QStringList{"a.yaml", "{{ define \"h\" }}{{ $_ := unset . \"x\" }}{{ end }}"
                                 "{{ template \"h\" (lookupCR \"v1\" \"Secret\" \"ns\" \"s1\") }}\n" + kConfigMap}
        << true << QStringList{"Secret"} << QList<bool>{true};
    QTest::newRow("defined but never called")
        << QStringList{"a.yaml", "{{ define \"h\" }}{{ $_ := unset . \"x\" }}{{ end }}" + kLooker} << true
        << QStringList{"Secret"} << QList<bool>{false};
    QTest::newRow("lookups elsewhere, change here")
        << QStringList{"a.yaml", kLooker, "b.yaml", "{{ $_ := merge . (dict) }}" + kConfigMap} << true
        << QStringList{"Secret"} << QList<bool>{false, false};
    QTest::newRow("kind computed") << QStringList{"a.yaml", "{{ $k := \"Secret\" }}{{ $s := lookupCRs \"v1\" $k \"\" \"\" }}\n"
                                                            + kConfigMap}
                                   << false << QStringList{} << QList<bool>{};
}

void tst_SideBySide::independence()
{
    QFETCH(QStringList, templates);
    QFETCH(bool, sideBySide);
    QFETCH(QStringList, lookedUp);
    QFETCH(QList<bool>, mayChange);
    const auto fixture = referenceOf(templates);
    QVERIFY2(fixture->reference, fixture->error.c_str());
    const compare::CrIndependence independence = compare::crIndependence(*fixture->reference);
    QCOMPARE(independence.sideBySide, sideBySide);
    QStringList kinds;
    for (const auto &k : independence.lookedUpKinds)
        kinds << QString::fromStdString(k);
    QCOMPARE(kinds, lookedUp);
    QCOMPARE(QList<bool>(independence.mayChangeLookups.begin(), independence.mayChangeLookups.end()), mayChange);
}

void tst_SideBySide::sameAsOneByOne_data()
{
    QTest::addColumn<QString>("metadata");
    QTest::addColumn<QString>("resources");
    for (const test::ComparisonInput &input : test::comparisonInputs())
        QTest::newRow(qPrintable(input.name)) << input.metadata << input.resources;
}

void tst_SideBySide::sameAsOneByOne()
{
    QFETCH(QString, metadata);
    QFETCH(QString, resources);
    const test::PreparedInput prepared = test::prepareComparisonInput(metadata, resources, m_dir.path());
    if (!prepared.skip.isEmpty())
        QSKIP(prepared.skip.constData());
    resources = prepared.resources;
    const auto objects = [&] {
        input::FileInputSource source({resources.toStdString()}, true);
        return source.load(Log::null()).objects;
    };
    const Outcome oneByOne = compareWith(prepared.reference, objects(), 1, m_dir.path());
    for (int threads : {2, 4}) {
        const Outcome sideBySide = compareWith(prepared.reference, objects(), threads, m_dir.path());
        QCOMPARE(sideBySide.log, oneByOne.log);
        QCOMPARE(sideBySide.report, oneByOne.report);
    }
    if (QTest::currentDataTag() == QLatin1String("synthetic must-gather"))
        QVERIFY2(compare::crIndependence(*prepared.reference).sideBySide, "reference-core should be compared side by side");
}

// A template that changes the CR it looked up: comparisons after it see the
// change, those before it do not, whatever the number of threads.
void tst_SideBySide::lookupsSeeEarlierChanges()
{
    const auto fixture = referenceOf({"looker.yaml", kLooker, "toucher.yaml", kToucher, "secret.yaml", kSecret});
    QVERIFY2(fixture->reference, fixture->error.c_str());
    QVERIFY(compare::crIndependence(*fixture->reference).sideBySide);
    const Outcome oneByOne = compareWith(fixture->reference, test::clusterObjects(lookupInput()), 1, m_dir.path());
    QVERIFY2(oneByOne.report.contains(QStringLiteral("v1_ConfigMap_ns_cm-30")), qPrintable(oneByOne.report));
    for (int threads : {2, 3, 8}) {
        const Outcome sideBySide = compareWith(fixture->reference, test::clusterObjects(lookupInput()), threads,
                                               m_dir.path());
        QCOMPARE(sideBySide.log, oneByOne.log);
        QCOMPARE(sideBySide.report, oneByOne.report);
    }
    // What the lookups saw: the Secret as the toucher left it, only after it.
    const auto seenBy = [&](const QString &name) {
        const QString yaml = oneByOne.rendered.value(QStringLiteral("v1_ConfigMap_ns_") + name);
        return QRegularExpression(QStringLiteral("seen: (.*)\n")).match(yaml).captured(1);
    };
    QCOMPARE(seenBy(QStringLiteral("cm-05")), QStringLiteral("\"no\""));
    QCOMPARE(seenBy(QStringLiteral("cm-24")), QStringLiteral("\"no\""));
    QCOMPARE(seenBy(QStringLiteral("cm-25")), QStringLiteral("toucher"));
    QCOMPARE(seenBy(QStringLiteral("cm-39")), QStringLiteral("toucher"));
}

QTEST_GUILESS_MAIN(tst_SideBySide)
#include "tst_sidebyside.moc"
