// SPDX-License-Identifier: Apache-2.0
// `-o fixes`: every exported patch, applied to the cluster CR offline with
// kubectl (`kubectl patch --local`), leaves no drift for that CR when the
// comparison runs again; a missing CR's manifest, added to the cluster data,
// makes the template match. Run on a fixture with every kind of change
// (tests/data/fixes), every conformance case, the bench seed and a synthetic
// must-gather. Fields the reference leaves to an inline diff function stay
// as they were (the fix says so); Secrets are never written out.
#include "TestData.h"
#include "compare/CompareOptions.h"
#include "diff/FieldChanges.h"
#include "input/FileInputSource.h"
#include "pipeline/ComparisonRun.h"
#include "review/FixPlan.h"
#include "review/FixVerifier.h"
#include "yaml/YamlReader.h"
#include "yaml/YamlWriter.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace ds;

namespace {

using Objects = std::vector<input::ClusterObject>;

struct Compared
{
    std::shared_ptr<const ref::Reference> reference;
    std::shared_ptr<const Objects> objects;
    std::shared_ptr<const report::ComparisonReport> report;
    compare::CompareOptions options;
};

// What `-o fixes` writes: the planned fixes, proven on the CRs read.
std::vector<review::Fix> provenFixes(const Compared &compared, bool missingTemplates = true)
{
    return review::provenFixes(*compared.report, {compared.reference, compared.objects, compared.options, nullptr}, {},
                               missingTemplates);
}

// Compares like `driftscope-cli -R` (objects kept, so they can be patched and compared again).
Compared compareWith(std::shared_ptr<const ref::Reference> reference, std::shared_ptr<const Objects> objects)
{
    pipeline::ComparisonRequest request;
    request.keepObjects = true;
    request.options.keepGoing = true;
    request.options.tmpDir = QDir::tempPath().toStdString();
    pipeline::ComparisonRun run(std::move(request), Log::null());
    run.useReference(reference);
    run.useObjects(objects);
    for (auto step : {&pipeline::ComparisonRun::prepareEngine, &pipeline::ComparisonRun::compare})
        if (auto error = (run.*step)())
            qFatal("comparison failed: %s", error->c_str());
    return {reference, objects, run.report(), run.request().options};
}

Compared compareFiles(const QString &metadata, const QString &resources)
{
    pipeline::ComparisonRequest request;
    request.reference.metadataPath = metadata.toStdString();
    request.clusterData.kind = pipeline::ClusterDataSource::Kind::Files;
    request.clusterData.paths = {resources.toStdString()};
    request.clusterData.recursive = true;
    request.keepObjects = true;
    request.options.keepGoing = true;
    request.options.tmpDir = QDir::tempPath().toStdString();
    pipeline::ComparisonRun run(std::move(request), Log::null());
    if (auto error = run.run())
        qFatal("comparison failed: %s", error->c_str());
    return {run.reference(), run.objects(), run.report(), run.request().options};
}

Value readYaml(const QByteArray &text)
{
    yaml::ReadOptions options;
    options.firstDocumentOnly = true;
    const yaml::ReadResult r = yaml::read(text.toStdString(), options);
    return r.ok() && !r.documents.empty() ? r.documents.front() : Value();
}

// kubectl patch --local on the CR as the cluster has it: the patched object, or why not.
std::optional<Value> patchOffline(const QString &kubectl, const QString &dir, const input::ClusterObject &cr,
                                  const review::Fix &fix, QString &error)
{
    const QString file = dir + QStringLiteral("/cr.yaml");
    QFile out(file);
    if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("cannot write %s", qPrintable(file));
    out.write(QByteArray::fromStdString(yaml::writeCanonical(cr.object).text));
    out.close();
    QProcess p;
    p.start(kubectl, {QStringLiteral("patch"), QStringLiteral("--local"), QStringLiteral("-f"), file,
                      QStringLiteral("--type"), fix.type == review::Fix::Type::JsonPatch ? QStringLiteral("json") : QStringLiteral("merge"),
                      QStringLiteral("-p"), QString::fromStdString(fix.patch), QStringLiteral("-o"), QStringLiteral("yaml")});
    if (!p.waitForFinished(60000) || p.exitCode() != 0) {
        error = QString::fromUtf8(p.readAllStandardError());
        return std::nullopt;
    }
    return readYaml(p.readAllStandardOutput());
}

const report::CrResult *resultFor(const report::ComparisonReport &report, const std::string &id)
{
    for (const report::CrResult &r : report.diffs)
        if (r.crName == id)
            return &r;
    return nullptr;
}

// The changes of a CR after its fix: only those the fix says it leaves to a person.
QStringList remainingChanges(const report::CrResult &r)
{
    QStringList out;
    const Value reference = readYaml(QByteArray::fromStdString(r.referenceYaml));
    const Value cluster = readYaml(QByteArray::fromStdString(r.clusterYaml));
    for (const diff::FieldChange &c : diff::fieldChanges(reference, cluster))
        out << QString::fromStdString(diff::pathText(c.path));
    return out;
}

} // namespace

class tst_Fixes : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void fixtureCoversEveryKind();
    void roundTrip_data();
    void roundTrip();
    void missingCrIsCreated();

private:
    void checkRoundTrip(const Compared &compared, int &fixed);

    QString m_kubectl;
    QTemporaryDir m_work;
};

void tst_Fixes::initTestCase()
{
    m_kubectl = QStandardPaths::findExecutable(QStringLiteral("kubectl"));
    if (m_kubectl.isEmpty() && qEnvironmentVariableIsSet("CI"))
        QFAIL("kubectl is missing: packaging/setup.sh installs kubernetes-client");
    if (m_kubectl.isEmpty())
        QSKIP("kubectl is needed to apply the patches offline (packaging/setup.sh installs kubernetes-client)");
}

// The fixture's fixes are the ones its README describes.
void tst_Fixes::fixtureCoversEveryKind()
{
    const QString dir = test::dataPath(QStringLiteral("fixes"));
    const Compared c = compareFiles(dir + QStringLiteral("/reference/metadata.yaml"), dir + QStringLiteral("/resources"));
    const std::vector<review::Fix> fixes = provenFixes(c);
    std::map<std::string, review::Fix> byTemplate;
    for (const review::Fix &f : fixes)
        byTemplate[f.templatePath] = f;
    QCOMPARE(byTemplate.size(), std::size_t(5));
    const review::Fix &banner = byTemplate["banner.yaml"]; // text is computed from itself: only colour is fixable
    QCOMPARE(banner.patch, std::string(R"({"data":{"colour":"blue"}})"));
    QVERIFY2(banner.note.find("computes these from the CR's own values") != std::string::npos
                 && banner.note.find("data.text") != std::string::npos,
             banner.note.c_str());
    QCOMPARE(byTemplate["configmap.yaml"].type, review::Fix::Type::MergePatch);
    QCOMPARE(byTemplate["configmap.yaml"].patch, std::string(R"({"data":{"extra":null,"mode":"production","retries":"5"}})"));
    const review::Fix &deployment = byTemplate["deployment.yaml"];
    QCOMPARE(deployment.type, review::Fix::Type::JsonPatch); // list items need RFC 6902
    QVERIFY(deployment.patch.find(R"("path":"/spec/template/spec/containers/0/image")") != std::string::npos);
    QVERIFY(deployment.patch.find(R"({"op":"remove","path":"/spec/template/spec/containers/2"})") != std::string::npos);
    QVERIFY(deployment.patch.find("owner") == std::string::npos); // omitted by fieldsToOmit
    QVERIFY(deployment.patch.find("status") == std::string::npos);
    QVERIFY(deployment.patch.find("annotations") == std::string::npos); // left to the regex
    QVERIFY(deployment.note.find("spec.template.metadata.annotations.build (regex)") != std::string::npos);
    QCOMPARE(byTemplate["secret.yaml"].type, review::Fix::Type::None);
    QVERIFY(byTemplate["secret.yaml"].patch.empty());
    QCOMPARE(byTemplate["quota.yaml"].type, review::Fix::Type::Create);
    const std::string script = review::fixesScript(fixes);
    QVERIFY(script.find("b3RoZXI") == std::string::npos && script.find("c2VjcmV0") == std::string::npos);
    QVERIFY(review::fixesYaml(fixes).find("c2VjcmV0") == std::string::npos);
}

void tst_Fixes::roundTrip_data()
{
    QTest::addColumn<QString>("metadata");
    QTest::addColumn<QString>("resources");
    const QString fixes = test::dataPath(QStringLiteral("fixes"));
    QTest::newRow("fixture") << fixes + QStringLiteral("/reference/metadata.yaml") << fixes + QStringLiteral("/resources");
    for (const test::ComparisonInput &input : test::comparisonInputs())
        QTest::newRow(qPrintable(input.name)) << input.metadata << input.resources;
}

void tst_Fixes::roundTrip()
{
    QFETCH(QString, metadata);
    QFETCH(QString, resources);
    const test::PreparedInput prepared = test::prepareComparisonInput(metadata, resources, m_work.path());
    if (!prepared.skip.isEmpty())
        QSKIP(prepared.skip.constData());
    int fixed = 0;
    checkRoundTrip(compareFiles(metadata, prepared.resources), fixed);
    if (QTest::currentTestFailed())
        return;
    qInfo("%d CRs fixed and compared again without drift", fixed);
}

void tst_Fixes::checkRoundTrip(const Compared &compared, int &fixed)
{
    for (const review::Fix &fix : provenFixes(compared, false)) {
        if (fix.type != review::Fix::Type::MergePatch && fix.type != review::Fix::Type::JsonPatch)
            continue;
        auto objects = std::make_shared<Objects>(*compared.objects);
        const auto cr = std::find_if(objects->begin(), objects->end(),
                                     [&](const input::ClusterObject &o) { return o.id == fix.crId; });
        QVERIFY(cr != objects->end());
        QString error;
        const std::optional<Value> patched = patchOffline(m_kubectl, m_work.path(), *cr, fix, error);
        QVERIFY2(patched, qPrintable(QString::fromStdString(fix.crId) + ": " + error));
        cr->object = *patched;
        const Compared again = compareWith(compared.reference, objects);
        const report::CrResult *result = resultFor(*again.report, fix.crId);
        QVERIFY2(result, fix.crId.c_str());
        const QStringList left = remainingChanges(*result);
        for (const QString &path : left) // only what the fix leaves to a person
            QVERIFY2(QString::fromStdString(fix.note).contains(path),
                     qPrintable(QString::fromStdString(fix.crId) + " still differs at " + path + "\n" + QString::fromStdString(result->diffOutput)));
        fixed += left.isEmpty() ? 1 : 0;
    }
}

// A required CR the cluster lacks: its manifest, added to the cluster data,
// matches its template without drift.
void tst_Fixes::missingCrIsCreated()
{
    const QString dir = test::dataPath(QStringLiteral("fixes"));
    const Compared c = compareFiles(dir + QStringLiteral("/reference/metadata.yaml"), dir + QStringLiteral("/resources"));
    const std::vector<review::Fix> fixes = provenFixes(c);
    const auto create = std::find_if(fixes.begin(), fixes.end(),
                                     [](const review::Fix &f) { return f.type == review::Fix::Type::Create; });
    QVERIFY(create != fixes.end());
    auto objects = std::make_shared<Objects>(*c.objects);
    input::ClusterObject added;
    added.object = readYaml(QByteArray::fromStdString(create->manifest));
    added.id = input::objectId(added.object);
    added.source = "fix";
    objects->push_back(added);
    const Compared again = compareWith(c.reference, objects);
    const report::CrResult *result = resultFor(*again.report, added.id);
    QVERIFY(result);
    QCOMPARE(result->correlatedTemplate, create->templatePath);
    QVERIFY(!result->hasDiff());
    QCOMPARE(again.report->summary.numMissing, 0);
}

QTEST_GUILESS_MAIN(tst_Fixes)
#include "tst_fixes.moc"
