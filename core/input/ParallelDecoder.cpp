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

// What an earlier load read from `path`, when the file is still the same: as
// its stamp says, or as the journal does by not naming it.
std::optional<DecodedFile> reusedFile(const std::string &path, const ReadRecord::File &previous,
                                      const ParallelDecoder::Reuse &reuse)
{
    std::optional<FileStamp> stamp;
    if (reuse.changes) {
        // The record keeps each path's hash: a path whose hash is not among
        // those of the written paths was not written (a match is checked by name).
        const bool maybeWritten = std::find(reuse.writtenHashes.begin(), reuse.writtenHashes.end(), previous.path)
            != reuse.writtenHashes.end();
        if (maybeWritten && reuse.changes->written.count(path))
            return std::nullopt;
    } else if (stamp = FileStamp::of(path); !stamp || stamp->hash() != previous.stamp) {
        return std::nullopt;
    }
    const std::vector<ClusterObject> &objects = *reuse.objects;
    if (std::size_t(previous.firstObject) + previous.objectCount > objects.size())
        return std::nullopt; // not the objects the record was made with: read it
    DecodedFile file; // its path is not copied: the record keeps its hash
    file.stamp = stamp;
    file.reused = true;
    file.recordedStamp = previous.stamp;
    file.recordedPath = previous.path;
    file.reusedObjects = objects.data() + previous.firstObject;
    file.reusedCount = previous.objectCount;
    file.warnings = reuse.record->warningsOf(previous);
    return file;
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
    std::vector<DecodedFile> results(paths.size());
    std::atomic<std::size_t> next{0};
    std::atomic<std::size_t> done{0};
    const auto work = [&] {
        for (std::size_t i; (i = next.fetch_add(1)) < paths.size();) {
            std::optional<DecodedFile> reused;
            if (cancel && cancel->load())
                results[i].path = paths[i]; // drained without decoding
            else if (reuse && reuse->files[i] && (reused = reusedFile(paths[i], *reuse->files[i], *reuse)))
                results[i] = std::move(*reused);
            else
                results[i] = decodeDiskFile(paths[i], filter);
            const std::size_t finished = done.fetch_add(1) + 1;
            if (progress)
                progress(finished, paths.size(), paths[i]);
        }
    };
    const int n = threads > 0 ? threads : readingThreads();
    std::vector<std::thread> helpers;
    for (int t = 1; t < n && std::size_t(t) < paths.size(); ++t)
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
    const std::size_t added = first.back() - into.size();
    into.resize(first.back());
    const auto place = [&](std::size_t from, std::size_t to) {
        for (std::size_t i = from; i < to; ++i) {
            DecodedFile &d = decoded[i];
            auto out = std::copy(d.reusedObjects, d.reusedObjects + d.reusedCount, into.begin() + std::ptrdiff_t(first[i]));
            std::move(d.objects.begin(), d.objects.end(), out);
        }
    };
    // Reading again after one file changed copies every other object (two
    // strings each: ~20 ms at 50k objects, most of such a reload): both cores
    // share it, each placing about half of the objects.
    if (added < kObjectsWorthATwoThreadJoin || QThread::idealThreadCount() < 2) {
        place(0, decoded.size());
        return;
    }
    const auto middle = std::size_t(std::upper_bound(first.begin(), first.end(), first.front() + added / 2) - first.begin()) - 1;
    std::thread secondHalf(place, middle, decoded.size());
    place(0, middle);
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
