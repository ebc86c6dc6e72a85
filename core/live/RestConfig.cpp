// SPDX-License-Identifier: Apache-2.0
#include "RestConfig.h"

#include "InClusterConfig.h"

#include <QByteArray>
#include <QDateTime>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

namespace ds::live {

namespace {

bool readFile(const std::string &path, std::string &out, std::string &error, const std::string &what)
{
    QFile f(QString::fromStdString(path));
    if (!f.open(QIODevice::ReadOnly)) {
        error = "unable to read " + what + " " + path + ": " + f.errorString().toStdString();
        return false;
    }
    out = f.readAll().toStdString();
    return true;
}

// The payload's exp claim of a JWT (0 when absent or unreadable).
qint64 jwtExpiry(const std::string &token)
{
    const QList<QByteArray> parts = QByteArray::fromStdString(token).split('.');
    if (parts.size() != 3)
        return 0;
    const QByteArray payload = QByteArray::fromBase64(parts[1], QByteArray::Base64UrlEncoding);
    return QJsonDocument::fromJson(payload).object().value(QLatin1String("exp")).toInteger();
}

// Legacy auth-provider entries: gcp and azure were removed from client-go in
// 1.26; oidc still works in kubectl through its refresh logic, which needs the
// identity provider. A still-valid id-token is all Driftscope can use.
std::optional<std::string> useAuthProvider(const KubeUser &user, RestConfig &out)
{
    const AuthProviderConfig &p = *user.authProvider;
    const std::string prefix = "user \"" + user.name + "\" uses the legacy auth-provider \"" + p.name + "\"";
    if (p.name == "oidc") {
        const auto it = p.config.find("id-token");
        const qint64 exp = it == p.config.end() ? 0 : jwtExpiry(it->second);
        if (it != p.config.end() && (exp == 0 || exp > QDateTime::currentSecsSinceEpoch() + 10)) {
            out.bearerToken = it->second;
            return std::nullopt;
        }
        return prefix + " and its id-token is missing or expired; Driftscope cannot refresh it. "
                        "Run a kubectl command once to refresh it, or switch to an exec plugin such as kubelogin";
    }
    if (p.name == "gcp")
        return prefix + ", which Kubernetes removed in 1.26; install gke-gcloud-auth-plugin and run "
                        "`gcloud container clusters get-credentials` to switch to the exec plugin";
    if (p.name == "azure")
        return prefix + ", which Kubernetes removed in 1.26; convert the kubeconfig with `kubelogin convert-kubeconfig`";
    return prefix + ", which Driftscope does not support; use an exec credential plugin instead";
}

std::optional<std::string> applyUser(const KubeUser &user, RestConfig &out)
{
    out.bearerToken = user.token;
    out.tokenFile = user.tokenFile;
    out.username = user.username;
    out.password = user.password;
    out.exec = user.exec;
    std::string error;
    out.clientCertPem = user.clientCertificateData;
    if (out.clientCertPem.empty() && !user.clientCertificate.empty()
        && !readFile(user.clientCertificate, out.clientCertPem, error, "client-cert"))
        return error + " for user \"" + user.name + "\"";
    out.clientKeyPem = user.clientKeyData;
    if (out.clientKeyPem.empty() && !user.clientKey.empty()
        && !readFile(user.clientKey, out.clientKeyPem, error, "client-key"))
        return error + " for user \"" + user.name + "\"";
    if (out.clientCertPem.empty() != out.clientKeyPem.empty())
        return "user \"" + user.name + "\": client-certificate and client-key must be given together";
    if (!out.tokenFile.empty() && out.bearerToken.empty()) {
        QFile f(QString::fromStdString(out.tokenFile));
        if (!f.exists())
            return "unable to read tokenFile " + out.tokenFile + " for user \"" + user.name + "\": no such file";
    }
    if (user.exec && user.authProvider)
        return "user \"" + user.name + "\": exec and auth-provider are mutually exclusive";
    if (user.authProvider)
        return useAuthProvider(user, out);
    return std::nullopt;
}

} // namespace

RestConfig::Result RestConfig::fromKubeconfig(const Kubeconfig &config, const std::string &contextName)
{
    Result r;
    const std::string name = contextName.empty() ? config.currentContext() : contextName;
    if (name.empty())
        return {{}, "invalid configuration: no configuration has been provided (no current-context in "
                    + (config.files().empty() ? std::string("any kubeconfig file") : config.files().front())
                    + "; pass --context or set KUBECONFIG)"};
    const KubeContext *ctx = config.context(name);
    if (!ctx)
        return {{}, "context \"" + name + "\" does not exist"};
    const KubeCluster *cluster = config.cluster(ctx->cluster);
    if (!cluster)
        return {{}, "invalid configuration: context \"" + name + "\" refers to cluster \"" + ctx->cluster
                    + "\", which does not exist"};
    if (cluster->server.empty())
        return {{}, "invalid configuration: no server found for cluster \"" + cluster->name + "\""};
    RestConfig &c = r.config;
    c.contextName = name;
    c.clusterName = cluster->name;
    c.userName = ctx->user;
    c.namespaceName = ctx->namespaceName;
    c.server = cluster->server;
    while (c.server.size() > 1 && c.server.back() == '/')
        c.server.pop_back();
    c.insecureSkipTlsVerify = cluster->insecureSkipTlsVerify;
    c.tlsServerName = cluster->tlsServerName;
    c.proxyUrl = cluster->proxyUrl;
    c.disableCompression = cluster->disableCompression;
    c.caPem = cluster->certificateAuthorityData;
    std::string error;
    if (c.caPem.empty() && !cluster->certificateAuthority.empty()
        && !readFile(cluster->certificateAuthority, c.caPem, error, "certificate-authority"))
        return {{}, error + " for cluster \"" + cluster->name + "\""};
    if (c.insecureSkipTlsVerify && !c.caPem.empty())
        return {{}, "invalid configuration: cluster \"" + cluster->name
                    + "\": specifying a root certificates file with the insecure flag is not allowed"};
    // A context may name no user (anonymous access); a named user must exist.
    if (!ctx->user.empty()) {
        const KubeUser *user = config.user(ctx->user);
        if (!user)
            return {{}, "invalid configuration: context \"" + name + "\" refers to user \"" + ctx->user
                        + "\", which does not exist"};
        if (auto e = applyUser(*user, c))
            return {{}, *e};
    }
    return r;
}

RestConfig::Result RestConfig::resolve(const std::string &kubeconfigPath, const std::string &contextName)
{
    const auto loaded = Kubeconfig::load(kubeconfigPath);
    if (!loaded.ok())
        return {{}, loaded.error};
    // client-go's DeferredLoadingClientConfig: only an empty configuration
    // falls back to the pod's credentials; a kubeconfig that is there but wrong
    // is an error to report, not to paper over.
    const Kubeconfig &kc = loaded.config;
    const bool empty = kc.currentContext().empty() && kc.contexts().empty();
    if (empty && contextName.empty() && InClusterConfig::possible())
        return InClusterConfig::load();
    return fromKubeconfig(kc, contextName);
}

} // namespace ds::live
