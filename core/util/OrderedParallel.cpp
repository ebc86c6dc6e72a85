// SPDX-License-Identifier: Apache-2.0
#include "OrderedParallel.h"

#include "LargeStack.h"

#include <condition_variable>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

namespace ds {

namespace {

bool cancelled(const std::atomic_bool *cancel)
{
    return cancel && cancel->load();
}

std::size_t runSerially(std::size_t count, const std::function<void(std::size_t)> &work,
                        const std::function<void(std::size_t)> &deliver, const std::atomic_bool *cancel)
{
    std::size_t i = 0;
    for (; i < count && !cancelled(cancel); ++i) {
        work(i);
        deliver(i);
    }
    return i;
}

// Indexes are handed out in runs of up to this many, so that cheap work is not
// dominated by locking and waking threads.
constexpr std::size_t kRunLength = 8;

struct Run
{
    std::size_t begin = 0;
    std::size_t end = 0;
};

// Hands out runs of indexes in order and tracks what finished; shared by the
// workers and the delivering thread.
class Board
{
public:
    Board(std::size_t count, int workers, const OrderedRunOptions &options)
        : m_options(options), m_finished(count, false), m_workers(workers)
    {
    }

    // The next run to work on, once it may start; nullopt when there is none.
    // An exclusive index is a run of its own.
    std::optional<Run> claim()
    {
        std::unique_lock guard(m_lock);
        m_claimable.wait(guard, [&] { return !mustWait(); });
        if (m_next >= m_finished.size() || m_stopped || cancelled(m_options.cancel))
            return std::nullopt;
        Run run{m_next, m_next + 1};
        m_exclusiveRunning = isExclusive(run.begin);
        if (!m_exclusiveRunning)
            while (run.end < m_finished.size() && run.end - run.begin < kRunLength && !isExclusive(run.end))
                ++run.end;
        ++m_running;
        m_next = run.end;
        return run;
    }

    void finish(Run run, std::size_t failedAt, std::exception_ptr error)
    {
        bool wakeDelivery = false;
        {
            const std::lock_guard guard(m_lock);
            for (std::size_t i = run.begin; i < run.end; ++i)
                m_finished[i] = true;
            --m_running;
            m_exclusiveRunning = false;
            if (error && failedAt < m_failedAt) {
                m_failedAt = failedAt;
                m_failure = std::move(error);
            }
            wakeDelivery = m_awaited >= run.begin && m_awaited < run.end;
        }
        m_claimable.notify_all();
        if (wakeDelivery)
            m_delivery.notify_one();
    }

    void workerDone()
    {
        {
            const std::lock_guard guard(m_lock);
            --m_workers;
        }
        m_delivery.notify_one();
    }

    void stop()
    {
        {
            const std::lock_guard guard(m_lock);
            m_stopped = true;
        }
        m_claimable.notify_all();
    }

    // Waits until index i finished (true) or no worker is left to finish it.
    bool waitFor(std::size_t i)
    {
        std::unique_lock guard(m_lock);
        m_awaited = i;
        m_delivery.wait(guard, [&] { return m_finished[i] || m_workers == 0; });
        m_awaited = SIZE_MAX;
        if (m_finished[i] && i == m_failedAt)
            std::rethrow_exception(m_failure);
        return m_finished[i];
    }

private:
    bool isExclusive(std::size_t i) const { return m_options.exclusive && m_options.exclusive(i); }

    // An exclusive index waits for everything before it; nothing starts while it runs.
    bool mustWait() const
    {
        if (m_next >= m_finished.size() || m_stopped || cancelled(m_options.cancel))
            return false;
        return m_exclusiveRunning || (m_running > 0 && isExclusive(m_next));
    }

    const OrderedRunOptions &m_options;
    std::mutex m_lock;
    std::condition_variable m_claimable; // workers waiting for an exclusive index
    std::condition_variable m_delivery;  // the delivering thread
    std::vector<bool> m_finished;
    std::size_t m_next = 0;
    std::size_t m_awaited = SIZE_MAX;
    int m_running = 0;
    bool m_exclusiveRunning = false;
    int m_workers;
    bool m_stopped = false;
    std::size_t m_failedAt = SIZE_MAX;
    std::exception_ptr m_failure;
};

} // namespace

std::size_t runOrdered(std::size_t count, const OrderedRunOptions &options,
                       const std::function<void(std::size_t)> &work, const std::function<void(std::size_t)> &deliver)
{
    if (options.threads <= 1 || count <= 1)
        return runSerially(count, work, deliver, options.cancel);
    Board board(count, options.threads, options);
    const auto worker = [&] {
        while (const std::optional<Run> run = board.claim()) {
            std::exception_ptr error;
            std::size_t i = run->begin;
            try {
                for (; i < run->end; ++i)
                    work(i);
            } catch (...) {
                error = std::current_exception();
            }
            board.finish(*run, i, std::move(error));
        }
        board.workerDone();
    };
    std::vector<std::unique_ptr<LargeStackThread>> pool;
    // Workers are joined however delivery ends (done, cancelled, or an exception).
    const auto joinAll = [&] {
        board.stop();
        pool.clear();
    };
    try {
        for (int t = 0; t < options.threads; ++t)
            pool.push_back(std::make_unique<LargeStackThread>(worker));
    } catch (...) {
        joinAll();
        throw;
    }
    std::size_t delivered = 0;
    try {
        for (; delivered < count && board.waitFor(delivered); ++delivered)
            deliver(delivered);
    } catch (...) {
        joinAll();
        throw;
    }
    joinAll();
    return delivered;
}

} // namespace ds
