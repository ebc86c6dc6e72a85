// SPDX-License-Identifier: Apache-2.0
#include "ConnectionSettings.h"

#include <QHostAddress>
#include <QSslCertificate>
#include <QUrl>

#include <openssl/bio.h>
#include <openssl/evp.h>
#include <openssl/pem.h>

#include <cstdlib>

namespace ds::live {

namespace {

QString envValue(const char *upper, const char *lower)
{
    const char *v = std::getenv(upper);
    if (!v || !*v)
        v = std::getenv(lower);
    return v ? QString::fromLocal8Bit(v) : QString();
}

bool isLoopback(const QString &host)
{
    if (host == QLatin1String("localhost"))
        return true;
    QHostAddress a;
    return a.setAddress(host) && a.isLoopback();
}

// NO_PROXY: comma-separated hosts, domain suffixes (".example.com" or
// "example.com" for its subdomains too) and "*".
bool excludedByNoProxy(const QString &host)
{
    for (QString entry : envValue("NO_PROXY", "no_proxy").split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        entry = entry.trimmed();
        if (entry == QLatin1String("*"))
            return true;
        if (const qsizetype colon = entry.lastIndexOf(QLatin1Char(':')); colon > 0 && !entry.contains(QLatin1Char(']')))
            entry.truncate(colon);
        if (entry.startsWith(QLatin1Char('.')))
            entry.remove(0, 1);
        if (host.compare(entry, Qt::CaseInsensitive) == 0
            || host.endsWith(QLatin1Char('.') + entry, Qt::CaseInsensitive))
            return true;
    }
    return false;
}

std::optional<std::string> proxyFromUrl(const QString &text, QNetworkProxy &out)
{
    const QUrl url(text, QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    QNetworkProxy::ProxyType type = QNetworkProxy::HttpProxy;
    if (scheme == QLatin1String("socks5"))
        type = QNetworkProxy::Socks5Proxy;
    else if (scheme != QLatin1String("http") && scheme != QLatin1String("https"))
        return "proxy-url \"" + url.toString(QUrl::RemoveUserInfo).toStdString()
            + "\": unsupported scheme (use http, https or socks5)";
    if (!url.isValid() || url.host().isEmpty())
        return "invalid proxy-url \"" + url.toString(QUrl::RemoveUserInfo).toStdString() + "\"";
    const int defaultPort = type == QNetworkProxy::Socks5Proxy ? 1080 : scheme == QLatin1String("https") ? 443 : 80;
    out = QNetworkProxy(type, url.host(), static_cast<quint16>(url.port(defaultPort)), url.userName(), url.password());
    return std::nullopt;
}

} // namespace

QSslKey ConnectionSettings::privateKeyFromPem(const QByteArray &pem)
{
    for (QSsl::KeyAlgorithm algorithm : {QSsl::Rsa, QSsl::Ec, QSsl::Dsa}) {
        QSslKey key(pem, algorithm, QSsl::Pem, QSsl::PrivateKey);
        if (!key.isNull())
            return key;
    }
    // Other PKCS#8 keys (Ed25519, ...): hand Qt an OpenSSL key it adopts.
    BIO *bio = BIO_new_mem_buf(pem.constData(), static_cast<int>(pem.size()));
    EVP_PKEY *pkey = bio ? PEM_read_bio_PrivateKey(bio, nullptr, nullptr, nullptr) : nullptr;
    if (bio)
        BIO_free(bio);
    if (!pkey)
        return {};
    return QSslKey(reinterpret_cast<Qt::HANDLE>(pkey), QSsl::PrivateKey);
}

std::optional<std::string> ConnectionSettings::configureTls(const RestConfig &config, const std::string &certPem,
                                                            const std::string &keyPem, QSslConfiguration &out)
{
    out = QSslConfiguration::defaultConfiguration();
    out.setProtocol(QSsl::TlsV1_2OrLater);
    if (config.insecureSkipTlsVerify) {
        out.setPeerVerifyMode(QSslSocket::VerifyNone);
    } else if (!config.caPem.empty()) {
        const QList<QSslCertificate> cas = QSslCertificate::fromData(QByteArray::fromStdString(config.caPem), QSsl::Pem);
        if (cas.isEmpty())
            return "cluster \"" + config.clusterName + "\": certificate-authority holds no PEM certificate";
        out.setCaCertificates(cas);
        out.setPeerVerifyMode(QSslSocket::VerifyPeer);
    }
    if (certPem.empty())
        return std::nullopt;
    const QList<QSslCertificate> chain = QSslCertificate::fromData(QByteArray::fromStdString(certPem), QSsl::Pem);
    if (chain.isEmpty())
        return "user \"" + config.userName + "\": client certificate holds no PEM certificate";
    const QSslKey key = privateKeyFromPem(QByteArray::fromStdString(keyPem));
    if (key.isNull())
        return "user \"" + config.userName + "\": cannot read the client key (PEM PKCS#1, SEC1 or PKCS#8 without "
                                             "a passphrase expected)";
    out.setLocalCertificateChain(chain);
    out.setPrivateKey(key);
    return std::nullopt;
}

std::optional<std::string> ConnectionSettings::proxyFor(const RestConfig &config, QNetworkProxy &out)
{
    out = QNetworkProxy(QNetworkProxy::NoProxy);
    if (!config.proxyUrl.empty())
        return proxyFromUrl(QString::fromStdString(config.proxyUrl), out);
    const QUrl server(QString::fromStdString(config.server));
    const QString host = server.host();
    if (isLoopback(host) || excludedByNoProxy(host))
        return std::nullopt;
    const QString env = config.usesTls() ? envValue("HTTPS_PROXY", "https_proxy") : envValue("HTTP_PROXY", "http_proxy");
    if (env.isEmpty())
        return std::nullopt;
    // Go accepts a bare host:port in the variables.
    return proxyFromUrl(env.contains(QLatin1String("://")) ? env : QStringLiteral("http://") + env, out);
}

} // namespace ds::live
