// SPDX-License-Identifier: Apache-2.0
#include "ParallelDecoder.h"

#include "util/GoFile.h"

#include <QThread>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <optional>
#include <sys/stat.h>
#include <unistd.h>

namespace ds::input {

namespace {

constexpr std::size_t kMaxQueued = 64;
// Fewer objects are placed on one thread: starting another costs more.
constexpr std::size_t kObjectsWorthATwoThreadJoin = 4096;
constexpr std::size_t kBatchFiles = 16;
constexpr std::size_t kBatchBytes = 256 * 1024;

// With the journal, a recorded file it does not name as written is as it
// was read. The record keeps each path's hash: a path whose hash is not among
// those of the written paths was not written (a match is checked by name).
bool unwrittenPerJournal(const std::string &path, const ReadRecord::File &previous,
                         const ParallelDecoder::Reuse &reuse)
{
    const bool maybeWritten = std::find(reuse.writtenHashes.begin(), reuse.writtenHashes.end(), previous.path)
        != reuse.writtenHashes.end();
    return !maybeWritten || !reuse.changes->written.count(path);
}

bool objectsStillThere(const ReadRecord::File &previous, const ParallelDecoder::Reuse &reuse)
{
    return std::size_t(previous.firstObject) + previous.objectCount <= reuse.objects->size();
}

// The `count` recorded files from `first` on (adjacent in the record, their
// objects adjacent in the earlier load's vector), taken over as they were read.
DecodedFile takenOver(const ReadRecord::File *first, std::size_t count, const ParallelDecoder::Reuse &reuse)
{
    const ReadRecord::File &last = first[count - 1];
    DecodedFile file; // no path is copied: the record keeps their hashes
    file.reused = true;
    file.recordedFirst = std::size_t(first - reuse.record->files.data());
    file.recordedCount = count;
    file.reusedObjects = reuse.objects->data() + first->firstObject;
    file.reusedCount = std::size_t(last.firstObject) + last.objectCount - first->firstObject;
    const auto warnings = reuse.record->warnings.begin();
    file.warnings.assign(warnings + first->firstWarning, warnings + last.firstWarning + last.warningCount);
    return file;
}

// What an earlier load read from `path`, when the file is still the same as
// its stamp says. (With a journal, spansOf decides: what it names is read.)
std::optional<DecodedFile> reusedFile(const std::string &path, const ReadRecord::File &previous,
                                      const ParallelDecoder::Reuse &reuse)
{
    const std::optional<FileStamp> stamp = FileStamp::of(path);
    if (!stamp || stamp->hash() != previous.stamp || !objectsStillThere(previous, reuse))
        return std::nullopt;
    DecodedFile file = takenOver(&previous, 1, reuse);
    file.stamp = stamp;
    return file;
}

// What decodeFiles hands its threads one at a time: a file to read (or to
// check by its stamp), or a run of files taken over without touching the disk.
struct Span
{
    std::size_t first = 0;
    std::size_t count = 1;
    bool takenOver = false;
};

// With a journal, files it does not name whose record entries, and so their
// objects, follow each other are one run: reloading a must-gather of 42,000
// files with one changed is three spans instead of 42,000 DecodedFiles, record
// entries and copies of an object or two (40-70 ms of the 50k reload,
// docs/performance.md). Without one, every file is its own span.
std::vector<Span> spansOf(const std::vector<std::string> &paths, const ParallelDecoder::Reuse *reuse)
{
    std::vector<Span> spans;
    if (!reuse || !reuse->changes) {
        spans.resize(paths.size());
        for (std::size_t i = 0; i < paths.size(); ++i)
            spans[i].first = i;
        return spans;
    }
    const ReadRecord::File *last = nullptr; // the last file of the run spans.back() is, if it is one
    for (std::size_t i = 0; i < paths.size(); ++i) {
        const ReadRecord::File *file = reuse->files[i];
        const bool unchanged = file && unwrittenPerJournal(paths[i], *file, *reuse) && objectsStillThere(*file, *reuse);
        if (unchanged && last && file == last + 1 && file->firstObject == last->firstObject + last->objectCount
            && file->firstWarning == last->firstWarning + last->warningCount)
            ++spans.back().count;
        else
            spans.push_back({i, 1, unchanged});
        last = unchanged ? file : nullptr;
    }
    return spans;
}

DecodedFile decodeDiskFile(const std::string &path, const KindFilter &filter)
{
    std::string error;
    struct stat status {};
    const std::optional<std::string> bytes = readFileLikeGo(path, error, &status);
    if (!bytes) {
        DecodedFile failed;
        failed.path = path;
        failed.readError = error;
        return failed;
    }
    DecodedFile decoded = decodeResourceFile(path, *bytes, filter);
    decoded.stamp = FileStamp::of(status);
    return decoded;
}

} // namespace

// Each thread reads a file, then decodes it: while one waits for the disk,
// the others decode. With only one thread a core, a cold cache leaves the
// disk with at most that many requests at a time; four a core (up to 16)
// keep it busy, and cost nothing measurable with a warm cache (docs/performance.md).
int ParallelDecoder::readingThreads()
{
    const int cores = std::max(1, QThread::idealThreadCount());
    return std::max(cores, std::min(4 * cores, 16));
}

std::vector<DecodedFile> ParallelDecoder::decodeFiles(const std::vector<std::string> &paths, const KindFilter &filter,
                                                   const std::atomic_bool *cancel, const ProgressCallback &progress,
                                                   int threads, const Reuse *reuse)
{
    const std::vector<Span> spans = spansOf(paths, reuse);
    std::vector<DecodedFile> results(spans.size());
    std::atomic<std::size_t> next{0};
    std::atomic<std::size_t> done{0};
    const auto work = [&] {
        for (std::size_t s; (s = next.fetch_add(1)) < spans.size();) {
            const Span &span = spans[s];
            const std::size_t i = span.first;
            std::optional<DecodedFile> reused;
            if (span.takenOver)
                results[s] = takenOver(reuse->files[i], span.count, *reuse);
            else if (cancel && cancel->load())
                results[s].path = paths[i]; // drained without decoding
            else if (reuse && !reuse->changes && reuse->files[i]
                     && (reused = reusedFile(paths[i], *reuse->files[i], *reuse)))
                results[s] = std::move(*reused);
            else
                results[s] = decodeDiskFile(paths[i], filter);
            const std::size_t finished = done.fetch_add(span.count) + span.count;
            if (progress)
                progress(finished, paths.size(), paths[i + span.count - 1]);
        }
    };
    const int n = threads > 0 ? threads : readingThreads();
    std::vector<std::thread> helpers;
    for (int t = 1; t < n && std::size_t(t) < spans.size(); ++t)
        helpers.emplace_back(work);
    work();
    for (std::thread &t : helpers)
        t.join();
    return results;
}

void ParallelDecoder::appendObjects(std::vector<DecodedFile> &decoded, std::vector<ClusterObject> &into)
{
    std::vector<std::size_t> first(decoded.size() + 1, into.size()); // where each file's objects go
    for (std::size_t i = 0; i < decoded.size(); ++i)
        first[i + 1] = first[i] + decoded[i].reusedCount + decoded[i].objects.size();
    const std::size_t start = into.size();
    const std::size_t added = first.back() - start;
    into.resize(first.back());
    // Places the objects that go from `from` to `to` in `into`, of whichever
    // files hold them: a run taken over whole may be split between threads.
    const auto place = [&](std::size_t from, std::size_t to) {
        auto i = std::size_t(std::upper_bound(first.begin(), first.end(), from) - first.begin()) - 1;
        for (; i < decoded.size() && first[i] < to; ++i) {
            DecodedFile &d = decoded[i];
            const std::size_t begin = std::max(from, first[i]) - first[i]; // within the file's objects:
            const std::size_t end = std::min(to, first[i + 1]) - first[i]; // the reused ones, then its own
            auto out = into.begin() + std::ptrdiff_t(first[i] + begin);
            if (begin < d.reusedCount)
                out = std::copy(d.reusedObjects + begin, d.reusedObjects + std::min(end, d.reusedCount), out);
            if (end > d.reusedCount) {
                const auto own = d.objects.begin();
                std::move(own + std::ptrdiff_t(std::max(begin, d.reusedCount) - d.reusedCount),
                          own + std::ptrdiff_t(end - d.reusedCount), out);
            }
        }
    };
    // Reading again after one file changed copies every other object (two
    // strings each: ~20 ms at 50k objects, most of such a reload): both cores
    // share it, each placing about half of the objects.
    if (added < kObjectsWorthATwoThreadJoin || QThread::idealThreadCount() < 2) {
        place(start, first.back());
        return;
    }
    const std::size_t middle = start + added / 2;
    std::thread secondHalf(place, middle, first.back());
    place(start, middle);
    secondHalf.join();
}

ParallelDecoder::ParallelDecoder(KindFilter filter, std::size_t total, const std::atomic_bool *cancel,
                                 ProgressCallback progress, int threads)
    : m_filter(std::move(filter)), m_total(total), m_cancel(cancel), m_progress(std::move(progress))
{
    const int n = threads > 0 ? threads : std::max(1, QThread::idealThreadCount());
    for (int i = 0; i < n; ++i)
        m_workers.emplace_back([this] { work(); });
}

ParallelDecoder::~ParallelDecoder()
{
    {
        const std::lock_guard guard(m_lock);
        m_closing = true;
    }
    m_workQueued.notify_all();
    m_roomFreed.notify_all();
    for (std::thread &t : m_workers)
        if (t.joinable())
            t.join();
}

void ParallelDecoder::submit(Job job)
{
    m_batchBytes += job.bytes.size();
    m_batch.push_back(std::move(job));
    if (m_batch.size() >= kBatchFiles || m_batchBytes >= kBatchBytes)
        flush();
}

// Jobs go to the workers in batches: waking a worker for each of an archive's
// ~40,000 small members kept the reading thread, the slowest, in the kernel.
void ParallelDecoder::flush()
{
    if (m_batch.empty())
        return;
    std::unique_lock guard(m_lock);
    m_roomFreed.wait(guard, [this] {
        return m_queue.size() + m_batch.size() <= kMaxQueued || (m_cancel && m_cancel->load());
    });
    for (Job &job : m_batch) {
        m_queue.emplace_back(m_results.size(), std::move(job));
        m_results.emplace_back();
    }
    guard.unlock();
    m_batch.clear();
    m_batchBytes = 0;
    m_workQueued.notify_all();
}

std::vector<DecodedFile> ParallelDecoder::finish()
{
    flush();
    {
        const std::lock_guard guard(m_lock);
        m_closing = true;
    }
    m_workQueued.notify_all();
    for (std::thread &t : m_workers)
        t.join();
    m_workers.clear();
    return {std::make_move_iterator(m_results.begin()), std::make_move_iterator(m_results.end())};
}

void ParallelDecoder::work()
{
    for (;;) {
        std::unique_lock guard(m_lock);
        m_workQueued.wait(guard, [this] { return !m_queue.empty() || m_closing; });
        if (m_queue.empty())
            return;
        const bool wasFull = m_queue.size() + kBatchFiles > kMaxQueued; // a batch may be waiting for room
        auto [index, job] = std::move(m_queue.front());
        m_queue.pop_front();
        guard.unlock();
        if (wasFull)
            m_roomFreed.notify_one(); // the submitter may be waiting for room
        DecodedFile decoded;
        if (m_cancel && m_cancel->load())
            decoded.path = job.displayPath; // drained without decoding
        else
            decoded = decodeResourceFile(job.displayPath, job.bytes, m_filter);
        guard.lock();
        m_results[index] = std::move(decoded);
        const std::size_t done = ++m_done;
        const std::string path = m_results[index].path;
        guard.unlock();
        if (m_progress)
            m_progress(done, m_total, path);
    }
}

} // namespace ds::input
