// SPDX-License-Identifier: Apache-2.0
// HttpTransport over QNetworkAccessManager, TLS with
// QSslConfiguration (client keys Qt cannot read are read with OpenSSL).
#include "live/HttpTransport.h"
#include "DriftscopeVersion.h"

#include <QFile>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslError>
#include <QSslKey>
#include <QTimer>
#include <QUrl>

#include <openssl/bio.h>
#include <openssl/evp.h>
#include <openssl/pem.h>

namespace ds::live {

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

// A PEM private key: PKCS#1 RSA, SEC1 EC or PKCS#8 (any algorithm OpenSSL knows).
QSslKey privateKeyFromPem(const QByteArray &pem)
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

// tls-server-name: Qt can check the server certificate against another name
// (setPeerVerifyName) but cannot send a different SNI name, so a server that
// picks its certificate by SNI still sees the URL's host name.
class QtNetworkTransport final : public HttpTransport
{
public:
    QtNetworkTransport() { m_manager.setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy); }
    ~QtNetworkTransport() override { abortAll(); }

    void setProxy(const ProxySpec &proxy) override
    {
        QNetworkProxy p(QNetworkProxy::NoProxy);
        if (proxy.type != ProxySpec::Type::None)
            p = QNetworkProxy(proxy.type == ProxySpec::Type::Socks5 ? QNetworkProxy::Socks5Proxy
                                                                     : QNetworkProxy::HttpProxy,
                              QString::fromStdString(proxy.host), proxy.port, QString::fromStdString(proxy.user),
                              QString::fromStdString(proxy.password));
        m_manager.setProxy(p);
    }

    std::optional<std::string> setTls(const TlsSpec &tls) override
    {
        QSslConfiguration out = QSslConfiguration::defaultConfiguration();
        out.setProtocol(QSsl::TlsV1_2OrLater);
        if (tls.insecureSkipVerify) {
            out.setPeerVerifyMode(QSslSocket::VerifyNone);
        } else if (!tls.caPem.empty()) {
            const auto cas = QSslCertificate::fromData(QByteArray::fromStdString(tls.caPem), QSsl::Pem);
            if (cas.isEmpty())
                return "cluster \"" + tls.clusterName + "\": certificate-authority holds no PEM certificate";
            out.setCaCertificates(tls.caExtendsSystem ? QSslConfiguration::systemCaCertificates() + cas : cas);
            out.setPeerVerifyMode(QSslSocket::VerifyPeer);
        }
        if (!tls.clientCertPem.empty()) {
            const auto chain = QSslCertificate::fromData(QByteArray::fromStdString(tls.clientCertPem), QSsl::Pem);
            if (chain.isEmpty())
                return "user \"" + tls.userName + "\": client certificate holds no PEM certificate";
            const QSslKey key = privateKeyFromPem(QByteArray::fromStdString(tls.clientKeyPem));
            if (key.isNull())
                return "user \"" + tls.userName + "\": cannot read the client key (PEM PKCS#1, SEC1 or PKCS#8 "
                                                   "without a passphrase expected)";
            out.setLocalCertificateChain(chain);
            out.setPrivateKey(key);
        }
        m_tls = out;
        return std::nullopt;
    }

    void get(const HttpRequest &request, Done done) override
    {
        const QUrl url(QString::fromStdString(request.url));
        QNetworkRequest req(url);
        req.setRawHeader("Accept", request.accept);
        req.setRawHeader("User-Agent", "driftscope/" DRIFTSCOPE_VERSION_STRING);
        if (!request.authorization.isEmpty())
            req.setRawHeader("Authorization", request.authorization);
        if (request.identityEncoding)
            req.setRawHeader("Accept-Encoding", "identity");
        if (url.scheme() == QLatin1String("https")) {
            req.setSslConfiguration(m_tls);
            if (!request.peerVerifyName.empty())
                req.setPeerVerifyName(QString::fromStdString(request.peerVerifyName));
        }
        QNetworkReply *reply = m_manager.get(req);
        auto state = std::make_shared<HttpReply>();
        auto *timer = new QTimer(reply);
        timer->setSingleShot(true);
        QObject::connect(timer, &QTimer::timeout, reply, [state, reply] {
            state->timedOut = true;
            reply->abort();
        });
        // Any data arriving shows the server is alive: restart the clock.
        QObject::connect(reply, &QNetworkReply::downloadProgress, timer, [timer] { timer->start(); });
        timer->start(request.timeoutMs);
        QObject::connect(reply, &QNetworkReply::sslErrors, reply, [state](const QList<QSslError> &errors) {
            for (const QSslError &e : errors)
                state->sslErrors.push_back(e.errorString().toStdString());
        });
        std::shared_ptr<QFile> file;
        if (!request.saveToFile.empty())
            file = streamToFile(reply, QString::fromStdString(request.saveToFile), *state);
        const int generation = m_generation;
        QObject::connect(reply, &QNetworkReply::finished, &m_manager,
                         [this, state, reply, generation, file, done = std::move(done)] {
                             reply->deleteLater();
                             if (file && reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt() == 200)
                                 file->write(reply->readAll());
                             if (file && !file->flush() && state->saveError.empty())
                                 state->saveError = "cannot write " + file->fileName().toStdString() + ": "
                                     + file->errorString().toStdString();
                             if (generation == m_generation)
                                 done(finish(*state, reply));
                         });
    }

    void abortAll() override
    {
        ++m_generation;
        for (QNetworkReply *reply : m_manager.findChildren<QNetworkReply *>()) {
            if (reply->isRunning() && reply->error() == QNetworkReply::NoError)
                reply->abort();
            reply->deleteLater();
        }
    }

private:
    // A 200 body goes to `path` as it arrives; any other answer is kept in
    // memory (an error document) as usual.
    static std::shared_ptr<QFile> streamToFile(QNetworkReply *reply, const QString &path, HttpReply &state)
    {
        auto file = std::make_shared<QFile>(path);
        if (!file->open(QIODevice::WriteOnly | QIODevice::Truncate)) {
            state.saveError = "cannot write " + path.toStdString() + ": " + file->errorString().toStdString();
            reply->abort();
            return file;
        }
        QObject::connect(reply, &QNetworkReply::readyRead, reply, [reply, file] {
            if (reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt() == 200)
                file->write(reply->readAll());
        });
        return file;
    }

    static HttpReply finish(HttpReply &state, QNetworkReply *reply)
    {
        HttpReply r = std::move(state);
        const QVariant status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
        r.status = status.isValid() ? status.toInt() : 0;
        if (reply->isOpen())
            r.body = reply->readAll();
        r.contentType = reply->header(QNetworkRequest::ContentTypeHeader).toByteArray();
        r.tlsFailed = !r.sslErrors.empty() || reply->error() == QNetworkReply::SslHandshakeFailedError;
        r.retryable = retryableTransport(reply->error());
        r.errorText = reply->errorString().toStdString();
        for (const auto &[key, value] : reply->rawHeaderPairs())
            r.headers.emplace_back(key, value);
        return r;
    }

    QNetworkAccessManager m_manager;
    QSslConfiguration m_tls = QSslConfiguration::defaultConfiguration();
    int m_generation = 0; // bumped by abortAll so late replies are dropped
};

} // namespace

std::unique_ptr<HttpTransport> createHttpTransport()
{
    return std::make_unique<QtNetworkTransport>();
}

} // namespace ds::live
