// SPDX-License-Identifier: Apache-2.0
#include "CrdCatalog.h"

#include "OpenApiDocument.h"
#include "input/ArchiveReader.h"
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
    if (OpenApiDocument::isOpenApi(document))
        return addOpenApi(document, file);
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

// Built-in kinds, from the API server's own OpenAPI documents. A CRD of the
// same kind, read before or after, wins: it is what the cluster validates with.
std::vector<std::string> CrdCatalog::addOpenApi(const Value &document, const std::string &file)
{
    std::string error;
    for (OpenApiDocument::Kind &k : OpenApiDocument::kinds(document, error)) {
        const std::string key = k.apiVersion + "|" + k.kind;
        if (m_versions.contains(key))
            continue;
        m_kinds.try_emplace(groupOf(k.apiVersion) + "|" + k.kind, k.name);
        m_versions[key] = Version{std::move(k.schema), true, k.name, file};
    }
    if (error.empty())
        return {};
    return {file + ": " + error};
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
        if (input::ArchiveReader::isArchive(file.toStdString())) {
            for (std::string &p : addArchive(file.toStdString()))
                problems.push_back(std::move(p));
            continue;
        }
        QFile f(file);
        if (!f.open(QIODevice::ReadOnly)) {
            problems.push_back("cannot read " + file.toStdString() + ": " + f.errorString().toStdString());
            continue;
        }
        const QByteArray bytes = f.readAll();
        for (std::string &p : addBytes(std::string_view(bytes.constData(), std::size_t(bytes.size())), file.toStdString()))
            problems.push_back(std::move(p));
    }
    return problems;
}

std::vector<std::string> CrdCatalog::addBytes(std::string_view bytes, const std::string &file)
{
    // Most files of a must-gather are neither: not worth parsing.
    const bool crd = bytes.find("CustomResourceDefinition") != std::string_view::npos;
    const bool openApi = bytes.find("openapi") != std::string_view::npos || bytes.find("swagger") != std::string_view::npos;
    if (!crd && !openApi)
        return {};
    const yaml::ReadResult read = yaml::read(bytes);
    if (!read.ok())
        return {file + ": " + read.error->describe()};
    std::vector<std::string> problems;
    for (const Value &document : read.documents)
        for (std::string &p : addDocument(document, file))
            problems.push_back(std::move(p));
    return problems;
}

// An archive (a must-gather's .tar.gz): its customresourcedefinitions folders
// when it has them, else every CRD or OpenAPI document in it; read in place.
std::vector<std::string> CrdCatalog::addArchive(const std::string &archive)
{
    std::vector<std::string> problems;
    std::vector<input::ArchiveReader::Member> others;
    bool layout = false;
    const auto error = input::ArchiveReader::read(
        archive, [](const std::string &path) { return isDataFile(QString::fromStdString(path)); },
        [&](input::ArchiveReader::Member &&m) {
            if (m.path.find("customresourcedefinitions/") != std::string::npos) {
                layout = true;
                for (std::string &p : addBytes(m.bytes, archive + ":" + m.path))
                    problems.push_back(std::move(p));
            } else if (!layout && m.bytes.find("CustomResourceDefinition") != std::string::npos) {
                others.push_back(std::move(m));
            }
            return true;
        },
        nullptr, [&](const std::string &warning) { problems.push_back(warning); });
    if (error)
        problems.push_back(*error);
    if (!layout)
        for (const input::ArchiveReader::Member &m : others)
            for (std::string &p : addBytes(m.bytes, archive + ":" + m.path))
                problems.push_back(std::move(p));
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
