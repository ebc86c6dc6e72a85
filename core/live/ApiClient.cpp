// SPDX-License-Identifier: Apache-2.0
#include "ApiClient.h"

#include "ConnectionSettings.h"
#include "DriftscopeVersion.h"
#include "ExecCredentialPlugin.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSslError>
#include <QTimer>
#include <QUrl>

#include <algorithm>

namespace ds::live {

struct ApiClient::Request
{
    std::string path;
    QByteArray accept;
    Callback done;
    int attempts = 0;
    int generation = 0;
    bool timedOut = false;
    QStringList sslErrors;
};

namespace {

bool retryableTransport(QNetworkReply::NetworkError e)
{
    switch (e) {
    case QNetworkReply::ConnectionRefusedError:
    case QNetworkReply::RemoteHostClosedError:
    case QNetworkReply::TemporaryNetworkFailureError:
    case QNetworkReply::NetworkSessionFailedError:
    case QNetworkReply::UnknownNetworkError:
    case QNetworkReply::ProxyConnectionClosedError:
    case QNetworkReply::ProxyTimeoutError:
        return true;
    default:
        return false;
    }
}

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
    : m_config(std::move(config)), m_options(options), m_manager(std::make_unique<QNetworkAccessManager>())
{
    m_manager->setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
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
    return ConnectionSettings::configureTls(m_config, certPem, keyPem, m_tls);
}

std::optional<std::string> ApiClient::prepare()
{
    if (!m_config.usesTls() && m_config.server.rfind("http://", 0) != 0)
        return "invalid configuration: server \"" + m_config.server + "\" is not an http:// or https:// URL";
    if (auto e = ConnectionSettings::proxyFor(m_config, m_proxy))
        return e;
    m_manager->setProxy(m_proxy);
    return applyCredential(false);
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
    request->timedOut = false;
    request->sslErrors.clear();
    QNetworkRequest req(QUrl(QString::fromStdString(m_config.server + request->path)));
    req.setRawHeader("Accept", request->accept);
    req.setRawHeader("User-Agent", "driftscope/" DRIFTSCOPE_VERSION_STRING);
    if (!m_authorization.isEmpty())
        req.setRawHeader("Authorization", m_authorization);
    if (m_config.disableCompression)
        req.setRawHeader("Accept-Encoding", "identity");
    if (m_config.usesTls()) {
        req.setSslConfiguration(m_tls);
        if (!m_config.tlsServerName.empty())
            req.setPeerVerifyName(QString::fromStdString(m_config.tlsServerName));
    }
    QNetworkReply *reply = m_manager->get(req);
    auto *timer = new QTimer(reply);
    timer->setSingleShot(true);
    QObject::connect(timer, &QTimer::timeout, reply, [request, reply] {
        request->timedOut = true;
        reply->abort();
    });
    // Any data arriving shows the server is alive: restart the clock.
    QObject::connect(reply, &QNetworkReply::downloadProgress, timer, [timer] { timer->start(); });
    timer->start(m_options.requestTimeoutMs);
    QObject::connect(reply, &QNetworkReply::sslErrors, reply, [request](const QList<QSslError> &errors) {
        for (const QSslError &e : errors)
            request->sslErrors << e.errorString();
    });
    const int generation = m_generation;
    QObject::connect(reply, &QNetworkReply::finished, m_manager.get(), [this, request, reply, generation] {
        reply->deleteLater();
        if (generation != m_generation)
            return; // aborted by abortAll
        --m_inFlight;
        finished(request, reply);
        pump();
    });
}

std::string ApiClient::describeFailure(QNetworkReply *reply, const Request &request) const
{
    const std::string prefix = "Get \"" + m_config.server + request.path + "\": ";
    if (request.timedOut)
        return prefix + "request timed out after " + std::to_string((m_options.requestTimeoutMs + 999) / 1000)
            + " s without an answer from the server";
    if (!request.sslErrors.isEmpty())
        return prefix + "tls: failed to verify certificate: "
            + request.sslErrors.join(QLatin1String("; ")).toStdString() + tlsHint(m_config);
    return prefix + reply->errorString().toStdString();
}

void ApiClient::finished(const std::shared_ptr<Request> &request, QNetworkReply *reply)
{
    ApiResponse response;
    const QVariant status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    response.status = status.isValid() ? status.toInt() : 0;
    if (reply->isOpen())
        response.body = reply->readAll();
    response.contentType = reply->header(QNetworkRequest::ContentTypeHeader).toByteArray();
    if (response.status == 0) {
        response.error = describeFailure(reply, *request);
        response.transport = request->timedOut ? ApiResponse::Transport::Timeout
            : !request->sslErrors.isEmpty() || reply->error() == QNetworkReply::SslHandshakeFailedError
            ? ApiResponse::Transport::Tls
            : ApiResponse::Transport::Unreachable;
    }
    else if (response.status >= 300)
        response.error = statusMessage(response.body, response.status);
    if (!response.ok() && refreshExecCredential(request, response))
        return;
    int delayMs = 0;
    const bool transient = response.status != 0 || request->timedOut || retryableTransport(reply->error());
    if (!response.ok() && transient && shouldRetry(request, response, delayMs)) {
        const int generation = m_generation;
        ++m_waitingRetries;
        QTimer::singleShot(delayMs, m_manager.get(), [this, request, generation] {
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
    if (!m_manager)
        return;
    for (QNetworkReply *reply : m_manager->findChildren<QNetworkReply *>()) {
        if (reply->isRunning() && reply->error() == QNetworkReply::NoError)
            reply->abort();
        reply->deleteLater();
    }
}

bool ApiClient::idle() const
{
    return m_inFlight == 0 && m_waitingRetries == 0 && m_queue.empty();
}

} // namespace ds::live
