// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <functional>

namespace ds {

// Stack for threads that render templates: Go allows 100000 nested template
// calls, which needs far more than the default 8 MiB. Only the pages actually
// used are committed.
inline constexpr std::size_t kRenderStackBytes = std::size_t(1) << 30;

// Runs `work` on a new thread with `stackBytes` of stack and waits for it.
int runOnLargeStack(const std::function<int()> &work, std::size_t stackBytes = kRenderStackBytes);

// A thread with a render-sized stack that is joined when destroyed. Plain
// pthreads (std::thread cannot size its stack), so that thread sanitizers see
// the start and the join.
class LargeStackThread
{
public:
    explicit LargeStackThread(std::function<void()> work, std::size_t stackBytes = kRenderStackBytes);
    ~LargeStackThread();
    LargeStackThread(const LargeStackThread &) = delete;
    LargeStackThread &operator=(const LargeStackThread &) = delete;

private:
    static void *run(void *self);

    std::function<void()> m_work;
    unsigned long m_thread = 0; // pthread_t
    bool m_started = false;
};

} // namespace ds
