// SPDX-License-Identifier: Apache-2.0
#include "ParallelDecoder.h"

#include <QFile>
#include <QThread>

namespace ds::input {

namespace {

constexpr std::size_t kMaxQueued = 64;

DecodedFile decodeJob(ParallelDecoder::Job &job, const KindFilter &filter)
{
    if (job.diskPath.empty())
        return decodeResourceFile(job.displayPath, job.bytes, filter);
    QFile file(QString::fromStdString(job.diskPath));
    if (!file.open(QIODevice::ReadOnly)) {
        DecodedFile failed;
        failed.path = job.displayPath;
        failed.warnings.push_back("Skipping " + job.displayPath + ": cannot read it: "
                                  + file.errorString().toStdString());
        return failed;
    }
    const QByteArray bytes = file.readAll();
    return decodeResourceFile(job.displayPath, std::string(bytes.constData(), std::size_t(bytes.size())), filter);
}

} // namespace

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
    m_changed.notify_all();
    for (std::thread &t : m_workers)
        if (t.joinable())
            t.join();
}

void ParallelDecoder::submit(Job job)
{
    std::unique_lock guard(m_lock);
    m_changed.wait(guard, [this] { return m_queue.size() < kMaxQueued || (m_cancel && m_cancel->load()); });
    m_queue.emplace_back(m_results.size(), std::move(job));
    m_results.emplace_back();
    guard.unlock();
    m_changed.notify_all();
}

std::vector<DecodedFile> ParallelDecoder::finish()
{
    {
        const std::lock_guard guard(m_lock);
        m_closing = true;
    }
    m_changed.notify_all();
    for (std::thread &t : m_workers)
        t.join();
    m_workers.clear();
    return {std::make_move_iterator(m_results.begin()), std::make_move_iterator(m_results.end())};
}

void ParallelDecoder::work()
{
    for (;;) {
        std::unique_lock guard(m_lock);
        m_changed.wait(guard, [this] { return !m_queue.empty() || m_closing; });
        if (m_queue.empty())
            return;
        auto [index, job] = std::move(m_queue.front());
        m_queue.pop_front();
        guard.unlock();
        m_changed.notify_all(); // room for the submitter
        DecodedFile decoded;
        if (m_cancel && m_cancel->load())
            decoded.path = job.displayPath; // drained without decoding
        else
            decoded = decodeJob(job, m_filter);
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
