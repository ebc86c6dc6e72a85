// SPDX-License-Identifier: Apache-2.0
#include "ComparisonJob.h"

#include "compare/CompareEngine.h"
#include "compare/InlineDiffDriver.h"
#include "compare/InputNeeds.h"
#include "input/DocumentDecoder.h"
#include "input/FileInputSource.h"
#include "live/LiveInputSource.h"
#include "reference/ReferenceLoader.h"
#include "util/Log.h"

#include <QFile>
#include <QFileInfo>

#include <mutex>
#include <set>

namespace ds::ui {

namespace {

// Collects what the engine logs as Problems of one stage.
class ProblemLog : public Log
{
public:
    explicit ProblemLog(ProblemList &problems) : m_problems(problems) {}
    void setStage(Problem::Stage stage) { m_stage = stage; }

    void message(Severity severity, int verbosity, const std::string &text) override
    {
        if (verbosity > 0)
            return;
        const auto s = severity == Severity::Error     ? Problem::Severity::Error
                       : severity == Severity::Warning ? Problem::Severity::Warning
                                                       : Problem::Severity::Info;
        const std::lock_guard guard(m_lock);
        m_problems.append(Problem::fromMessage(s, m_stage, QString::fromStdString(text)));
    }
    void error(const std::string &text) { message(Severity::Error, 0, text); }

private:
    ProblemList &m_problems;
    Problem::Stage m_stage = Problem::Stage::Reference;
    std::mutex m_lock;
};

std::shared_ptr<const ref::Reference> loadReference(const QString &path, ProblemLog &log)
{
    ref::ReferenceLoader loader(log);
    loader.setInlineDiffValidator(compare::inlineDiffValidator());
    const ref::LoadResult loaded = loader.load(metadataFileOf(path).toStdString());
    if (!loaded.ok()) {
        log.error(*loaded.error);
        return nullptr;
    }
    for (const std::string &w : loaded.reference->warnings)
        log.warning(w);
    return loaded.reference;
}

std::vector<std::string> toStd(const QStringList &list)
{
    std::vector<std::string> out;
    for (const QString &s : list)
        out.push_back(s.toStdString());
    return out;
}

// Every object once (the first occurrence wins, as in the engine).
std::vector<input::ClusterObject> unique(std::vector<input::ClusterObject> objects)
{
    std::set<std::string> seen;
    std::vector<input::ClusterObject> out;
    for (auto &o : objects)
        if (seen.insert(o.id).second)
            out.push_back(std::move(o));
    return out;
}

std::shared_ptr<const std::vector<input::ClusterObject>> loadObjects(input::InputSource &source,
                                                                     const QString &label,
                                                                     const std::atomic_bool &cancel,
                                                                     const JobProgress &progress, ProblemLog &log)
{
    const auto reportProgress = [&](std::size_t done, std::size_t total, const std::string &) {
        if (progress)
            progress(int(done), int(total), label);
    };
    input::LoadedObjects loaded = source.load(log, &cancel, reportProgress);
    if (!loaded.ok()) {
        if (!cancel.load())
            log.error(*loaded.error);
        return nullptr;
    }
    return std::make_shared<const std::vector<input::ClusterObject>>(unique(std::move(loaded.objects)));
}

std::shared_ptr<const std::vector<input::ClusterObject>> loadFiles(const ComparisonJobRequest &request,
                                                                   const ref::Reference *reference,
                                                                   const std::atomic_bool &cancel,
                                                                   const JobProgress &progress, ProblemLog &log,
                                                                   QString &description)
{
    // Directories are read recursively: nobody wants to think about -R in a GUI.
    input::FileInputSource source(toStd(request.inputPaths), true);
    if (reference)
        source.setKindFilter(compare::inputNeeds(*reference, request.manualCorrelations));
    auto objects = loadObjects(source, QObject::tr("Reading cluster data"), cancel, progress, log);
    description = QString::fromStdString(source.description());
    return objects;
}

// What to fetch depends on the reference: without one there is nothing to ask for.
std::shared_ptr<const std::vector<input::ClusterObject>> fetchCluster(const ComparisonJobRequest &request,
                                                                      const ref::Reference *reference,
                                                                      const std::atomic_bool &cancel,
                                                                      const JobProgress &progress, ProblemLog &log,
                                                                      QString &description)
{
    live::LiveSettings settings;
    settings.kubeconfig = request.cluster->kubeconfig.toStdString();
    settings.context = request.cluster->context.toStdString();
    description = request.cluster->context.isEmpty() ? QObject::tr("current kubeconfig context")
                                                      : QObject::tr("context %1").arg(request.cluster->context);
    if (!reference) {
        log.message(Log::Severity::Info, 0,
                    QObject::tr("Connected to %1: open a reference to fetch the kinds it needs.")
                        .arg(description)
                        .toStdString());
        return nullptr;
    }
    // The GUI lists every unmatched CR, so whole kinds are fetched as with -A.
    live::FetchNeeds needs = live::FetchNeeds::fromReference(*reference, request.manualCorrelations, true);
    needs.keepGoing = true; // a forbidden kind is a Problem; the rest is still compared
    live::LiveInputSource source(settings, std::move(needs));
    auto objects = loadObjects(source, QObject::tr("Fetching from the cluster"), cancel, progress, log);
    if (!source.contextName().empty())
        description = QString::fromStdString(source.description());
    return objects;
}

// Manual pairs can name CRs whose kind the reference does not use; those were
// loaded as skeletons and must be read in full before comparing.
// From a cluster, only the kinds the reference needed were fetched: a pair
// naming a CR that was not fetched needs a new fetch.
bool manualPairsNeedFullObjects(const ComparisonJobRequest &request, const std::vector<input::ClusterObject> &objects)
{
    std::set<std::string> present;
    for (const auto &o : objects) {
        if (o.partial && request.manualCorrelations.count(o.id))
            return true;
        present.insert(o.id);
    }
    if (request.cluster)
        for (const auto &[id, path] : request.manualCorrelations)
            if (!present.count(id))
                return true;
    return false;
}

// The engine edits CRs in place (omitted fields); the snapshot keeps originals.
std::vector<input::ClusterObject> workingCopies(const std::vector<input::ClusterObject> &objects)
{
    std::vector<input::ClusterObject> copies = objects;
    for (auto &o : copies)
        if (!o.partial)
            o.object = o.object.deepCopy();
    return copies;
}

std::shared_ptr<const report::ComparisonReport> compare(const ComparisonJobRequest &request,
                                                         const std::shared_ptr<const ref::Reference> &reference,
                                                         const std::vector<input::ClusterObject> &objects,
                                                         const std::atomic_bool &cancel, const JobProgress &progress,
                                                         ProblemLog &log)
{
    compare::CompareOptions options;
    options.keepGoing = true;    // one broken template must not hide the rest
    options.allResources = true; // the GUI always lists unmatched CRs
    options.manualCorrelations = request.manualCorrelations;
    options.tmpDir = request.tmpDir.toStdString();
    auto engine = std::make_unique<compare::CompareEngine>(reference, options, log);
    if (auto error = engine->prepare()) {
        log.error(*error);
        options.manualCorrelations.clear(); // compare without the broken pairs
        engine = std::make_unique<compare::CompareEngine>(reference, options, log);
        engine->prepare();
    }
    const auto reportProgress = [&](std::size_t done, std::size_t total) {
        if (progress)
            progress(int(done), int(total), QObject::tr("Comparing"));
    };
    compare::CompareResult result = engine->compare(workingCopies(objects), &cancel, reportProgress);
    if (!result.ok())
        return nullptr; // only cancellation: keepGoing turns failures into report entries
    for (const auto &failure : result.report.failures)
        log.error(failure.crName + ": " + failure.error);
    return std::make_shared<const report::ComparisonReport>(std::move(result.report));
}

} // namespace

QString metadataFileOf(const QString &referencePath)
{
    const QFileInfo info(referencePath);
    return info.isDir() ? info.absoluteFilePath() + QStringLiteral("/metadata.yaml") : referencePath;
}

ComparisonJobResult runComparisonJob(const ComparisonJobRequest &request, const std::atomic_bool &cancel,
                                     const JobProgress &progress)
{
    ComparisonJobResult result;
    ProblemLog log(result.problems);
    result.reference = request.reference;
    result.objects = request.objects;
    if (request.loadReference && !request.referencePath.isEmpty()) {
        if (progress)
            progress(0, 0, QObject::tr("Loading reference"));
        log.setStage(Problem::Stage::Reference);
        result.reference = loadReference(request.referencePath, log);
        result.referenceLoaded = true;
    }
    const bool reread = request.loadInputs
        || (result.objects && manualPairsNeedFullObjects(request, *result.objects));
    if (reread && request.cluster) {
        log.setStage(Problem::Stage::Input);
        result.objects = fetchCluster(request, result.reference.get(), cancel, progress, log, result.inputDescription);
        result.inputsLoaded = true;
    } else if (reread && !request.inputPaths.isEmpty()) {
        log.setStage(Problem::Stage::Input);
        result.objects = loadFiles(request, result.reference.get(), cancel, progress, log, result.inputDescription);
        result.inputsLoaded = true;
    }
    if (cancel.load()) {
        result.cancelled = true;
        return result;
    }
    if (request.compare && result.reference && result.objects) {
        log.setStage(Problem::Stage::Comparison);
        result.report = compare(request, result.reference, *result.objects, cancel, progress, log);
        result.compared = true;
    }
    result.cancelled = cancel.load();
    return result;
}

} // namespace ds::ui
