// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "DocumentDecoder.h"
#include "InputSource.h"
#include "ReadRecord.h"

#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace ds::input {

// Decodes resource files on every core, results in the order they must be
// reported: files whose list is known (decodeFiles), or files streamed one by
// one (an archive's members: submit, then finish).
class ParallelDecoder
{
public:
    struct Job
    {
        std::string displayPath;
        std::string bytes;
    };

    // `total` (0 if unknown) is only passed on to `progress`, which is called
    // from worker threads, possibly at the same time.
    ParallelDecoder(KindFilter filter, std::size_t total, const std::atomic_bool *cancel,
                    ProgressCallback progress, int threads = 0);
    ~ParallelDecoder();
    ParallelDecoder(const ParallelDecoder &) = delete;
    ParallelDecoder &operator=(const ParallelDecoder &) = delete;

    // Blocks while many submitted files wait (bounded memory for archives).
    void submit(Job job);
    std::vector<DecodedFile> finish();

    // Reads and decodes files whose list is known up front, in that order. The
    // calling thread works too, and files are claimed without locking (a
    // must-gather has thousands of small files).
    //
    // With `reuse`, a file whose stamp is the one recorded for it is not read:
    // its objects and warnings are taken from the earlier load. With a
    // complete journal too, a recorded file it does not name is not even
    // stat'ed, and such files that follow each other come back as one
    // DecodedFile standing for them all (its recordedCount): one per file
    // otherwise.
    struct Reuse
    {
        std::vector<const ReadRecord::File *> files; // per path: what an earlier load read from it, or null
        const std::vector<ClusterObject> *objects = nullptr; // what that load returned
        const ReadRecord *record = nullptr;
        const ChangeJournal::Changes *changes = nullptr;
        std::vector<std::uint64_t> writtenHashes; // ReadRecord::hashOf of each of changes->written
    };
    static std::vector<DecodedFile> decodeFiles(const std::vector<std::string> &paths, const KindFilter &filter,
                                                const std::atomic_bool *cancel, const ProgressCallback &progress,
                                                int threads = 0, const Reuse *reuse = nullptr);

    // Appends every decoded file's objects to `into`, in order: the reused
    // ones copied from the earlier load, the others moved.
    static void appendObjects(std::vector<DecodedFile> &decoded, std::vector<ClusterObject> &into);

    // How many threads decodeFiles() reads and decodes on by default.
    static int readingThreads();

private:
    void work();
    void flush();

    KindFilter m_filter;
    std::size_t m_total;
    const std::atomic_bool *m_cancel;
    ProgressCallback m_progress;

    std::mutex m_lock;
    // Separate wake-ups for workers (work queued) and the submitter (room in the
    // queue), so a file costs at most one wake-up instead of waking everyone.
    std::condition_variable m_workQueued;
    std::condition_variable m_roomFreed;
    std::deque<std::pair<std::size_t, Job>> m_queue;
    std::deque<DecodedFile> m_results; // deque: elements stay put while it grows
    std::size_t m_done = 0;
    bool m_closing = false;
    std::vector<std::thread> m_workers;
    std::vector<Job> m_batch; // submitted, not queued yet (only the submitting thread touches it)
    std::size_t m_batchBytes = 0;
};

} // namespace ds::input
