// SPDX-License-Identifier: Apache-2.0
// Must-gathers, archives and the kind filter (issue #6): the same data read from
// a directory, a must-gather root or any archive format gives the same objects;
// damaged input is reported by path and the rest still loads; loading only the
// kinds a reference needs gives exactly the report a full load gives.
#include "EngineHarness.h"
#include "TestData.h"
#include "compare/CompareEngine.h"
#include "compare/InputNeeds.h"
#include "input/FileInputSource.h"
#include "input/MustGatherLayout.h"
#include "report/ReportWriters.h"

#include <QDirIterator>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QTest>

#include <archive.h>
#include <archive_entry.h>

using namespace ds;

class tst_MustGatherInput : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void archiveFormats_data();
    void archiveFormats();
    void mustGatherRootDetection();
    void readingOrder_data();
    void readingOrder();
    void walkOrderIsSegmentOrder();
    void damagedArchive_data();
    void damagedArchive();
    void badFilesAreReportedAndSkipped();
    void symlinkedDirectoryLoop();
    void kindFilterKeepsReferenceKinds();
    void kindFilterMatchesFullParse_data();
    void kindFilterMatchesFullParse();

private:
    QTemporaryDir m_dir;
    QString m_mustGather; // .../must-gather.local.42
    QString m_image;      // the data root inside it
};

namespace {

void writeFile(const QString &path, const QByteArray &content)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY2(f.open(QIODevice::WriteOnly), qPrintable(path));
    f.write(content);
}

QByteArray configMap(const QString &ns, const QString &name, const QString &value)
{
    return QStringLiteral("---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: %1\n  namespace: %2\ndata:\n  key: %3\n")
        .arg(name, ns, value)
        .toUtf8();
}

// Writes every file under `dir` into an archive of `format` ("tar", "tar.gz", ...),
// with member names relative to dir's parent (as `tar -C parent dir` would).
void makeArchive(const QString &dir, const QString &archivePath, const QString &format)
{
    archive *a = archive_write_new();
    if (format == QLatin1String("zip")) {
        archive_write_set_format_zip(a);
    } else {
        archive_write_set_format_pax_restricted(a);
        if (format.endsWith(QLatin1String("gz")))
            archive_write_add_filter_gzip(a);
        else if (format.endsWith(QLatin1String("xz")))
            archive_write_add_filter_xz(a);
    }
    QVERIFY(archive_write_open_filename(a, archivePath.toLocal8Bit().constData()) == ARCHIVE_OK);
    const QDir base = QFileInfo(dir).dir();
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    QStringList files;
    while (it.hasNext())
        files << it.next();
    files.sort(); // archive order must not matter, but keep it deterministic
    std::reverse(files.begin(), files.end());
    for (const QString &file : files) {
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray data = f.readAll();
        archive_entry *entry = archive_entry_new();
        archive_entry_set_pathname(entry, base.relativeFilePath(file).toUtf8().constData());
        archive_entry_set_size(entry, data.size());
        archive_entry_set_filetype(entry, AE_IFREG);
        archive_entry_set_perm(entry, 0644);
        archive_write_header(a, entry);
        archive_write_data(a, data.constData(), std::size_t(data.size()));
        archive_entry_free(entry);
    }
    archive_write_close(a);
    archive_write_free(a);
}

struct Loaded
{
    QStringList ids;
    QStringList sources;
    QStringList warnings;
    QStringList errors; // logged with keepGoing
    std::optional<std::string> error;
    int partial = 0;
};

Loaded load(const QStringList &paths, bool recursive, input::KindFilter filter = {}, bool keepGoing = false)
{
    std::vector<std::string> p;
    for (const QString &s : paths)
        p.push_back(s.toStdString());
    input::FileInputSource source(p, recursive);
    source.setKindFilter(std::move(filter));
    source.setKeepGoing(keepGoing);
    test::CollectingLog log;
    input::LoadedObjects objects = source.load(log);
    Loaded out;
    out.error = objects.error;
    for (const auto &o : objects.objects) {
        out.ids << QString::fromStdString(o.id);
        out.sources << QString::fromStdString(o.source);
        out.partial += o.partial ? 1 : 0;
    }
    out.warnings = test::toQStringList(log.warnings());
    out.errors = test::toQStringList(log.errors());
    return out;
}

} // namespace

void tst_MustGatherInput::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // A must-gather as `oc adm must-gather` writes it, with the non-resource files
    // a reader must ignore.
    m_mustGather = m_dir.filePath(QStringLiteral("mg/must-gather.local.42"));
    m_image = m_mustGather + QStringLiteral("/quay-io-openshift-release-dev-sha256-abc");
    writeFile(m_mustGather + QStringLiteral("/timestamp"), "2026-11-22 10:00:00\n");
    writeFile(m_mustGather + QStringLiteral("/event-filter.html"), "<html></html>\n");
    writeFile(m_image + QStringLiteral("/version"), "openshift/must-gather\n4.22\n");
    writeFile(m_image + QStringLiteral("/cluster-scoped-resources/config.openshift.io/clusterversions/version.yaml"),
              "---\napiVersion: config.openshift.io/v1\nkind: ClusterVersion\nmetadata:\n  name: version\nspec:\n"
              "  channel: stable-4.22\n");
    writeFile(m_image + QStringLiteral("/cluster-scoped-resources/core/namespaces.yaml"),
              "---\napiVersion: v1\nkind: NamespaceList\nitems:\n- apiVersion: v1\n  kind: Namespace\n  metadata:\n"
              "    name: openshift-a\n- apiVersion: v1\n  kind: Namespace\n  metadata:\n    name: openshift-b\n"
              "metadata:\n  continue: \"\"\n");
    writeFile(m_image + QStringLiteral("/namespaces/openshift-a/openshift-a.yaml"),
              "---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: openshift-a\n");
    writeFile(m_image + QStringLiteral("/namespaces/openshift-a/core/configmaps.yaml"),
              "---\napiVersion: v1\nkind: ConfigMapList\nitems:\n- metadata:\n    name: one\n    namespace: "
              "openshift-a\n  data:\n    key: '1'\n- metadata:\n    name: two\n    namespace: openshift-a\n"
              "  data:\n    key: '2'\n");
    writeFile(m_image + QStringLiteral("/namespaces/openshift-a/core/configmaps/one.yaml"),
              configMap(QStringLiteral("openshift-a"), QStringLiteral("one"), QStringLiteral("'1'")));
    writeFile(m_image + QStringLiteral("/namespaces/openshift-a/pods/p-1/p-1.yaml"),
              "---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: p-1\n  namespace: openshift-a\n  ownerReferences:\n"
              "  - apiVersion: apps/v1\n    kind: ReplicaSet\n    name: rs-1\n    uid: u\n");
    writeFile(m_image + QStringLiteral("/namespaces/openshift-a/pods/p-1/c/c/logs/current.log"), "log line\n");
    writeFile(m_image + QStringLiteral("/namespaces/openshift-b/core/configmaps/three.yaml"),
              configMap(QStringLiteral("openshift-b"), QStringLiteral("three"), QStringLiteral("'3'")));
}

void tst_MustGatherInput::archiveFormats_data()
{
    QTest::addColumn<QString>("format");
    for (const char *f : {"tar", "tar.gz", "tgz", "tar.xz", "zip"})
        QTest::newRow(f) << QString::fromLatin1(f);
}

void tst_MustGatherInput::archiveFormats()
{
    QFETCH(QString, format);
    const Loaded fromDir = load({m_dir.filePath(QStringLiteral("mg"))}, false);
    QVERIFY(!fromDir.error);
    QCOMPARE(fromDir.ids.size(), 9);

    const QString archive = m_dir.filePath(QStringLiteral("must-gather.") + format);
    makeArchive(m_mustGather, archive, format);
    const Loaded fromArchive = load({archive}, false);
    QVERIFY(!fromArchive.error);
    QCOMPARE(fromArchive.warnings, QStringList());
    QCOMPARE(fromArchive.ids, fromDir.ids);
    // Sources name the archive and the member.
    for (qsizetype i = 0; i < fromDir.sources.size(); ++i) {
        const QString member = QDir(m_dir.filePath(QStringLiteral("mg"))).relativeFilePath(fromDir.sources[i]);
        QCOMPARE(fromArchive.sources[i], archive + QLatin1Char(':') + member);
    }
}

namespace {

std::vector<std::string> toStd(const QStringList &list)
{
    std::vector<std::string> out;
    for (const QString &s : list)
        out.push_back(s.toStdString());
    return out;
}

} // namespace

// The order kube-compare's documented invocation reads a must-gather in:
// cluster-scoped trees of every root, then namespaces trees, each as
// filepath.Walk goes (a folder's files before a sibling whose name extends it).
void tst_MustGatherInput::readingOrder_data()
{
    QTest::addColumn<QStringList>("roots");
    QTest::addColumn<QStringList>("paths");
    QTest::addColumn<QStringList>("expected");
    const auto cs = [](const char *name) { return QStringLiteral("r/cluster-scoped-resources/") + QLatin1String(name); };
    QTest::newRow("a folder before a sibling file extending its name")
        << QStringList{QStringLiteral("r")} << QStringList{cs("a/b.yaml"), cs("a/b/c.yaml")}
        << QStringList{cs("a/b/c.yaml"), cs("a/b.yaml")};
    QTest::newRow("names in byte order")
        << QStringList{QStringLiteral("r")} << QStringList{cs("a.yaml"), cs("_.yaml"), cs("B.yaml"), cs("~.yaml")}
        << QStringList{cs("B.yaml"), cs("_.yaml"), cs("a.yaml"), cs("~.yaml")};
    QTest::newRow("dash and dot against the end of a name")
        << QStringList{QStringLiteral("r")} << QStringList{cs("a.yaml"), cs("a-b/x.yaml"), cs("a/x.yaml")}
        << QStringList{cs("a/x.yaml"), cs("a-b/x.yaml"), cs("a.yaml")};
    QTest::newRow("cluster-scoped trees of every root, then namespaces")
        << QStringList{QStringLiteral("mg/r1"), QStringLiteral("mg/r2")}
        << QStringList{QStringLiteral("mg/r2/namespaces/b/x.yaml"), QStringLiteral("mg/r1/namespaces/a/x.yaml"),
                       QStringLiteral("mg/r2/cluster-scoped-resources/a.yaml"), QStringLiteral("mg/r1/cluster-scoped-resources/z.yaml")}
        << QStringList{QStringLiteral("mg/r1/cluster-scoped-resources/z.yaml"), QStringLiteral("mg/r2/cluster-scoped-resources/a.yaml"),
                       QStringLiteral("mg/r1/namespaces/a/x.yaml"), QStringLiteral("mg/r2/namespaces/b/x.yaml")};
    QTest::newRow("roots ordered by name, not by where they were found")
        << QStringList{QStringLiteral("mg/b"), QStringLiteral("mg/a")}
        << QStringList{QStringLiteral("mg/b/namespaces/x.yaml"), QStringLiteral("mg/a/namespaces/y.yaml")}
        << QStringList{QStringLiteral("mg/a/namespaces/y.yaml"), QStringLiteral("mg/b/namespaces/x.yaml")};
    QTest::newRow("a root's prefix is not the root")
        << QStringList{QStringLiteral("mg/r")}
        << QStringList{QStringLiteral("mg/r2/cluster-scoped-resources/a.yaml"), QStringLiteral("mg/r/namespaces/a.yaml")}
        << QStringList{QStringLiteral("mg/r/namespaces/a.yaml"), QStringLiteral("mg/r2/cluster-scoped-resources/a.yaml")};
    QTest::newRow("already in order") << QStringList{QStringLiteral("r")} << QStringList{cs("a.yaml"), cs("b.yaml")}
                                      << QStringList{cs("a.yaml"), cs("b.yaml")};
}

void tst_MustGatherInput::readingOrder()
{
    QFETCH(QStringList, roots);
    QFETCH(QStringList, paths);
    QFETCH(QStringList, expected);
    std::vector<std::string> sorted = toStd(paths);
    input::mustgather::sortLikeKubeCompare(sorted, toStd(roots));
    QCOMPARE(sorted, toStd(expected));
    // Archive members are put in the same order by position.
    const std::vector<std::string> original = toStd(paths);
    std::vector<std::string> byPosition;
    for (const std::size_t i : input::mustgather::readingOrder({original.begin(), original.end()}, toStd(roots)))
        byPosition.push_back(original[i]);
    QCOMPARE(byPosition, toStd(expected));
}

// walkOrder compares whole paths with '/' below every other byte; filepath.Walk
// compares them segment by segment. Random paths over bytes around '/' agree.
void tst_MustGatherInput::walkOrderIsSegmentOrder()
{
    const auto segmentOrder = [](const std::string &a, const std::string &b) {
        const QList<QByteArray> pa = QByteArray::fromStdString(a).split('/');
        const QList<QByteArray> pb = QByteArray::fromStdString(b).split('/');
        return std::lexicographical_compare(pa.begin(), pa.end(), pb.begin(), pb.end(),
                                            [](const QByteArray &x, const QByteArray &y) {
                                                return std::string_view(x.constData(), x.size())
                                                    < std::string_view(y.constData(), y.size());
                                            });
    };
    const std::string alphabet = "ab-.//Z~\x01\xc3\xa9"; // slashes twice: as likely as a letter
    QRandomGenerator random(24);
    const auto randomPath = [&] {
        std::string path;
        for (int n = random.bounded(1, 7); n > 0; --n)
            path += alphabet[random.bounded(int(alphabet.size()))];
        return path;
    };
    for (int i = 0; i < 20000; ++i) {
        const std::string a = randomPath(), b = i % 5 ? randomPath() : a;
        QVERIFY2(input::mustgather::walkOrder(a, b) == segmentOrder(a, b), (a + " vs " + b).c_str());
    }
}

void tst_MustGatherInput::mustGatherRootDetection()
{
    // kube-compare's documented invocation for must-gathers...
    const Loaded documented = load({m_image + QStringLiteral("/cluster-scoped-resources"),
                                    m_image + QStringLiteral("/namespaces")},
                                   true);
    QVERIFY(!documented.error);
    // ...and the must-gather given as is, from its parent, the must-gather
    // directory or the image directory, without -R.
    for (const QString &root : {m_dir.filePath(QStringLiteral("mg")), m_mustGather, m_image}) {
        const Loaded direct = load({root}, false);
        QVERIFY(!direct.error);
        QCOMPARE(direct.ids, documented.ids);
        QCOMPARE(direct.sources, documented.sources);
    }
    // filepath.Walk visits the directory "configmaps" before the list file
    // "configmaps.yaml", so the single-object file is the first occurrence.
    QCOMPARE(documented.ids.count(QStringLiteral("v1_ConfigMap_openshift-a_one")), 2);
    QVERIFY(documented.sources[documented.ids.indexOf(QStringLiteral("v1_ConfigMap_openshift-a_one"))].endsWith(
        QLatin1String("core/configmaps/one.yaml")));
}

void tst_MustGatherInput::damagedArchive_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<int>("keep"); // bytes of the archive kept; -1: replaced by garbage
    QTest::newRow("tar.gz truncated") << "tar.gz" << 700;
    QTest::newRow("tar truncated") << "tar" << 3000;
    QTest::newRow("zip truncated") << "zip" << 400;
    QTest::newRow("garbage named .tar.gz") << "tar.gz" << -1;
}

void tst_MustGatherInput::damagedArchive()
{
    QFETCH(QString, format);
    QFETCH(int, keep);
    const QString archive = m_dir.filePath(QStringLiteral("damaged.") + format);
    makeArchive(m_mustGather, archive, format);
    QFile f(archive);
    QVERIFY(f.open(QIODevice::ReadWrite));
    if (keep < 0) {
        f.resize(0);
        f.write("this is not an archive\n");
    } else {
        QVERIFY(f.size() > keep);
        f.resize(keep);
    }
    f.close();
    // Another input next to the damaged archive still loads.
    const QString other = m_dir.filePath(QStringLiteral("other.yaml"));
    writeFile(other, configMap(QStringLiteral("x"), QStringLiteral("other"), QStringLiteral("'0'")));
    // As kube-compare stops at input it cannot read, a damaged archive stops the load...
    const Loaded stopped = load({archive, other}, false);
    QVERIFY(stopped.error);
    QVERIFY2(QString::fromStdString(*stopped.error).contains(archive), stopped.error->c_str());
    // ...and with --keep-going it is an error, and another input next to it still loads.
    const Loaded loaded = load({archive, other}, false, {}, true);
    QVERIFY(!loaded.error);
    QCOMPARE(loaded.errors.size(), 1);
    QVERIFY2(loaded.errors.front().contains(archive), qPrintable(loaded.errors.front()));
    QVERIFY(loaded.ids.contains(QStringLiteral("v1_ConfigMap_x_other")));
}

void tst_MustGatherInput::badFilesAreReportedAndSkipped()
{
    QTemporaryDir dir;
    writeFile(dir.filePath(QStringLiteral("a-good.yaml")), configMap("ns", "good", "'1'"));
    writeFile(dir.filePath(QStringLiteral("b-tabs.yaml")), "apiVersion: v1\nkind: ConfigMap\nmetadata:\n\tname: x\n");
    writeFile(dir.filePath(QStringLiteral("c-truncated.yaml")), "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: \"x");
    QVERIFY(QFile::link(dir.filePath(QStringLiteral("d-loop.yaml")), dir.filePath(QStringLiteral("d-loop.yaml"))));
    writeFile(dir.filePath(QStringLiteral("e-good.yaml")), configMap("ns", "good2", "'2'"));
    // A file that cannot be opened (a symlink loop) stops the load, as os.Open's error stops kube-compare.
    const Loaded stopped = load({dir.path()}, false);
    QVERIFY(stopped.error);
    QCOMPARE(QString::fromStdString(*stopped.error),
             QStringLiteral("error occurred while trying to fetch resources: open %1: too many levels of symbolic links")
                 .arg(dir.filePath(QStringLiteral("d-loop.yaml"))));
    const Loaded loaded = load({dir.path()}, false, {}, true);
    QVERIFY(!loaded.error);
    QCOMPARE(loaded.ids, (QStringList{"v1_ConfigMap_ns_good", "v1_ConfigMap_ns_good2"}));
    QCOMPARE(loaded.warnings.size(), 2);
    QCOMPARE(loaded.errors.size(), 1);
    QVERIFY(loaded.errors.front().contains(QLatin1String("d-loop.yaml")));
    for (const char *name : {"b-tabs.yaml", "c-truncated.yaml"}) {
        const bool named = std::any_of(loaded.warnings.begin(), loaded.warnings.end(),
                                       [&](const QString &w) { return w.contains(QLatin1String(name)); });
        QVERIFY2(named, name);
    }
}

void tst_MustGatherInput::symlinkedDirectoryLoop()
{
    QTemporaryDir dir;
    writeFile(dir.filePath(QStringLiteral("sub/cm.yaml")), configMap("ns", "cm", "'1'"));
    QVERIFY(QFile::link(dir.path(), dir.filePath(QStringLiteral("sub/loop"))));
    const Loaded loaded = load({dir.path()}, true);
    QVERIFY(!loaded.error);
    QCOMPARE(loaded.ids, QStringList{"v1_ConfigMap_ns_cm"});
}

void tst_MustGatherInput::kindFilterKeepsReferenceKinds()
{
    input::KindFilter filter;
    filter.kinds = std::set<std::string, std::less<>>{"ConfigMap"};
    const Loaded loaded = load({m_image}, false, filter);
    QCOMPARE(loaded.ids, load({m_image}, false).ids);
    QCOMPARE(loaded.partial, 5); // ClusterVersion, 3 Namespaces, the Pod
}

void tst_MustGatherInput::kindFilterMatchesFullParse_data()
{
    QTest::addColumn<QString>("metadata");
    QTest::addColumn<QString>("resources");
    QTest::addColumn<bool>("expectPartial");
    for (const test::ComparisonInput &input : test::comparisonInputs())
        QTest::newRow(qPrintable(input.name)) << input.metadata << input.resources
                                              << (input.resources == test::kSyntheticMustGather);
}

void tst_MustGatherInput::kindFilterMatchesFullParse()
{
    QFETCH(QString, metadata);
    QFETCH(QString, resources);
    QFETCH(bool, expectPartial);
    const test::PreparedInput prepared = test::prepareComparisonInput(metadata, resources, m_dir.path());
    if (!prepared.skip.isEmpty())
        QSKIP(prepared.skip.constData());
    resources = prepared.resources;
    const input::KindFilter filter = compare::inputNeeds(*prepared.reference);

    QTemporaryDir tmp;
    const auto report = [&](const input::KindFilter &f, int &partial) {
        input::FileInputSource source({resources.toStdString()}, true);
        source.setKindFilter(f);
        input::LoadedObjects objects = source.load(Log::null());
        partial = 0;
        for (const auto &o : objects.objects)
            partial += o.partial ? 1 : 0;
        compare::CompareOptions options;
        options.allResources = true;
        options.keepGoing = true;
        options.tmpDir = tmp.path().toStdString();
        compare::CompareEngine engine(prepared.reference, options, Log::null());
        engine.prepare();
        const compare::CompareResult result = engine.compare(std::move(objects.objects));
        QString text = QString::fromStdString(report::writeReport(result.report, *prepared.reference, {}));
        text.replace(QRegularExpression(QStringLiteral("(MERGED|LIVE)-[0-9]+")), QStringLiteral("TEMP"));
        text.replace(QRegularExpression(QStringLiteral("\t[0-9-]+ [0-9:.]+ [+-][0-9]+")), QStringLiteral("\tDATE"));
        return text;
    };
    // A one-off comparison's filter: of the templates' kinds only CRs that correlate.
    const input::KindFilter correlated = compare::inputNeeds(*prepared.reference, {}, compare::FullObjects::Correlated);
    int partialFiltered = 0, partialFull = 0, partialCorrelated = 0;
    const QString filtered = report(filter, partialFiltered);
    const QString full = report(input::KindFilter{}, partialFull);
    QCOMPARE(partialFull, 0);
    QCOMPARE(filtered, full);
    QCOMPARE(report(correlated, partialCorrelated), full);
    QVERIFY(partialCorrelated >= partialFiltered);
    if (expectPartial) {
        QVERIFY2(partialFiltered > 100, "the filter should leave most of a must-gather unparsed");
        QVERIFY2(partialCorrelated > partialFiltered, "unmatched CRs of the reference's kinds should stay unparsed");
    }
}

QTEST_GUILESS_MAIN(tst_MustGatherInput)
#include "tst_mustgatherinput.moc"
