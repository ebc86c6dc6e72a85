// SPDX-License-Identifier: Apache-2.0
#include "ComparisonJob.h"

#include "reference/ReferenceStamps.h"

#include "image/ImageName.h"
#include "lint/ReferenceLinter.h"
#include "schema/CrdCatalog.h"

#include "pipeline/ComparisonRun.h"
#include "util/Log.h"
#include "util/UrlReader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QUrl>

#include <algorithm>
#include <array>
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
    // An error about one cluster CR: the Problems panel goes to it.
    void errorAbout(const std::string &crId, const std::string &text)
    {
        Problem p = Problem::fromMessage(Problem::Severity::Error, m_stage, QString::fromStdString(crId + ": " + text));
        p.crId = QString::fromStdString(crId);
        const std::lock_guard guard(m_lock);
        m_problems.append(p);
    }

private:
    ProblemList &m_problems;
    Problem::Stage m_stage = Problem::Stage::Reference;
    std::mutex m_lock;
};

QString stageLabel(pipeline::RunStage stage)
{
    switch (stage) {
    case pipeline::RunStage::PullingImage: return QObject::tr("Pulling the reference image");
    case pipeline::RunStage::LoadingReference: return QObject::tr("Loading reference");
    case pipeline::RunStage::ReadingFiles: return QObject::tr("Reading cluster data");
    case pipeline::RunStage::FetchingFromCluster: return QObject::tr("Fetching from the cluster");
    case pipeline::RunStage::Comparing: return QObject::tr("Comparing");
    }
    return {};
}

QString clusterLabel(const ClusterTarget &cluster)
{
    return cluster.context.isEmpty() ? QObject::tr("current kubeconfig context")
                                     : QObject::tr("context %1").arg(cluster.context);
}

// What the window compares: everything it opened, every unmatched CR listed,
// one broken template never hiding the rest.
pipeline::ComparisonRequest pipelineRequest(const ComparisonJobRequest &request)
{
    pipeline::ComparisonRequest out;
    out.reference.metadataPath = metadataFileOf(request.referencePath).toStdString();
    pipeline::ClusterDataSource &data = out.clusterData;
    if (request.cluster) {
        data.kind = pipeline::ClusterDataSource::Kind::LiveCluster;
        data.cluster.kubeconfig = request.cluster->kubeconfig.toStdString();
        data.cluster.context = request.cluster->context.toStdString();
    } else if (!request.inputPaths.isEmpty()) {
        data.kind = pipeline::ClusterDataSource::Kind::Files;
        for (const QString &path : request.inputPaths)
            data.paths.push_back(path.toStdString());
        data.recursive = true; // nobody wants to think about -R in a GUI
    }
    out.options.keepGoing = true;
    out.options.allResources = true;
    out.options.explain = true; // the window explains every verdict
    out.options.manualCorrelations = request.manualCorrelations;
    // kube-compare marks a CR as patched by naming the -p file; overrides not
    // saved yet still patch, and the reports say they are unsaved.
    out.options.overridesPath = request.overrides && request.overridesPath.isEmpty()
        ? QObject::tr("unsaved overrides").toStdString()
        : request.overridesPath.toStdString();
    out.overrides = request.overrides;
    out.options.tmpDir = request.tmpDir.toStdString();
    out.keepObjects = true;
    out.compareWithoutBrokenPairs = true;
    out.keepBrokenTemplates = true;
    return out;
}

// From a cluster, only the kinds the reference needed were fetched: a pair
// naming a CR that was not fetched, or fetched as a skeleton, needs a new
// fetch. (CRs read from files as skeletons are read in full by
// ComparisonRun::readPinnedInFull, one by one.)
bool manualPairsNeedFetching(const ComparisonJobRequest &request, const std::vector<input::ClusterObject> &objects)
{
    if (request.manualCorrelations.empty() || !request.cluster)
        return false;
    std::set<std::string_view> present;
    for (const auto &o : objects) {
        if (o.partial && request.manualCorrelations.count(o.id))
            return true;
        present.insert(o.id);
    }
    for (const auto &[id, path] : request.manualCorrelations)
        if (!present.count(id))
            return true;
    return false;
}

// Reads the cluster data again into `snapshot`. When that fails for inputs
// that were read before, the last good objects stay, marked stale.
void readInputs(const ComparisonJobRequest &request, pipeline::ComparisonRun &run, const std::atomic_bool &cancel,
                ProblemLog &log, ComparisonSnapshot &snapshot, ComparisonJobResult &result)
{
    log.setStage(Problem::Stage::Input);
    std::optional<std::string> error;
    if (run.request().clusterData.kind == pipeline::ClusterDataSource::Kind::LiveCluster && !snapshot.reference)
        log.message(Log::Severity::Info, 0,
                    QObject::tr("Connected to %1: open a reference to fetch the kinds it needs.")
                        .arg(clusterLabel(*request.cluster))
                        .toStdString());
    else if (error = run.readClusterData(); error && !cancel.load())
        log.error(*error);
    if (cancel.load() && !run.objects()) { // a half-read input is never shown
        if (request.keepObjectsOnFailure)
            snapshot.objects = request.objects;
        return;
    }
    result.inputsLoaded = true;
    if (error && !cancel.load() && request.keepObjectsOnFailure && request.objects) {
        run.useObjects(request.objects);
        run.readPinnedInFull();
        snapshot.objects = run.objects();
        snapshot.staleBecause = QString::fromStdString(*error);
        return;
    }
    snapshot.readRecord = run.readRecord();
    result.filesReused = run.filesReused();
    result.filesRead = run.filesRead();
    result.readAgain = request.keepObjectsOnFailure && request.readRecord;
    snapshot.inputDescription = run.inputDescription().empty() && request.cluster
        ? clusterLabel(*request.cluster).toStdString()
        : run.inputDescription();
    snapshot.readAt = QDateTime::currentDateTime();
}

} // namespace

QString metadataFileOf(const QString &referencePath)
{
    const QFileInfo info(referencePath);
    return info.isDir() ? info.absoluteFilePath() + QStringLiteral("/metadata.yaml") : referencePath;
}

QString referenceName(const QString &referencePath)
{
    std::string error;
    if (const auto image = image::parseContainerReference(referencePath.toStdString(), error)) { // "ref:v1 (quay.io)"
        const std::string &repo = image->image.repository;
        const std::string tag = image->image.tag.empty() ? image->image.digest.substr(0, 19) : image->image.tag;
        return QStringLiteral("%1:%2 (%3)")
            .arg(QString::fromStdString(repo.substr(repo.rfind('/') + 1)), QString::fromStdString(tag),
                 QString::fromStdString(image->image.registry));
    }
    if (isHttpUrl(referencePath.toStdString())) { // "reference (example.com)"
        const QUrl url(referencePath);
        const QStringList segments = url.path().split(QLatin1Char('/'), Qt::SkipEmptyParts);
        const QString dir = segments.size() >= 2 ? segments[segments.size() - 2] : url.host();
        return QStringLiteral("%1 (%2)").arg(dir, url.host());
    }
    const QFileInfo info(referencePath);
    return info.fileName() == QLatin1String("metadata.yaml") ? info.dir().dirName() : info.fileName();
}

// What `driftscope-cli lint` says of a reference, as warnings in Problems when
// it loads (template load errors are there already). The CRDs come from the
// cluster data when it is a folder (a must-gather carries its cluster's CRDs).
static void lintOnLoad(const ref::Reference &reference, const QStringList &inputPaths, ProblemList &problems)
{
    if (isHttpUrl(reference.metadataFile))
        return; // nothing on disk to look through for unlisted files
    lint::LintOptions options;
    for (const QString &path : inputPaths)
        if (QFileInfo(path).isDir())
            options.clusterDataPaths.push_back(path.toStdString());
    for (const lint::LintFinding &f : lint::lintLoadedReference(reference, options).findings) {
        if (f.rule == "template/parse")
            continue;
        Problem p;
        p.severity = f.severity == lint::LintFinding::Severity::Info ? Problem::Severity::Info : Problem::Severity::Warning;
        p.stage = Problem::Stage::Lint;
        p.message = QStringLiteral("lint: %1%2 [%3]")
                        .arg(f.path.empty() ? QString() : QString::fromStdString(f.path) + QStringLiteral(": "),
                             QString::fromStdString(f.message), QString::fromStdString(f.rule));
        p.file = QString::fromStdString(f.file);
        p.line = f.line;
        p.column = f.column;
        problems.append(p);
    }
}

// The CRDs of cluster data given as folders (a must-gather carries its
// cluster's), read on the job's thread; null when there are none.
static std::shared_ptr<const schema::CrdCatalog> crdsIn(const QStringList &inputPaths)
{
    auto catalog = std::make_shared<schema::CrdCatalog>();
    for (const QString &path : inputPaths)
        if (QFileInfo(path).isDir())
            (void)catalog->addMustGatherCrds(path.toStdString()); // a CRD that does not read is simply not used
    return catalog->size() > 0 ? catalog : nullptr;
}

// Reading the same folders again, the kernel named every path that changed
// (ComparisonRun::changedPaths): while none lies in a customresourcedefinitions
// folder, the CRDs found last time still hold and so does the lint that used
// them. Without a journal the folders were walked and anything may differ.
static bool crdsUnchanged(const ComparisonJobRequest &request, const pipeline::ComparisonRun &run)
{
    const std::optional<std::vector<std::string>> &changed = run.changedPaths();
    return request.keepObjectsOnFailure && changed
        && std::none_of(changed->begin(), changed->end(), [](const std::string &path) {
               return path.find("/customresourcedefinitions/") != std::string::npos;
           });
}

// Reload from Disk reads the reference again only when one of its files
// changed (or another reference was opened): parsing every template again
// would give the same reference.
bool referenceUnchanged(const ComparisonJobRequest &request)
{
    return request.reference && request.referenceStamps
        && request.referenceStamps->unchanged(metadataFileOf(request.referencePath).toStdString());
}

ComparisonJobResult runComparisonJob(const ComparisonJobRequest &request, const std::atomic_bool &cancel,
                                     const JobProgress &progress)
{
    ComparisonJobResult result;
    ProblemLog log(result.problems);
    // Translated once: reading calls this for every file, from several threads.
    std::array<QString, std::size_t(pipeline::RunStage::Comparing) + 1> labels;
    for (std::size_t i = 0; i < labels.size(); ++i)
        labels[i] = stageLabel(pipeline::RunStage(i));
    pipeline::ComparisonRun run(pipelineRequest(request), log, &cancel,
                                [&progress, &labels](pipeline::RunStage stage, std::size_t done, std::size_t total) {
                                    if (progress)
                                        progress(int(done), int(total), labels[std::size_t(stage)]);
                                });
    const bool loadReference = request.loadReference && !request.referencePath.isEmpty() && !referenceUnchanged(request);
    if (!loadReference)
        run.useReference(request.reference);
    bool reread = request.loadInputs || (request.objects && manualPairsNeedFetching(request, *request.objects));
    if (!reread) {
        run.useObjects(request.objects);
        // A pinned CR that cannot be read on its own (from a URL, its file gone): read everything again.
        reread = !run.readPinnedInFull().empty();
        if (reread)
            run.useObjects(nullptr);
    }
    if (!reread) {
        run.usePrevious(request.report, request.memo);
    } else if (request.keepObjectsOnFailure && request.objects) { // the same inputs again
        run.readAgainFrom(request.readRecord, request.objects);
        run.usePrevious(request.report, request.memo);
    }

    ComparisonSnapshot snapshot;
    snapshot.manualCorrelations = request.manualCorrelations;
    snapshot.inputDescription = request.inputDescription;
    snapshot.readAt = request.objectsReadAt;
    snapshot.readRecord = request.readRecord;
    snapshot.referenceStamps = loadReference ? nullptr : request.referenceStamps;
    if (loadReference) {
        log.setStage(Problem::Stage::Reference);
        const std::int64_t started = QDateTime::currentMSecsSinceEpoch() * 1'000'000;
        if (auto error = run.loadReference(); error && !cancel.load()) // a cancelled pull is no problem
            log.error(*error);
        else if (run.reference())
            snapshot.referenceStamps = ref::ReferenceStamps::taken(*run.reference(), run.request().reference.metadataPath, started);
        result.referenceLoaded = true;
    }
    // Lint when the reference loads (while the cluster data's folders are
    // walked), and again when the cluster data read next may bring other CRDs.
    if (loadReference && run.reference() && !cancel.load()) {
        lintOnLoad(*run.reference(), request.inputPaths, result.problems);
        result.linted = true;
    }
    snapshot.reference = run.reference();
    if (reread && run.request().clusterData.kind != pipeline::ClusterDataSource::Kind::None)
        readInputs(request, run, cancel, log, snapshot, result);
    const bool sameCrds = !request.loadInputs || crdsUnchanged(request, run);
    snapshot.crds = sameCrds ? request.crds : crdsIn(request.inputPaths);
    if (!sameCrds && !loadReference && request.reference && !cancel.load()) {
        lintOnLoad(*request.reference, request.inputPaths, result.problems);
        result.linted = true;
    }
    snapshot.objects = snapshot.objects ? snapshot.objects : run.objects();
    if (!cancel.load() && request.compare && snapshot.reference && snapshot.objects) {
        log.setStage(Problem::Stage::Comparison);
        if (auto error = run.prepareEngine())
            log.error(*error);
        if (auto error = run.compare(); error && !cancel.load())
            log.error(*error);
        snapshot.report = run.report();
        snapshot.memo = run.memo();
        result.comparedCrs = run.comparedCount();
        snapshot.options = run.request().options;
        snapshot.overrides = run.request().overrides;
        if (snapshot.report)
            for (const auto &failure : snapshot.report->failures)
                log.errorAbout(failure.crName, failure.error);
        result.compared = true;
    }
    result.cancelled = cancel.load();
    if (!result.cancelled) {
        result.snapshot = ComparisonSnapshot::indexed(std::move(snapshot));
    } else if (result.referenceLoaded || result.inputsLoaded) {
        // What finished before the cancel stays: a loaded reference, CRs read
        // in full — never a half-read input or a half-made report.
        snapshot.report.reset();
        result.compared = false;
        result.snapshot = ComparisonSnapshot::indexed(std::move(snapshot));
    }
    return result;
}

ComparisonJobResult withoutComparison(ComparisonJobResult result)
{
    if (!result.referenceLoaded && !result.inputsLoaded)
        result.snapshot.reset(); // nothing was loaded: what is shown stays as it is
    if (result.snapshot && result.snapshot->report) {
        ComparisonSnapshot kept = *result.snapshot;
        kept.report.reset();
        result.snapshot = ComparisonSnapshot::indexed(std::move(kept));
    }
    result.compared = false;
    result.problems.removeIf([](const Problem &p) { return p.stage == Problem::Stage::Comparison; });
    return result;
}

} // namespace ds::ui
