// SPDX-License-Identifier: Apache-2.0
#include "ApiClient.h"

#include "ConnectionSettings.h"
#include "ExecCredentialPlugin.h"

#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>
#include <QTimer>

#include <algorithm>

namespace ds::live {

struct ApiClient::Request
{
    std::string path;
    QByteArray accept;
    Callback done;
    int attempts = 0;
    int generation = 0;
};

namespace {

// The message of a metav1.Status body, as client-go reports it.
std::string statusMessage(const QByteArray &body, int status)
{
    const QJsonObject o = QJsonDocument::fromJson(body).object();
    const QString message = o.value(QLatin1String("message")).toString();
    if (o.value(QLatin1String("kind")).toString() == QLatin1String("Status") && !message.isEmpty())
        return message.toStdString();
    if (status == 401)
        return "Unauthorized";
    if (status == 403)
        return "Forbidden";
    if (status == 404)
        return "the server could not find the requested resource";
    return "the server returned HTTP status " + std::to_string(status);
}

std::string tlsHint(const RestConfig &config)
{
    if (config.caPem.empty())
        return " (the server's certificate is not trusted by the system's CAs; set certificate-authority-data "
               "for cluster \"" + config.clusterName + "\" in the kubeconfig)";
    return " (the server's certificate is not signed by the certificate-authority of cluster \"" + config.clusterName
        + "\"; update the kubeconfig, e.g. by logging in again)";
}

} // namespace

ApiClient::ApiClient(RestConfig config, ApiOptions options)
    : m_config(std::move(config)), m_options(options), m_timers(std::make_unique<QObject>())
{
}

ApiClient::~ApiClient()
{
    abortAll();
}

std::optional<std::string> ApiClient::applyCredential(bool forceRefresh)
{
    m_authorization.clear();
    std::string certPem = m_config.clientCertPem;
    std::string keyPem = m_config.clientKeyPem;
    // client-go sends no credentials at all to a plain-HTTP server.
    if (m_config.usesTls()) {
        std::string token = m_config.bearerToken;
        if (token.empty() && !m_config.tokenFile.empty()) {
            QFile f(QString::fromStdString(m_config.tokenFile));
            if (!f.open(QIODevice::ReadOnly))
                return "unable to read tokenFile " + m_config.tokenFile + ": " + f.errorString().toStdString();
            token = f.readAll().trimmed().toStdString();
        }
        const bool basic = !m_config.username.empty() || !m_config.password.empty();
        // As client-go: a static token, basic auth or client certificate wins over the exec plugin.
        if (m_config.exec && token.empty() && !basic && certPem.empty()) {
            const auto cred = ExecCredentialPlugin::obtain(m_config, m_options.execTimeoutMs, forceRefresh);
            if (!cred.ok())
                return cred.error;
            token = cred.credential.token;
            certPem = cred.credential.clientCertPem;
            keyPem = cred.credential.clientKeyPem;
        }
        if (!token.empty())
            m_authorization = "Bearer " + QByteArray::fromStdString(token);
        else if (basic)
            m_authorization = "Basic " + QByteArray::fromStdString(m_config.username + ":" + m_config.password).toBase64();
    }
    TlsSpec tls{m_config.clusterName, m_config.userName, m_config.caPem, m_config.insecureSkipTlsVerify, certPem,
                keyPem};
    return m_transport->setTls(tls);
}

std::optional<std::string> ApiClient::prepare()
{
    if (!m_config.usesTls() && m_config.server.rfind("http://", 0) != 0)
        return "invalid configuration: server \"" + m_config.server + "\" is not an http:// or https:// URL";
    ProxySpec proxy;
    if (auto e = ConnectionSettings::proxyFor(m_config, proxy))
        return e;
    m_transport = createHttpTransport();
    m_transport->setProxy(proxy);
    return applyCredential(false);
}

ApiResponse ApiClient::getAndWait(const std::string &pathAndQuery, const QByteArray &accept)
{
    QEventLoop loop;
    ApiResponse out;
    bool done = false; // the callback may run at once, before exec()
    get(pathAndQuery, accept, [&](const ApiResponse &r) {
        out = r;
        done = true;
        loop.quit();
    });
    if (!done)
        loop.exec();
    return out;
}

void ApiClient::get(const std::string &pathAndQuery, const QByteArray &accept, Callback done)
{
    auto r = std::make_shared<Request>();
    r->path = pathAndQuery;
    r->accept = accept;
    r->done = std::move(done);
    r->generation = m_generation;
    m_queue.push_back(std::move(r));
    pump();
}

void ApiClient::pump()
{
    while (m_inFlight < std::max(1, m_options.maxInFlight) && !m_queue.empty()) {
        auto r = m_queue.front();
        m_queue.pop_front();
        start(r);
    }
}

void ApiClient::start(const std::shared_ptr<Request> &request)
{
    ++m_inFlight;
    ++request->attempts;
    HttpRequest http;
    http.url = m_config.server + request->path;
    http.accept = request->accept;
    http.authorization = m_authorization;
    http.identityEncoding = m_config.disableCompression;
    http.peerVerifyName = m_config.tlsServerName;
    http.timeoutMs = m_options.requestTimeoutMs;
    const int generation = m_generation;
    m_transport->get(http, [this, request, generation](const HttpReply &reply) {
        if (generation != m_generation)
            return; // aborted by abortAll
        --m_inFlight;
        finished(request, reply);
        pump();
    });
}

std::string ApiClient::describeFailure(const HttpReply &reply, const Request &request) const
{
    const std::string prefix = "Get \"" + m_config.server + request.path + "\": ";
    if (reply.timedOut)
        return prefix + "request timed out after " + std::to_string((m_options.requestTimeoutMs + 999) / 1000)
            + " s without an answer from the server";
    if (!reply.sslErrors.empty()) {
        std::string errors;
        for (const std::string &e : reply.sslErrors)
            errors += (errors.empty() ? "" : "; ") + e;
        return prefix + "tls: failed to verify certificate: " + errors + tlsHint(m_config);
    }
    return prefix + reply.errorText;
}

void ApiClient::finished(const std::shared_ptr<Request> &request, const HttpReply &reply)
{
    ApiResponse response;
    response.status = reply.status;
    response.body = reply.body;
    response.contentType = reply.contentType;
    if (response.status == 0) {
        response.error = describeFailure(reply, *request);
        response.transport = reply.timedOut ? ApiResponse::Transport::Timeout
            : reply.tlsFailed                ? ApiResponse::Transport::Tls
                                             : ApiResponse::Transport::Unreachable;
    }
    else if (response.status >= 300)
        response.error = statusMessage(response.body, response.status);
    if (!response.ok() && refreshExecCredential(request, response))
        return;
    int delayMs = 0;
    const bool transient = response.status != 0 || reply.timedOut || reply.retryable;
    if (!response.ok() && transient && shouldRetry(request, response, delayMs)) {
        const int generation = m_generation;
        ++m_waitingRetries;
        QTimer::singleShot(delayMs, m_timers.get(), [this, request, generation] {
            if (generation != m_generation)
                return;
            --m_waitingRetries;
            m_queue.push_front(request);
            pump();
        });
        return;
    }
    request->done(response);
}

bool ApiClient::shouldRetry(const std::shared_ptr<Request> &request, const ApiResponse &response, int &delayMs)
{
    if (request->attempts > m_options.maxRetries)
        return false;
    const int s = response.status;
    if (s != 0 && s != 429 && s != 500 && s != 502 && s != 503 && s != 504)
        return false;
    delayMs = m_options.initialBackoffMs << std::min(request->attempts - 1, 8);
    return true;
}

// An exec credential can be revoked before its expirationTimestamp: run the
// plugin again once after a 401, as client-go does.
bool ApiClient::refreshExecCredential(const std::shared_ptr<Request> &request, const ApiResponse &response)
{
    if (response.status != 401 || !m_config.exec || m_execRefreshed || !m_config.usesTls())
        return false;
    m_execRefreshed = true;
    if (applyCredential(true))
        return false;
    m_queue.push_front(request);
    return true;
}

void ApiClient::abortAll()
{
    ++m_generation;
    m_queue.clear();
    m_inFlight = 0;
    m_waitingRetries = 0;
    if (m_transport)
        m_transport->abortAll();
}

bool ApiClient::idle() const
{
    return m_inFlight == 0 && m_waitingRetries == 0 && m_queue.empty();
}

} // namespace ds::live
