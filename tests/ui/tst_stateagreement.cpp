// SPDX-License-Identifier: Apache-2.0
// The window and the HTML report say the same thing about the same comparison:
// every CR's and template's states and status text, and every count (filter
// buttons, HTML summary), on every conformance case, the bench seed (with and
// without its overrides file, which patches a CR clean) and a synthetic
// must-gather. Both read core/report's states; this pins that they keep doing so.
#include "SnapshotFixture.h"
#include "compare/DiffConfig.h"
#include "compare/UserOverrides.h"
#include "models/ClusterObjectModel.h"
#include "models/ReferenceTreeModel.h"
#include "models/States.h"
#include "models/StatusFilterProxyModel.h"
#include "report/HtmlReportWriter.h"
#include "report/ReportCounts.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace ds;
using namespace ds::ui;

namespace {

// The HTML report's filter vocabulary for the states the window names.
QString htmlToken(const QString &label)
{
    if (label == QLatin1String("render error"))
        return QStringLiteral("error");
    if (label == QLatin1String("too many"))
        return QStringLiteral("toomany");
    if (label == QLatin1String("not present"))
        return QStringLiteral("notpresent");
    return label;
}

// What one entry of the HTML page says: its data-s tokens and its badge text.
struct HtmlEntry
{
    QStringList tokens;
    QString badge;
};

// Entries whose element id starts with prefix ("cr-", "t-"), by the number after it.
QMap<int, HtmlEntry> htmlEntries(const QString &html, const QString &prefix)
{
    static const QRegularExpression badge(QStringLiteral("<span class=\"b s-[a-z]+\"><i class=g aria-hidden=true>[^<]*</i> ([^<]*)</span>"));
    const QRegularExpression entry(QStringLiteral("id=%1(\\d+) data-s=\"([^\"]*)\"").arg(prefix));
    QMap<int, HtmlEntry> out;
    for (auto it = entry.globalMatch(html); it.hasNext();) {
        const auto m = it.next();
        HtmlEntry e;
        e.tokens = m.captured(2).split(QLatin1Char(' '));
        const auto b = badge.match(html, m.capturedEnd());
        e.badge = b.captured(1).replace(QStringLiteral("&amp;"), QStringLiteral("&"));
        out.insert(m.captured(1).toInt(), e);
    }
    return out;
}

// The HTML summary's cards: label → number.
QMap<QString, int> htmlCards(const QString &html)
{
    static const QRegularExpression card(QStringLiteral("<span class=num>(\\d+)</span><span class=lbl>([^<]*)</span>"));
    QMap<QString, int> out;
    for (auto it = card.globalMatch(html); it.hasNext();) {
        const auto m = it.next();
        out.insert(m.captured(2), m.captured(1).toInt());
    }
    return out;
}

template <class Label>
QStringList tokensOf(const QModelIndex &index, Label label)
{
    QStringList out;
    for (int state : index.data(ItemRole::States).value<QList<int>>())
        if (state != kUnreviewedDrift) // the window's review filter, not a comparison state
            out << htmlToken(label(state));
    return out;
}

} // namespace

class tst_StateAgreement : public QObject
{
    Q_OBJECT

private slots:
    void windowAndHtmlAgree_data();
    void windowAndHtmlAgree();

private:
    QTemporaryDir m_scratch;
};

void tst_StateAgreement::windowAndHtmlAgree_data()
{
    QTest::addColumn<QString>("metadata");
    QTest::addColumn<QString>("resources");
    QTest::addColumn<QString>("overrides");
    QTest::addColumn<QString>("diffConfig");
    for (const test::ComparisonInput &input : test::comparisonInputs())
        QTest::newRow(qPrintable(input.name)) << input.metadata << input.resources << QString() << QString();
    const QString core = test::dataPath(QStringLiteral("shared/bench/reference-core"));
    QTest::newRow("bench seed with overrides") << core + QStringLiteral("/metadata.yaml")
                                               << test::dataPath(QStringLiteral("shared/bench/seed-core"))
                                               << core + QStringLiteral("/comparison-overrides.yaml") << QString();
    const QString overrides = test::casePath(QStringLiteral("UserOverride"));
    for (const QString &patch : QDir(overrides).entryList({QStringLiteral("*.patch")}))
        if (compare::UserOverrides::load((overrides + QLatin1Char('/') + patch).toStdString()).ok()) // noReason.patch is not
            QTest::newRow(qPrintable(QStringLiteral("UserOverride ") + patch))
                << overrides + QStringLiteral("/reference/metadata.yaml") << overrides + QStringLiteral("/resources")
                << overrides + QLatin1Char('/') + patch << QString();
    const QString manual = test::casePath(QStringLiteral("ManualCorrelationMatchesArePrioritizedOverGroupCorrelation"));
    QTest::newRow("manual correlations") << manual + QStringLiteral("/reference/metadata.yaml")
                                         << manual + QStringLiteral("/resources") << QString()
                                         << manual + QStringLiteral("/userconfig.yaml");
}

void tst_StateAgreement::windowAndHtmlAgree()
{
    QFETCH(QString, metadata);
    QFETCH(QString, resources);
    QFETCH(QString, overrides);
    QFETCH(QString, diffConfig);
    const test::PreparedInput prepared = test::prepareComparisonInput(metadata, resources, m_scratch.path());
    if (!prepared.skip.isEmpty())
        QSKIP(prepared.skip.constData());
    std::map<std::string, std::string> pairs;
    if (!diffConfig.isEmpty()) {
        const auto config = compare::DiffConfig::load(diffConfig.toStdString());
        QVERIFY(config.ok());
        pairs = config.config.correlationPairs;
    }
    input::FileInputSource source({prepared.resources.toStdString()}, true);
    auto objects = std::make_shared<std::vector<input::ClusterObject>>();
    for (auto &o : source.load(Log::null()).objects)
        objects->push_back(std::move(o));
    const auto snapshot = test::compareSnapshot({prepared.reference, objects, pairs, overrides});
    const report::ComparisonReport &compared = *snapshot->report;

    report::HtmlOptions options;
    options.manualCorrelations = pairs;
    const QString html = QString::fromStdString(report::writeHtml(compared, *snapshot->reference, options));

    ClusterObjectModel crs;
    crs.setSnapshot(snapshot);
    const auto crLabel = [](int s) { return clusterObjectStateLabel(static_cast<ClusterObjectState>(s)); };
    const QMap<int, HtmlEntry> crEntries = htmlEntries(html, QStringLiteral("cr-"));
    QCOMPARE(crEntries.size(), qsizetype(compared.diffs.size()));
    for (std::size_t i = 0; i < compared.diffs.size(); ++i) {
        const QString id = QString::fromStdString(compared.diffs[i].crName);
        const QModelIndex row = crs.indexForObject(id, ClusterObjectModel::StatusColumn);
        QVERIFY2(row.isValid(), qPrintable(id));
        const HtmlEntry &entry = crEntries[int(i)];
        QCOMPARE(tokensOf(row, crLabel), entry.tokens);
        QCOMPARE(row.data().toString(), entry.badge);
        // Without review marks every drifted CR is still to review.
        QCOMPARE(row.data(ItemRole::States).value<QList<int>>().contains(kUnreviewedDrift),
                 compared.diffs[i].hasDiff());
    }
    for (const auto &failure : compared.failures) {
        const QModelIndex row = crs.indexForObject(QString::fromStdString(failure.crName));
        QCOMPARE(tokensOf(row, crLabel).value(0), QStringLiteral("error"));
    }

    ReferenceTreeModel tree;
    tree.setSnapshot(snapshot);
    const auto templateLabel = [](int s) { return templateStateLabel(static_cast<TemplateState>(s)); };
    const QMap<int, HtmlEntry> templateEntries = htmlEntries(html, QStringLiteral("t-"));
    for (std::size_t t = 0; t < snapshot->reference->templates.size(); ++t) {
        const QModelIndex row = tree.indexForTemplate(t, ReferenceTreeModel::StatusColumn);
        QVERIFY(row.isValid());
        QVERIFY(templateEntries.contains(int(t)));
        QCOMPARE(tokensOf(row, templateLabel), templateEntries[int(t)].tokens);
        QCOMPARE(row.data().toString(), templateEntries[int(t)].badge);
    }

    // Counts: the CR list's filter buttons, the HTML summary and core's counts.
    StatusFilterProxyModel proxy;
    proxy.setSourceModel(&crs);
    const StateCounts chips = proxy.stateCounts();
    const report::ReportCounts counts =
        report::countsOf(compared, report::templateStatuses(compared, *snapshot->reference, pairs));
    const auto chip = [&](ClusterObjectState s) { return std::size_t(chips.value(int(s))); };
    QCOMPARE(chip(ClusterObjectState::Drift), counts.withDrift);
    QCOMPARE(chip(ClusterObjectState::Patched), counts.patched);
    QCOMPARE(chip(ClusterObjectState::Unmatched), counts.unmatched);
    QCOMPARE(chip(ClusterObjectState::RenderError), counts.failed);
    QCOMPARE(chip(ClusterObjectState::SkippedByDoNotMatch), counts.skipped);
    std::size_t comparedRows = 0;
    for (const auto &[id, status] : report::crStatuses(compared, pairs))
        comparedRows += status.state == ClusterObjectState::Clean || status.state == ClusterObjectState::Drift
            || status.state == ClusterObjectState::Patched;
    QCOMPARE(comparedRows, counts.compared);
    const QMap<QString, int> cards = htmlCards(html);
    QCOMPARE(std::size_t(cards.value(QStringLiteral("CRs compared"))), counts.compared);
    QCOMPARE(std::size_t(cards.value(QStringLiteral("CRs with drift"))), counts.withDrift);
    QCOMPARE(std::size_t(cards.value(QStringLiteral("Unmatched CRs"))), counts.unmatched);
    QCOMPARE(std::size_t(cards.value(QStringLiteral("Patched CRs"))), counts.patched);
    QCOMPARE(std::size_t(cards.value(QStringLiteral("Render errors"))), counts.failed);
    QCOMPARE(std::size_t(cards.value(QStringLiteral("Missing required CRs"))), counts.missing);
}

QTEST_MAIN(tst_StateAgreement)
#include "tst_stateagreement.moc"
