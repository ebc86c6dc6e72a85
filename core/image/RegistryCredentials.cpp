// SPDX-License-Identifier: Apache-2.0
#include "RegistryCredentials.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

namespace ds::image {

namespace {

constexpr int kHelperTimeoutMs = 30000;

QString env(const char *name)
{
    return qEnvironmentVariable(name);
}

std::vector<QString> authFiles()
{
    std::vector<QString> files;
    if (const QString file = env("REGISTRY_AUTH_FILE"); !file.isEmpty())
        files.push_back(file);
    if (const QString runtime = env("XDG_RUNTIME_DIR"); !runtime.isEmpty())
        files.push_back(runtime + QStringLiteral("/containers/auth.json"));
    files.push_back(QDir::homePath() + QStringLiteral("/.config/containers/auth.json"));
    const QString dockerConfig = env("DOCKER_CONFIG");
    files.push_back((dockerConfig.isEmpty() ? QDir::homePath() + QStringLiteral("/.docker") : dockerConfig) + QStringLiteral("/config.json"));
    return files;
}

// "https://host:port/v1/" and "host:port" name the same registry in auth files.
QString normalisedKey(QString key)
{
    for (const char *scheme : {"https://", "http://"})
        if (key.startsWith(QLatin1String(scheme)))
            key = key.mid(int(qstrlen(scheme)));
    while (key.endsWith(u'/'))
        key.chop(1);
    if (key.endsWith(QLatin1String("/v1")) || key.endsWith(QLatin1String("/v2")))
        key.chop(3);
    if (key == QLatin1String("index.docker.io") || key == QLatin1String("registry-1.docker.io"))
        key = QStringLiteral("docker.io");
    return key;
}

// podman's lookup order: registry/repo/sub, registry/repo, …, registry.
std::vector<QString> candidateKeys(const std::string &registry, const std::string &repository)
{
    std::vector<QString> keys;
    QString key = QString::fromStdString(registry + "/" + repository);
    while (true) {
        keys.push_back(key);
        const int slash = key.lastIndexOf(u'/');
        if (slash < 0)
            break;
        key.truncate(slash);
    }
    return keys;
}

std::optional<RegistryCredential> fromAuthEntry(const QJsonObject &entry, const QString &file)
{
    RegistryCredential out;
    out.source = file.toStdString();
    if (const QString auth = entry.value(u"auth").toString(); !auth.isEmpty()) {
        const QByteArray decoded = QByteArray::fromBase64(auth.toLatin1());
        const int colon = decoded.indexOf(':');
        if (colon < 0)
            return std::nullopt;
        out.username = decoded.left(colon).toStdString();
        out.password = decoded.mid(colon + 1).toStdString();
        return out;
    }
    if (entry.contains(u"username")) {
        out.username = entry.value(u"username").toString().toStdString();
        out.password = entry.value(u"password").toString().toStdString();
        return out;
    }
    return std::nullopt;
}

std::optional<RegistryCredential> runHelper(const QString &helper, const std::string &registry,
                                            CredentialLookup &lookup)
{
    const QString program = QStringLiteral("docker-credential-") + helper;
    QProcess process;
    process.start(program, {QStringLiteral("get")});
    if (!process.waitForStarted(kHelperTimeoutMs)) {
        lookup.error = "credential helper " + program.toStdString() + " (named in an auth file) could not be run: "
            + process.errorString().toStdString() + "; install it or remove it from the auth file";
        return std::nullopt;
    }
    process.write(QByteArray::fromStdString(registry));
    process.closeWriteChannel();
    if (!process.waitForFinished(kHelperTimeoutMs)) {
        process.kill();
        process.waitForFinished();
        lookup.error = "credential helper " + program.toStdString() + " did not answer within 30 s";
        return std::nullopt;
    }
    const QByteArray output = process.readAllStandardOutput();
    if (process.exitCode() != 0) // "credentials not found in native keychain": no credentials
        return std::nullopt;
    const QJsonObject answer = QJsonDocument::fromJson(output).object();
    if (answer.isEmpty()) {
        lookup.error = "credential helper " + program.toStdString() + " gave no JSON answer";
        return std::nullopt;
    }
    RegistryCredential out;
    out.username = answer.value(u"Username").toString().toStdString();
    out.password = answer.value(u"Secret").toString().toStdString();
    out.source = program.toStdString();
    return out;
}

std::optional<RegistryCredential> fromFile(const QString &file, const std::string &registry,
                                           const std::string &repository, CredentialLookup &lookup)
{
    QFile f(file);
    if (!f.exists())
        return std::nullopt;
    if (!f.open(QIODevice::ReadOnly)) {
        lookup.error = "cannot read auth file " + file.toStdString() + ": " + f.errorString().toStdString();
        return std::nullopt;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &parseError);
    if (!doc.isObject()) {
        lookup.error = "auth file " + file.toStdString() + " is not valid JSON: " + parseError.errorString().toStdString()
            + " at offset " + std::to_string(parseError.offset);
        return std::nullopt;
    }
    const QJsonObject root = doc.object();
    const QJsonObject auths = root.value(u"auths").toObject();
    for (const QString &wanted : candidateKeys(registry, repository))
        for (auto it = auths.begin(); it != auths.end(); ++it)
            if (normalisedKey(it.key()) == wanted)
                if (auto credential = fromAuthEntry(it.value().toObject(), file))
                    return credential;
    const QString host = QString::fromStdString(registry);
    const QJsonObject helpers = root.value(u"credHelpers").toObject();
    for (auto it = helpers.begin(); it != helpers.end(); ++it)
        if (normalisedKey(it.key()) == host)
            return runHelper(it.value().toString(), registry, lookup);
    if (const QString store = root.value(u"credsStore").toString(); !store.isEmpty())
        return runHelper(store, registry, lookup);
    return std::nullopt;
}

} // namespace

CredentialLookup findRegistryCredential(const std::string &registry, const std::string &repository)
{
    CredentialLookup lookup;
    for (const QString &file : authFiles()) {
        lookup.filesTried.push_back(file.toStdString());
        lookup.credential = fromFile(file, registry, repository, lookup);
        if (lookup.credential || !lookup.error.empty())
            break;
    }
    return lookup;
}

} // namespace ds::image
