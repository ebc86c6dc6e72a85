// SPDX-License-Identifier: Apache-2.0
#pragma once
// Test helper: runs tests/image/registry-fixture.py — Debian's docker-registry
// on a free loopback port with the test reference image pushed by skopeo —
// waits for READY and always stops it (the registry dies with the fixture).

#include "HelperProcess.h"

#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QStringList>

#include <memory>

namespace ds::test {

class LocalRegistry
{
public:
    struct Options
    {
        QString auth; // user:password → htpasswd basic auth
        bool tokenAuth = false; // with auth: bearer tokens from the fixture's token server instead
        bool tls = false;
    };

    LocalRegistry() = default;
    LocalRegistry(const LocalRegistry &) = delete;
    ~LocalRegistry() { stop(); }

    // The programs the fixture needs, or the first one missing.
    static QString missingTool()
    {
        for (const char *tool : {"docker-registry", "skopeo", "umoci", "htpasswd", "openssl", "python3"})
            if (QStandardPaths::findExecutable(QString::fromLatin1(tool)).isEmpty())
                return QString::fromLatin1(tool);
        return {};
    }

    bool start(const QString &script, const QString &workDir, const QString &reference, const Options &o,
               QString *error)
    {
        m_work = workDir;
        QStringList args{script, QStringLiteral("--work"), workDir, QStringLiteral("--reference"), reference};
        if (!o.auth.isEmpty())
            args << QStringLiteral("--auth") << o.auth;
        if (o.tokenAuth)
            args << QStringLiteral("--token-auth");
        if (o.tls)
            args << QStringLiteral("--tls");
        m_process = std::make_unique<QProcess>();
        QByteArray output;
        const QByteArray ready = startAndWaitForReady(*m_process, QStringLiteral("python3"), args, 120000, &output);
        if (!ready.isEmpty()) {
            const QList<QByteArray> fields = ready.split(' ');
            m_host = QString::fromUtf8(fields.value(0));
            m_logOffset = fields.value(1).toLongLong();
            return true;
        }
        if (error)
            *error = QStringLiteral("registry-fixture.py did not start: ") + QString::fromUtf8(output);
        stop();
        return false;
    }

    void stop()
    {
        if (m_process && m_process->state() != QProcess::NotRunning) {
            m_process->closeWriteChannel(); // the fixture stops the registry and exits
            if (!m_process->waitForFinished(10000)) {
                m_process->kill();
                m_process->waitForFinished(5000);
            }
        }
        m_process.reset();
    }

    const QString &host() const { return m_host; }
    QString caCertificate() const { return m_work + QStringLiteral("/ca.crt"); }

    // The request lines ("GET /v2/…") the registry logged since the image was pushed.
    QStringList requestsSincePush() const
    {
        QFile f(m_work + QStringLiteral("/registry.log"));
        QStringList out;
        if (!f.open(QIODevice::ReadOnly) || !f.seek(m_logOffset))
            return out;
        for (const QByteArray &line : f.readAll().split('\n')) {
            const qsizetype start = line.indexOf(" \"");
            const qsizetype end = line.indexOf(" HTTP/", start);
            if (start >= 0 && end > start && line.contains("/v2/"))
                out << QString::fromUtf8(line.mid(start + 2, end - start - 2));
        }
        return out;
    }

private:
    std::unique_ptr<QProcess> m_process;
    QString m_work;
    QString m_host;
    qint64 m_logOffset = 0;
};

} // namespace ds::test
