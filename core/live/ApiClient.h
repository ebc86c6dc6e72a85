// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "HttpTransport.h"
#include "RestConfig.h"

#include <QByteArray>

#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>

class QObject;

namespace ds::live {

struct ApiOptions
{
    int requestTimeoutMs = 30000; // per attempt; a server that sends nothing for this long is given up
    int maxRetries = 3;           // for transport errors, timeouts, 429 and 5xx
    int initialBackoffMs = 250;   // doubled for every retry
    int maxInFlight = 4;          // kube-compare's default --concurrency
    int execTimeoutMs = 60000;    // exec credential plugins
    int pageSize = 500;           // kubectl's chunk size
};

struct ApiResponse
{
    enum class Transport { Ok, Unreachable, Timeout, Tls };
    Transport transport = Transport::Ok; // why there is no HTTP status
    int status = 0;          // HTTP status; 0 when the request never got one
    QByteArray body;
    QByteArray contentType;
    std::string error;       // transport or HTTP error, Go-style: Get "<url>": <reason>
    bool ok() const { return error.empty() && status >= 200 && status < 300; }
};

// GET-only client for the Kubernetes API over an
// HttpTransport. Lives on the thread that runs its event loop (see LiveInputSource): requests are
// queued, at most maxInFlight run at once, each attempt has a timeout, and
// transient failures are retried with exponential backoff. Never logs headers,
// so tokens and keys cannot leak into logs.
class ApiClient
{
public:
    using Callback = std::function<void(const ApiResponse &)>;

    ApiClient(RestConfig config, ApiOptions options);
    ~ApiClient();
    ApiClient(const ApiClient &) = delete;
    ApiClient &operator=(const ApiClient &) = delete;

    // Sets up the transport: credentials (token file, exec plugin), TLS and
    // proxy settings. Call once before get(); returns a configuration error.
    std::optional<std::string> prepare();

    // Queues GET <server><pathAndQuery>; `done` runs on this thread when the
    // request has succeeded or failed for good.
    void get(const std::string &pathAndQuery, const QByteArray &accept, Callback done);
    // get(), waited for in a local event loop: for callers that fetch step by
    // step on a thread of their own.
    ApiResponse getAndWait(const std::string &pathAndQuery, const QByteArray &accept);
    // Aborts everything queued or running; their callbacks are not called.
    void abortAll();
    bool idle() const;

    const RestConfig &config() const { return m_config; }
    const ApiOptions &options() const { return m_options; }

private:
    struct Request;
    void pump();
    void start(const std::shared_ptr<Request> &request);
    void finished(const std::shared_ptr<Request> &request, const HttpReply &reply);
    bool shouldRetry(const std::shared_ptr<Request> &request, const ApiResponse &response, int &delayMs);
    bool refreshExecCredential(const std::shared_ptr<Request> &request, const ApiResponse &response);
    std::optional<std::string> applyCredential(bool forceRefresh);
    std::string describeFailure(const HttpReply &reply, const Request &request) const;

    RestConfig m_config;
    ApiOptions m_options;
    std::unique_ptr<QObject> m_timers; // context of retry timers
    std::unique_ptr<HttpTransport> m_transport;
    QByteArray m_authorization; // the Authorization header value, never logged
    std::deque<std::shared_ptr<Request>> m_queue;
    int m_inFlight = 0;
    int m_waitingRetries = 0;
    int m_generation = 0; // bumped by abortAll so late callbacks are dropped
    bool m_execRefreshed = false;
};

} // namespace ds::live
