// SPDX-License-Identifier: Apache-2.0
// Comparing again after a change compares only the CRs the change can affect
// (ComparisonMemo, CompareEngine::compareAgain), and gives exactly what
// comparing everything gives: after every step of a random sequence of manual
// pins and unpins, accepted and removed overrides, template edits and edits of
// the cluster data's files (read again through their ReadRecord, which reads
// only changed files), on every conformance case, the bench seed and a
// synthetic must-gather, the objects, the report and the log equal a full
// reading and comparison's.
//
// DRIFTSCOPE_INCREMENTAL_SEED=N replays one sequence; DRIFTSCOPE_INCREMENTAL_STEPS the length.
#include "EngineHarness.h"
#include "TestData.h"
#include "compare/ComparisonMemo.h"
#include "compare/CompareEngine.h"
#include "compare/CrIndependence.h"
#include "compare/InlineDiffDriver.h"
#include "compare/InputNeeds.h"
#include "compare/UserOverrides.h"
#include "input/FileInputSource.h"
#include "input/ReadRecord.h"
#include "pipeline/ComparisonRun.h"
#include "yaml/YamlWriter.h"

#include <QDir>
#include <QDirIterator>
#include <QTemporaryDir>
#include <QRandomGenerator>
#include <QTest>

#include <set>

using namespace ds;

class tst_Incremental : public QObject
{
    Q_OBJECT

private slots:
    void sameAsComparingEverything_data();
    void sameAsComparingEverything();
    void comparesOnlyWhatChanged();
    void unmatchedListsSharedWhileTheSame();
    void readsAndComparesOnlyChangedFiles();
    void recordsReadingOnlyWhenObjectsAreKept();
    void pinnedSkeletonIsReadInFull();
    void pinnedSkeletonThatCannotBeReadFails();
    void keptFilterComparesByValue();

private:
    QTemporaryDir m_dir;
};

namespace {

using Objects = std::shared_ptr<const std::vector<input::ClusterObject>>;

// What the window changes between comparisons of the same CRs.
struct State
{
    std::shared_ptr<ref::Reference> reference;
    std::map<std::string, std::string> manual;
    std::vector<compare::UserOverride> overrides;
};

struct Run
{
    std::shared_ptr<const report::ComparisonReport> report;
    std::shared_ptr<const compare::ComparisonMemo> memo;
    QString text; // describeReport + the log
    bool incremental = false;
    std::size_t compared = 0;
};

// As the window loads a reference: broken templates kept, marked.
std::shared_ptr<ref::Reference> loadReference(const QString &metadata)
{
    ref::ReferenceLoader loader;
    loader.setInlineDiffValidator(compare::inlineDiffValidator());
    ref::LoadResult loaded = loader.loadMetadata(metadata.toStdString());
    if (!loaded.ok())
        return nullptr;
    (void)loader.loadTemplates(*loaded.reference); // errors stay on the templates
    return loaded.reference;
}

// Every object as text: comparing must leave the kept objects as they were read.
QString textOf(const std::vector<input::ClusterObject> &objects)
{
    QString out;
    for (const input::ClusterObject &o : objects)
        out += QString::fromStdString(o.id + "\n" + yaml::writeCanonical(o.object).text);
    return out;
}

// The first CR with differences, or null.
const report::CrResult *firstDrifted(const report::ComparisonReport &report)
{
    const auto it = std::find_if(report.diffs.begin(), report.diffs.end(),
                                 [](const report::CrResult &r) { return r.hasDiff(); });
    return it == report.diffs.end() ? nullptr : &*it;
}

// Compares `objects` with `state`; incrementally from `previous` when given.
Run compareWith(const State &state, const Objects &objects, const Run *previous, const QString &tmpDir)
{
    compare::CompareOptions options;
    options.verbose = options.allResources = options.keepGoing = options.explain = true;
    options.manualCorrelations = state.manual;
    options.overridesPath = state.overrides.empty() ? "" : "overrides.yaml";
    options.tmpDir = tmpDir.toStdString();
    test::CollectingLog log;
    compare::CompareEngine engine(state.reference, options, log);
    engine.setObjectsShared(true); // as the window keeps them
    if (auto error = engine.prepare())
        return {nullptr, nullptr, QString::fromStdString("prepare: " + *error)};
    if (!state.overrides.empty())
        engine.setOverrides(std::make_shared<const compare::UserOverrides>(state.overrides));
    auto memo = std::make_shared<compare::ComparisonMemo>();
    Run run;
    std::optional<compare::CompareResult> result;
    if (previous && previous->memo)
        result = engine.compareAgain(*previous->report, *previous->memo, *objects, *memo);
    run.incremental = result.has_value();
    if (!result) {
        *memo = compare::ComparisonMemo();
        result = engine.compare(*objects, nullptr, {}, memo.get());
    }
    memo->bind(objects, previous ? previous->memo.get() : nullptr);
    run.compared = result->compared;
    run.report = std::make_shared<const report::ComparisonReport>(std::move(result->report));
    run.memo = memo;
    run.text = test::describeReport(*run.report, *state.reference);
    if (result->error)
        run.text += QString::fromStdString("error: " + *result->error + "\n");
    // A first comparison also logs the CRs it loads; comparing again does not.
    for (const auto &e : log.entries)
        if (e.text.rfind("Loading object ", 0) != 0 && e.text.rfind("Skipping duplicate object ", 0) != 0)
            run.text += QStringLiteral("%1/%2 %3\n").arg(int(e.severity)).arg(e.verbosity).arg(QString::fromStdString(e.text));
    return run;
}

// The cluster data as the window keeps it: the first object of each id, how
// it was read (dropped when duplicates were), and what reading it logged.
struct Reading
{
    Objects objects;
    std::shared_ptr<const input::ReadRecord> record;
    QString log;
    std::size_t reused = 0;
};

Reading readInputs(const QString &resources, const Reading *previous = nullptr)
{
    input::FileInputSource source({resources.toStdString()}, true);
    source.setRecentChangeMarginNs(0); // every edit below changes the file's size
    if (previous)
        source.readAgainFrom(previous->record, previous->objects);
    test::CollectingLog log;
    input::LoadedObjects loaded = source.load(log);
    Reading reading;
    reading.reused = loaded.filesReused;
    for (const auto &e : log.entries)
        reading.log += QStringLiteral("%1 %2\n").arg(int(e.severity)).arg(QString::fromStdString(e.text));
    std::vector<input::ClusterObject> unique;
    std::set<std::string> seen;
    for (auto &o : loaded.objects)
        if (seen.insert(o.id).second)
            unique.push_back(std::move(o));
    if (unique.size() == loaded.objects.size())
        reading.record = loaded.record;
    reading.objects = std::make_shared<const std::vector<input::ClusterObject>>(std::move(unique));
    return reading;
}

QStringList resourceFiles(const QString &dir)
{
    QStringList files;
    QDirIterator it(dir, {QStringLiteral("*.yaml"), QStringLiteral("*.yml"), QStringLiteral("*.json")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        files << it.next();
    files.sort();
    return files;
}

// One random edit of the cluster data's files, each changing a file's size
// (or its name): a changed line, an added document, a removed file, a copy.
QString editInputs(const QString &dir, const Objects &objects, const report::ComparisonReport &report,
                   QRandomGenerator &random)
{
    const auto pick = [&](qsizetype n) { return static_cast<qsizetype>(random.bounded(static_cast<quint32>(n))); };
    const QStringList files = resourceFiles(dir);
    if (files.isEmpty())
        return QStringLiteral("no input file to edit");
    QString file = files[pick(files.size())];
    // Half of the edits are of a file with a CR that was compared (most CRs are not).
    if (!report.diffs.empty() && random.bounded(2) == 0) {
        const std::string &id = report.diffs[std::size_t(pick(qsizetype(report.diffs.size())))].crName;
        for (const input::ClusterObject &o : *objects)
            if (o.id == id && QFileInfo::exists(QString::fromStdString(o.source)))
                file = QString::fromStdString(o.source);
    }
    const QString name = QDir(dir).relativeFilePath(file);
    switch (random.bounded(4)) {
    case 0: { // append a character to a line: a value, a key or an id changes, or the file stops decoding
        QStringList lines = QString::fromStdString(test::readFile(file)).split(u'\n');
        const qsizetype line = pick(lines.size());
        lines[line] += QStringLiteral("x");
        test::writeFile(file, lines.join(u'\n').toUtf8());
        return QStringLiteral("append x to line %1 of %2").arg(line + 1).arg(name);
    }
    case 1: { // add a document: a renamed copy of a CR
        if (!file.endsWith(QLatin1String(".yaml")) || objects->empty())
            return QStringLiteral("no document added");
        Value copy = (*objects)[std::size_t(pick(qsizetype(objects->size())))].object.deepCopy();
        if (Value metadata = copy.get("metadata"); metadata.isMap()) // shares the copy's map
            metadata.insert("name", Value(input::stringField(copy, {"metadata", "name"}) + "-added"));
        QFile out(file);
        if (!out.open(QIODevice::Append))
            return QStringLiteral("cannot append to ") + name;
        out.write("\n---\n" + QByteArray::fromStdString(yaml::writeCanonical(copy).text));
        return QStringLiteral("add a document to ") + name;
    }
    case 2:
        QFile::remove(file);
        return QStringLiteral("remove ") + name;
    default: // the same CRs again, under another name: duplicates, the first of each id wins
        QFile::copy(file, file.left(file.lastIndexOf(u'.')) + QStringLiteral("-copy.yaml"));
        return QStringLiteral("copy ") + name;
    }
}

// One random change, as the window makes them; a description of it.
QString change(State &state, const Objects &objects, const report::ComparisonReport &report, QRandomGenerator &random,
               const QString &inputs, bool &inputsEdited)
{
    const auto pick = [&](std::size_t n) { return static_cast<std::size_t>(random.bounded(static_cast<quint32>(n))); };
    const std::vector<ref::ReferenceTemplate> &templates = state.reference->templates;
    inputsEdited = false;
    switch (random.bounded(8)) {
    case 0:
    case 1: { // drag a CR onto a template
        if (objects->empty())
            return QStringLiteral("no CR to pin");
        const std::string id = (*objects)[pick(objects->size())].id;
        state.manual[id] = templates[pick(templates.size())].path;
        return QString::fromStdString("pin " + id + " to " + state.manual[id]);
    }
    case 2: { // unpin
        if (state.manual.empty())
            return QStringLiteral("nothing to unpin");
        auto it = std::next(state.manual.begin(), static_cast<std::ptrdiff_t>(pick(state.manual.size())));
        const std::string id = it->first;
        state.manual.erase(it);
        return QString::fromStdString("unpin " + id);
    }
    case 3: { // accept a drifted CR's differences
        std::vector<const report::CrResult *> drifted;
        for (const report::CrResult &r : report.diffs)
            if (r.hasDiff() && !r.acceptPatch.empty())
                drifted.push_back(&r);
        if (drifted.empty())
            return QStringLiteral("nothing to accept");
        const report::CrResult &r = *drifted[pick(drifted.size())];
        state.overrides.push_back(compare::UserOverrides::accepting(r, "accepted in a test"));
        return QString::fromStdString("accept " + r.crName);
    }
    case 4: { // remove an override
        if (state.overrides.empty())
            return QStringLiteral("no override to remove");
        const std::size_t i = pick(state.overrides.size());
        state.overrides.erase(state.overrides.begin() + static_cast<std::ptrdiff_t>(i));
        return QStringLiteral("remove override %1").arg(i);
    }
    case 6:
    case 7:
        inputsEdited = true;
        return editInputs(inputs, objects, report, random);
    default: { // edit a template file and load the reference again
        const ref::ReferenceTemplate &t = templates[pick(templates.size())];
        const QString path = QString::fromStdString(state.reference->directory + "/" + t.path);
        QStringList lines = QString::fromStdString(test::readFile(path)).split(u'\n');
        QString what;
        if (random.bounded(2) == 0 || lines.size() < 6) { // parses differently, renders the same
            lines.prepend(QStringLiteral("{{- $edited := %1 }}").arg(random.bounded(1000)));
            what = QStringLiteral("declare a variable in ");
        } else { // renders differently, or not at all
            const qsizetype line = 4 + static_cast<qsizetype>(pick(static_cast<std::size_t>(lines.size() - 4)));
            lines[line] += QStringLiteral("x");
            what = QStringLiteral("append x to line %1 of ").arg(line + 1);
        }
        test::writeFile(path, lines.join(u'\n').toUtf8());
        const QString metadata = QString::fromStdString(state.reference->metadataFile);
        if (auto reloaded = loadReference(metadata))
            state.reference = std::move(reloaded);
        return what + QString::fromStdString(t.path);
    }
    }
}

Objects objectsOf(const QString &resources)
{
    return readInputs(resources).objects;
}

} // namespace

void tst_Incremental::sameAsComparingEverything_data()
{
    QTest::addColumn<QString>("metadata");
    QTest::addColumn<QString>("resources");
    for (const test::ComparisonInput &input : test::comparisonInputs())
        QTest::newRow(qPrintable(input.name)) << input.metadata << input.resources;
}

void tst_Incremental::sameAsComparingEverything()
{
    QFETCH(QString, metadata);
    QFETCH(QString, resources);
    const test::PreparedInput prepared = test::prepareComparisonInput(metadata, resources, m_dir.path());
    if (!prepared.skip.isEmpty())
        QSKIP(prepared.skip.constData());
    // The reference and the cluster data are edited: copies of their folders.
    const QString tag = QString::fromLatin1(QTest::currentDataTag()).replace(u' ', u'-');
    const QString copy = m_dir.filePath(QStringLiteral("ref-") + tag);
    test::copyTree(QFileInfo(metadata).path(), copy);
    const QString inputs = m_dir.filePath(QStringLiteral("in-") + tag);
    test::copyTree(prepared.resources, inputs);
    State state;
    state.reference = loadReference(copy + QStringLiteral("/") + QFileInfo(metadata).fileName());
    QVERIFY(state.reference);
    Reading reading = readInputs(inputs);
    if (reading.objects->empty() || state.reference->templates.empty())
        QSKIP("nothing to compare");

    const quint32 seed = qEnvironmentVariableIsSet("DRIFTSCOPE_INCREMENTAL_SEED")
        ? quint32(qEnvironmentVariableIntValue("DRIFTSCOPE_INCREMENTAL_SEED"))
        : quint32(qHash(QString::fromLatin1(QTest::currentDataTag())));
    const int steps = qEnvironmentVariableIsSet("DRIFTSCOPE_INCREMENTAL_STEPS")
        ? qEnvironmentVariableIntValue("DRIFTSCOPE_INCREMENTAL_STEPS")
        : 14;
    QRandomGenerator random(seed);
    Run incremental = compareWith(state, reading.objects, nullptr, m_dir.path());
    QVERIFY2(incremental.report, qPrintable(incremental.text));
    QStringList history;
    int incrementalSteps = 0;
    for (int step = 0; step < steps; ++step) {
        bool inputsEdited = false;
        history << change(state, reading.objects, *incremental.report, random, inputs, inputsEdited);
        Reading fresh = readInputs(inputs);
        if (inputsEdited) {
            reading = readInputs(inputs, &reading);
            if (textOf(*reading.objects) != textOf(*fresh.objects) || reading.log != fresh.log) {
                qWarning().noquote() << "seed" << seed << "steps:\n " << history.join(QStringLiteral("\n  "));
                QCOMPARE(reading.log, fresh.log);
                QCOMPARE(textOf(*reading.objects), textOf(*fresh.objects));
            }
        }
        const Run full = compareWith(state, fresh.objects, nullptr, m_dir.path());
        incremental = compareWith(state, reading.objects, &incremental, m_dir.path());
        QVERIFY2(incremental.report && full.report, qPrintable(full.text));
        if (incremental.text != full.text) {
            qWarning().noquote() << "seed" << seed << "steps:\n " << history.join(QStringLiteral("\n  "));
            if (qEnvironmentVariableIsSet("DRIFTSCOPE_INCREMENTAL_DUMP")) {
                test::writeFile(QStringLiteral("/tmp/inc.txt"), incremental.text.toUtf8());
                test::writeFile(QStringLiteral("/tmp/full.txt"), full.text.toUtf8());
            }
            QCOMPARE(incremental.text, full.text);
        }
        incrementalSteps += incremental.incremental ? 1 : 0;
    }
    // Comparing left the kept objects as they were read.
    QCOMPARE(textOf(*reading.objects), textOf(*readInputs(inputs).objects));
    // References without lookups of computed kinds take the incremental path.
    if (!compare::crIndependence(*state.reference).sideBySide)
        return;
    QVERIFY2(incrementalSteps > 0, qPrintable(history.join(u'\n')));
}

// A pin re-compares the pinned CR alone; an accepted override the accepted
// CR alone; an edited template the CRs compared with it.
void tst_Incremental::comparesOnlyWhatChanged()
{
    const QString seed = test::dataPath(QStringLiteral("shared/bench/seed-core"));
    const QString reference = test::dataPath(QStringLiteral("shared/bench/reference-core"));
    const QString copy = m_dir.filePath(QStringLiteral("reference-core"));
    test::copyTree(reference, copy);
    State state;
    state.reference = loadReference(copy + QStringLiteral("/metadata.yaml"));
    QVERIFY(state.reference);
    const Objects objects = objectsOf(seed);
    const Run first = compareWith(state, objects, nullptr, m_dir.path());
    QCOMPARE(first.compared, objects->size());
    const report::CrResult *drifted = firstDrifted(*first.report);
    QVERIFY(drifted);

    state.manual[drifted->crName] = drifted->correlatedTemplate;
    const Run pinned = compareWith(state, objects, &first, m_dir.path());
    QVERIFY(pinned.incremental);
    QCOMPARE(pinned.compared, std::size_t(1));

    state.overrides.push_back(compare::UserOverrides::accepting(*drifted, "intended"));
    const Run accepted = compareWith(state, objects, &pinned, m_dir.path());
    QVERIFY(accepted.incremental);
    QCOMPARE(accepted.compared, std::size_t(1));
    const report::CrResult *patched = nullptr;
    for (const report::CrResult &r : accepted.report->diffs)
        patched = r.crName == drifted->crName ? &r : patched;
    QVERIFY(patched && !patched->hasDiff() && !patched->patched.empty());

    // Every CR compared with the edited template, and only those.
    const std::size_t t = drifted->templateIndex;
    std::size_t using_t = 0;
    for (const report::CrResult &r : accepted.report->diffs)
        using_t += std::any_of(r.candidates.begin(), r.candidates.end(),
                               [&](const report::CandidateResult &c) { return c.templateIndex == t; })
            ? 1
            : 0;
    const QString path = copy + QStringLiteral("/") + QString::fromStdString(state.reference->templates[t].path);
    test::writeFile(path, QByteArray::fromStdString("{{- $edited := 1 }}\n" + test::readFile(path)));
    state.reference = loadReference(copy + QStringLiteral("/metadata.yaml"));
    const Run edited = compareWith(state, objects, &accepted, m_dir.path());
    QVERIFY(edited.incremental);
    QCOMPARE(edited.compared, using_t);
    QCOMPARE(edited.text, compareWith(state, objects, nullptr, m_dir.path()).text);
}

// Comparing again after a change that cannot touch the unmatched CRs (a
// drifted CR pinned) shares the previous report's unmatched lists instead of
// copying every id; pinning an unmatched CR lists one fewer, as a full
// comparison does.
void tst_Incremental::unmatchedListsSharedWhileTheSame()
{
    const QString seed = m_dir.filePath(QStringLiteral("seed"));
    test::copyTree(test::dataPath(QStringLiteral("shared/bench/seed-core")), seed);
    test::writeFile(seed + QStringLiteral("/extra-cm.yaml"),
                    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: nobody-templates-me\n  namespace: extra\n");
    State state;
    state.reference = loadReference(test::dataPath(QStringLiteral("shared/bench/reference-core/metadata.yaml")));
    QVERIFY(state.reference);
    const Objects objects = objectsOf(seed);
    const Run first = compareWith(state, objects, nullptr, m_dir.path());
    const std::string extra = "v1_ConfigMap_extra_nobody-templates-me";
    QVERIFY(std::find(first.report->unmatchedAll.begin(), first.report->unmatchedAll.end(), extra)
            != first.report->unmatchedAll.end());
    const report::CrResult *drifted = firstDrifted(*first.report);
    QVERIFY(drifted);

    state.manual[drifted->crName] = drifted->correlatedTemplate;
    const Run pinned = compareWith(state, objects, &first, m_dir.path());
    QVERIFY(pinned.incremental);
    QCOMPARE(&pinned.report->unmatchedAll.ids(), &first.report->unmatchedAll.ids());
    QCOMPARE(&pinned.report->summary.unmatchedCRs.ids(), &first.report->summary.unmatchedCRs.ids());
    QCOMPARE(pinned.text, compareWith(state, objects, nullptr, m_dir.path()).text);

    // A ConfigMap template of the reference, pinned to the unmatched ConfigMap.
    const auto configMap = std::find_if(state.reference->templates.begin(), state.reference->templates.end(),
                                        [](const ref::ReferenceTemplate &t) {
                                            return t.metadata.get("kind").isString() && t.metadata.get("kind").str() == "ConfigMap";
                                        });
    QVERIFY(configMap != state.reference->templates.end());
    state.manual[extra] = configMap->path;
    const Run paired = compareWith(state, objects, &pinned, m_dir.path());
    QVERIFY(paired.incremental);
    QCOMPARE(paired.report->unmatchedAll.size() + 1, pinned.report->unmatchedAll.size());
    QVERIFY(&paired.report->unmatchedAll.ids() != &pinned.report->unmatchedAll.ids());
    QCOMPARE(paired.text, compareWith(state, objects, nullptr, m_dir.path()).text);

    // The unmatched ConfigMap's file edited and read again (the reload of a
    // window): the CR is compared again, still unmatched at its place, so the
    // lists are the same ones; removing its namespace's file changes them.
    state.manual.clear();
    Reading reading = readInputs(seed);
    const Run read = compareWith(state, reading.objects, nullptr, m_dir.path());
    test::writeFile(seed + QStringLiteral("/extra-cm.yaml"),
                    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: nobody-templates-me\n  namespace: extra\n"
                    "data:\n  edited: \"yes\"\n");
    reading = readInputs(seed, &reading);
    QCOMPARE(reading.reused + 1, std::size_t(resourceFiles(seed).size()));
    const Run reread = compareWith(state, reading.objects, &read, m_dir.path());
    QVERIFY(reread.incremental);
    QCOMPARE(reread.compared, std::size_t(1));
    QCOMPARE(&reread.report->unmatchedAll.ids(), &read.report->unmatchedAll.ids());
    QCOMPARE(&reread.report->summary.unmatchedCRs.ids(), &read.report->summary.unmatchedCRs.ids());
    QCOMPARE(reread.text, compareWith(state, readInputs(seed).objects, nullptr, m_dir.path()).text);

    QVERIFY(QFile::remove(seed + QStringLiteral("/extra-cm.yaml")));
    reading = readInputs(seed, &reading);
    const Run removed = compareWith(state, reading.objects, &reread, m_dir.path());
    QVERIFY(removed.incremental);
    QCOMPARE(removed.report->unmatchedAll.size() + 1, reread.report->unmatchedAll.size());
    QCOMPARE(removed.text, compareWith(state, readInputs(seed).objects, nullptr, m_dir.path()).text);
}

// Reading the cluster data again reads only the files changed since, and
// comparing again compares only their CRs: an edited file's, none for a
// removed file, the new file's.
void tst_Incremental::readsAndComparesOnlyChangedFiles()
{
    const QString inputs = m_dir.filePath(QStringLiteral("seed-files"));
    test::copyTree(test::dataPath(QStringLiteral("shared/bench/seed-core")), inputs);
    State state;
    state.reference = loadReference(test::dataPath(QStringLiteral("shared/bench/reference-core/metadata.yaml")));
    QVERIFY(state.reference);
    Reading reading = readInputs(inputs);
    QVERIFY(reading.record);
    const qsizetype files = resourceFiles(inputs).size();
    QCOMPARE(qsizetype(reading.record->files.size()), files);
    Run run = compareWith(state, reading.objects, nullptr, m_dir.path());
    const auto step = [&](const char *what, qsizetype reread, std::size_t compared) {
        reading = readInputs(inputs, &reading);
        QCOMPARE(qsizetype(reading.reused), resourceFiles(inputs).size() - reread);
        run = compareWith(state, reading.objects, &run, m_dir.path());
        QVERIFY2(run.incremental, what);
        QCOMPARE(run.compared, compared);
        QCOMPARE(run.text, compareWith(state, readInputs(inputs).objects, nullptr, m_dir.path()).text);
    };

    step("nothing changed", 0, 0);
    QVERIFY(!QTest::currentTestFailed());
    // A file whose CRs are of kinds no template looks up: its CRs alone, even
    // when it decodes the same.
    const std::set<std::string> lookedUp = compare::crIndependence(*state.reference).lookedUpKinds;
    std::map<QString, bool> alone; // file → none of its CRs is looked up
    for (const input::ClusterObject &o : *reading.objects) {
        const QString source = QString::fromStdString(o.source);
        alone.try_emplace(source, true);
        alone[source] = alone[source] && !lookedUp.count(input::stringField(o.object, {"kind"}));
    }
    QString file;
    const input::ClusterObject *sample = nullptr;
    for (const report::CrResult &r : run.report->diffs)
        for (const input::ClusterObject &o : *reading.objects)
            if (!sample && o.id == r.crName && alone[QString::fromStdString(o.source)]) {
                sample = &o;
                file = QString::fromStdString(o.source);
            }
    QVERIFY(sample);
    Value added = sample->object.deepCopy();
    QFile edited(file);
    QVERIFY(edited.open(QIODevice::Append));
    edited.write("\n# edited\n");
    edited.close();
    const std::size_t inFile = std::size_t(std::count_if(reading.objects->begin(), reading.objects->end(),
        [&](const input::ClusterObject &o) { return QString::fromStdString(o.source) == file; }));
    step("edited", 1, inFile);
    QVERIFY(!QTest::currentTestFailed());

    // A new file with one CR: that CR; the file removed again: nothing to compare.
    added.get("metadata").insert("name", Value("added-by-the-test"));
    test::writeFile(inputs + QStringLiteral("/zz-added.yaml"), QByteArray::fromStdString(yaml::writeCanonical(added).text));
    step("added", 1, 1);
    QVERIFY(!QTest::currentTestFailed());
    QVERIFY(QFile::remove(inputs + QStringLiteral("/zz-added.yaml")));
    step("removed", 0, 0);
}

QTEST_GUILESS_MAIN(tst_Incremental)
// A run that keeps its CRs (the window's) can read again from its record; a
// one-off run (the CLI's) has nothing to read again and keeps no record.
void tst_Incremental::recordsReadingOnlyWhenObjectsAreKept()
{
    // Files written just now are not recorded (FileInputSource::kRecentChangeNs): read in place.
    const QString inputs = test::dataPath(QStringLiteral("shared/bench/seed-core"));
    for (const bool keep : {true, false}) {
        pipeline::ComparisonRequest request;
        request.reference.metadataPath = test::dataPath(QStringLiteral("shared/bench/reference-core/metadata.yaml")).toStdString();
        request.clusterData.kind = pipeline::ClusterDataSource::Kind::Files;
        request.clusterData.paths = {inputs.toStdString()};
        request.clusterData.recursive = true;
        request.keepObjects = keep;
        request.options.tmpDir = m_dir.path().toStdString();
        pipeline::ComparisonRun run(std::move(request), Log::null());
        const std::optional<std::string> error = run.run();
        QVERIFY2(!error, error ? error->c_str() : "");
        QVERIFY(run.report());
        QCOMPARE(run.readRecord() != nullptr, keep);
        if (keep)
            QCOMPARE(qsizetype(run.readRecord()->files.size()), resourceFiles(inputs).size());
    }
}

namespace {

// A reference with one ConfigMap template of a fixed name, and two ConfigMaps:
// one it correlates with, one whose name it does not have.
QString writePinFixture(const QString &dir)
{
    test::writeFile(dir + QStringLiteral("/ref/metadata.yaml"),
                    "apiVersion: v2\nparts:\n- name: p\n  components:\n  - name: c\n    allOf:\n    - path: cm.yaml\n");
    test::writeFile(dir + QStringLiteral("/ref/cm.yaml"),
                    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: fixed\n  namespace: ns\ndata:\n  key: v\n");
    test::writeFile(dir + QStringLiteral("/crs/fixed.yaml"),
                    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: fixed\n  namespace: ns\ndata:\n  key: v\n");
    test::writeFile(dir + QStringLiteral("/crs/other.yaml"),
                    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: other\n  namespace: ns\ndata:\n  key: "
                    "only-in-other\n");
    return dir + QStringLiteral("/ref/metadata.yaml");
}

const std::string kOther = "v1_ConfigMap_ns_other";

pipeline::ComparisonRequest pinRequest(const QString &dir, bool keep, bool pinned)
{
    pipeline::ComparisonRequest request;
    request.reference.metadataPath = (dir + QStringLiteral("/ref/metadata.yaml")).toStdString();
    request.clusterData.kind = pipeline::ClusterDataSource::Kind::Files;
    request.clusterData.paths = {(dir + QStringLiteral("/crs")).toStdString()};
    request.keepObjects = keep;
    request.options.keepGoing = keep; // as the window compares
    request.options.tmpDir = (dir + QStringLiteral("/tmp")).toStdString();
    if (pinned)
        request.options.manualCorrelations[kOther] = "cm.yaml";
    return request;
}

const input::ClusterObject *objectNamed(const std::vector<input::ClusterObject> &objects, const std::string &id)
{
    for (const input::ClusterObject &o : objects)
        if (o.id == id)
            return &o;
    return nullptr;
}

// Pinning kOther after `read` (the window's pin, made to the objects it has):
// the pinned CRs that could not be read in full, and the report (null when a step failed).
struct LaterPin
{
    std::vector<std::string> unread;
    std::shared_ptr<const report::ComparisonReport> report;
};

LaterPin pinLater(const QString &dir, const pipeline::ComparisonRun &read)
{
    pipeline::ComparisonRun later(pinRequest(dir, true, true), Log::null());
    later.useReference(read.reference());
    later.useObjects(read.objects());
    LaterPin pin;
    pin.unread = later.readPinnedInFull();
    if (!later.prepareEngine() && !later.compare())
        pin.report = later.report();
    return pin;
}

} // namespace

// The window reads in full only the CRs a template correlates with by identity;
// a pin makes another correlate, and that CR is then read in full from its file:
// the report is the one-off run's (which reads pinned kinds in full up front).
void tst_Incremental::pinnedSkeletonIsReadInFull()
{
    QTemporaryDir dir;
    writePinFixture(dir.path());
    QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("tmp"))));
    pipeline::ComparisonRun unpinned(pinRequest(dir.path(), true, false), Log::null());
    QVERIFY(!unpinned.run());
    QVERIFY(objectNamed(*unpinned.objects(), kOther)->partial); // no template correlates with it

    test::CollectingLog log;
    pipeline::ComparisonRun kept(pinRequest(dir.path(), true, true), log);
    QVERIFY(!kept.run());
    QVERIFY(!objectNamed(*kept.objects(), kOther)->partial);
    for (const auto &e : log.entries)
        QVERIFY2(e.severity != Log::Severity::Error, e.text.c_str());
    pipeline::ComparisonRun oneOff(pinRequest(dir.path(), false, true), Log::null());
    QVERIFY(!oneOff.run());
    const auto reference = kept.reference();
    QCOMPARE(test::describeReport(*kept.report(), *reference), test::describeReport(*oneOff.report(), *reference));
    bool compared = false;
    for (const report::CrResult &r : kept.report()->diffs)
        compared |= r.crName == kOther && r.diffOutput.find("only-in-other") != std::string::npos;
    QVERIFY2(compared, "the pinned CR is compared with its content");

    // Pinned later, to objects already read (the window's pin): the same.
    const LaterPin later = pinLater(dir.path(), unpinned);
    QVERIFY(later.unread.empty());
    QVERIFY(later.report);
    QCOMPARE(test::describeReport(*later.report, *reference), test::describeReport(*oneOff.report(), *reference));
    QVERIFY(objectNamed(*unpinned.objects(), kOther)->partial); // what was read is not changed
}

// A pinned skeleton whose file is gone is said to be unread, and fails in the
// report instead of being compared as the identity it is.
void tst_Incremental::pinnedSkeletonThatCannotBeReadFails()
{
    QTemporaryDir dir;
    writePinFixture(dir.path());
    QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("tmp"))));
    pipeline::ComparisonRun unpinned(pinRequest(dir.path(), true, false), Log::null());
    QVERIFY(!unpinned.run());
    QVERIFY(QFile::remove(dir.filePath(QStringLiteral("crs/other.yaml"))));

    const LaterPin later = pinLater(dir.path(), unpinned);
    QCOMPARE(later.unread, std::vector<std::string>{kOther}); // the window then reads everything again
    QVERIFY(later.report);
    QCOMPARE(later.report->failures.size(), std::size_t(1));
    QCOMPARE(later.report->failures.front().crName, kOther);
    for (const report::CrResult &r : later.report->diffs)
        QVERIFY(r.crName != kOther);
}

// A reload loads the reference again: the kept CRs' filter must still equal
// the one they were read with (or everything is read again), and differ when
// what correlates changed.
void tst_Incremental::keptFilterComparesByValue()
{
    QTemporaryDir dir;
    const QString metadata = writePinFixture(dir.path());
    const auto first = loadReference(metadata);
    const auto second = loadReference(metadata);
    QVERIFY(first && second);
    const input::KindFilter a = compare::inputNeeds(*first, {}, compare::FullObjects::Correlated);
    const input::KindFilter b = compare::inputNeeds(*second, {}, compare::FullObjects::Correlated);
    QVERIFY(a.keepsIdentity != b.keepsIdentity);
    QVERIFY(a == b);
    test::replaceInFile(dir.filePath(QStringLiteral("ref/cm.yaml")), "name: fixed", "name: renamed");
    const auto renamed = loadReference(metadata);
    QVERIFY(renamed);
    QVERIFY(!(compare::inputNeeds(*renamed, {}, compare::FullObjects::Correlated) == a));
    test::replaceInFile(dir.filePath(QStringLiteral("ref/cm.yaml")), "key: v", "key: w"); // the body only
    QVERIFY(compare::inputNeeds(*loadReference(metadata), {}, compare::FullObjects::Correlated)
            == compare::inputNeeds(*renamed, {}, compare::FullObjects::Correlated));
}

#include "tst_incremental.moc"
