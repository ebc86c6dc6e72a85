// SPDX-License-Identifier: Apache-2.0
#include "LargeStack.h"

#include <memory>
#include <stdexcept>
#include <pthread.h>

namespace ds {

int runOnLargeStack(const std::function<int()> &work, std::size_t stackBytes)
{
    int result = 0;
    // Joined with pthread_join, so the thread has fully ended, thread-local
    // destructors included (OpenSSL's per-thread state), before the caller goes
    // on and perhaps exits; QThread::wait() can return before that.
    {
        LargeStackThread thread([&] { result = work(); }, stackBytes);
    }
    return result;
}

static_assert(sizeof(pthread_t) == sizeof(unsigned long), "LargeStackThread keeps a pthread_t as unsigned long");

LargeStackThread::LargeStackThread(std::function<void()> work, std::size_t stackBytes) : m_work(std::move(work))
{
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, stackBytes);
    pthread_t thread;
    m_started = pthread_create(&thread, &attr, &LargeStackThread::run, this) == 0;
    pthread_attr_destroy(&attr);
    if (!m_started)
        throw std::runtime_error("cannot start a thread");
    m_thread = thread;
}

LargeStackThread::~LargeStackThread()
{
    if (m_started)
        pthread_join(pthread_t(m_thread), nullptr);
}

void *LargeStackThread::run(void *self)
{
    static_cast<LargeStackThread *>(self)->m_work();
    return nullptr;
}

} // namespace ds
