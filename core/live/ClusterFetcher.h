// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ApiClient.h"
#include "FetchPlan.h"
#include "LiveError.h"
#include "input/ClusterObject.h"
#include "util/Log.h"

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

class QEventLoop;

namespace ds::live {

struct FetchResult
{
    std::vector<input::ClusterObject> objects; // plan order, server order within a list
    std::vector<std::pair<Log::Severity, std::string>> log;
    std::optional<std::string> error;
    LiveError errorKind = LiveError::None;
    std::size_t requests = 0;
};

// Discovery, planning and the paged LISTs for one comparison, driven by the
// calling thread's event loop (run() returns when everything has finished,
// failed, or `cancel` became true).
class ClusterFetcher
{
public:
    using Progress = std::function<void(std::size_t done, std::size_t total, const std::string &label)>;

    ClusterFetcher(ApiClient &client, FetchNeeds needs, Progress progress);
    FetchResult run(const std::atomic_bool *cancel);

private:
    struct Job
    {
        ListJob list;
        std::vector<Value> items;
        bool restarted = false;
    };

    void startDiscovery();
    void discoveryRoot(bool core, const ApiResponse &response);
    void discoveryGroupVersion(bool core, std::size_t slot, const std::string &groupVersion, const ApiResponse &response);
    void discoveryStepDone();
    void startLists(const std::vector<ServedResource> &served);
    void fetchPage(std::size_t job, const std::string &path);
    void pageArrived(std::size_t job, const std::string &path, const ApiResponse &response);
    void jobDone(std::size_t job);
    void fail(const std::string &error, LiveError kind);
    static LiveError kindOf(const ApiResponse &response);
    void finish();
    std::string hint(const ApiResponse &response, const ListJob *job) const;
    void report(const std::string &label);

    ApiClient &m_client;
    FetchNeeds m_needs;
    Progress m_progress;
    QEventLoop *m_loop = nullptr;
    FetchResult m_result;
    bool m_finished = false;

    int m_discoveryPending = 0;
    bool m_discovered = false;
    std::vector<std::vector<ServedResource>> m_coreSlots;
    std::vector<std::vector<ServedResource>> m_groupSlots;
    std::vector<std::string> m_failedGroupVersions;

    std::vector<Job> m_jobs;
    std::size_t m_jobsDone = 0;
};

} // namespace ds::live
