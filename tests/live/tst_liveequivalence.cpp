// SPDX-License-Identifier: Apache-2.0
// For every conformance case without a live golden: the report read from a
// live cluster holding the case's resources (fake-apiserver.py) equals the
// report read from the files. Warnings (stderr) may differ — the fake cluster
// does not serve kinds the files lack, which kube-compare warns about.
#include "FakeApiServer.h"
#include "TestData.h"

#include "CliRun.h"
#include "live/FetchNeeds.h"
#include "reference/ReferenceLoader.h"

#include <QDir>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <map>
#include <memory>
#include <sstream>

using ds::test::FakeApiServer;

namespace {

QString casesDir() { return ds::test::dataPath(QStringLiteral("shared/conformance/cases")); }

using ds::test::CliRun;
using ds::test::runCli;

// The temporary diff directories and the diff header dates differ per run.
QString normalise(QString text)
{
    static const QRegularExpression temp(QStringLiteral("[^ \\t\\n]*/(LIVE|MERGED)-[0-9]+"));
    static const QRegularExpression date(
        QStringLiteral("[0-9]{4}-[0-9]{2}-[0-9]{2}\\s*[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{9} [+-][0-9]{4})?"));
    static const QRegularExpression time(
        QStringLiteral("[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}([+-][0-9]{2}:[0-9]{2}|Z)"));
    return text.replace(temp, QStringLiteral("TEMP")).replace(date, QStringLiteral("DATE")).replace(time, QStringLiteral("TIME"));
}

struct Report
{
    QStringList head, unmatched, tail;
};

// Splits a text report around its "Cluster CRs unmatched" list (-A), keeping
// only the unmatched CRs whose kind is in `kinds` (all when empty), sorted:
// in live mode kube-compare lists only the reference's kinds, in server order.
Report splitReport(const QString &text, const QSet<QString> &kinds = {})
{
    Report r;
    const QStringList lines = text.split(QLatin1Char('\n'));
    qsizetype i = 0;
    while (i < lines.size() && !lines[i].startsWith(QLatin1String("Cluster CRs unmatched to reference CRs:"))
           && !lines[i].startsWith(QLatin1String("No CRs are unmatched")))
        r.head << lines[i++];
    if (i < lines.size())
        ++i;
    for (; i < lines.size() && lines[i].startsWith(QLatin1String("- ")); ++i)
        if (kinds.isEmpty() || kinds.contains(lines[i].section(QLatin1Char('_'), 1, 1)))
            r.unmatched << lines[i];
    r.unmatched.sort();
    r.tail = lines.mid(i);
    return r;
}

QSet<QString> templateKinds(const QString &metadata)
{
    ds::ref::ReferenceLoader loader;
    auto loaded = loader.loadMetadata(metadata.toStdString());
    QSet<QString> kinds;
    if (loaded.ok() && !loader.loadTemplates(*loaded.reference))
        for (const auto &t : ds::live::FetchNeeds::fromReference(*loaded.reference).templates)
            kinds << QString::fromStdString(t.kind);
    return kinds;
}

bool hasLiveGolden(const QDir &dir)
{
    return !dir.entryList({QStringLiteral("live*.golden")}, QDir::Files).isEmpty();
}

} // namespace

class tst_LiveEquivalence : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;
    std::map<QString, std::unique_ptr<FakeApiServer>> m_servers; // one per case

    FakeApiServer *serverFor(const QString &caseName)
    {
        auto &s = m_servers[caseName];
        if (!s) {
            s = std::make_unique<FakeApiServer>();
            const QString work = m_tmp.path() + QLatin1Char('/') + QString::number(m_servers.size());
            QDir().mkpath(work);
            FakeApiServer::Options o{{casesDir() + QLatin1Char('/') + caseName + QStringLiteral("/resources")}};
            o.extra << QStringLiteral("--no-synthesized-namespaces");
            QString error;
            if (!s->start(work, o, &error))
                qWarning("%s", qPrintable(error));
        }
        return s.get();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        qputenv("TMPDIR", m_tmp.path().toUtf8());
        qunsetenv("KUBECTL_EXTERNAL_DIFF");
    }
    void cleanupTestCase() { m_servers.clear(); }

    void liveReportEqualsFileReport_data()
    {
        QTest::addColumn<QString>("caseName");
        QTest::addColumn<QStringList>("args");
        int rows = 0;
        for (const QString &name : QDir(casesDir()).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
            const QDir dir(casesDir() + QLatin1Char('/') + name);
            if (hasLiveGolden(dir) || !dir.exists(QStringLiteral("resources")))
                continue;
            const QStringList metadata = QDir(dir.filePath(QStringLiteral("reference")))
                                             .entryList({QStringLiteral("metadata*.yaml")}, QDir::Files, QDir::Name);
            for (const QString &m : metadata) {
                QStringList args{QStringLiteral("-r"), dir.filePath(QStringLiteral("reference/") + m)};
                if (dir.exists(QStringLiteral("userconfig.yaml")))
                    args << QStringLiteral("-c") << dir.filePath(QStringLiteral("userconfig.yaml"));
                QTest::addRow("%s/%s", qPrintable(name), qPrintable(m)) << name << args;
                ++rows;
            }
            if (metadata.contains(QStringLiteral("metadata.yaml")))
                QTest::addRow("%s/-A", qPrintable(name))
                    << name << QStringList{QStringLiteral("-A"), QStringLiteral("-r"),
                                           dir.filePath(QStringLiteral("reference/metadata.yaml"))};
        }
        QVERIFY(rows > 20);
    }

    void liveReportEqualsFileReport()
    {
        QFETCH(QString, caseName);
        QFETCH(QStringList, args);
        FakeApiServer *server = serverFor(caseName);
        QVERIFY(!server->url().isEmpty());
        const CliRun local = runCli(args + QStringList{QStringLiteral("-f"),
                                                       casesDir() + QLatin1Char('/') + caseName + QStringLiteral("/resources"),
                                                       QStringLiteral("-R")});
        const CliRun live = runCli(args + QStringList{QStringLiteral("--kubeconfig"), server->kubeconfig()});
        if (live.err.contains(QLatin1String("templates don't contain any types (kind) of resources that are supported")))
            QSKIP("the files hold no object of the reference's kinds: kube-compare's live mode stops there");
        QCOMPARE(live.code, local.code);
        if (!args.contains(QStringLiteral("-A"))) {
            QCOMPARE(normalise(live.out), normalise(local.out));
            return;
        }
        // -A: "In live mode will try to match all resources that are from the types
        // mentioned in the reference. In local mode will try to match all resources
        // passed to the command" (kube-compare's help).
        const Report l = splitReport(normalise(live.out));
        const Report f = splitReport(normalise(local.out), templateKinds(args.last()));
        QCOMPARE(l.head, f.head);
        QCOMPARE(l.unmatched, f.unmatched);
        QCOMPARE(l.tail, f.tail);
    }
};

QTEST_GUILESS_MAIN(tst_LiveEquivalence)
#include "tst_liveequivalence.moc"
