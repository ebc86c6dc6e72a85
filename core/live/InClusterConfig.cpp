// SPDX-License-Identifier: Apache-2.0
#include "InClusterConfig.h"

#include <QFile>
#include <QFileInfo>

namespace ds::live {

namespace {

std::string env(const char *name)
{
    return qEnvironmentVariable(name).toStdString();
}

std::string hostPort(const std::string &host, const std::string &port)
{
    // net.JoinHostPort: an IPv6 address goes in brackets.
    return (host.find(':') != std::string::npos ? "[" + host + "]" : host) + ":" + port;
}

} // namespace

std::string InClusterConfig::serviceAccountDir()
{
    const std::string dir = env("DRIFTSCOPE_SERVICE_ACCOUNT_DIR");
    return dir.empty() ? std::string("/var/run/secrets/kubernetes.io/serviceaccount") : dir;
}

bool InClusterConfig::possible()
{
    return !env("KUBERNETES_SERVICE_HOST").empty() && !env("KUBERNETES_SERVICE_PORT").empty()
        && QFileInfo::exists(QString::fromStdString(serviceAccountDir() + "/token"));
}

RestConfig::Result InClusterConfig::load()
{
    const std::string host = env("KUBERNETES_SERVICE_HOST");
    const std::string port = env("KUBERNETES_SERVICE_PORT");
    if (host.empty() || port.empty())
        return {{}, "unable to load in-cluster configuration, KUBERNETES_SERVICE_HOST and "
                    "KUBERNETES_SERVICE_PORT must be defined"};
    const std::string dir = serviceAccountDir();
    RestConfig::Result r;
    RestConfig &c = r.config;
    c.contextName = "in-cluster";
    c.clusterName = "in-cluster";
    c.userName = "service account";
    c.server = "https://" + hostPort(host, port);
    c.tokenFile = dir + "/token";
    QFile token(QString::fromStdString(c.tokenFile));
    if (!token.open(QIODevice::ReadOnly))
        return {{}, "unable to read the service account token " + c.tokenFile + ": "
                    + token.errorString().toStdString()
                    + " (is automountServiceAccountToken off for this pod?)"};
    // client-go logs an unreadable CA and goes on with the system's; the TLS
    // handshake then says what is wrong, so do the same.
    QFile ca(QString::fromStdString(dir + "/ca.crt"));
    if (ca.open(QIODevice::ReadOnly))
        c.caPem = ca.readAll().toStdString();
    QFile ns(QString::fromStdString(dir + "/namespace"));
    if (ns.open(QIODevice::ReadOnly))
        c.namespaceName = ns.readAll().trimmed().toStdString();
    return r;
}

} // namespace ds::live
