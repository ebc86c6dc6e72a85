// SPDX-License-Identifier: Apache-2.0
#include "LiveInputSource.h"

#include "ClusterFetcher.h"
#include "util/LargeStack.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>

namespace ds::live {

namespace {

// Progress handed from the network thread to the caller's thread.
struct ProgressMailbox
{
    std::mutex mutex;
    std::size_t done = 0;
    std::size_t total = 0;
    std::string label;
    std::uint64_t serial = 0;

    void post(std::size_t d, std::size_t t, const std::string &l)
    {
        std::lock_guard lock(mutex);
        done = d;
        total = t;
        label = l;
        ++serial;
    }

    void deliver(const input::ProgressCallback &callback, std::uint64_t &seen)
    {
        std::size_t d = 0, t = 0;
        std::string l;
        {
            std::lock_guard lock(mutex);
            if (serial == seen)
                return;
            seen = serial;
            d = done;
            t = total;
            l = label;
        }
        callback(d, t, l);
    }
};

// The fetch runs Qt's network stack, not templates: a thread's usual stack.
constexpr std::size_t kFetchStackBytes = std::size_t(8) << 20;

FetchResult fetchOnThisThread(const RestConfig &config, const LiveSettings &settings, const FetchNeeds &needs,
                              const std::atomic_bool *cancel, ProgressMailbox &mailbox)
{
    ApiClient client(config, settings.api);
    if (auto e = client.prepare()) {
        FetchResult r;
        r.error = *e;
        r.errorKind = LiveError::Configuration;
        return r;
    }
    ClusterFetcher fetcher(client, needs, [&mailbox](std::size_t d, std::size_t t, const std::string &l) {
        mailbox.post(d, t, l);
    });
    return fetcher.run(cancel);
}

} // namespace

ContextListing listContexts(const std::string &kubeconfig)
{
    ContextListing out;
    const auto loaded = Kubeconfig::load(kubeconfig);
    if (!loaded.ok()) {
        out.error = loaded.error;
        return out;
    }
    out.contexts = loaded.config.contextSummaries();
    out.currentContext = loaded.config.currentContext();
    out.files = loaded.config.files();
    return out;
}

LiveInputSource::LiveInputSource(LiveSettings settings, FetchNeeds needs)
    : m_settings(std::move(settings)), m_needs(std::move(needs))
{
}

std::string LiveInputSource::description() const
{
    if (m_contextName.empty())
        return m_settings.context.empty() ? std::string("the current kubeconfig context")
                                          : "context " + m_settings.context;
    return "context " + m_contextName + " (" + m_server + ")";
}

input::LoadedObjects LiveInputSource::load(Log &log, const std::atomic_bool *cancel,
                                           const input::ProgressCallback &progress)
{
    input::LoadedObjects out;
    m_lastError = LiveError::Configuration;
    const auto rest = RestConfig::resolve(m_settings.kubeconfig, m_settings.context);
    if (!rest.ok()) {
        out.error = *rest.error;
        return out;
    }
    m_contextName = rest.config.contextName;
    m_server = rest.config.server;

    ProgressMailbox mailbox;
    FetchResult result;
    // Qt networking needs an event loop; the caller may have none (the CLI) or
    // must not be blocked in it (the GUI), so it gets a thread of its own: a
    // LargeStackThread, joined with pthread_join. QThread::wait() returns before
    // the thread's thread-local destructors (Qt's, OpenSSL's) have run, and the
    // CLI could then exit while OpenSSL was freeing that thread's state.
    std::mutex doneMutex;
    std::condition_variable doneChanged;
    bool done = false;
    std::uint64_t seen = 0;
    {
        LargeStackThread thread(
            [&] {
                result = fetchOnThisThread(rest.config, m_settings, m_needs, cancel, mailbox);
                const std::lock_guard lock(doneMutex);
                done = true;
                doneChanged.notify_all();
            },
            kFetchStackBytes);
        std::unique_lock lock(doneMutex);
        while (!doneChanged.wait_for(lock, std::chrono::milliseconds(30), [&] { return done; })) {
            lock.unlock();
            if (progress)
                mailbox.deliver(progress, seen);
            lock.lock();
        }
    }
    if (progress)
        mailbox.deliver(progress, seen);
    m_requests = result.requests;
    m_lastError = result.errorKind;
    for (const auto &[severity, text] : result.log)
        log.message(severity, 0, text);
    if (result.error)
        out.error = *result.error;
    else
        out.objects = std::move(result.objects);
    return out;
}

} // namespace ds::live
