// SPDX-License-Identifier: Apache-2.0
#include "CrdCatalog.h"

#include "yaml/YamlReader.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

namespace ds::schema {

namespace {

std::string groupOf(const std::string &apiVersion)
{
    const auto slash = apiVersion.find('/');
    return slash == std::string::npos ? std::string() : apiVersion.substr(0, slash);
}

bool isDataFile(const QString &name)
{
    return name.endsWith(QLatin1String(".yaml")) || name.endsWith(QLatin1String(".yml"))
        || name.endsWith(QLatin1String(".json"));
}

// A must-gather keeps its CRDs in cluster-scoped-resources/apiextensions.k8s.io/
// customresourcedefinitions: read only those folders (a walk of folders is
// cheap; reading 50k files to find the CRDs is not). Anything else: all of it.
QStringList crdFolders(const QString &root)
{
    QStringList folders;
    QDirIterator it(root, QDir::Dirs | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString dir = it.next();
        if (dir.endsWith(QLatin1String("apiextensions.k8s.io/customresourcedefinitions")))
            folders << dir;
    }
    return folders.isEmpty() ? QStringList{root} : folders;
}

// Where must-gathers keep their CRDs: <root>/cluster-scoped-resources/…, or
// that under the image's folder (and, unpacked from an archive, one more).
QStringList mustGatherCrdFolders(const QString &root)
{
    static const QString tail = QStringLiteral("cluster-scoped-resources/apiextensions.k8s.io/customresourcedefinitions");
    QStringList folders;
    QStringList level{root};
    for (int depth = 0; depth < 3 && !level.isEmpty(); ++depth) {
        QStringList next;
        for (const QString &dir : std::as_const(level)) {
            if (QFileInfo(dir + QLatin1Char('/') + tail).isDir())
                folders << dir + QLatin1Char('/') + tail;
            if (depth < 2) // a namespaces/ folder's thousands of children are never listed
                for (const QString &child : QDir(dir).entryList(QDir::Dirs | QDir::NoDotAndDotDot))
                    next << dir + QLatin1Char('/') + child;
        }
        level = next;
    }
    return folders;
}

} // namespace

std::vector<std::string> CrdCatalog::addMustGatherCrds(const std::string &root)
{
    std::vector<std::string> problems;
    for (const QString &folder : mustGatherCrdFolders(QString::fromStdString(root)))
        for (std::string &p : addPath(folder.toStdString()))
            problems.push_back(std::move(p));
    return problems;
}

std::vector<std::string> CrdCatalog::addDocument(const Value &document, const std::string &file)
{
    std::vector<std::string> problems;
    if (document.get("kind").isString() && document.get("kind").str() == "List") {
        const Value items = document.get("items");
        if (items.isList())
            for (const Value &item : items.list())
                for (std::string &p : addDocument(item, file))
                    problems.push_back(std::move(p));
        return problems;
    }
    if (!document.get("kind").isString() || document.get("kind").str() != "CustomResourceDefinition")
        return problems;
    const Value spec = document.get("spec");
    const std::string group = spec.get("group").isString() ? spec.get("group").str() : std::string();
    const Value kind = spec.at({"names", "kind"});
    const Value name = document.at({"metadata", "name"});
    if (!kind.isString() || !spec.get("versions").isList()) {
        problems.push_back(file + ": a CustomResourceDefinition without spec.names.kind or spec.versions");
        return problems;
    }
    m_kinds[group + "|" + kind.str()] = name.isString() ? name.str() : kind.str();
    const Value versions = spec.get("versions");
    for (const Value &v : versions.list()) {
        if (!v.get("name").isString())
            continue;
        Version version;
        version.served = !v.get("served").isBool() || v.get("served").toBool();
        version.crdName = m_kinds[group + "|" + kind.str()];
        version.file = file;
        const Value schema = v.at({"schema", "openAPIV3Schema"});
        if (schema.isMap()) {
            std::string error;
            version.schema = OpenApiSchema::fromValue(schema, error);
            if (!version.schema)
                problems.push_back(file + ": " + version.crdName + " " + v.get("name").str() + ": " + error);
        }
        m_versions[(group.empty() ? "" : group + "/") + v.get("name").str() + "|" + kind.str()] = std::move(version);
    }
    return problems;
}

std::vector<std::string> CrdCatalog::addPath(const std::string &path)
{
    std::vector<std::string> problems;
    const QString root = QString::fromStdString(path);
    QStringList files;
    if (QFileInfo(root).isDir()) {
        for (const QString &folder : crdFolders(root)) {
            QDirIterator it(folder, QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString file = it.next();
                if (isDataFile(file))
                    files << file;
            }
        }
        files.sort();
    } else {
        files << root;
    }
    for (const QString &file : files) {
        QFile f(file);
        if (!f.open(QIODevice::ReadOnly)) {
            problems.push_back("cannot read " + file.toStdString() + ": " + f.errorString().toStdString());
            continue;
        }
        const QByteArray bytes = f.readAll();
        if (!bytes.contains("CustomResourceDefinition"))
            continue; // most of a must-gather: not worth parsing
        const yaml::ReadResult read = yaml::read(std::string_view(bytes.constData(), std::size_t(bytes.size())));
        if (!read.ok()) {
            problems.push_back(file.toStdString() + ": " + read.error->describe());
            continue;
        }
        for (const Value &document : read.documents)
            for (std::string &p : addDocument(document, file.toStdString()))
                problems.push_back(std::move(p));
    }
    return problems;
}

const CrdCatalog::Version *CrdCatalog::find(const std::string &apiVersion, const std::string &kind) const
{
    const auto it = m_versions.find(apiVersion + "|" + kind);
    return it == m_versions.end() ? nullptr : &it->second;
}

bool CrdCatalog::knowsKind(const std::string &apiVersion, const std::string &kind) const
{
    return m_kinds.contains(groupOf(apiVersion) + "|" + kind);
}

} // namespace ds::schema
