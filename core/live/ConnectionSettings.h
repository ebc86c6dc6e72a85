// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "RestConfig.h"

#include <QNetworkProxy>
#include <QSslConfiguration>
#include <QSslKey>

#include <optional>
#include <string>

namespace ds::live {

// Turns a RestConfig into Qt's TLS and proxy settings.
//
// tls-server-name: Qt can check the server certificate against another name
// (QNetworkRequest::setPeerVerifyName, done by ApiClient) but cannot send a
// different SNI name, so a server that picks its certificate by SNI still sees
// the URL's host name.
class ConnectionSettings
{
public:
    // CA (exclusive when given, as in client-go), insecure-skip-tls-verify and the
    // client certificate/key (from the kubeconfig or an exec plugin). TLS 1.2+.
    static std::optional<std::string> configureTls(const RestConfig &config, const std::string &certPem,
                                                   const std::string &keyPem, QSslConfiguration &out);

    // A PEM private key: PKCS#1 RSA, SEC1 EC or PKCS#8 (any algorithm OpenSSL knows).
    static QSslKey privateKeyFromPem(const QByteArray &pem);

    // proxy-url (http, https, socks5) or, without it, HTTPS_PROXY/HTTP_PROXY and
    // NO_PROXY as Go's ProxyFromEnvironment reads them (never for loopback hosts).
    static std::optional<std::string> proxyFor(const RestConfig &config, QNetworkProxy &out);
};

} // namespace ds::live
