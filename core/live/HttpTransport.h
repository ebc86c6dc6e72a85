// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ds::live {

// The proxy a request goes through (ConnectionSettings::proxyFor).
struct ProxySpec
{
    enum class Type { None, Http, Socks5 };
    Type type = Type::None;
    std::string host;
    std::uint16_t port = 0;
    std::string user;
    std::string password;
};

// TLS as client-go sets it up: the cluster's CA (exclusive when given) or the
// system's, insecure-skip-tls-verify, and the client certificate and key.
struct TlsSpec
{
    std::string clusterName; // for messages
    std::string userName;    // for messages
    std::string caPem;       // empty: the system's CAs
    bool insecureSkipVerify = false;
    std::string clientCertPem;
    std::string clientKeyPem; // PKCS#1 RSA, SEC1 EC or PKCS#8 (any algorithm OpenSSL knows)
    // caPem is added to the system's CAs instead of replacing them (podman's
    // certs.d/<host>/ca.crt), rather than client-go's exclusive CA.
    bool caExtendsSystem = false;
};

struct HttpRequest
{
    std::string url;
    QByteArray accept;
    QByteArray authorization; // empty: none
    bool identityEncoding = false;
    std::string peerVerifyName; // tls-server-name; empty: the URL's host
    int timeoutMs = 30000;      // without any data from the server
    // Non-empty: a 200 answer's body is written to this file as it arrives
    // (image layers are too large to hold), and HttpReply::body stays empty.
    std::string saveToFile;
};

struct HttpReply
{
    int status = 0; // 0: no HTTP status (transport failure)
    QByteArray body;
    QByteArray contentType;
    bool timedOut = false;
    bool tlsFailed = false;            // handshake failed or certificate not trusted
    std::vector<std::string> sslErrors; // why the certificate was not trusted
    bool retryable = false;            // a transient transport failure (refused, reset, ...)
    std::string errorText;             // the transport's description of a failure
    std::string saveError;             // HttpRequest::saveToFile could not be written
    std::vector<std::pair<QByteArray, QByteArray>> headers; // as received

    // The first header of that name (case-insensitive), or empty.
    QByteArray header(const QByteArray &name) const
    {
        for (const auto &[key, value] : headers)
            if (key.compare(name, Qt::CaseInsensitive) == 0)
                return value;
        return {};
    }
};

// GET over HTTP(S) for ApiClient, kept behind this interface so retries,
// credentials and error texts (ApiClient) do not depend on QtNetwork's API.
// Lives on the thread that runs its event loop. Never logs headers.
class HttpTransport
{
public:
    using Done = std::function<void(const HttpReply &)>;

    virtual ~HttpTransport() = default;
    virtual void setProxy(const ProxySpec &proxy) = 0;
    // A configuration error (unreadable CA, certificate or key), or nullopt.
    virtual std::optional<std::string> setTls(const TlsSpec &tls) = 0;
    // `done` runs on this thread's event loop, unless abortAll() came first.
    virtual void get(const HttpRequest &request, Done done) = 0;
    virtual void abortAll() = 0;
};

// QtNetwork (QtNetworkTransport.cpp).
std::unique_ptr<HttpTransport> createHttpTransport();

} // namespace ds::live
