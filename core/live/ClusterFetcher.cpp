// SPDX-License-Identifier: Apache-2.0
#include "ClusterFetcher.h"

#include "json/JsonReader.h"

#include <QEventLoop>
#include <QTimer>
#include <QUrl>

namespace ds::live {

namespace {

const QByteArray kJson = "application/json";

std::string resourceName(const ServedResource &r)
{
    return r.group.empty() ? r.resource : r.resource + "." + r.group;
}

// List items of built-in kinds come without apiVersion/kind: they are the
// list's, minus "List".
void fillTypeMeta(Value &item, const Value &list)
{
    if (!item.isMap())
        return;
    const Value apiVersion = list.get("apiVersion");
    const Value kind = list.get("kind");
    if (!item.get("apiVersion").isString() && apiVersion.isString())
        item.insert("apiVersion", apiVersion);
    if (!item.get("kind").isString() && kind.isString() && kind.str().size() > 4
        && kind.str().compare(kind.str().size() - 4, 4, "List") == 0)
        item.insert("kind", Value(kind.str().substr(0, kind.str().size() - 4)));
}

} // namespace

ClusterFetcher::ClusterFetcher(ApiClient &client, FetchNeeds needs, Progress progress)
    : m_client(client), m_needs(std::move(needs)), m_progress(std::move(progress))
{
}

FetchResult ClusterFetcher::run(const std::atomic_bool *cancel)
{
    QEventLoop loop;
    m_loop = &loop;
    QTimer cancelPoll;
    if (cancel) {
        QObject::connect(&cancelPoll, &QTimer::timeout, &loop, [this, cancel] {
            if (cancel->load())
                fail("cancelled", LiveError::Cancelled);
        });
        cancelPoll.start(25);
    }
    // Started from the loop, so that a synchronous failure still finds it running.
    QTimer::singleShot(0, &loop, [this] { startDiscovery(); });
    loop.exec();
    m_loop = nullptr;
    return std::move(m_result);
}

void ClusterFetcher::report(const std::string &label)
{
    if (m_progress)
        m_progress(m_jobsDone + (m_discovered ? 1 : 0), m_jobs.size() + 1, label);
}

void ClusterFetcher::startDiscovery()
{
    report("Discovering the API resources of the cluster");
    m_discoveryPending = 2;
    for (const bool core : {true, false}) {
        ++m_result.requests;
        m_client.get(core ? "/api" : "/apis", ApiDiscovery::aggregatedAccept(),
                     [this, core](const ApiResponse &r) { discoveryRoot(core, r); });
    }
}

void ClusterFetcher::discoveryRoot(bool core, const ApiResponse &response)
{
    if (!response.ok()) {
        // client-go logs this before kube-compare's fatal error.
        m_result.log.emplace_back(Log::Severity::Error, "couldn't get current server API group list: " + response.error);
        fail("failed to get clusters resource types: " + response.error + hint(response, nullptr), kindOf(response));
        return;
    }
    auto &parts = core ? m_coreSlots : m_groupSlots;
    std::string error;
    if (ApiDiscovery::isAggregated(response.contentType, response.body)) {
        auto resources = ApiDiscovery::parseAggregated(response.body, error);
        if (!resources) {
            fail("failed to get clusters resource types: " + error, LiveError::Other);
            return;
        }
        parts.push_back(std::move(*resources));
    } else {
        // Older servers: one document per group version.
        const auto groupVersions = core ? ApiDiscovery::parseApiVersions(response.body)
                                        : ApiDiscovery::parseGroupList(response.body);
        parts.resize(groupVersions.size());
        for (std::size_t i = 0; i < groupVersions.size(); ++i) {
            ++m_discoveryPending;
            ++m_result.requests;
            const std::string gv = groupVersions[i];
            m_client.get((core ? "/api/" : "/apis/") + gv, kJson,
                         [this, core, i, gv](const ApiResponse &r) { discoveryGroupVersion(core, i, gv, r); });
        }
    }
    discoveryStepDone();
}

void ClusterFetcher::discoveryGroupVersion(bool core, std::size_t slot, const std::string &groupVersion,
                                           const ApiResponse &response)
{
    std::string error = response.error;
    std::optional<std::vector<ServedResource>> resources;
    if (response.ok())
        resources = ApiDiscovery::parseResourceList(response.body, groupVersion, error);
    if (resources)
        (core ? m_coreSlots : m_groupSlots)[slot] = std::move(*resources);
    else
        m_failedGroupVersions.push_back(groupVersion + ": " + error);
    discoveryStepDone();
}

void ClusterFetcher::discoveryStepDone()
{
    if (m_finished || --m_discoveryPending > 0)
        return;
    if (!m_failedGroupVersions.empty()) {
        // kube-compare stops here; the groups that did answer are enough to go on.
        std::string list;
        for (const std::string &f : m_failedGroupVersions)
            list += (list.empty() ? "" : ", ") + f;
        m_result.log.emplace_back(Log::Severity::Warning,
                                  "unable to retrieve the complete list of server APIs: " + list);
    }
    std::vector<ServedResource> served;
    for (auto *parts : {&m_coreSlots, &m_groupSlots})
        for (auto &slot : *parts)
            served.insert(served.end(), slot.begin(), slot.end());
    startLists(served);
}

void ClusterFetcher::startLists(const std::vector<ServedResource> &served)
{
    m_discovered = true;
    FetchPlan plan = FetchPlan::build(m_needs, served);
    for (const std::string &w : plan.warnings)
        m_result.log.emplace_back(Log::Severity::Warning, w);
    if (plan.error) {
        fail(*plan.error, LiveError::NoSupportedKinds);
        return;
    }
    for (ListJob &j : plan.jobs)
        m_jobs.push_back({std::move(j), {}, false});
    report("Listing " + std::to_string(m_jobs.size()) + " resource types");
    if (m_jobs.empty()) {
        finish();
        return;
    }
    for (std::size_t i = 0; i < m_jobs.size(); ++i)
        fetchPage(i, m_jobs[i].list.firstPage(m_client.options().pageSize));
}

void ClusterFetcher::fetchPage(std::size_t job, const std::string &path)
{
    ++m_result.requests;
    m_client.get(path, kJson, [this, job, path](const ApiResponse &r) { pageArrived(job, path, r); });
}

void ClusterFetcher::pageArrived(std::size_t index, const std::string &path, const ApiResponse &response)
{
    Job &job = m_jobs[index];
    // 410 Gone: the continue token expired while paging; start the list over once.
    if (response.status == 410 && path.find("&continue=") != std::string::npos && !job.restarted) {
        job.restarted = true;
        job.items.clear();
        fetchPage(index, job.list.firstPage(m_client.options().pageSize));
        return;
    }
    if (!response.ok()) {
        const std::string error =
            "error occurred while trying to fetch resources: " + response.error + hint(response, &job.list);
        if (m_needs.keepGoing && response.status == 403) {
            m_result.log.emplace_back(Log::Severity::Error, error + "; compared without them");
            job.items.clear();
            jobDone(index);
            return;
        }
        fail(error, kindOf(response));
        return;
    }
    const yaml::ReadResult read = json::read(std::string_view(response.body.constData(), response.body.size()));
    const Value list = read.ok() && !read.documents.empty() ? read.documents.front() : Value();
    if (!list.isMap() || !(list.get("items").isList() || list.get("items").isNothing())) {
        fail("error occurred while trying to fetch resources: the server returned an unreadable list of "
                 + job.list.label(),
             LiveError::Other);
        return;
    }
    if (const Value items = list.get("items"); items.isList())
        for (Value item : items.list()) {
            fillTypeMeta(item, list);
            job.items.push_back(std::move(item));
        }
    const Value cont = list.at({"metadata", "continue"});
    if (cont.isString() && !cont.str().empty()) {
        fetchPage(index, job.list.firstPage(m_client.options().pageSize) + "&continue="
                             + QUrl::toPercentEncoding(QString::fromStdString(cont.str())).toStdString());
        return;
    }
    jobDone(index);
}

void ClusterFetcher::jobDone(std::size_t index)
{
    ++m_jobsDone;
    const Job &job = m_jobs[index];
    report(job.list.label() + ": " + std::to_string(job.items.size()) + " objects");
    if (m_jobsDone == m_jobs.size())
        finish();
}

std::string ClusterFetcher::hint(const ApiResponse &response, const ListJob *job) const
{
    const RestConfig &c = m_client.config();
    if (response.status == 401)
        return " (the server did not accept the credentials of user \"" + c.userName + "\" from context \""
            + c.contextName + "\"; log in again, e.g. with `oc login`, or check the kubeconfig)";
    if (response.status == 403 && job)
        return " (Driftscope needs the get and list verbs on " + resourceName(job->resource)
            + (job->namespaceName.empty() ? " cluster-wide" : " in namespace " + job->namespaceName)
            + "; `driftscope-cli rbac -r REFERENCE` prints the role a comparison needs)";
    if (response.status == 403)
        return " (Driftscope needs read access to the API discovery endpoints /api and /apis)";
    if (response.transport == ApiResponse::Transport::Unreachable)
        return " (check that the cluster's API server " + c.server + " is reachable from this machine — VPN, proxy, "
               "firewall — and that context \"" + c.contextName + "\" names the right cluster)";
    return {};
}

LiveError ClusterFetcher::kindOf(const ApiResponse &response)
{
    switch (response.transport) {
    case ApiResponse::Transport::Timeout: return LiveError::Timeout;
    case ApiResponse::Transport::Tls: return LiveError::Tls;
    case ApiResponse::Transport::Unreachable: return LiveError::Unreachable;
    case ApiResponse::Transport::Ok: break;
    }
    return response.status == 401 ? LiveError::Unauthorized
        : response.status == 403  ? LiveError::Forbidden
                                  : LiveError::Other;
}

void ClusterFetcher::fail(const std::string &error, LiveError kind)
{
    if (m_finished)
        return;
    m_result.error = error;
    m_result.errorKind = kind;
    m_client.abortAll();
    finish();
}

void ClusterFetcher::finish()
{
    if (m_finished)
        return;
    m_finished = true;
    const SharedString cluster("cluster"); // every object's source, one string
    if (!m_result.error)
        for (Job &job : m_jobs)
            for (Value &item : job.items)
                m_result.objects.push_back({item, input::objectId(item), cluster});
    m_jobs.clear();
    if (m_loop)
        m_loop->quit();
}

} // namespace ds::live
