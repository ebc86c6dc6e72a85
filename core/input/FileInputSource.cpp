// SPDX-License-Identifier: Apache-2.0
#include "FileInputSource.h"

#include "ArchiveReader.h"
#include "ConfigDirReader.h"
#include "DirectoryWalk.h"
#include "MustGatherLayout.h"
#include "ParallelDecoder.h"
#include "util/GoFile.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QThread>
#include <QProcess>
#include <QStandardPaths>

#include <algorithm>
#include <iostream>
#include <iterator>
#include <cerrno>
#include <future>
#include <glob.h>
#include <sys/stat.h>
#include <time.h>

namespace ds::input {

namespace {

// The wall clock file times are kept in.
std::int64_t realTimeNs()
{
    struct timespec now {};
    ::clock_gettime(CLOCK_REALTIME, &now);
    return std::int64_t(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

constexpr int kKustomizeTimeoutMs = 5 * 60 * 1000;

// filepath.Glob's order: directory by directory, names in byte order (glibc
// would collate by locale).
bool goGlobOrder(const std::string &a, const std::string &b)
{
    const QStringList pa = QString::fromStdString(a).split(QLatin1Char('/'));
    const QStringList pb = QString::fromStdString(b).split(QLatin1Char('/'));
    for (qsizetype i = 0; i < std::min(pa.size(), pb.size()); ++i)
        if (pa[i] != pb[i])
            return pa[i].toStdString() < pb[i].toStdString();
    return pa.size() < pb.size();
}

// filepath.Glob: `*` also matches names starting with a dot, results are joined
// (cleaned) paths.
std::vector<std::string> expandGlob(const std::string &pattern)
{
    std::vector<std::string> out;
    glob_t g{};
    if (::glob(pattern.c_str(), GLOB_PERIOD | GLOB_NOSORT, nullptr, &g) == 0) {
        for (std::size_t i = 0; i < g.gl_pathc; ++i) {
            const QString path = QDir::cleanPath(QString::fromLocal8Bit(g.gl_pathv[i]));
            const QString name = path.section(QLatin1Char('/'), -1);
            if (name != QLatin1String(".") && name != QLatin1String(".."))
                out.push_back(path.toStdString());
        }
    }
    globfree(&g);
    std::sort(out.begin(), out.end(), goGlobOrder);
    return out;
}

std::string joinPaths(const std::vector<std::string> &paths)
{
    std::string out;
    for (const auto &p : paths)
        out += (out.empty() ? "" : " ") + p;
    return out;
}

// utilerrors.NewAggregate(...).Error(): one message as is, several as
// "[a, b]" with duplicates dropped.
std::string aggregate(const std::vector<std::string> &errors)
{
    if (errors.size() == 1)
        return errors.front();
    std::vector<std::string> seen;
    for (const auto &e : errors)
        if (std::find(seen.begin(), seen.end(), e) == seen.end())
            seen.push_back(e);
    std::string out;
    for (const auto &e : seen)
        out += (out.empty() ? "" : ", ") + e;
    return seen.size() == 1 ? out : "[" + out + "]";
}

} // namespace

FileInputSource::FileInputSource(std::vector<std::string> paths, bool recursive)
    : m_paths(std::move(paths)), m_recursive(recursive)
{
}

std::string FileInputSource::description() const
{
    std::string out;
    for (const auto &p : m_paths)
        out += (out.empty() ? "" : ", ") + p;
    return out;
}

void FileInputSource::decodeFile(const std::string &path, const std::string &bytes, Log &log,
                                 std::vector<ClusterObject> &out)
{
    DecodedFile decoded = decodeResourceFile(path, bytes);
    for (const std::string &w : decoded.warnings)
        log.warning(w);
    std::move(decoded.objects.begin(), decoded.objects.end(), std::back_inserter(out));
}

FileInputSource::Plan FileInputSource::plan() const
{
    Plan plan;
    auto files = [&plan]() -> std::vector<std::string> & {
        if (plan.steps.empty() || !plan.steps.back().isFiles())
            plan.steps.emplace_back();
        return plan.steps.back().files;
    };
    bool collected = false;
    if (!m_kustomize.empty()) { // kubectl's FilenameOptions.validate(), then the kustomization as one stream
        if (!m_paths.empty())
            plan.errors.push_back("only one of -f or -k can be specified");
        if (m_recursive)
            plan.errors.push_back("the -k flag can't be used with -f or -R");
        plan.steps.emplace_back().kustomize = m_kustomize;
        if (!plan.errors.empty())
            return plan;
    }
    for (const std::string &path : m_paths) {
        // kubectl's builder: "-" is stdin, http(s):// a URL, read as one stream each.
        if (path == "-" || isHttpUrl(path)) {
            Plan::Step step;
            step.standardInput = path == "-";
            step.url = path == "-" ? std::string() : path;
            plan.steps.push_back(std::move(step));
            collected = true;
            continue;
        }
        std::vector<std::string> roots;
        if (QFileInfo::exists(QString::fromStdString(path))) {
            roots.push_back(path);
        } else {
            roots = expandGlob(path);
            if (roots.empty()) {
                plan.errors.push_back("the path \"" + path + "\" does not exist");
                continue;
            }
        }
        for (const auto &root : roots) {
            const QFileInfo info(QString::fromStdString(root));
            if (info.isDir() && m_journal)
                watchUpperFolders(root, kMustGatherSearchDepth);
            if (info.isDir() && isConfigDir(root)) {
                plan.steps.emplace_back().configDir = root;
                plan.notes.push_back("Reading " + root + " as a ConfigDir (oc extract layout)");
                collected = true;
            } else if (info.isDir()) {
                const std::size_t before = files().size();
                walkInput(root, files(), plan);
                collected = collected || files().size() > before;
            } else if (ArchiveReader::isArchive(root)) {
                plan.steps.emplace_back().archive = root;
                collected = true;
            } else {
                files().push_back(root);
                collected = true;
            }
        }
        // Builder.Path: only while nothing at all has been collected (or failed) so far.
        if (!collected && plan.errors.empty())
            plan.errors.push_back("error reading [" + joinPaths(roots)
                                  + "]: recognized file extensions are [.json .yaml .yml]");
    }
    return plan;
}

// The folders where must-gather data roots and ConfigDirs are recognised
// (mustgather::findDataRoots looks this deep): any entry added or removed
// there may change what the walk reads, so the journal counts them all.
void FileInputSource::watchUpperFolders(const std::string &dir, int depthLeft) const
{
    const std::string clean = QDir::cleanPath(QString::fromStdString(dir)).toStdString();
    m_journal->watchFolder(clean, true);
    if (depthLeft == 0)
        return;
    std::string error;
    for (const DirEntry &e : listDirectory(clean, error))
        if (e.isDirectory)
            watchUpperFolders(joinedPath(clean, e.name), depthLeft - 1);
}

bool FileInputSource::isConfigDir(const std::string &dir) const
{
    return m_format == Format::ConfigDir
        || (m_format == Format::Auto && ConfigDirReader::looksLikeConfigDir(dir));
}

// A must-gather (or inspect output) is read through its data roots' resource
// trees, whatever -R says; any other directory as kubectl walks it.
void FileInputSource::walkInput(const std::string &dir, std::vector<std::string> &files, Plan &plan) const
{
    const std::vector<std::string> roots = mustgather::findDataRoots(dir, kMustGatherSearchDepth);
    if (roots.empty()) {
        walkDirectory(QString::fromStdString(dir), m_recursive, files, plan.unreadable, m_journal.get());
        return;
    }
    std::vector<std::string> found;
    for (const std::string &root : roots) {
        plan.notes.push_back("Reading must-gather data root " + root);
        for (std::string_view tree : {mustgather::kClusterScoped, mustgather::kNamespaces}) {
            const QString treePath = QString::fromStdString(root) + QLatin1Char('/') + QLatin1String(tree);
            if (QFileInfo(treePath).isDir())
                walkDirectory(treePath, true, found, plan.unreadable, m_journal.get());
        }
    }
    mustgather::sortLikeKubeCompare(found, roots);
    for (const std::string &f : found)
        if (mustgather::isCompressedNamespace(f))
            plan.warnings.push_back("Not reading " + f + ": compressed namespace data; extract it first");
    files.insert(files.end(), std::make_move_iterator(found.begin()), std::make_move_iterator(found.end()));
}

std::optional<std::string> FileInputSource::readArchive(const std::string &archive, ParallelDecoder &decoder,
                                                        Log &log, const std::atomic_bool *cancel) const
{
    // Members stream in archive order; must-gather roots can only be known once
    // every path was seen, so resource trees are filtered after decoding.
    const auto wanted = [](const std::string &member) {
        return hasResourceExtension(member);
    };
    const auto visit = [&](ArchiveReader::Member &&member) {
        decoder.submit({archive + ":" + member.path, std::move(member.bytes)});
        return true;
    };
    const auto warn = [&log](const std::string &message) { log.warning(message); };
    return ArchiveReader::read(archive, wanted, visit, cancel, warn);
}

// stdin or a URL, decoded as one file. nullopt when it could not be read (then
// result.error is set unless --keep-going logged the error).
std::optional<DecodedFile> FileInputSource::readStream(const std::string &path, Log &log, LoadedObjects &result) const
{
    if (path == "-") {
        std::string bytes((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
        return decodeResourceFile("STDIN", bytes, m_filter);
    }
    if (path == m_kustomize) {
        std::string error;
        const std::optional<std::string> built = runKustomize(error);
        if (!built) {
            unreadable(error, "its CRs are not compared", log, result);
            return std::nullopt;
        }
        return decodeResourceFile(path, *built, m_filter);
    }
    UrlContent content;
    if (m_urlReader)
        content = m_urlReader(path);
    else
        content.error = "reading " + path + ": URLs cannot be read here";
    if (!content.bytes) {
        unreadable(content.error, "its CRs are not compared", log, result);
        return std::nullopt;
    }
    return decodeResourceFile(path, *content.bytes, m_filter);
}

// kubectl's builder builds a kustomization with its embedded kustomize; Driftscope
// asks the kubectl on PATH to do the same, and says what to install without one.
std::optional<std::string> FileInputSource::runKustomize(std::string &error) const
{
    const QString kubectl = QStandardPaths::findExecutable(QStringLiteral("kubectl"));
    if (kubectl.isEmpty()) {
        error = "reading the kustomization " + m_kustomize
            + " needs kubectl on PATH (Debian: apt install kubernetes-client); or run `kubectl kustomize "
            + m_kustomize + " > crs.yaml` elsewhere and pass the file with -f";
        return std::nullopt;
    }
    QProcess process;
    process.setProgram(kubectl);
    process.setArguments({QStringLiteral("kustomize"), QString::fromStdString(m_kustomize)});
    process.start();
    if (!process.waitForFinished(kKustomizeTimeoutMs) || process.exitStatus() != QProcess::NormalExit
        || process.exitCode() != 0) {
        const QString why = QString::fromLocal8Bit(process.readAllStandardError()).trimmed();
        error = "kubectl kustomize " + m_kustomize + " failed"
            + (why.isEmpty() ? std::string() : ": " + why.toStdString());
        process.kill();
        return std::nullopt;
    }
    return process.readAllStandardOutput().toStdString();
}

// Input that could not be read stops the run, as in kube-compare; with
// --keep-going (and in the window) it is an error and the rest is compared.
bool FileInputSource::unreadable(const std::string &error, const std::string &consequence, Log &log,
                                 LoadedObjects &result, const std::string &hint) const
{
    const std::string text = "error occurred while trying to fetch resources: " + error;
    if (!m_keepGoing) {
        result.error = text + hint;
        return true;
    }
    log.message(Log::Severity::Error, 0, text + "; " + consequence);
    return false;
}

// Archive members in the order kubectl would read the extracted tree: only the
// must-gather resource trees when there are any, walked in lexical order.
void FileInputSource::orderArchiveResults(const std::string &archive, std::vector<DecodedFile> &decoded) const
{
    const std::size_t prefix = archive.size() + 1;
    std::vector<std::string_view> members; // views into `decoded`, used before anything moves
    members.reserve(decoded.size());
    for (const DecodedFile &d : decoded)
        members.push_back(std::string_view(d.path).substr(prefix));
    const std::vector<std::string> roots = mustgather::dataRootsOf(members);
    std::vector<std::string_view> kept;
    std::vector<std::size_t> keptAt;
    for (std::size_t i = 0; i < members.size(); ++i) {
        if (roots.empty() || mustgather::inResourceTree(members[i], roots)) {
            kept.push_back(members[i]);
            keptAt.push_back(i);
        }
    }
    std::vector<DecodedFile> ordered;
    ordered.reserve(kept.size());
    for (const std::size_t k : mustgather::readingOrder(kept, roots))
        ordered.push_back(std::move(decoded[keptAt[k]]));
    decoded = std::move(ordered);
}

struct FileInputSource::PlanTask
{
    std::future<std::shared_ptr<const Plan>> walk;
};

void FileInputSource::startWalking()
{
    prepareJournal();
    if (m_changes)
        return; // the previous walk still holds
    m_planTask = std::make_shared<PlanTask>();
    m_planTask->walk = std::async(std::launch::async, [this] { return std::make_shared<const Plan>(plan()); });
}

// Only folders given as they are (no files, globs, streams or archives) have
// every change to what a walk reads land in a watched folder.
bool FileInputSource::onlyFolders() const
{
    return !m_paths.empty() && m_kustomize.empty() && m_format != Format::ConfigDir
        && std::all_of(m_paths.begin(), m_paths.end(),
                       [](const std::string &path) { return QFileInfo(QString::fromStdString(path)).isDir(); });
}

// Whether files added or removed since the previous walk change what it listed
// (an editor's temporary file comes and goes; a CR file saved over by a rename
// stays), or a listed file was replaced by what the journal cannot follow (a
// symlink: the walk again tells the journal so).
bool FileInputSource::changesListing(const ChangeJournal::Changes &changes, const Plan &plan)
{
    constexpr std::size_t kFewEnoughToLookUp = 64; // more: walking again is simpler than looking each up
    if (changes.created.size() + changes.removed.size() > kFewEnoughToLookUp)
        return true;
    const auto listed = [&plan](const std::string &path) {
        return std::any_of(plan.steps.begin(), plan.steps.end(), [&path](const Plan::Step &step) {
            return std::find(step.files.begin(), step.files.end(), path) != step.files.end();
        });
    };
    const auto aPlainFileListed = [&](const std::string &path) {
        struct stat status {};
        return listed(path) && ::lstat(path.c_str(), &status) == 0 && S_ISREG(status.st_mode);
    };
    return !std::all_of(changes.created.begin(), changes.created.end(), aPlainFileListed)
        || std::any_of(changes.removed.begin(), changes.removed.end(), listed);
}

// Before walking: either the previous load's journal tells which files changed
// and that its walk still holds, or a new journal watches this load's walk.
void FileInputSource::prepareJournal()
{
    if (m_journalPrepared)
        return;
    m_journalPrepared = true;
    if (!m_recordReading || !onlyFolders())
        return;
    if (const ReadRecord *previous = m_previousRecord.get(); previous && previous->journal && previous->plan) {
        ChangeJournal::Changes changes = previous->journal->since(previous->journalMark, m_journalMark);
        if (changes.complete && !changesListing(changes, *previous->plan)) {
            m_journal = previous->journal;
            m_changes = std::move(changes);
            return;
        }
    }
    m_journal = ChangeJournal::open(m_paths);
    if (m_journal)
        m_journalMark = m_journal->mark(); // before any folder is listed or file read
}

LoadedObjects FileInputSource::load(Log &log, const std::atomic_bool *cancel, const ProgressCallback &progress)
{
    LoadedObjects result;
    prepareJournal();
    const std::shared_ptr<const Plan> planned = m_changes ? m_previousRecord->plan
        : m_planTask                                      ? m_planTask->walk.get()
                                                          : std::make_shared<const Plan>(this->plan());
    m_planTask.reset();
    result.walked = !m_changes;
    if (m_changes)
        for (const auto *paths : {&m_changes->written, &m_changes->created, &m_changes->removed})
            result.changedPaths.insert(result.changedPaths.end(), paths->begin(), paths->end());
    const Plan &plan = *planned;
    if (!plan.errors.empty()) {
        result.error = "failed to collect resources: " + aggregate(plan.errors);
        return result;
    }
    for (const std::string &note : plan.notes)
        log.info(1, note);
    for (const std::string &warning : plan.warnings)
        log.warning(warning);
    for (const std::string &error : plan.unreadable)
        if (unreadable(error, "its files are not compared", log, result))
            return result;
    const auto record = std::make_shared<ReadRecord>();
    record->filter = m_filter;
    const std::int64_t started = realTimeNs();
    std::size_t planFiles = 0; // of the steps before this one
    for (const Plan::Step &step : plan.steps) {
        if (!step.configDir.empty()) {
            std::vector<ClusterObject> objects = ConfigDirReader::read(step.configDir, m_configDirNamespace, log);
            std::move(objects.begin(), objects.end(), std::back_inserter(result.objects));
            continue;
        }
        std::vector<DecodedFile> decoded;
        std::optional<std::string> archiveError;
        if (step.standardInput || !step.url.empty() || !step.kustomize.empty()) {
            std::optional<DecodedFile> stream =
                readStream(step.standardInput ? "-" : !step.url.empty() ? step.url : step.kustomize, log, result);
            if (!stream && result.error)
                return result;
            if (stream)
                decoded.push_back(std::move(*stream));
        } else if (step.archive.empty()) {
            decoded = readFiles(step.files, planFiles, cancel, progress);
            planFiles += step.files.size();
        } else {
            ParallelDecoder decoder(m_filter, 0, cancel, progress);
            archiveError = readArchive(step.archive, decoder, log, cancel);
            decoded = decoder.finish();
            orderArchiveResults(step.archive, decoded);
        }
        std::size_t placed = result.objects.size(); // where the file's objects go
        for (DecodedFile &d : decoded) {
            if (!d.readError.empty() && unreadable(d.readError, "the file is not compared", log, result))
                return result;
            for (const std::string &w : d.warnings)
                log.warning(w);
            result.filesReused += d.reused ? d.recordedCount : 0;
            result.filesRead += !d.reused && step.isFiles() ? 1 : 0;
            if (m_journal && d.stamp && d.stamp->links > 1)
                m_journal->distrust(); // written through another name, its folder would hear nothing
            if (m_recordReading && step.isFiles() && d.reused)
                record->takeOver(*m_previousRecord, d.recordedFirst, d.recordedCount, placed);
            else if (m_recordReading && d.stamp && step.isFiles() && d.stamp->changedNs < started - m_recentChangeNs)
                record->add(ReadRecord::hashOf(d.path), d.stamp->hash(), placed, d.objects.size(), d.warnings);
            placed += d.reusedCount + d.objects.size();
        }
        ParallelDecoder::appendObjects(decoded, result.objects);
        // What a damaged archive held after the damage is unknown: nothing read
        // from it may be called missing without saying so.
        if (archiveError
            && unreadable(*archiveError,
                          archiveError->starts_with("cannot open archive")
                              ? "nothing was read from it: the results are incomplete"
                              : "compared what was read before the damage: the results are incomplete",
                          log, result, " (copy the archive again, or compare what can be read with --keep-going)"))
            return result;
        if (cancel && cancel->load()) {
            result.error = "cancelled";
            return result;
        }
    }
    const bool allFiles = std::all_of(plan.steps.begin(), plan.steps.end(), [](const Plan::Step &step) { return step.isFiles(); });
    if (m_journal && allFiles && m_journal->usable()) {
        record->plan = planned;
        record->journal = m_journal;
        record->journalMark = m_journalMark;
        record->everyFileOfPlan = record->files.size() == planFiles;
    }
    if (!record->files.empty())
        result.record = record;
    return result;
}

void FileInputSource::readAgainFrom(std::shared_ptr<const ReadRecord> record,
                                    std::shared_ptr<const std::vector<ClusterObject>> objects)
{
    m_previousRecord = std::move(record);
    m_previousObjects = std::move(objects);
}

std::vector<DecodedFile> FileInputSource::readFiles(const std::vector<std::string> &files, std::size_t firstOfPlan,
                                                    const std::atomic_bool *cancel,
                                                    const ProgressCallback &progress) const
{
    if (!m_previousRecord || !m_previousObjects || !(m_previousRecord->filter == m_filter))
        return ParallelDecoder::decodeFiles(files, m_filter, cancel, progress);
    ParallelDecoder::Reuse reuse;
    // Told by the journal, the walk is the record's own: its files are where the paths are.
    if (m_changes)
        reuse.files = m_previousRecord->filesOfPlan(firstOfPlan, files.size());
    if (reuse.files.empty())
        reuse.files = m_previousRecord->filesFor(files);
    reuse.objects = m_previousObjects.get();
    reuse.record = m_previousRecord.get();
    reuse.changes = m_changes ? &*m_changes : nullptr;
    if (m_changes)
        for (const std::string &path : m_changes->written)
            reuse.writtenHashes.push_back(ReadRecord::hashOf(path));
    // Told by the journal, most files are taken without waiting for the disk: one thread a core.
    const int threads = m_changes ? QThread::idealThreadCount() : 0;
    return ParallelDecoder::decodeFiles(files, m_filter, cancel, progress, threads, &reuse);
}

} // namespace ds::input
