// SPDX-License-Identifier: Apache-2.0
// Every verdict explains itself (CompareOptions::explain): why a CR was paired
// with its template — the manual pin and its diff config, or the fields the
// template fixes and the CR shares, with the scores of the other candidates —
// and what the reference's rules hid: fieldsToOmit, ignore-unspecified-fields
// and inline diff functions with their verdict.
#include "TestData.h"
#include "pipeline/ComparisonRun.h"
#include "input/ClusterVersion.h"
#include "reference/FieldPath.h"
#include "yaml/YamlReader.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace ds;

namespace {

struct Compared
{
    std::shared_ptr<const ref::Reference> reference;
    std::shared_ptr<const report::ComparisonReport> report;
    std::shared_ptr<const std::vector<input::ClusterObject>> objects;
};

Compared compareFiles(const QString &metadata, const QString &resources, const QString &diffConfig = {})
{
    pipeline::ComparisonRequest request;
    request.reference.metadataPath = metadata.toStdString();
    request.clusterData.kind = pipeline::ClusterDataSource::Kind::Files;
    request.clusterData.paths = {resources.toStdString()};
    request.clusterData.recursive = true;
    if (!diffConfig.isEmpty())
        request.diffConfigPath = diffConfig.toStdString();
    request.keepObjects = true;
    request.options.keepGoing = true;
    request.options.explain = true;
    request.options.tmpDir = QDir::tempPath().toStdString();
    pipeline::ComparisonRun run(std::move(request), Log::null());
    if (auto error = run.run())
        qFatal("comparison failed: %s", error->c_str());
    return {run.reference(), run.report(), run.objects()};
}

QString caseDir(const QString &name)
{
    return test::dataPath(QStringLiteral("shared/conformance/cases/") + name);
}

const report::CrResult *resultFor(const report::ComparisonReport &report, const std::string &id)
{
    for (const report::CrResult &r : report.diffs)
        if (r.crName == id)
            return &r;
    return nullptr;
}

std::vector<std::string> segments(const std::string &dotted)
{
    std::string error;
    const auto path = ref::FieldPath::parse(dotted, error);
    return path ? path->segments : std::vector<std::string>{};
}

} // namespace

class tst_Explanations : public QObject
{
    Q_OBJECT

private slots:
    void correlationIsExplained_data();
    void correlationIsExplained();
    void manualPinNamesItsDiffConfig();
    void bestOfSeveralTemplatesShowsTheOthers();
    void aTemplatedNameMatchesOnTheOtherFields();
    void foundByReferenceSaysHow();
    void hiddenFieldsAreListed();
    void unspecifiedFieldsAreListed();
    void unspecifiedFieldsFollowTheMerge_data();
    void unspecifiedFieldsFollowTheMerge();
    void nothingIsRecordedWithoutExplain();
    void clusterVersion_data();
    void clusterVersion();

private:
    QTemporaryDir m_work;
};

void tst_Explanations::correlationIsExplained_data()
{
    QTest::addColumn<QString>("metadata");
    QTest::addColumn<QString>("resources");
    for (const test::ComparisonInput &input : test::comparisonInputs())
        QTest::newRow(qPrintable(input.name)) << input.metadata << input.resources;
}

// Field correlation: every field named is one the template fixes to a literal
// value and the CR has the same value — on every case, every compared pair.
void tst_Explanations::correlationIsExplained()
{
    QFETCH(QString, metadata);
    QFETCH(QString, resources);
    const test::PreparedInput prepared = test::prepareComparisonInput(metadata, resources, m_work.path());
    if (!prepared.skip.isEmpty())
        QSKIP(prepared.skip.constData());
    const Compared c = compareFiles(metadata, prepared.resources);
    std::map<std::string, const input::ClusterObject *> objects;
    for (const input::ClusterObject &o : *c.objects)
        objects.emplace(o.id, &o);
    for (const report::CrResult &r : c.report->diffs) {
        QCOMPARE(int(r.correlation.kind), int(report::CorrelationReason::Kind::Fields));
        QVERIFY2(!r.correlation.fields.empty(), r.crName.c_str());
        const Value &templateMetadata = c.reference->templates.at(r.templateIndex).metadata;
        const input::ClusterObject *cr = objects.at(r.crName);
        for (const auto &[field, value] : r.correlation.fields) {
            const Value fixed = ref::nestedField(templateMetadata, segments(field));
            QVERIFY2(fixed.isString() && fixed.str() == value, qPrintable(QString::fromStdString(r.crName + " " + field)));
            QCOMPARE(ref::nestedField(cr->object, segments(field)).str(), value);
        }
    }
}

void tst_Explanations::manualPinNamesItsDiffConfig()
{
    const QString dir = caseDir(QStringLiteral("ManualCorrelationMatchesArePrioritizedOverGroupCorrelation"));
    const QString config = dir + QStringLiteral("/userconfig.yaml");
    const Compared c = compareFiles(dir + QStringLiteral("/reference/metadata.yaml"), dir + QStringLiteral("/resources"), config);
    const report::CrResult *pinned = resultFor(*c.report, "apps/v1_Deployment_kubernetes-dashboard_kubernetes-dashboard");
    QVERIFY(pinned);
    QCOMPARE(int(pinned->correlation.kind), int(report::CorrelationReason::Kind::Manual));
    QCOMPARE(pinned->correlation.diffConfig, config.toStdString());
    QCOMPARE(pinned->correlatedTemplate, std::string("deploymentMetrics.yaml"));
    QVERIFY(pinned->correlation.fields.empty());
    // The others are still explained by their fields.
    for (const report::CrResult &r : c.report->diffs)
        if (&r != pinned)
            QCOMPARE(int(r.correlation.kind), int(report::CorrelationReason::Kind::Fields));
}

// Two templates with the same apiVersion, kind, namespace and name: the CR is
// compared with both and the one with fewer differences wins; the other's score is kept.
void tst_Explanations::bestOfSeveralTemplatesShowsTheOthers()
{
    const QString dir = caseDir(QStringLiteral("TwoTemplatesWithSameapiVersionKindNameNamespace"));
    const Compared c = compareFiles(dir + QStringLiteral("/reference/metadata.yaml"), dir + QStringLiteral("/resources"));
    bool sawTie = false;
    for (const report::CrResult &r : c.report->diffs) {
        if (r.candidates.size() < 2)
            continue;
        sawTie = true;
        QCOMPARE(r.correlation.fields.size(), std::size_t(4)); // all four fixed: an exact match
        for (const report::CandidateResult &other : r.candidates)
            if (!other.excluded && !other.error)
                QVERIFY(r.score <= other.score);
    }
    QVERIFY(sawTie);
}

// A template whose name comes from the CR fixes only apiVersion, kind and
// namespace: those are the fields named.
void tst_Explanations::aTemplatedNameMatchesOnTheOtherFields()
{
    const QString dir = m_work.filePath(QStringLiteral("group"));
    QDir().mkpath(dir + QStringLiteral("/resources"));
    const auto write = [&](const QString &name, const QByteArray &text) {
        QFile f(dir + QLatin1Char('/') + name);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
    };
    write(QStringLiteral("metadata.yaml"),
          "apiVersion: v2\nparts:\n- name: p\n  components:\n  - name: c\n    allOf:\n    - path: cm.yaml\n");
    write(QStringLiteral("cm.yaml"), "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .metadata.name }}\n"
                                     "  namespace: shop\ndata:\n  a: \"1\"\n");
    write(QStringLiteral("resources/x.yaml"),
          "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n  namespace: shop\ndata:\n  a: \"2\"\n");
    const Compared c = compareFiles(dir + QStringLiteral("/metadata.yaml"), dir + QStringLiteral("/resources"));
    QCOMPARE(c.report->diffs.size(), std::size_t(1));
    const auto &fields = c.report->diffs.front().correlation.fields;
    QCOMPARE(fields.size(), std::size_t(3));
    QCOMPARE(fields[0], (std::pair<std::string, std::string>{"apiVersion", "v1"}));
    QCOMPARE(fields[1], (std::pair<std::string, std::string>{"kind", "ConfigMap"}));
    QCOMPARE(fields[2], (std::pair<std::string, std::string>{"metadata.namespace", "shop"}));
}

// A template no CR matched but a CR's ownerReferences name: found, not compared.
void tst_Explanations::foundByReferenceSaysHow()
{
    const QString dir = caseDir(QStringLiteral("OwnerReferencesMatch"));
    const Compared c = compareFiles(dir + QStringLiteral("/reference/metadata.yaml"), dir + QStringLiteral("/resources"));
    QVERIFY(!c.report->summary.matchedByReferenceOnly.empty());
    for (const std::string &path : c.report->summary.matchedByReferenceOnly)
        QCOMPARE(c.report->foundByReferenceVia.at(path), std::string("ownerReferences"));
}

// The fixture omits an annotation (fieldsToOmit) and leaves an annotation to a
// regex; built-in omissions (cluster-compare-built-in) are listed too.
void tst_Explanations::hiddenFieldsAreListed()
{
    const QString dir = test::dataPath(QStringLiteral("fixes"));
    const Compared c = compareFiles(dir + QStringLiteral("/reference/metadata.yaml"), dir + QStringLiteral("/resources"));
    const report::CrResult *web = resultFor(*c.report, "apps/v1_Deployment_shop_web");
    QVERIFY(web);
    const auto find = [&](const std::string &path) -> const report::HiddenField * {
        for (const report::HiddenField &h : web->hidden)
            if (pathText(h.path) == path)
                return &h;
        return nullptr;
    };
    const report::HiddenField *owner = find("metadata.annotations.\"example.com/owner\"");
    QVERIFY(owner);
    QCOMPARE(int(owner->reason), int(report::HiddenField::Reason::Omitted));
    QVERIFY2(owner->rule.find("metadata.annotations.\"example.com/owner\"") != std::string::npos, owner->rule.c_str());
    QCOMPARE(owner->clusterValue, std::string("\"team-a\""));
    const report::HiddenField *build = find("spec.template.metadata.annotations.build");
    QVERIFY(build);
    QCOMPARE(int(build->reason), int(report::HiddenField::Reason::InlineFunction));
    QCOMPARE(build->rule, std::string("regex"));
    QVERIFY(!build->accepted); // "nightly" is no build number: the diff shows it
    QCOMPARE(build->clusterValue, std::string("\"nightly\""));
    const report::HiddenField *status = find("status");
    QVERIFY(status); // the built-in omissions
    QCOMPARE(int(status->reason), int(report::HiddenField::Reason::Omitted));

    // A Secret's omitted data would be masked; its compared data never appears.
    const report::CrResult *secret = resultFor(*c.report, "v1_Secret_shop_token");
    QVERIFY(secret);
    for (const report::HiddenField &h : secret->hidden)
        QVERIFY2(h.clusterValue.find("b3RoZXI") == std::string::npos, pathText(h.path).c_str());
}

void tst_Explanations::unspecifiedFieldsAreListed()
{
    const QString dir = caseDir(QStringLiteral("CheckIgnoreUnspecifiedFieldsConfig"));
    const Compared c = compareFiles(dir + QStringLiteral("/reference/metadata.yaml"), dir + QStringLiteral("/resources"));
    int unspecified = 0;
    for (const report::CrResult &r : c.report->diffs)
        for (const report::HiddenField &h : r.hidden)
            if (h.reason == report::HiddenField::Reason::Unspecified) {
                ++unspecified;
                QCOMPARE(h.rule, std::string("ignore-unspecified-fields"));
                QVERIFY(!h.clusterValue.empty());
            }
    QVERIFY(unspecified > 0);
}

// ignore-unspecified-fields merges the template onto the CR: what only the CR
// has is hidden when the template leaves its key out, and compared when it
// sits in a list the template has (the template's list replaces the CR's).
void tst_Explanations::unspecifiedFieldsFollowTheMerge_data()
{
    QTest::addColumn<QByteArray>("templateSpec");
    QTest::addColumn<QByteArray>("clusterSpec");
    QTest::addColumn<QStringList>("hidden");
    QTest::addColumn<bool>("drift");
    QTest::newRow("a key the template leaves out")
        << QByteArray("spec:\n  a: 1\n") << QByteArray("spec:\n  a: 1\n  b: 2\n") << QStringList{"spec.b"} << false;
    QTest::newRow("a map the template leaves out")
        << QByteArray("spec:\n  a: 1\n") << QByteArray("spec:\n  a: 1\n  m:\n    x: 1\n    y: 2\n")
        << QStringList{"spec.m"} << false;
    QTest::newRow("a list the template leaves out")
        << QByteArray("spec:\n  a: 1\n") << QByteArray("spec:\n  a: 1\n  l:\n  - x\n  - y\n")
        << QStringList{"spec.l"} << false;
    QTest::newRow("an item added to the template's list")
        << QByteArray("spec:\n  l:\n  - x\n") << QByteArray("spec:\n  l:\n  - x\n  - y\n") << QStringList{} << true;
    QTest::newRow("a key added inside an item of the template's list")
        << QByteArray("spec:\n  l:\n  - name: x\n") << QByteArray("spec:\n  l:\n  - name: x\n    extra: 1\n")
        << QStringList{} << true;
    QTest::newRow("a key next to the template's list")
        << QByteArray("spec:\n  l:\n  - x\n") << QByteArray("spec:\n  l:\n  - x\n  k: v\n") << QStringList{"spec.k"}
        << false;
}

void tst_Explanations::unspecifiedFieldsFollowTheMerge()
{
    QFETCH(QByteArray, templateSpec);
    QFETCH(QByteArray, clusterSpec);
    QFETCH(QStringList, hidden);
    QFETCH(bool, drift);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QByteArray head = "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n  namespace: ns\n";
    test::writeFile(dir.filePath(QStringLiteral("reference/metadata.yaml")),
                    "parts:\n- name: p\n  components:\n  - name: c\n    type: Required\n    requiredTemplates:\n"
                    "    - path: widget.yaml\n      config:\n        ignore-unspecified-fields: true\n");
    test::writeFile(dir.filePath(QStringLiteral("reference/widget.yaml")), head + templateSpec);
    test::writeFile(dir.filePath(QStringLiteral("resources/widget.yaml")), head + clusterSpec);
    const Compared c = compareFiles(dir.filePath(QStringLiteral("reference/metadata.yaml")),
                                    dir.filePath(QStringLiteral("resources")));
    const report::CrResult *widget = resultFor(*c.report, "example.com/v1_Widget_ns_w");
    QVERIFY(widget);
    QCOMPARE(widget->hasDiff(), drift);
    QStringList listed;
    for (const report::HiddenField &h : widget->hidden)
        if (h.reason == report::HiddenField::Reason::Unspecified)
            listed << QString::fromStdString(pathText(h.path));
    QCOMPARE(listed, hidden);
}

void tst_Explanations::nothingIsRecordedWithoutExplain()
{
    const QString dir = test::dataPath(QStringLiteral("fixes"));
    pipeline::ComparisonRequest request;
    request.reference.metadataPath = (dir + QStringLiteral("/reference/metadata.yaml")).toStdString();
    request.clusterData.kind = pipeline::ClusterDataSource::Kind::Files;
    request.clusterData.paths = {(dir + QStringLiteral("/resources")).toStdString()};
    pipeline::ComparisonRun run(std::move(request), Log::null());
    QVERIFY(!run.run());
    for (const report::CrResult &r : run.report()->diffs) {
        QVERIFY(r.hidden.empty());
        QVERIFY(!r.correlation.fields.empty()); // correlation is always known
    }
}

void tst_Explanations::clusterVersion_data()
{
    QTest::addColumn<QByteArray>("status");
    QTest::addColumn<QString>("version");
    QTest::newRow("desired") << QByteArray("status: {desired: {version: 4.22.3}, history: [{version: 4.21.9}]}")
                             << "4.22.3";
    QTest::newRow("history when nothing is desired") << QByteArray("status: {history: [{version: 4.21.9}, {version: 4.20.1}]}")
                                                     << "4.21.9";
    QTest::newRow("the update asked for") << QByteArray("spec: {desiredUpdate: {version: 4.23.0}}") << "4.23.0";
    QTest::newRow("none") << QByteArray("spec: {channel: stable}") << "";
}

// The version next to the reference's name and in the HTML header.
void tst_Explanations::clusterVersion()
{
    QFETCH(QByteArray, status);
    QFETCH(QString, version);
    yaml::ReadOptions options;
    const yaml::ReadResult read = yaml::read(
        "apiVersion: config.openshift.io/v1\nkind: ClusterVersion\nmetadata: {name: version}\n" + status.toStdString(),
        options);
    QVERIFY(read.ok());
    std::vector<input::ClusterObject> objects;
    objects.emplace_back(read.documents.front(), input::objectId(read.documents.front()), "cv.yaml");
    QCOMPARE(QString::fromStdString(input::clusterVersionOf(objects)), version);
    objects.front().partial = true; // only its identity was read: nothing to say
    QCOMPARE(input::clusterVersionOf(objects), std::string());
}

QTEST_MAIN(tst_Explanations)
#include "tst_explanations.moc"
