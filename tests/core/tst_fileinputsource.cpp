// SPDX-License-Identifier: Apache-2.0
// Local CR input (`-f`, `-R`) as kubectl's resource builder reads it for
// kube-compare (spec a.2): directory walks, extensions, globs, YAML/JSON
// streams, *List flattening, the "Skipping" warnings and the fatal path errors.
#include "input/DirectoryWalk.h"
#include "input/FileInputSource.h"
#include "util/Log.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <atomic>
#include <functional>
#include <memory>
#include <unistd.h>

using namespace ds;

namespace {

class CollectingLog : public Log
{
public:
    void message(Severity severity, int, const std::string &text) override
    {
        if (severity == Severity::Warning)
            warnings << QString::fromStdString(text);
    }
    QStringList warnings;
};

QString configMap(const QString &name)
{
    return QStringLiteral("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: %1\n  namespace: ns\n").arg(name);
}

QString configMapJson(const QString &name)
{
    return QStringLiteral(R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"%1","namespace":"ns"}})")
        .arg(name);
}

QString id(const QString &name)
{
    return QStringLiteral("v1_ConfigMap_ns_") + name;
}

// kube-compare's skipInvalidResources warning (spec a.2; golden InvalidResourcesAreSkipped).
QString skipping(const QString &where, const QString &error)
{
    return QStringLiteral("Skipping %1 Input contains additional files from supported file extensions (json/yaml) "
                          "that do not contain a valid resource, error: %2.\n In case this file is expected to be "
                          "a valid resource modify it accordingly. ")
        .arg(where, error);
}

QString kindMissing(const QString &path)
{
    return skipping(QLatin1Char('"') + path + QStringLiteral("\":"), QStringLiteral("'Kind' is missing"));
}

const QString kExtensions = QStringLiteral("recognized file extensions are [.json .yaml .yml]");

} // namespace

class tst_FileInputSource : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void load_data();
    void load();
    void listItemsInheritTypeMeta();
    void decodeFileKeepsDocumentsAfterAnInvalidOne();
    void description();
    void walkIsTheSequentialWalk();
    void cancelMidReadGivesNoObjects();

private:
    // Writes `files` (name, content, name, content, ...) below the temporary
    // directory, which is the current directory during each test; a name ending
    // in '/' makes an empty directory.
    void writeFiles(const QStringList &files);

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_previousDir;
};

void tst_FileInputSource::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_previousDir = QDir::currentPath();
    // Relative paths, as in the goldens: they appear verbatim in warnings and errors.
    QVERIFY(QDir::setCurrent(m_dir->path()));
}

void tst_FileInputSource::cleanup()
{
    QDir::setCurrent(m_previousDir);
    m_dir.reset();
}

void tst_FileInputSource::writeFiles(const QStringList &files)
{
    for (qsizetype i = 0; i + 1 < files.size(); i += 2) {
        const QString path = m_dir->filePath(files[i]);
        if (files[i].endsWith(QLatin1Char('/'))) {
            QVERIFY(QDir().mkpath(path));
            continue;
        }
        QVERIFY(QDir().mkpath(QFileInfo(path).path()));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(files[i + 1].toUtf8());
    }
}

void tst_FileInputSource::load_data()
{
    QTest::addColumn<QStringList>("files");
    QTest::addColumn<QStringList>("paths");
    QTest::addColumn<bool>("recursive");
    QTest::addColumn<QStringList>("sources"); // one per loaded object
    QTest::addColumn<QStringList>("ids");
    QTest::addColumn<QStringList>("warnings");
    QTest::addColumn<QString>("error");

    const QStringList tree = {QStringLiteral("crs/a.yaml"),    configMap("a"),
                              QStringLiteral("crs/b.yml"),     configMap("b"),
                              QStringLiteral("crs/c.json"),    configMapJson("c"),
                              QStringLiteral("crs/notes.txt"), configMap("txt"),
                              QStringLiteral("crs/sub/d.yaml"), configMap("d")};
    const QStringList topLevel = {"crs/a.yaml", "crs/b.yml", "crs/c.json"};
    const QStringList topIds = {id("a"), id("b"), id("c")};

    // Directories: only .json/.yaml/.yml, lexical order, subdirectories only with -R.
    QTest::newRow("directory: top level only") << tree << QStringList{"crs"} << false << topLevel << topIds
                                               << QStringList() << QString();
    QTest::newRow("directory: -R descends") << tree << QStringList{"crs"} << true
                                            << (topLevel + QStringList{"crs/sub/d.yaml"})
                                            << (topIds + QStringList{id("d")}) << QStringList() << QString();
    // Folders are walked side by side once there are several; the order stays filepath.Walk's.
    const QStringList folders = {"a.yaml", "d1/x.yaml", "d1/sub/y.yaml", "d2/x.yaml", "d3/x.yaml",
                                 "d4/x.yaml", "d5/deep/z.yaml", "e.yaml", "f/x.yaml"};
    const QStringList walked = {"a.yaml", "d1/sub/y.yaml", "d1/x.yaml", "d2/x.yaml", "d3/x.yaml",
                                "d4/x.yaml", "d5/deep/z.yaml", "e.yaml", "f/x.yaml"};
    for (const QString &top : {QStringLiteral("crs"), QStringLiteral("top/crs")}) {
        QStringList files, sources, ids;
        for (const QString &f : folders)
            files << top + u'/' + f << configMap(QString(f).replace(u'/', u'-').section(u'.', 0, 0));
        for (const QString &f : walked) {
            sources << top + u'/' + f;
            ids << id(QString(f).replace(u'/', u'-').section(u'.', 0, 0));
        }
        QTest::newRow(qPrintable(QStringLiteral("directory: -R walks folders side by side in order, below ") + top))
            << files << QStringList{top.section(u'/', 0, 0)} << true << sources << ids << QStringList() << QString();
    }
    QTest::newRow("directory: byte order, not collation")
        << QStringList{"crs/a.yaml", configMap("a"), "crs/B.yaml", configMap("B"), "crs/_u.yaml", configMap("u")}
        << QStringList{"crs"} << false << QStringList{"crs/B.yaml", "crs/_u.yaml", "crs/a.yaml"}
        << QStringList{id("B"), id("u"), id("a")} << QStringList() << QString();
    QTest::newRow("directory: dot files are read")
        << QStringList{"crs/.hidden.yaml", configMap("h"), "crs/a.yaml", configMap("a")} << QStringList{"crs"}
        << false << QStringList{"crs/.hidden.yaml", "crs/a.yaml"} << QStringList{id("h"), id("a")}
        << QStringList() << QString();
    // filepath.Walk joins (and so cleans) the names it finds.
    QTest::newRow("directory: ./ and trailing slash cleaned") << tree << QStringList{"./crs/"} << false << topLevel
                                                             << topIds << QStringList() << QString();
    QTest::newRow("named file: any extension") << tree << QStringList{"crs/notes.txt"} << false
                                               << QStringList{"crs/notes.txt"} << QStringList{id("txt")}
                                               << QStringList() << QString();
    QTest::newRow("named files: in the given order") << tree << QStringList{"crs/b.yml", "crs/a.yaml"} << false
                                                    << QStringList{"crs/b.yml", "crs/a.yaml"}
                                                    << QStringList{id("b"), id("a")} << QStringList() << QString();

    // Globs are expanded only when the literal path does not exist (Go's filepath.Glob).
    QTest::newRow("glob: files") << tree << QStringList{"crs/*.y*ml"} << false
                                 << QStringList{"crs/a.yaml", "crs/b.yml"} << QStringList{id("a"), id("b")}
                                 << QStringList() << QString();
    QTest::newRow("glob: * matches dot files as in Go")
        << QStringList{"crs/.hidden.yaml", configMap("h"), "crs/a.yaml", configMap("a")}
        << QStringList{"crs/*.yaml"} << false << QStringList{"crs/.hidden.yaml", "crs/a.yaml"}
        << QStringList{id("h"), id("a")} << QStringList() << QString();
    QTest::newRow("glob: directories are walked")
        << QStringList{"mg2/ns/y.yaml", configMap("y2"), "mg1/ns/x.yaml", configMap("x")} << QStringList{"mg*/ns"}
        << false << QStringList{"mg1/ns/x.yaml", "mg2/ns/y.yaml"} << QStringList{id("x"), id("y2")}
        << QStringList() << QString();
    QTest::newRow("glob: literal file wins over pattern")
        << QStringList{"crs/[a].yaml", configMap("literal"), "crs/a.yaml", configMap("a")}
        << QStringList{"crs/[a].yaml"} << false << QStringList{"crs/[a].yaml"} << QStringList{id("literal")}
        << QStringList() << QString();

    // Streams: `---` separated YAML, empty and null documents skipped.
    QTest::newRow("multi-document YAML")
        << QStringList{"crs/multi.yaml", "---\n" + configMap("a") + "---\n---\nnull\n---\n# only a comment\n---\n"
                                             + configMap("b") + "--- \n" + configMap("c")}
        << QStringList{"crs"} << false << QStringList{"crs/multi.yaml", "crs/multi.yaml", "crs/multi.yaml"}
        << QStringList{id("a"), id("b"), id("c")} << QStringList() << QString();
    QTest::newRow("JSON stream") << QStringList{"crs/two.json", configMapJson("a") + "\n" + configMapJson("b")}
                                 << QStringList{"crs"} << false << QStringList{"crs/two.json", "crs/two.json"}
                                 << QStringList{id("a"), id("b")} << QStringList() << QString();
    QTest::newRow("empty file") << QStringList{"crs/empty.yaml", "", "crs/a.yaml", configMap("a")}
                                << QStringList{"crs"} << false << QStringList{"crs/a.yaml"} << QStringList{id("a")}
                                << QStringList() << QString();

    // *List kinds are flattened into their items.
    QTest::newRow("ConfigMapList flattened")
        << QStringList{"crs/list.yaml", "apiVersion: v1\nkind: ConfigMapList\nmetadata: {}\nitems:\n"
                                        "- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: a\n    namespace: ns\n"
                                        "- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: b\n    namespace: ns\n"}
        << QStringList{"crs"} << false << QStringList{"crs/list.yaml", "crs/list.yaml"}
        << QStringList{id("a"), id("b")} << QStringList() << QString();
    QTest::newRow("v1 List flattened (JSON)")
        << QStringList{"crs/list.json", R"({"apiVersion":"v1","kind":"List","items":[)" + configMapJson("a") + ","
                                            + R"({"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d","namespace":"ns"}}]})"}
        << QStringList{"crs"} << false << QStringList{"crs/list.json", "crs/list.json"}
        << QStringList{id("a"), "apps/v1_Deployment_ns_d"} << QStringList() << QString();
    QTest::newRow("empty List") << QStringList{"crs/list.yaml", "apiVersion: v1\nkind: List\nitems: []\n",
                                               "crs/a.yaml", configMap("a")}
                                << QStringList{"crs"} << false << QStringList{"crs/a.yaml"} << QStringList{id("a")}
                                << QStringList() << QString();
    QTest::newRow("typed list items get apiVersion and kind")
        << QStringList{"crs/list.yaml", "apiVersion: v1\nkind: ConfigMapList\nitems:\n"
                                        "- metadata:\n    name: a\n    namespace: ns\n"
                                        "- metadata:\n    name: b\n    namespace: ns\n"}
        << QStringList{"crs"} << false << QStringList{"crs/list.yaml", "crs/list.yaml"}
        << QStringList{id("a"), id("b")} << QStringList() << QString();

    // Invalid documents are skipped with kube-compare's warning (golden InvalidResourcesAreSkipped).
    const QString noKindJson = QStringLiteral("{\n  \"glossary\": {\n    \"title\": \"example glossary\"\n      }\n}\n");
    const QString noKindYaml = QStringLiteral("# Resource With No Kind\napiVersion: apps/v1\nmetadata:\n  name: x\n");
    const QString badYaml =
        QStringLiteral("kind: Deployment\napiVersion: apps/v1\nspec:\n  replicas: 1\n    revisionHistoryLimit: 10\n");
    QTest::newRow("JSON without kind") << QStringList{"crs/d1.json", noKindJson, "crs/a.yaml", configMap("a")}
                                       << QStringList{"crs"} << false << QStringList{"crs/a.yaml"}
                                       << QStringList{id("a")} << QStringList{kindMissing("crs/d1.json")}
                                       << QString();
    QTest::newRow("YAML without kind") << QStringList{"crs/d3.yaml", noKindYaml, "crs/a.yaml", configMap("a")}
                                       << QStringList{"crs"} << false << QStringList{"crs/a.yaml"}
                                       << QStringList{id("a")} << QStringList{kindMissing("crs/d3.yaml")}
                                       << QString();
    QTest::newRow("YAML syntax error")
        << QStringList{"crs/d4.yaml", badYaml, "crs/a.yaml", configMap("a")} << QStringList{"crs"} << false
        << QStringList{"crs/a.yaml"} << QStringList{id("a")}
        << QStringList{skipping("crs/d4.yaml:", ": mapping values are not allowed in this context")} << QString();
    QTest::newRow("document without kind does not hide the next ones")
        << QStringList{"crs/mixed.yaml", noKindYaml + "---\n" + configMap("a") + "---\n" + configMap("b")}
        << QStringList{"crs"} << false << QStringList{"crs/mixed.yaml", "crs/mixed.yaml"}
        << QStringList{id("a"), id("b")} << QStringList{kindMissing("crs/mixed.yaml")} << QString();
    QTest::newRow("syntax error stops the rest of the file")
        << QStringList{"crs/mixed.yaml", configMap("a") + "---\n" + badYaml + "---\n" + configMap("b")}
        << QStringList{"crs"} << false << QStringList{"crs/mixed.yaml"} << QStringList{id("a")}
        << QStringList{skipping("crs/mixed.yaml:", ": mapping values are not allowed in this context")}
        << QString();
    QTest::newRow("two kind-less documents, two warnings")
        << QStringList{"crs/x.yaml", noKindYaml + "---\n" + noKindYaml, "crs/y.yaml", configMap("y2")}
        << QStringList{"crs"} << false << QStringList{"crs/y.yaml"} << QStringList{id("y2")}
        << QStringList{kindMissing("crs/x.yaml"), kindMissing("crs/x.yaml")} << QString();

    // Duplicates are the engine's business (first one wins there).
    QTest::newRow("duplicates kept") << QStringList{"crs/a.yaml", configMap("a"), "crs/b.yaml", configMap("a")}
                                     << QStringList{"crs"} << false << QStringList{"crs/a.yaml", "crs/b.yaml"}
                                     << QStringList{id("a"), id("a")} << QStringList() << QString();

    // Fatal path errors (golden TestLocalResourceFileDoesntexist; spec a.2).
    QTest::newRow("missing path") << tree << QStringList{"nothere"} << false << QStringList() << QStringList()
                                  << QStringList()
                                  << QStringLiteral("failed to collect resources: the path \"nothere\" does not exist");
    QTest::newRow("glob without match") << tree << QStringList{"crs/*.xml"} << false << QStringList()
                                        << QStringList() << QStringList()
                                        << QStringLiteral(
                                               "failed to collect resources: the path \"crs/*.xml\" does not exist");
    // kubectl's builder collects the errors of all paths into one aggregate.
    QTest::newRow("two missing paths") << tree << QStringList{"nothere", "crs/a.yaml", "gone"} << false
                                       << QStringList() << QStringList() << QStringList()
                                       << QStringLiteral("failed to collect resources: [the path \"nothere\" does not "
                                                         "exist, the path \"gone\" does not exist]");
    QTest::newRow("same missing path twice") << tree << QStringList{"nothere", "nothere"} << false << QStringList()
                                             << QStringList() << QStringList()
                                             << QStringLiteral(
                                                    "failed to collect resources: the path \"nothere\" does not exist");
    QTest::newRow("directory without resources")
        << QStringList{"other/notes.txt", "x"} << QStringList{"other"} << false << QStringList() << QStringList()
        << QStringList() << "failed to collect resources: error reading [other]: " + kExtensions;
    QTest::newRow("path with .. cleaned in walked names") << tree << QStringList{"crs/sub/.."} << false << topLevel
                                                      << topIds << QStringList() << QString();
    QTest::newRow("empty directory without -R") << QStringList{"top/sub/a.yaml", configMap("a")}
                                                 << QStringList{"top"} << false << QStringList() << QStringList()
                                                 << QStringList()
                                                 << "failed to collect resources: error reading [top]: " + kExtensions;
    // Builder.Path only complains while nothing has been collected so far.
    QTest::newRow("empty directory after resources")
        << (tree + QStringList{"empty/", ""}) << QStringList{"crs/a.yaml", "empty"} << false
        << QStringList{"crs/a.yaml"} << QStringList{id("a")} << QStringList() << QString();
    QTest::newRow("empty directory before resources")
        << (tree + QStringList{"empty/", ""}) << QStringList{"empty", "crs/a.yaml"} << false << QStringList()
        << QStringList() << QStringList() << "failed to collect resources: error reading [empty]: " + kExtensions;
    QTest::newRow("glob of empty directories lists all matches")
        << QStringList{"e1/", "", "e2/", ""} << QStringList{"e*"} << false << QStringList() << QStringList()
        << QStringList() << "failed to collect resources: error reading [e1 e2]: " + kExtensions;
}

void tst_FileInputSource::load()
{
    QFETCH(QStringList, files);
    QFETCH(QStringList, paths);
    QFETCH(bool, recursive);
    QFETCH(QStringList, sources);
    QFETCH(QStringList, ids);
    QFETCH(QStringList, warnings);
    QFETCH(QString, error);

    writeFiles(files);
    std::vector<std::string> stdPaths;
    for (const QString &p : paths)
        stdPaths.push_back(p.toStdString());
    CollectingLog log;
    input::FileInputSource source(stdPaths, recursive);
    const input::LoadedObjects loaded = source.load(log);

    QCOMPARE(QString::fromStdString(loaded.error.value_or("")), error);
    QStringList gotSources, gotIds;
    for (const auto &o : loaded.objects) {
        gotSources << QString::fromStdString(o.source);
        gotIds << QString::fromStdString(o.id);
    }
    QCOMPARE(gotIds, ids);
    QCOMPARE(gotSources, sources);
    QCOMPARE(log.warnings, warnings);
}

void tst_FileInputSource::listItemsInheritTypeMeta()
{
    // apimachinery decodeToList: items lacking both fields inherit them; others keep theirs.
    const std::string text = "apiVersion: apps/v1\nkind: DeploymentList\nitems:\n"
                             "- metadata: {name: a, namespace: ns}\n"
                             "- apiVersion: apps/v1beta1\n  kind: StatefulSet\n  metadata: {name: b, namespace: ns}\n";
    CollectingLog log;
    std::vector<input::ClusterObject> out;
    input::FileInputSource::decodeFile("list.yaml", text, log, out);
    QCOMPARE(out.size(), std::size_t(2));
    QCOMPARE(QString::fromStdString(out[0].id), QStringLiteral("apps/v1_Deployment_ns_a"));
    QCOMPARE(QString::fromStdString(out[0].object.get("kind").str()), QStringLiteral("Deployment"));
    QCOMPARE(QString::fromStdString(out[0].object.get("apiVersion").str()), QStringLiteral("apps/v1"));
    QCOMPARE(QString::fromStdString(out[1].id), QStringLiteral("apps/v1beta1_StatefulSet_ns_b"));
    QVERIFY(log.warnings.isEmpty());
}

void tst_FileInputSource::decodeFileKeepsDocumentsAfterAnInvalidOne()
{
    CollectingLog log;
    std::vector<input::ClusterObject> out;
    const std::string text = R"({"metadata":{"name":"x"}} )" + configMapJson("a").toStdString();
    input::FileInputSource::decodeFile("f.json", text, log, out);
    QCOMPARE(out.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(out[0].id), id("a"));
    QCOMPARE(QString::fromStdString(out[0].source), QStringLiteral("f.json"));
    QCOMPARE(log.warnings, QStringList{kindMissing("f.json")});
}

void tst_FileInputSource::description()
{
    input::FileInputSource source({"a", "b/c"}, true);
    QCOMPARE(QString::fromStdString(source.description()), QStringLiteral("a, b/c"));
}

// input::walkDirectory shares folders out between walkers at several depths;
// on random trees its result is exactly a plain one-folder-at-a-time walk in
// byte order (files with other extensions left out, unreadable folders named).
void tst_FileInputSource::walkIsTheSequentialWalk()
{
    QRandomGenerator random(24);
    const std::function<void(const QString &, int)> grow = [&](const QString &dir, int depth) {
        QVERIFY(QDir().mkpath(dir));
        for (int i = random.bounded(0, 4); i > 0; --i) {
            const char *extensions[] = {".yaml", ".yml", ".json", ".txt"};
            QFile f(dir + u'/' + QString::number(random.bounded(100)) + QLatin1String(extensions[random.bounded(4)]));
            QVERIFY(f.open(QIODevice::WriteOnly));
        }
        if (depth < 5)
            for (int i = random.bounded(depth < 3 ? 3 : 0, 7); i > 0; --i)
                grow(dir + u'/' + QString::number(random.bounded(100)) + (i % 2 ? QString() : QStringLiteral(".d")), depth + 1);
    };
    const std::function<void(const std::string &, std::vector<std::string> &)> sequential =
        [&](const std::string &dir, std::vector<std::string> &out) {
            QStringList names = QDir(QString::fromStdString(dir)).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);
            std::vector<std::string> sorted;
            for (const QString &n : names)
                sorted.push_back(n.toStdString());
            std::sort(sorted.begin(), sorted.end());
            for (const std::string &name : sorted) {
                const std::string path = dir + '/' + name;
                if (QFileInfo(QString::fromStdString(path)).isDir())
                    sequential(path, out);
                else if (input::hasResourceExtension(path))
                    out.push_back(path);
            }
        };
    for (int tree = 0; tree < 5; ++tree) {
        const QString root = QStringLiteral("walk%1").arg(tree);
        grow(root, 0);
        std::vector<std::string> expected, files, unreadable;
        sequential(root.toStdString(), expected);
        input::walkDirectory(root, true, files, unreadable);
        QCOMPARE(files, expected);
        QVERIFY(unreadable.empty());
    }
    // A folder that cannot be read is named where the walk met it, the rest still walked.
    if (::geteuid() != 0) {
        const QString locked = QStringLiteral("walk0/0locked");
        QVERIFY(QDir().mkpath(locked));
        QVERIFY(QFile::setPermissions(locked, QFileDevice::Permissions()));
        std::vector<std::string> files, unreadable;
        input::walkDirectory(QStringLiteral("walk0"), true, files, unreadable);
        QFile::setPermissions(locked, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        QCOMPARE(unreadable, std::vector<std::string>{"open walk0/0locked: permission denied"});
        std::vector<std::string> expected;
        sequential("walk0", expected);
        QCOMPARE(files, expected);
    }
}

// A cancel that lands while files are still being read ends the load with an
// error, so no caller can mistake the files read so far for the whole input.
// The cancel comes from the progress callback, on a reading thread, so it
// lands mid-read on any machine.
void tst_FileInputSource::cancelMidReadGivesNoObjects()
{
    QStringList files;
    for (int i = 0; i < 400; ++i)
        files << QStringLiteral("crs/cm-%1.yaml").arg(i, 3, 10, QLatin1Char('0')) << configMapJson(QString::number(i));
    writeFiles(files);
    std::atomic_bool cancel{false};
    std::atomic<std::size_t> doneAtCancel{0};
    const input::ProgressCallback progress = [&](std::size_t done, std::size_t total, const std::string &) {
        if (done >= 20 && done < total && !cancel.exchange(true))
            doneAtCancel = done;
    };
    CollectingLog log;
    input::FileInputSource source({"crs"}, false);
    const input::LoadedObjects loaded = source.load(log, &cancel, progress);
    QVERIFY(cancel.load());
    QVERIFY(doneAtCancel.load() < 400);
    QCOMPARE(QString::fromStdString(loaded.error.value_or("")), QStringLiteral("cancelled"));
    QVERIFY(!loaded.ok());
}

QTEST_GUILESS_MAIN(tst_FileInputSource)
#include "tst_fileinputsource.moc"
