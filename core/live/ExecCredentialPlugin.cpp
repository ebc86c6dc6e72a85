// SPDX-License-Identifier: Apache-2.0
#include "ExecCredentialPlugin.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>

#include <map>
#include <mutex>

namespace ds::live {

namespace {

const char *const kV1 = "client.authentication.k8s.io/v1";
const char *const kV1beta1 = "client.authentication.k8s.io/v1beta1";

QString qs(const std::string &s) { return QString::fromStdString(s); }

std::mutex &cacheMutex()
{
    static std::mutex m;
    return m;
}

std::map<std::string, ExecCredential> &cache()
{
    static std::map<std::string, ExecCredential> c;
    return c;
}

// Same plugin invocation for the same cluster → same credential.
std::string cacheKey(const RestConfig &config)
{
    const ExecConfig &e = *config.exec;
    std::string key = e.apiVersion + '\n' + e.command + '\n' + config.server + '\n';
    for (const std::string &a : e.args)
        key += a + '\x1f';
    key += '\n';
    for (const auto &[k, v] : e.env)
        key += k + '=' + v + '\x1f';
    return key;
}

bool stillValid(const ExecCredential &c)
{
    // A little margin, so a token does not expire between check and use.
    return !c.expiry.isValid() || c.expiry > QDateTime::currentDateTimeUtc().addSecs(10);
}

std::string pluginName(const ExecConfig &e)
{
    return "exec plugin \"" + e.command + "\"";
}

std::string notFoundMessage(const ExecConfig &e)
{
    std::string msg = pluginName(e) + ": executable file not found in $PATH";
    if (!e.installHint.empty())
        msg += "\n\n" + e.installHint;
    return msg;
}

std::string firstLines(const QByteArray &text)
{
    QByteArray t = text.trimmed();
    if (t.size() > 400)
        t = t.left(400) + "...";
    return t.toStdString();
}

} // namespace

std::string ExecCredentialPlugin::execInfo(const RestConfig &config)
{
    const ExecConfig &e = *config.exec;
    QJsonObject spec;
    if (e.apiVersion == kV1)
        spec.insert(QLatin1String("interactive"), false);
    if (e.provideClusterInfo) {
        QJsonObject cluster;
        cluster.insert(QLatin1String("server"), qs(config.server));
        if (!config.tlsServerName.empty())
            cluster.insert(QLatin1String("tls-server-name"), qs(config.tlsServerName));
        if (config.insecureSkipTlsVerify)
            cluster.insert(QLatin1String("insecure-skip-tls-verify"), true);
        if (!config.caPem.empty())
            cluster.insert(QLatin1String("certificate-authority-data"),
                           QString::fromLatin1(QByteArray::fromStdString(config.caPem).toBase64()));
        if (!config.proxyUrl.empty())
            cluster.insert(QLatin1String("proxy-url"), qs(config.proxyUrl));
        cluster.insert(QLatin1String("config"), QJsonValue::Null);
        spec.insert(QLatin1String("cluster"), cluster);
    }
    QJsonObject doc;
    doc.insert(QLatin1String("kind"), QLatin1String("ExecCredential"));
    doc.insert(QLatin1String("apiVersion"), qs(e.apiVersion));
    doc.insert(QLatin1String("spec"), spec);
    return QJsonDocument(doc).toJson(QJsonDocument::Compact).toStdString();
}

ExecCredentialPlugin::Result ExecCredentialPlugin::parseOutput(const std::string &stdoutText, const ExecConfig &exec)
{
    Result r;
    QJsonParseError perr{};
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(stdoutText), &perr);
    if (!doc.isObject())
        return {{}, pluginName(exec) + " printed no ExecCredential: " + perr.errorString().toStdString()};
    const QJsonObject o = doc.object();
    const std::string kind = o.value(QLatin1String("kind")).toString().toStdString();
    const std::string apiVersion = o.value(QLatin1String("apiVersion")).toString().toStdString();
    if (kind != "ExecCredential")
        return {{}, pluginName(exec) + " printed a \"" + kind + "\", not an ExecCredential"};
    if (apiVersion != exec.apiVersion)
        return {{}, pluginName(exec) + " is configured to use API version " + exec.apiVersion
                    + ", plugin returned version " + apiVersion};
    const QJsonObject status = o.value(QLatin1String("status")).toObject();
    if (status.isEmpty())
        return {{}, pluginName(exec) + " didn't return a status field"};
    ExecCredential &c = r.credential;
    c.token = status.value(QLatin1String("token")).toString().toStdString();
    c.clientCertPem = status.value(QLatin1String("clientCertificateData")).toString().toStdString();
    c.clientKeyPem = status.value(QLatin1String("clientKeyData")).toString().toStdString();
    if (c.clientCertPem.empty() != c.clientKeyPem.empty())
        return {{}, pluginName(exec) + " returned only one of clientCertificateData and clientKeyData"};
    if (c.token.empty() && c.clientCertPem.empty())
        return {{}, pluginName(exec) + " returned neither a token nor a client certificate"};
    const QString expiry = status.value(QLatin1String("expirationTimestamp")).toString();
    if (!expiry.isEmpty()) {
        c.expiry = QDateTime::fromString(expiry, Qt::ISODate);
        if (!c.expiry.isValid())
            return {{}, pluginName(exec) + " returned an invalid expirationTimestamp"};
    }
    return r;
}

ExecCredentialPlugin::Result ExecCredentialPlugin::run(const RestConfig &config, int timeoutMs)
{
    const ExecConfig &e = *config.exec;
    if (e.apiVersion != kV1 && e.apiVersion != kV1beta1)
        return {{}, pluginName(e) + ": exec plugin apiVersion \"" + e.apiVersion
                    + "\" is not supported (use client.authentication.k8s.io/v1 or v1beta1)"};
    if (e.interactiveMode == "Always")
        return {{}, pluginName(e) + " needs interactiveMode Always, but Driftscope runs plugins without a "
                    "terminal; log in with the plugin in a terminal first, or use a kubeconfig with a token"};
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const auto &[k, v] : e.env)
        env.insert(qs(k), qs(v));
    env.insert(QStringLiteral("KUBERNETES_EXEC_INFO"), qs(execInfo(config)));
    p.setProcessEnvironment(env);
    p.setStandardInputFile(QProcess::nullDevice());
    QStringList args;
    for (const std::string &a : e.args)
        args << qs(a);
    p.start(qs(e.command), args);
    if (!p.waitForStarted(timeoutMs))
        return {{}, p.error() == QProcess::FailedToStart ? notFoundMessage(e)
                                                          : pluginName(e) + ": " + p.errorString().toStdString()};
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished(1000);
        return {{}, pluginName(e) + " did not finish within " + std::to_string(timeoutMs / 1000)
                    + " s (Driftscope cannot answer interactive prompts)"};
    }
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return {{}, pluginName(e) + " failed with exit code " + std::to_string(p.exitCode()) + ": "
                    + firstLines(p.readAllStandardError())};
    return parseOutput(p.readAllStandardOutput().toStdString(), e);
}

ExecCredentialPlugin::Result ExecCredentialPlugin::obtain(const RestConfig &config, int timeoutMs, bool forceRefresh)
{
    const std::string key = cacheKey(config);
    {
        std::lock_guard lock(cacheMutex());
        const auto it = cache().find(key);
        if (!forceRefresh && it != cache().end() && stillValid(it->second))
            return {it->second, std::nullopt};
    }
    Result r = run(config, timeoutMs);
    if (r.ok()) {
        std::lock_guard lock(cacheMutex());
        cache()[key] = r.credential;
    }
    return r;
}

void ExecCredentialPlugin::clearCache()
{
    std::lock_guard lock(cacheMutex());
    cache().clear();
}

} // namespace ds::live
