// SPDX-License-Identifier: Apache-2.0
#include "ConfigDirReader.h"

#include "DocumentDecoder.h"
#include "text/Utf8.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

namespace ds::input {

namespace {

const QStringList kSecretDirs{QStringLiteral("secrets"), QStringLiteral("secret")};
const QStringList kConfigMapDirs{QStringLiteral("configmaps"), QStringLiteral("configmap")};

// kubelet's AtomicWriter artefacts (..data, ..2024_...) are not keys.
QStringList entries(const QString &dir, QDir::Filters filters)
{
    QStringList out;
    for (const QString &name : QDir(dir).entryList(filters | QDir::NoDotAndDotDot | QDir::Hidden, QDir::Name))
        if (!name.startsWith(QLatin1String("..")))
            out << name;
    return out;
}

// Key files of one object: flat, and not Kubernetes manifests (a folder of CR
// files named secrets/x/ must stay a CR folder).
bool holdsKeyFiles(const QString &dir)
{
    const QStringList files = entries(dir, QDir::Files);
    if (!entries(dir, QDir::Dirs).isEmpty() || files.isEmpty())
        return false;
    for (const QString &name : files) {
        QFile f(dir + QLatin1Char('/') + name);
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QByteArray head = f.read(64 * 1024);
        if (!decodeResourceFile(name.toStdString(), head.toStdString()).objects.empty())
            return false;
    }
    return true;
}

std::string readBytes(const QString &path, bool &ok)
{
    QFile f(path);
    ok = f.open(QIODevice::ReadOnly);
    const QByteArray bytes = ok ? f.readAll() : QByteArray();
    return std::string(bytes.constData(), std::size_t(bytes.size()));
}

Value base64(const std::string &bytes)
{
    return Value(QByteArray::fromRawData(bytes.data(), qsizetype(bytes.size())).toBase64().toStdString());
}

// One Secret or ConfigMap from a folder of key files.
ClusterObject objectFromKeys(const QString &dir, const std::string &kind, const std::string &ns, Log &log)
{
    static const QRegularExpression validKey(QStringLiteral("^[-._a-zA-Z0-9]+$"));
    ValueMap data, binaryData;
    for (const QString &sub : entries(dir, QDir::Dirs))
        log.warning("Skipping " + (dir + QLatin1Char('/') + sub).toStdString()
                    + ": a ConfigDir key cannot be a folder");
    for (const QString &key : entries(dir, QDir::Files)) {
        const QString path = dir + QLatin1Char('/') + key;
        if (!validKey.match(key).hasMatch()) {
            log.warning("Skipping " + path.toStdString() + ": not a valid key name");
            continue;
        }
        bool ok = false;
        const std::string bytes = readBytes(path, ok);
        if (!ok) {
            log.warning("Skipping " + path.toStdString() + ": cannot read it");
            continue;
        }
        // kubectl create configmap --from-file: text in data, anything else in binaryData.
        if (kind == "Secret")
            data.emplace(key.toStdString(), base64(bytes));
        else if (utf8::isValid(bytes))
            data.emplace(key.toStdString(), Value(bytes));
        else
            binaryData.emplace(key.toStdString(), base64(bytes));
    }
    ValueMap metadata{{"name", Value(QFileInfo(dir).fileName().toStdString())}, {"namespace", Value(ns)}};
    ValueMap object{{"apiVersion", Value("v1")}, {"kind", Value(kind)}, {"metadata", Value(std::move(metadata))}};
    if (!data.empty())
        object.emplace("data", Value(std::move(data)));
    if (!binaryData.empty())
        object.emplace("binaryData", Value(std::move(binaryData)));
    ClusterObject o{Value(std::move(object)), {}, dir.toStdString()};
    o.id = objectId(o.object);
    o.unknownFields = ConfigDirReader::unknownFields(kind);
    return o;
}

// Plain CRs of the ConfigDir (hiveconfig/config.yaml and other YAML files).
std::vector<ClusterObject> serializedObjects(const QString &root, Log &log)
{
    std::vector<ClusterObject> out;
    QStringList files;
    for (const QString &f : entries(root, QDir::Files))
        files << root + QLatin1Char('/') + f;
    for (const QString &f : entries(root + QStringLiteral("/hiveconfig"), QDir::Files))
        files << root + QStringLiteral("/hiveconfig/") + f;
    for (const QString &file : files) {
        if (!file.endsWith(QLatin1String(".yaml")) && !file.endsWith(QLatin1String(".yml"))
            && !file.endsWith(QLatin1String(".json")))
            continue;
        bool ok = false;
        const std::string bytes = readBytes(file, ok);
        DecodedFile decoded = decodeResourceFile(file.toStdString(), bytes);
        for (const std::string &w : decoded.warnings)
            log.warning(w);
        std::move(decoded.objects.begin(), decoded.objects.end(), std::back_inserter(out));
    }
    return out;
}

std::string targetNamespace(const std::vector<ClusterObject> &objects)
{
    for (const ClusterObject &o : objects)
        if (stringField(o.object, {"kind"}) == "HiveConfig") {
            const std::string ns = stringField(o.object, {"spec", "targetNamespace"});
            if (!ns.empty())
                return ns;
        }
    return "hive";
}

} // namespace

bool ConfigDirReader::looksLikeConfigDir(const std::string &path)
{
    const QString dir = QString::fromStdString(path);
    if (QFileInfo::exists(dir + QStringLiteral("/hiveconfig/config.yaml")))
        return true;
    bool found = false;
    for (const QString &kindDir : kSecretDirs + kConfigMapDirs) {
        const QString base = dir + QLatin1Char('/') + kindDir;
        const QStringList objects = entries(base, QDir::Dirs);
        for (const QString &name : objects) {
            if (!holdsKeyFiles(base + QLatin1Char('/') + name))
                return false;
            found = true;
        }
    }
    return found;
}

std::vector<ClusterObject> ConfigDirReader::read(const std::string &path, const std::string &nsOverride, Log &log)
{
    const QString dir = QString::fromStdString(path);
    std::vector<ClusterObject> out = serializedObjects(dir, log);
    const std::string ns = nsOverride.empty() ? targetNamespace(out) : nsOverride;
    const auto addKind = [&](const QStringList &dirNames, const std::string &kind) {
        for (const QString &kindDir : dirNames) {
            const QString base = dir + QLatin1Char('/') + kindDir;
            for (const QString &name : entries(base, QDir::Dirs))
                out.push_back(objectFromKeys(base + QLatin1Char('/') + name, kind, ns, log));
        }
    };
    addKind(kSecretDirs, "Secret");
    addKind(kConfigMapDirs, "ConfigMap");
    return out;
}

const std::vector<std::vector<std::string>> &ConfigDirReader::unknownFields(const std::string &kind)
{
    static const std::vector<std::vector<std::string>> common = {
        {"metadata", "labels"},          {"metadata", "annotations"}, {"metadata", "ownerReferences"},
        {"metadata", "finalizers"},      {"immutable"},
    };
    static const std::vector<std::vector<std::string>> secret = [] {
        auto fields = common;
        fields.push_back({"type"});
        return fields;
    }();
    return kind == "Secret" ? secret : common;
}

} // namespace ds::input
