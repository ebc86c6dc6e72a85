// SPDX-License-Identifier: Apache-2.0
// `-o fields` and the field changes behind it: on every conformance case, the
// bench seed and a synthetic must-gather, each line the diff marks as changed
// belongs to a changed field and each changed field has a changed line (the
// lines found through yaml::yamlLinePaths); the output has one tab-separated
// line per change and never a Secret's value.
#include "TestData.h"
#include "cli/CliRunner.h"
#include "diff/SideBySideDiff.h"
#include "pipeline/ComparisonRun.h"
#include "report/FieldsWriter.h"
#include "yaml/YamlLinePaths.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <sstream>

using namespace ds;

namespace {

std::shared_ptr<const report::ComparisonReport> compareFiles(const QString &metadata, const QString &resources)
{
    pipeline::ComparisonRequest request;
    request.reference.metadataPath = metadata.toStdString();
    request.clusterData.kind = pipeline::ClusterDataSource::Kind::Files;
    request.clusterData.paths = {resources.toStdString()};
    request.clusterData.recursive = true;
    request.options.keepGoing = true;
    request.options.tmpDir = QDir::tempPath().toStdString();
    pipeline::ComparisonRun run(std::move(request), Log::null());
    if (auto error = run.run())
        qFatal("comparison failed: %s", error->c_str());
    return run.report();
}

bool coveredBy(const ObjectPath &line, const std::vector<diff::FieldChange> &changes)
{
    return std::any_of(changes.begin(), changes.end(), [&](const diff::FieldChange &c) { return isUnder(line, c.path); });
}

} // namespace

class tst_FieldsOutput : public QObject
{
    Q_OBJECT

private slots:
    void linesAndFieldsAgree_data();
    void linesAndFieldsAgree();
    void outputFormat();

private:
    QTemporaryDir m_work;
};

void tst_FieldsOutput::linesAndFieldsAgree_data()
{
    QTest::addColumn<QString>("metadata");
    QTest::addColumn<QString>("resources");
    QTest::newRow("fixes fixture") << test::dataPath(QStringLiteral("fixes/reference/metadata.yaml"))
                                   << test::dataPath(QStringLiteral("fixes/resources"));
    for (const test::ComparisonInput &input : test::comparisonInputs())
        QTest::newRow(qPrintable(input.name)) << input.metadata << input.resources;
}

void tst_FieldsOutput::linesAndFieldsAgree()
{
    QFETCH(QString, metadata);
    QFETCH(QString, resources);
    const test::PreparedInput prepared = test::prepareComparisonInput(metadata, resources, m_work.path());
    if (!prepared.skip.isEmpty())
        QSKIP(prepared.skip.constData());
    const auto report = compareFiles(metadata, prepared.resources);
    int drifted = 0;
    for (const report::CrResult &r : report->diffs) {
        if (!r.hasDiff())
            continue;
        ++drifted;
        const std::vector<diff::FieldChange> changes = report::fieldChangesOf(r);
        QVERIFY2(!changes.empty(), r.crName.c_str());
        const std::vector<ObjectPath> left = yaml::yamlLinePaths(r.referenceYaml);
        const std::vector<ObjectPath> right = yaml::yamlLinePaths(r.clusterYaml);
        const diff::SideBySideDiff rows = diff::SideBySideDiff::fromUtf8(r.referenceYaml, r.clusterYaml);
        std::vector<bool> changeSeen(changes.size(), false);
        const auto account = [&](const ObjectPath &line, const char *side, int number) {
            QVERIFY2(coveredBy(line, changes),
                     qPrintable(QStringLiteral("%1: %2 line %3 (%4) changed but no field change covers it")
                                    .arg(QString::fromStdString(r.crName), QString::fromLatin1(side))
                                    .arg(number)
                                    .arg(QString::fromStdString(pathText(line)))));
            for (std::size_t i = 0; i < changes.size(); ++i)
                changeSeen[i] = changeSeen[i] || isUnder(line, changes[i].path);
        };
        for (const diff::SideBySideRow &row : rows.rows()) {
            if (row.kind == diff::RowKind::Equal)
                continue;
            if (row.leftLine > 0) {
                account(left.at(std::size_t(row.leftLine - 1)), "reference", row.leftLine);
                if (QTest::currentTestFailed())
                    return;
            }
            if (row.rightLine > 0) {
                account(right.at(std::size_t(row.rightLine - 1)), "cluster", row.rightLine);
                if (QTest::currentTestFailed())
                    return;
            }
        }
        for (std::size_t i = 0; i < changes.size(); ++i)
            QVERIFY2(changeSeen[i], qPrintable(QStringLiteral("%1: field %2 changed but no line shows it")
                                                   .arg(QString::fromStdString(r.crName),
                                                        QString::fromStdString(pathText(changes[i].path)))));
    }
    qInfo("%d drifted CRs walked", drifted);
}

// One line per change, six tab-separated columns, in report order; the
// fixture's Secret values never appear (masked as the diff masks them).
void tst_FieldsOutput::outputFormat()
{
    const QString dir = test::dataPath(QStringLiteral("fixes"));
    std::ostringstream out, err;
    const int code = cli::run({"driftscope-cli", "-r", (dir + QStringLiteral("/reference/metadata.yaml")).toStdString(),
                               "-f", (dir + QStringLiteral("/resources")).toStdString(), "-R", "-o", "fields"},
                              out, err);
    QCOMPARE(code, 1);
    const QStringList lines = QString::fromStdString(out.str()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY(!lines.isEmpty());
    for (const QString &line : lines)
        QCOMPARE(line.count(QLatin1Char('\t')), 5);
    QVERIFY(lines.contains(QStringLiteral("v1_ConfigMap_shop_settings\tconfigmap.yaml\tdata.mode\tchanged\t\"production\"\t\"staging\"")));
    QVERIFY(lines.contains(QStringLiteral("v1_ConfigMap_shop_settings\tconfigmap.yaml\tdata.extra\tadded\t\t\"1\"")));
    QVERIFY(lines.contains(QStringLiteral("v1_ConfigMap_shop_settings\tconfigmap.yaml\tdata.retries\tmissing\t\"5\"\t")));
    const QString text = QString::fromStdString(out.str());
    QVERIFY(text.contains(QStringLiteral("*** (before)")));
    for (const char *secret : {"c2VjcmV0", "b3RoZXI"})
        QVERIFY2(!text.contains(QLatin1String(secret)), secret);
}

QTEST_MAIN(tst_FieldsOutput)
#include "tst_fieldsoutput.moc"
