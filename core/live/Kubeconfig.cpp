// SPDX-License-Identifier: Apache-2.0
#include "Kubeconfig.h"

#include "yaml/YamlReader.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <cstdlib>

namespace ds::live {

namespace {

std::string stringOf(const Value &map, std::string_view key)
{
    const Value v = map.get(key);
    return v.isString() ? v.str() : std::string();
}

bool boolOf(const Value &map, std::string_view key)
{
    const Value v = map.get(key);
    return v.isBool() && v.toBool();
}

// client-go resolves relative paths against the directory of the file that
// holds them, so a kubeconfig can be moved together with its certificates.
std::string resolvePath(const std::string &path, const std::string &file)
{
    if (path.empty() || QDir::isAbsolutePath(QString::fromStdString(path)))
        return path;
    const QString dir = QFileInfo(QString::fromStdString(file)).absolutePath();
    return QDir::cleanPath(dir + QLatin1Char('/') + QString::fromStdString(path)).toStdString();
}

// *-data fields hold base64 (a []byte in Go's kubeconfig types).
bool decodeData(const Value &map, std::string_view key, std::string &out, std::string &error,
                const std::string &owner)
{
    const std::string text = stringOf(map, key);
    if (text.empty())
        return true;
    const auto decoded = QByteArray::fromBase64Encoding(QByteArray::fromStdString(text),
                                                        QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded) {
        error = owner + ": " + std::string(key) + " is not valid base64";
        return false;
    }
    out = decoded.decoded.toStdString();
    return true;
}

std::optional<ExecConfig> parseExec(const Value &v, const std::string &file)
{
    if (!v.isMap())
        return std::nullopt;
    ExecConfig exec;
    exec.apiVersion = stringOf(v, "apiVersion");
    exec.command = stringOf(v, "command");
    // Only a command with a path separator is a file path; a bare name is looked up in PATH.
    if (exec.command.find('/') != std::string::npos)
        exec.command = resolvePath(exec.command, file);
    for (const Value &a : v.get("args").isList() ? v.get("args").list() : ValueList{})
        if (a.isString())
            exec.args.push_back(a.str());
    for (const Value &e : v.get("env").isList() ? v.get("env").list() : ValueList{})
        if (e.isMap())
            exec.env.emplace_back(stringOf(e, "name"), stringOf(e, "value"));
    exec.interactiveMode = stringOf(v, "interactiveMode");
    exec.provideClusterInfo = boolOf(v, "provideClusterInfo");
    exec.installHint = stringOf(v, "installHint");
    return exec;
}

bool parseCluster(const std::string &name, const Value &c, const std::string &file, KubeCluster &out,
                  std::string &error)
{
    out.name = name;
    out.sourceFile = file;
    out.server = stringOf(c, "server");
    out.certificateAuthority = resolvePath(stringOf(c, "certificate-authority"), file);
    out.insecureSkipTlsVerify = boolOf(c, "insecure-skip-tls-verify");
    out.tlsServerName = stringOf(c, "tls-server-name");
    out.proxyUrl = stringOf(c, "proxy-url");
    out.disableCompression = boolOf(c, "disable-compression");
    return decodeData(c, "certificate-authority-data", out.certificateAuthorityData, error, "cluster \"" + name + "\"");
}

bool parseUser(const std::string &name, const Value &u, const std::string &file, KubeUser &out, std::string &error)
{
    out.name = name;
    out.sourceFile = file;
    out.token = stringOf(u, "token");
    out.tokenFile = resolvePath(stringOf(u, "tokenFile"), file);
    out.clientCertificate = resolvePath(stringOf(u, "client-certificate"), file);
    out.clientKey = resolvePath(stringOf(u, "client-key"), file);
    out.username = stringOf(u, "username");
    out.password = stringOf(u, "password");
    out.exec = parseExec(u.get("exec"), file);
    const Value provider = u.get("auth-provider");
    if (provider.isMap()) {
        AuthProviderConfig p;
        p.name = stringOf(provider, "name");
        const Value config = provider.get("config");
        if (config.isMap())
            for (const auto &[k, v] : config.map())
                if (v.isString())
                    p.config[k] = v.str();
        out.authProvider = std::move(p);
    }
    const std::string owner = "user \"" + name + "\"";
    return decodeData(u, "client-certificate-data", out.clientCertificateData, error, owner)
        && decodeData(u, "client-key-data", out.clientKeyData, error, owner);
}

const ValueList &entries(const Value &doc, std::string_view key)
{
    static const ValueList empty;
    const Value v = doc.get(key);
    return v.isList() ? v.list() : empty;
}

template <typename T>
const T *findByName(const std::vector<T> &items, const std::string &name)
{
    const auto it = std::find_if(items.begin(), items.end(), [&](const T &i) { return i.name == name; });
    return it == items.end() ? nullptr : &*it;
}

template <typename T>
void addMissing(std::vector<T> &into, const std::vector<T> &from)
{
    for (const T &item : from)
        if (!findByName(into, item.name))
            into.push_back(item);
}

} // namespace

std::vector<std::string> Kubeconfig::defaultPaths()
{
    std::vector<std::string> paths;
    const char *env = std::getenv("KUBECONFIG");
    if (env && *env) {
        for (const QString &p : QString::fromLocal8Bit(env).split(QLatin1Char(':'), Qt::SkipEmptyParts)) {
            const std::string path = p.toStdString();
            if (std::find(paths.begin(), paths.end(), path) == paths.end())
                paths.push_back(path);
        }
        return paths;
    }
    return {QDir::homePath().toStdString() + "/.kube/config"};
}

Kubeconfig::LoadResult Kubeconfig::load(const std::string &explicitPath)
{
    if (explicitPath.empty())
        return loadFiles(defaultPaths());
    if (!QFileInfo::exists(QString::fromStdString(explicitPath)))
        return {{}, "stat " + explicitPath + ": no such file or directory"};
    return loadFiles({explicitPath});
}

Kubeconfig::LoadResult Kubeconfig::loadFiles(const std::vector<std::string> &paths)
{
    LoadResult merged;
    for (const std::string &path : paths) {
        QFile f(QString::fromStdString(path));
        if (!f.exists())
            continue; // kubectl skips missing entries of $KUBECONFIG
        if (!f.open(QIODevice::ReadOnly))
            return {{}, "error loading config file \"" + path + "\": " + f.errorString().toStdString()};
        LoadResult one = parse(f.readAll().toStdString(), path);
        if (!one.ok())
            return one;
        merged.config.mergeFrom(one.config);
    }
    return merged;
}

Kubeconfig::LoadResult Kubeconfig::parse(const std::string &text, const std::string &fileName)
{
    LoadResult result;
    Kubeconfig &kc = result.config;
    kc.m_files.push_back(fileName);
    yaml::ReadOptions options;
    options.firstDocumentOnly = true;
    const yaml::ReadResult read = yaml::read(text, options);
    if (!read.ok())
        return {{}, "error loading config file \"" + fileName + "\": " + read.error->goText()};
    const Value doc = read.documents.empty() ? Value() : read.documents.front();
    if (!doc.isMap() && !doc.isNothing())
        return {{}, "error loading config file \"" + fileName + "\": not a kubeconfig (expected a mapping)"};
    std::string error;
    for (const Value &e : entries(doc, "clusters")) {
        KubeCluster c;
        if (!parseCluster(stringOf(e, "name"), e.get("cluster"), fileName, c, error))
            return {{}, "error loading config file \"" + fileName + "\": " + error};
        if (!findByName(kc.m_clusters, c.name))
            kc.m_clusters.push_back(std::move(c));
    }
    for (const Value &e : entries(doc, "users")) {
        KubeUser u;
        if (!parseUser(stringOf(e, "name"), e.get("user"), fileName, u, error))
            return {{}, "error loading config file \"" + fileName + "\": " + error};
        if (!findByName(kc.m_users, u.name))
            kc.m_users.push_back(std::move(u));
    }
    for (const Value &e : entries(doc, "contexts")) {
        const Value c = e.get("context");
        KubeContext ctx{stringOf(e, "name"), stringOf(c, "cluster"), stringOf(c, "user"), stringOf(c, "namespace"),
                        fileName};
        if (!findByName(kc.m_contexts, ctx.name))
            kc.m_contexts.push_back(std::move(ctx));
    }
    kc.m_currentContext = stringOf(doc, "current-context");
    return result;
}

void Kubeconfig::mergeFrom(const Kubeconfig &other)
{
    addMissing(m_clusters, other.m_clusters);
    addMissing(m_users, other.m_users);
    addMissing(m_contexts, other.m_contexts);
    if (m_currentContext.empty())
        m_currentContext = other.m_currentContext;
    m_files.insert(m_files.end(), other.m_files.begin(), other.m_files.end());
}

const KubeCluster *Kubeconfig::cluster(const std::string &name) const { return findByName(m_clusters, name); }
const KubeUser *Kubeconfig::user(const std::string &name) const { return findByName(m_users, name); }
const KubeContext *Kubeconfig::context(const std::string &name) const { return findByName(m_contexts, name); }

std::vector<ContextSummary> Kubeconfig::contextSummaries() const
{
    std::vector<ContextSummary> out;
    for (const KubeContext &c : m_contexts) {
        const KubeCluster *cl = cluster(c.cluster);
        out.push_back({c.name, c.cluster, cl ? cl->server : std::string(), c.user, c.namespaceName,
                       c.name == m_currentContext});
    }
    return out;
}

} // namespace ds::live
