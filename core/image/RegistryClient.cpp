// SPDX-License-Identifier: Apache-2.0
#include "RegistryClient.h"

#include "live/BlockingGet.h"
#include "live/ConnectionSettings.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QThread>
#include <QUrl>
#include <QUrlQuery>

#include <map>

namespace ds::image {

namespace {

constexpr int kAttempts = 3;
constexpr int kRetryDelayMs = 300;
constexpr int kMaxRedirects = 5;

bool isRedirect(int status)
{
    return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
}

// `Bearer realm="https://auth/token",service="reg",scope="repository:x:pull"`.
std::map<std::string, std::string> challengeParameters(const QByteArray &challenge, std::string &scheme)
{
    std::map<std::string, std::string> out;
    const int space = challenge.indexOf(' ');
    scheme = challenge.left(space < 0 ? challenge.size() : space).toLower().toStdString();
    const QByteArray rest = space < 0 ? QByteArray() : challenge.mid(space + 1);
    qsizetype i = 0;
    while (i < rest.size()) {
        while (i < rest.size() && (rest[i] == ' ' || rest[i] == ','))
            ++i;
        const qsizetype eq = rest.indexOf('=', i);
        if (eq < 0)
            break;
        const std::string key = rest.mid(i, eq - i).trimmed().toLower().toStdString();
        std::string value;
        i = eq + 1;
        if (i < rest.size() && rest[i] == '"') {
            for (++i; i < rest.size() && rest[i] != '"'; ++i)
                value += (rest[i] == '\\' && i + 1 < rest.size()) ? rest[++i] : rest[i];
            ++i;
        } else {
            for (; i < rest.size() && rest[i] != ','; ++i)
                value += rest[i];
        }
        out[key] = value;
    }
    return out;
}

// {"errors":[{"code":"MANIFEST_UNKNOWN","message":"manifest unknown"}]} → "MANIFEST_UNKNOWN: manifest unknown".
std::string registryErrors(const QByteArray &body)
{
    std::string out;
    for (const QJsonValue &e : QJsonDocument::fromJson(body).object().value(u"errors").toArray()) {
        const QJsonObject o = e.toObject();
        out += (out.empty() ? "" : "; ") + o.value(u"code").toString().toStdString() + ": "
            + o.value(u"message").toString().toStdString();
    }
    return out;
}

// podman's certs.d/<host>: every *.crt is a CA; a *.cert with its *.key is the client certificate.
live::TlsSpec tlsFor(const std::string &host, const std::vector<QString> &directories)
{
    live::TlsSpec tls;
    tls.clusterName = host;
    tls.userName = host;
    tls.caExtendsSystem = true;
    for (const QString &base : directories) {
        const QDir dir(base + QStringLiteral("/") + QString::fromStdString(host));
        for (const QString &name : dir.entryList({QStringLiteral("*.crt")}, QDir::Files, QDir::Name)) {
            QFile f(dir.filePath(name));
            if (f.open(QIODevice::ReadOnly))
                tls.caPem += f.readAll().toStdString() + "\n";
        }
        for (const QString &name : dir.entryList({QStringLiteral("*.cert")}, QDir::Files, QDir::Name)) {
            QFile cert(dir.filePath(name));
            QFile key(dir.filePath(name.chopped(5) + QStringLiteral(".key")));
            if (tls.clientCertPem.empty() && cert.open(QIODevice::ReadOnly) && key.open(QIODevice::ReadOnly)) {
                tls.clientCertPem = cert.readAll().toStdString();
                tls.clientKeyPem = key.readAll().toStdString();
            }
        }
    }
    return tls;
}

} // namespace

RegistryClient::RegistryClient(std::string imageName, std::string apiHost, std::string registry,
                               std::string repository, RegistryOptions options)
    : m_imageName(std::move(imageName)), m_apiHost(std::move(apiHost)), m_registry(std::move(registry)),
      m_repository(std::move(repository)), m_options(std::move(options)), m_transport(live::createHttpTransport())
{
}

RegistryClient::~RegistryClient() = default;

live::HttpReply RegistryClient::sendOnce(const live::HttpRequest &request)
{
    return live::getAndWait(*m_transport, request, m_options.cancel);
}

live::HttpReply RegistryClient::send(live::HttpRequest request)
{
    for (int attempt = 1;; ++attempt) {
        live::HttpReply reply;
        for (int hop = 0; hop <= kMaxRedirects; ++hop) {
            reply = sendOnce(request);
            if (!isRedirect(reply.status) || cancelled())
                break;
            const QUrl from(QString::fromStdString(request.url));
            const QUrl to = from.resolved(QUrl(QString::fromLatin1(reply.header("Location"))));
            if (to.host() != from.host() || to.port() != from.port())
                request.authorization.clear(); // credentials are for the registry, not a CDN
            request.url = to.toString().toStdString();
        }
        const bool transient = (reply.status == 0 && !reply.tlsFailed) || reply.status >= 500;
        if (!transient || attempt >= kAttempts || cancelled())
            return reply;
        QThread::msleep(kRetryDelayMs);
    }
}

std::string RegistryClient::transportError(const live::HttpReply &reply) const
{
    if (cancelled())
        return "cancelled";
    if (!reply.sslErrors.empty()) {
        std::string reasons;
        for (const std::string &e : reply.sslErrors)
            reasons += (reasons.empty() ? "" : "; ") + e;
        return "the TLS certificate of registry " + m_registry + " is not trusted (" + reasons + "); put its CA in "
            "/etc/containers/certs.d/" + m_registry + "/ca.crt or ~/.config/containers/certs.d/" + m_registry
            + "/ca.crt";
    }
    std::string text = "cannot reach registry " + m_registry + " for " + m_imageName + ": "
        + (reply.timedOut ? std::string("no answer within 30 s") : reply.errorText);
    if (!m_options.allowPlainHttp)
        text += " (a registry without TLS that is not on this machine needs --insecure-registry " + m_registry + ")";
    return text;
}

std::optional<RegistryResponse> RegistryClient::connect()
{
    if (m_connected)
        return std::nullopt;
    live::RestConfig config;
    config.server = "https://" + m_apiHost;
    live::ProxySpec proxy;
    RegistryResponse out;
    if (auto error = live::ConnectionSettings::proxyFor(config, proxy)) {
        out.error = *error;
        return out;
    }
    m_transport->setProxy(proxy);
    if (auto error = m_transport->setTls(tlsFor(m_registry, m_options.certsDirectories))) {
        out.error = "certs.d of " + m_registry + ": " + *error;
        return out;
    }
    live::HttpRequest ping;
    ping.url = "https://" + m_apiHost + "/v2/";
    ping.accept = "application/json";
    live::HttpReply reply = send(ping);
    m_baseUrl = "https://" + m_apiHost;
    if (reply.status == 0 && reply.sslErrors.empty() && m_options.allowPlainHttp && !cancelled()) {
        ping.url = "http://" + m_apiHost + "/v2/";
        const live::HttpReply plain = send(ping);
        if (plain.status != 0) {
            reply = plain;
            m_baseUrl = "http://" + m_apiHost;
        }
    }
    if (reply.status == 401) {
        if (auto error = authenticate(reply.header("WWW-Authenticate"))) {
            out.error = *error;
            return out;
        }
    } else if (reply.status != 200) {
        out.unreachable = reply.status == 0;
        out.error = reply.status == 0 ? transportError(reply)
                                      : m_registry + " does not answer as a container registry (GET /v2/: HTTP "
                + std::to_string(reply.status) + ")";
        return out;
    }
    m_connected = true;
    return std::nullopt;
}

std::optional<std::string> RegistryClient::authenticate(const QByteArray &challenge)
{
    if (!m_lookup)
        m_lookup = m_options.credentials(m_registry, m_repository);
    if (!m_lookup->error.empty())
        return m_lookup->error;
    const auto &credential = m_lookup->credential;
    std::string scheme;
    const auto parameters = challengeParameters(challenge, scheme);
    QByteArray basic;
    if (credential)
        basic = "Basic " + QByteArray::fromStdString(credential->username + ":" + credential->password).toBase64();
    if (scheme == "basic") {
        if (!credential)
            return unauthorised();
        m_authorization = basic;
        return std::nullopt;
    }
    if (scheme != "bearer" || !parameters.count("realm"))
        return "registry " + m_registry + " asks for an authentication Driftscope does not know: "
            + challenge.toStdString();
    QUrl url(QString::fromStdString(parameters.at("realm")));
    QUrlQuery query(url);
    if (parameters.count("service"))
        query.addQueryItem(QStringLiteral("service"), QString::fromStdString(parameters.at("service")));
    query.addQueryItem(QStringLiteral("scope"), QString::fromStdString("repository:" + m_repository + ":pull"));
    url.setQuery(query);
    live::HttpRequest request;
    request.url = url.toString(QUrl::FullyEncoded).toStdString();
    request.accept = "application/json";
    request.authorization = basic;
    const live::HttpReply reply = send(request);
    if (reply.status == 401 || reply.status == 403)
        return unauthorised();
    if (reply.status != 200)
        return "token server " + url.host().toStdString() + " of registry " + m_registry + " failed: "
            + (reply.status == 0 ? transportError(reply) : "HTTP " + std::to_string(reply.status));
    const QJsonObject answer = QJsonDocument::fromJson(reply.body).object();
    QString token = answer.value(u"token").toString();
    if (token.isEmpty())
        token = answer.value(u"access_token").toString();
    if (token.isEmpty())
        return "token server " + url.host().toStdString() + " of registry " + m_registry + " gave no token";
    m_authorization = "Bearer " + token.toUtf8();
    return std::nullopt;
}

std::string RegistryClient::unauthorised()
{
    if (!m_lookup)
        m_lookup = m_options.credentials(m_registry, m_repository);
    if (const auto &credential = m_lookup->credential)
        return "unauthorized: registry " + m_registry + " refused the credentials for " + m_imageName + " from "
            + credential->source + "; log in again (podman login " + m_registry + ")";
    std::string tried;
    for (const std::string &file : m_lookup->filesTried)
        tried += (tried.empty() ? "" : ", ") + file;
    return "unauthorized: " + m_imageName + " needs credentials and none for " + m_registry + " were found in "
        + tried + "; log in with `podman login " + m_registry + "` or `docker login " + m_registry + "`";
}

RegistryResponse RegistryClient::failure(const live::HttpReply &reply, const std::string &what) const
{
    RegistryResponse out;
    if (reply.status == 0) {
        out.unreachable = !cancelled();
        out.error = transportError(reply);
        return out;
    }
    const std::string detail = registryErrors(reply.body);
    if (reply.status == 404)
        out.error = m_imageName + ": " + what + " not found in " + m_registry + "/" + m_repository
            + (detail.empty() ? "" : " (" + detail + ")");
    else
        out.error = m_imageName + ": registry " + m_registry + " answered HTTP " + std::to_string(reply.status)
            + " for " + what + (detail.empty() ? "" : " (" + detail + ")");
    return out;
}

RegistryResponse RegistryClient::get(const std::string &path, const QByteArray &accept, const QString &file,
                                     const std::string &what)
{
    if (auto error = connect())
        return *error;
    live::HttpRequest request;
    request.url = m_baseUrl + "/v2/" + m_repository + path;
    request.accept = accept;
    request.saveToFile = file.toStdString();
    request.timeoutMs = 60000;
    for (bool retried = false;; retried = true) {
        request.authorization = m_authorization;
        const live::HttpReply reply = send(request);
        if (reply.status == 200) {
            RegistryResponse out;
            out.ok = reply.saveError.empty();
            out.error = reply.saveError;
            out.body = reply.body;
            out.contentType = reply.contentType;
            return out;
        }
        // A token is scoped; a registry may ask again (expired token, other scope).
        if ((reply.status == 401) && !retried) {
            if (auto error = authenticate(reply.header("WWW-Authenticate"))) {
                RegistryResponse out;
                out.error = *error;
                return out;
            }
            continue;
        }
        if (reply.status == 401 || reply.status == 403) {
            RegistryResponse out;
            out.error = unauthorised();
            return out;
        }
        return failure(reply, what);
    }
}

RegistryResponse RegistryClient::manifest(const std::string &reference, const QByteArray &accept)
{
    const bool isDigest = reference.starts_with("sha256:");
    return get("/manifests/" + reference, accept, {}, (isDigest ? "manifest " : "tag ") + reference);
}

RegistryResponse RegistryClient::blob(const std::string &digest, const QString &file)
{
    return get("/blobs/" + digest, "*/*", file, "layer " + digest);
}

} // namespace ds::image
