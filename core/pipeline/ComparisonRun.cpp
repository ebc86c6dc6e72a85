// SPDX-License-Identifier: Apache-2.0
#include "ComparisonRun.h"

#include "input/ClusterVersion.h"
#include "input/ObjectReloader.h"
#include "util/UrlReader.h"

#include "compare/CompareEngine.h"
#include "compare/ComparisonMemo.h"
#include "compare/DiffConfig.h"
#include "compare/InlineDiffDriver.h"
#include "compare/InputNeeds.h"
#include "compare/UserOverrides.h"
#include "image/ImageName.h"
#include "image/ImagePuller.h"
#include "input/FileInputSource.h"
#include "live/LiveInputSource.h"
#include "live/UrlFetcher.h"
#include "reference/ReferenceLoader.h"

#include <algorithm>
#include <mutex>

namespace ds::pipeline {

namespace {

// kube-compare reads a reference URL up to 5 times, kubectl an input URL 3 times.
constexpr int kReferenceUrlAttempts = 5;
constexpr int kInputUrlAttempts = 3;

// Passes messages on and keeps the warnings and errors of reading the cluster
// data: with --keep-going an input source logs what it could not read as errors
// and still returns the rest, and the report must say so.
class InputLog : public Log
{
public:
    explicit InputLog(Log &next) : m_next(next) {}
    void message(Severity severity, int verbosity, const std::string &text) override
    {
        if (severity != Severity::Info) {
            const std::lock_guard guard(m_lock);
            (severity == Severity::Error ? m_errors : m_warnings).push_back(text);
        }
        m_next.message(severity, verbosity, text);
    }
    std::vector<std::string> takeErrors() { return std::move(m_errors); }
    std::vector<std::string> takeWarnings() { return std::move(m_warnings); }

private:
    Log &m_next;
    std::mutex m_lock; // input sources log from their reading threads
    std::vector<std::string> m_errors;
    std::vector<std::string> m_warnings;
};

using SharedObjects = std::shared_ptr<const std::vector<input::ClusterObject>>;

// Every object once, the first occurrence of an id winning as in the engine;
// `index` is set to the kept objects' id index. The same ids at the same
// places as the objects compared before (`previous`, each id once) need no
// look: the index made for those serves.
SharedObjects firstOfEachId(std::vector<input::ClusterObject> read, const compare::ComparisonMemo *previous,
                            std::shared_ptr<const input::ObjectIdIndex> &index)
{
    auto objects = std::make_shared<const std::vector<input::ClusterObject>>(std::move(read));
    auto all = input::ObjectIdIndex::of(*objects, previous ? previous->objects.get() : nullptr,
                                        previous ? previous->indexOfId : nullptr);
    if (all->repeated() == 0) {
        index = std::move(all);
        return objects;
    }
    auto kept = std::make_shared<std::vector<input::ClusterObject>>();
    kept->reserve(objects->size() - all->repeated());
    for (std::size_t i = 0; i < objects->size(); ++i)
        if (all->find((*objects)[i].id) == i)
            kept->push_back((*objects)[i]);
    index = std::make_shared<const input::ObjectIdIndex>(*kept);
    return kept;
}

} // namespace

ComparisonRun::ComparisonRun(ComparisonRequest request, Log &log, const std::atomic_bool *cancel,
                             RunProgress progress)
    : m_request(std::move(request)), m_log(log), m_cancel(cancel), m_progress(std::move(progress))
{
}

ComparisonRun::~ComparisonRun() = default;

void ComparisonRun::useReference(std::shared_ptr<const ref::Reference> reference)
{
    m_reference = std::move(reference);
}

void ComparisonRun::useObjects(std::shared_ptr<const std::vector<input::ClusterObject>> objects)
{
    m_objects = std::move(objects);
    m_objectIndex.reset(); // made when the memo is bound
    m_haveClusterData = m_objects != nullptr;
}

void ComparisonRun::usePrevious(std::shared_ptr<const report::ComparisonReport> report,
                                std::shared_ptr<const compare::ComparisonMemo> memo)
{
    m_previousReport = std::move(report);
    m_previousMemo = std::move(memo);
}

void ComparisonRun::readAgainFrom(std::shared_ptr<const input::ReadRecord> record,
                                  std::shared_ptr<const std::vector<input::ClusterObject>> objects)
{
    m_previousRecord = std::move(record);
    m_previousObjects = std::move(objects);
}

std::optional<std::string> ComparisonRun::run()
{
    for (auto step : {&ComparisonRun::loadReference, &ComparisonRun::prepareEngine,
                      &ComparisonRun::readClusterData, &ComparisonRun::compare})
        if (auto error = (this->*step)())
            return error;
    return std::nullopt;
}

// kube-compare reads metadata.yaml, then the diff config, then the templates;
// with several broken inputs the first of these is the error users see.
std::optional<std::string> ComparisonRun::loadReference()
{
    const ClusterDataSource &data = m_request.clusterData;
    if (!m_haveClusterData && data.kind == ClusterDataSource::Kind::Files && !m_source) {
        // The directory walk needs nothing from the reference: let it overlap loading.
        auto files = std::make_unique<input::FileInputSource>(data.paths, data.recursive);
        files->setFormat(data.format);
        files->setUrlReader(live::urlReader(kInputUrlAttempts, m_cancel));
        files->setKustomizeDirectory(data.kustomizeDirectory);
        // What the walk needs to know to reuse an earlier one (ReadRecord's journal).
        files->setRecordReading(readsAgain());
        if (m_previousRecord)
            files->readAgainFrom(m_previousRecord, m_previousObjects);
        files->startWalking();
        m_source = std::move(files);
    }
    std::shared_ptr<ref::Reference> loaded;
    ref::ReferenceLoader loader(m_log);
    if (!m_reference) {
        reportProgress(RunStage::LoadingReference, 0, 0);
        loader.setInlineDiffValidator(compare::inlineDiffValidator());
        loader.setUrlReader(live::urlReader(kReferenceUrlAttempts, m_cancel));
        loader.setOverlay(m_request.reference.overlay);
        std::string metadataPath = m_request.reference.metadataPath;
        if (image::isContainerReference(metadataPath))
            if (auto error = pullImage(metadataPath))
                return error;
        ref::LoadResult metadata = loader.loadMetadata(metadataPath);
        if (!metadata.ok())
            return metadata.error;
        loaded = std::move(metadata.reference);
        if (metadataPath != m_request.reference.metadataPath)
            loaded->origin = m_request.reference.metadataPath;
    }
    if (m_request.diffConfigPath) {
        const auto config = compare::DiffConfig::load(*m_request.diffConfigPath);
        if (!config.ok())
            return config.error;
        m_request.options.manualCorrelations = config.config.correlationPairs;
        m_request.options.diffConfigPath = *m_request.diffConfigPath;
    }
    if (loaded) {
        if (auto error = loader.loadTemplates(*loaded)) {
            if (!m_request.keepBrokenTemplates)
                return error;
            for (const ref::ReferenceTemplate &t : loaded->templates)
                if (!t.loadError.empty())
                    m_log.message(Log::Severity::Error, 0, t.loadError);
        }
        m_reference = std::move(loaded);
    }
    return std::nullopt;
}

// The image's reference folder is extracted into the image cache and loaded
// from there like any folder; `metadataPath` becomes the extracted file.
std::optional<std::string> ComparisonRun::pullImage(std::string &metadataPath)
{
    image::PullOptions options;
    options.refresh = m_request.reference.refreshImage;
    options.insecureRegistries = m_request.reference.insecureRegistries;
    options.cacheRoot = m_request.reference.imageCacheRoot;
    options.cancel = m_cancel;
    options.progress = [this](std::size_t done, std::size_t total) { reportProgress(RunStage::PullingImage, done, total); };
    reportProgress(RunStage::PullingImage, 0, 0);
    const image::PulledReference pulled = image::pullReference(metadataPath, options);
    for (const std::string &warning : pulled.warnings)
        m_log.warning(warning);
    if (!pulled.ok())
        return pulled.error;
    m_log.info(1, "Reference " + metadataPath + " is image " + pulled.imageDigest + ", read from " + pulled.metadataPath);
    metadataPath = pulled.metadataPath;
    return std::nullopt;
}

std::optional<std::string> ComparisonRun::prepareEngine()
{
    if (!m_reference)
        return std::nullopt;
    std::shared_ptr<const compare::UserOverrides> overrides = m_request.overrides;
    const auto makeEngine = [&] {
        m_engine = std::make_unique<compare::CompareEngine>(m_reference, m_request.options, m_log);
        if (overrides)
            m_engine->setOverrides(overrides);
    };
    makeEngine();
    if (!overrides && !m_request.options.overridesPath.empty()) {
        auto loaded = compare::UserOverrides::load(m_request.options.overridesPath);
        if (!loaded.ok())
            return loaded.error;
        overrides = std::move(loaded.overrides);
        m_engine->setOverrides(overrides);
        m_request.overrides = overrides; // what the run compared with, for later steps (fix verification)
    }
    auto error = m_engine->prepare();
    if (!error || !m_request.compareWithoutBrokenPairs)
        return error;
    m_log.message(Log::Severity::Error, 0, *error);
    m_request.options.manualCorrelations.clear();
    makeEngine();
    return m_engine->prepare();
}

// What to read in full. Kept CRs are read again after edits: when each of
// their files can be read again on its own, their filter leaves pins out so
// that it stays the same (and what was read is reused), and readPinnedInFull()
// reads the pinned CRs. A URL, stdin or a kustomization is read whole, with
// every object of pinned kinds.
input::KindFilter ComparisonRun::inputFilter(const ref::Reference &reference,
                                             const std::map<std::string, std::string> &manual) const
{
    if (!m_request.keepObjects)
        return compare::inputNeeds(reference, manual, compare::FullObjects::Correlated);
    const ClusterDataSource &data = m_request.clusterData;
    const bool filesOnly = data.kustomizeDirectory.empty()
        && std::none_of(data.paths.begin(), data.paths.end(),
                        [](const std::string &p) { return p == "-" || isHttpUrl(p); });
    return filesOnly ? compare::inputNeeds(reference, {}, compare::FullObjects::Correlated)
                     : compare::inputNeeds(reference, manual, compare::FullObjects::OfReferenceKinds);
}

// Only kept objects are read again, and only by a run whose process goes on
// (the window's): a CLI run keeping CRs for fixes neither records nor watches.
bool ComparisonRun::readsAgain() const
{
    return m_request.keepObjects && !m_request.exitsAfterRun;
}

std::unique_ptr<input::InputSource> ComparisonRun::makeInputSource()
{
    const ClusterDataSource &data = m_request.clusterData;
    const auto &manual = m_request.options.manualCorrelations;
    switch (data.kind) {
    case ClusterDataSource::Kind::Files: {
        std::unique_ptr<input::InputSource> source = std::move(m_source);
        auto *files = static_cast<input::FileInputSource *>(source.get());
        if (!files) {
            source = std::make_unique<input::FileInputSource>(data.paths, data.recursive);
            files = static_cast<input::FileInputSource *>(source.get());
            files->setFormat(data.format);
        }
        if (m_reference)
            files->setKindFilter(inputFilter(*m_reference, manual));
        if (m_previousRecord)
            files->readAgainFrom(m_previousRecord, m_previousObjects);
        files->setRecordReading(readsAgain());
        files->setConfigDirNamespace(data.configDirNamespace);
        files->setKeepGoing(m_request.options.keepGoing);
        files->setUrlReader(live::urlReader(kInputUrlAttempts, m_cancel));
        files->setKustomizeDirectory(data.kustomizeDirectory);
        return source;
    }
    case ClusterDataSource::Kind::LiveCluster: {
        live::FetchNeeds needs = live::FetchNeeds::fromReference(*m_reference, manual, m_request.options.allResources);
        needs.keepGoing = m_request.options.keepGoing;
        return std::make_unique<live::LiveInputSource>(data.cluster, std::move(needs));
    }
    case ClusterDataSource::Kind::None: break;
    }
    return nullptr;
}

std::optional<std::string> ComparisonRun::readClusterData()
{
    const ClusterDataSource::Kind kind = m_request.clusterData.kind;
    // What to fetch from a cluster depends on the reference: without one there is nothing to ask for.
    if (m_haveClusterData || kind == ClusterDataSource::Kind::None
        || (kind == ClusterDataSource::Kind::LiveCluster && !m_reference))
        return std::nullopt;
    const std::unique_ptr<input::InputSource> source = makeInputSource();
    const RunStage stage =
        kind == ClusterDataSource::Kind::LiveCluster ? RunStage::FetchingFromCluster : RunStage::ReadingFiles;
    input::ProgressCallback progress;
    if (m_progress)
        progress = [this, stage](std::size_t done, std::size_t total, const std::string &) {
            reportProgress(stage, done, total);
        };
    InputLog log(m_log);
    input::LoadedObjects loaded = source->load(log, m_cancel, progress);
    m_inputDescription = source->description();
    m_inputErrors = log.takeErrors();
    m_inputWarnings = log.takeWarnings();
    if (!loaded.ok())
        return loaded.error;
    m_filesReused = loaded.filesReused;
    m_filesRead = loaded.filesRead;
    if (!loaded.walked)
        m_changedPaths = std::move(loaded.changedPaths);
    if (m_request.keepObjects) {
        const std::size_t read = loaded.objects.size();
        m_objects = firstOfEachId(std::move(loaded.objects), m_previousMemo.get(), m_objectIndex);
        // The record's places are those of every object read: with duplicates dropped they are not the kept ones'.
        if (m_objects->size() == read)
            m_readRecord = std::move(loaded.record);
        for (const std::string &id : readPinnedInFull())
            m_log.message(Log::Severity::Error, 0,
                          id + " is paired with a template but could not be read in full again: read the cluster "
                               "data again");
    } else
        m_handedOver = std::move(loaded.objects);
    m_haveClusterData = true;
    return std::nullopt;
}

std::vector<std::string> ComparisonRun::readPinnedInFull()
{
    std::vector<std::string> unread;
    const auto &manual = m_request.options.manualCorrelations;
    if (!m_objects || manual.empty())
        return unread;
    std::shared_ptr<std::vector<input::ClusterObject>> copy; // made only when one is read again
    for (std::size_t i = 0; i < m_objects->size(); ++i) {
        const input::ClusterObject &o = (*m_objects)[i];
        if (!o.partial || !manual.count(o.id))
            continue;
        std::optional<Value> full = input::reloadObject(o);
        if (!full) {
            unread.push_back(o.id);
            continue;
        }
        if (!copy)
            copy = std::make_shared<std::vector<input::ClusterObject>>(*m_objects);
        input::ClusterObject &read = (*copy)[i];
        read.object = std::move(*full);
        read.partial = false; // mayReferToOthers stays: the skeleton kept its kind and ownerReferences
    }
    if (copy) {
        if (m_objectIndex) // the same ids: the table is shared
            m_objectIndex = input::ObjectIdIndex::of(*copy, m_objects.get(), m_objectIndex);
        m_objects = std::move(copy);
    }
    return unread;
}

std::optional<std::string> ComparisonRun::compare()
{
    if (!m_engine || !m_haveClusterData)
        return std::nullopt;
    const std::string clusterVersion = input::clusterVersionOf(m_objects ? *m_objects : m_handedOver);
    compare::CompareEngine::ProgressCallback progress;
    if (m_progress)
        progress = [this](std::size_t done, std::size_t total) { reportProgress(RunStage::Comparing, done, total); };
    // Kept objects stay as they were read: the engine copies what it changes.
    m_engine->setObjectsShared(m_objects != nullptr);
    m_engine->setKeepObjectsUntilExit(m_request.exitsAfterRun && !m_objects);
    std::shared_ptr<compare::ComparisonMemo> memo;
    std::optional<compare::CompareResult> again;
    if (m_objects) { // kept: they may be compared again, the memo says which need it
        memo = std::make_shared<compare::ComparisonMemo>();
        if (m_previousMemo && m_previousReport)
            again = m_engine->compareAgain(*m_previousReport, *m_previousMemo, *m_objects, *memo, m_cancel);
        if (!again)
            *memo = compare::ComparisonMemo();
    }
    compare::CompareResult result = again ? std::move(*again)
        : m_objects                       ? m_engine->compare(*m_objects, m_cancel, progress, memo.get())
                                          : m_engine->compare(std::move(m_handedOver), m_cancel, progress);
    if (!result.ok())
        return result.error;
    m_compared = result.compared;
    if (memo) {
        memo->bind(m_objects, m_previousMemo.get(), m_objectIndex);
        m_memo = std::move(memo);
    }
    result.report.inputDescription = m_inputDescription;
    result.report.inputErrors = m_inputErrors;
    result.report.warnings.insert(result.report.warnings.begin(), m_inputWarnings.begin(), m_inputWarnings.end());
    result.report.clusterVersion = clusterVersion;
    m_report = std::make_shared<const report::ComparisonReport>(std::move(result.report));
    return std::nullopt;
}

void ComparisonRun::reportProgress(RunStage stage, std::size_t done, std::size_t total) const
{
    if (m_progress)
        m_progress(stage, done, total);
}

} // namespace ds::pipeline
