// SPDX-License-Identifier: Apache-2.0
#pragma once
// Test helper: runs tests/data/shared/tools/fake-apiserver.py (through
// fake-apiserver-ext.py) on loopback with a random port, waits for READY and
// always kills it. Also makes certificates with the openssl command.

#include "HelperProcess.h"
#include "TestData.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QStringList>

#include <memory>

namespace ds::test {

class FakeApiServer
{
public:
    struct Options
    {
        Options(QStringList dirs = {}) : fixtures(std::move(dirs)) {}
        QStringList fixtures;
        QString token;
        QString tlsCert, tlsKey, clientCa;            // HTTPS, client certificates
        QString kubeconfigCa, kubeconfigClientCert, kubeconfigClientKey;
        QStringList extra;                            // --legacy-discovery-only, --forbid X, ...
        int timeoutSeconds = 90;                      // the server exits by itself
    };

    FakeApiServer() = default;
    FakeApiServer(const FakeApiServer &) = delete;
    ~FakeApiServer() { stop(); }

    static QString script() { return dataPath(QStringLiteral("../live/fake-apiserver-ext.py")); }

    // Starts the server; false (and `error`) when it does not get ready in 20 s.
    bool start(const QString &workDir, const Options &o, QString *error)
    {
        m_kubeconfig = workDir + QStringLiteral("/kubeconfig");
        m_log = workDir + QStringLiteral("/requests.jsonl");
        QStringList args{script(), QStringLiteral("--timeout"), QString::number(o.timeoutSeconds),
                         QStringLiteral("--kubeconfig-out"), m_kubeconfig, QStringLiteral("--log"), m_log};
        for (const QString &f : o.fixtures)
            args << QStringLiteral("--fixtures") << f;
        const auto opt = [&](const char *flag, const QString &value) {
            if (!value.isEmpty())
                args << QString::fromLatin1(flag) << value;
        };
        opt("--token", o.token);
        opt("--tls-cert", o.tlsCert);
        opt("--tls-key", o.tlsKey);
        opt("--client-ca", o.clientCa);
        opt("--kubeconfig-ca", o.kubeconfigCa);
        opt("--kubeconfig-client-cert", o.kubeconfigClientCert);
        opt("--kubeconfig-client-key", o.kubeconfigClientKey);
        args << o.extra;
        m_process = std::make_unique<QProcess>();
        QByteArray output;
        const QByteArray ready = startAndWaitForReady(*m_process, QStringLiteral("python3"), args, 20000, &output);
        if (!ready.isEmpty()) {
            m_url = QString::fromUtf8(ready.split(' ').front());
            return true;
        }
        if (error)
            *error = QStringLiteral("fake-apiserver.py did not start: ") + QString::fromUtf8(output);
        stop();
        return false;
    }

    void stop()
    {
        if (m_process && m_process->state() != QProcess::NotRunning) {
            m_process->kill();
            m_process->waitForFinished(5000);
        }
        m_process.reset();
    }

    const QString &url() const { return m_url; }
    const QString &kubeconfig() const { return m_kubeconfig; }

    // Every request logged so far (method, path, status, accept, auth).
    QList<QJsonObject> requests() const
    {
        QList<QJsonObject> out;
        QFile f(m_log);
        if (f.open(QIODevice::ReadOnly))
            for (const QByteArray &line : f.readAll().split('\n'))
                if (!line.trimmed().isEmpty())
                    out << QJsonDocument::fromJson(line).object();
        return out;
    }

private:
    std::unique_ptr<QProcess> m_process;
    QString m_url;
    QString m_kubeconfig;
    QString m_log;
};

// Certificates for HTTPS tests: a CA, a server certificate for 127.0.0.1 and a
// client certificate, made with the openssl command line tool.
struct TestCertificates
{
    QString dir;
    QString caCert, caKey, serverCert, serverKey, clientCert, clientKey, otherCaCert;

    static bool haveOpenssl() { return !QStandardPaths::findExecutable(QStringLiteral("openssl")).isEmpty(); }

    static bool run(const QString &dir, const QStringList &args, QString *error)
    {
        QProcess p;
        p.setWorkingDirectory(dir);
        p.start(QStringLiteral("openssl"), args);
        if (!p.waitForFinished(30000) || p.exitCode() != 0) {
            if (error)
                *error = QStringLiteral("openssl %1 failed: %2").arg(args.join(QLatin1Char(' ')),
                                                                      QString::fromUtf8(p.readAllStandardError()));
            return false;
        }
        return true;
    }

    bool create(const QString &directory, QString *error)
    {
        dir = directory;
        const auto path = [&](const char *name) { return dir + QLatin1Char('/') + QString::fromLatin1(name); };
        caCert = path("ca.crt"), caKey = path("ca.key"), serverCert = path("server.crt"), serverKey = path("server.key");
        clientCert = path("client.crt"), clientKey = path("client.key"), otherCaCert = path("other-ca.crt");
        QFile ext(path("ext.cnf"));
        if (!ext.open(QIODevice::WriteOnly))
            return false;
        ext.write("[server]\nsubjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n"
                  "[client]\nextendedKeyUsage=clientAuth\n");
        ext.close();
        const QString ec = QStringLiteral("ec");
        const QStringList ecOpts{QStringLiteral("-pkeyopt"), QStringLiteral("ec_paramgen_curve:P-256")};
        return run(dir, QStringList{QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"), ec} + ecOpts
                            + QStringList{QStringLiteral("-nodes"), QStringLiteral("-keyout"), caKey, QStringLiteral("-out"),
                                          caCert, QStringLiteral("-days"), QStringLiteral("2"), QStringLiteral("-subj"),
                                          QStringLiteral("/CN=driftscope-test-ca")},
                   error)
            && run(dir, QStringList{QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"), ec} + ecOpts
                            + QStringList{QStringLiteral("-nodes"), QStringLiteral("-keyout"), path("other-ca.key"),
                                          QStringLiteral("-out"), otherCaCert, QStringLiteral("-days"), QStringLiteral("2"),
                                          QStringLiteral("-subj"), QStringLiteral("/CN=some-other-ca")},
                   error)
            && signedPair(QStringLiteral("server"), QStringLiteral("/CN=127.0.0.1"), ecOpts, serverKey, serverCert, error)
            && signedPair(QStringLiteral("client"), QStringLiteral("/CN=driftscope-test-user"),
                          {QStringLiteral("-pkeyopt"), QStringLiteral("rsa_keygen_bits:2048")}, clientKey, clientCert,
                          error, QStringLiteral("rsa"));
    }

private:
    bool signedPair(const QString &section, const QString &subject, const QStringList &keyOpts, const QString &key,
                    const QString &cert, QString *error, const QString &algorithm = QStringLiteral("ec"))
    {
        const QString csr = dir + QLatin1Char('/') + section + QStringLiteral(".csr");
        return run(dir, QStringList{QStringLiteral("req"), QStringLiteral("-newkey"), algorithm} + keyOpts
                            + QStringList{QStringLiteral("-nodes"), QStringLiteral("-keyout"), key, QStringLiteral("-out"),
                                          csr, QStringLiteral("-subj"), subject},
                   error)
            && run(dir,
                   {QStringLiteral("x509"), QStringLiteral("-req"), QStringLiteral("-in"), csr, QStringLiteral("-CA"), caCert,
                    QStringLiteral("-CAkey"), caKey, QStringLiteral("-CAcreateserial"), QStringLiteral("-out"), cert,
                    QStringLiteral("-days"), QStringLiteral("2"), QStringLiteral("-extfile"),
                    dir + QStringLiteral("/ext.cnf"), QStringLiteral("-extensions"), section},
                   error);
    }
};

} // namespace ds::test
