// SPDX-License-Identifier: Apache-2.0
#include "FileInputSource.h"

#include "json/JsonReader.h"
#include "yaml/YamlReader.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <glob.h>

namespace ds::input {

namespace {

const char *kSkipTail = " Input contains additional files from supported file extensions (json/yaml) that do not contain "
                        "a valid resource, error: %s.\n In case this file is expected to be a valid resource modify it "
                        "accordingly. ";

std::string skipWarning(const std::string &where, const std::string &error)
{
    std::string tail = kSkipTail;
    tail.replace(tail.find("%s"), 2, error);
    return "Skipping " + where + tail;
}

bool hasResourceExtension(const QString &path)
{
    return path.endsWith(QLatin1String(".json")) || path.endsWith(QLatin1String(".yaml"))
        || path.endsWith(QLatin1String(".yml"));
}

// filepath.Walk order: lexical, directories descended only with -R.
void walkDirectory(const QString &root, const QString &dir, bool recursive, std::vector<std::string> &files)
{
    QDir d(dir);
    QFileInfoList entries = d.entryInfoList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                                            QDir::NoSort);
    std::sort(entries.begin(), entries.end(), [](const QFileInfo &a, const QFileInfo &b) {
        return a.fileName().toStdString() < b.fileName().toStdString();
    });
    for (const QFileInfo &e : entries) {
        const QString path = dir == QLatin1String(".") ? e.fileName() : dir + QLatin1Char('/') + e.fileName();
        if (e.isDir() && !e.isSymLink()) {
            if (recursive)
                walkDirectory(root, path, recursive, files);
            continue;
        }
        if (hasResourceExtension(path))
            files.push_back(path.toStdString());
    }
}

std::vector<std::string> splitYamlDocuments(const std::string &text)
{
    std::vector<std::string> docs;
    std::string current;
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        const std::size_t next = end == std::string::npos ? text.size() : end + 1;
        const std::string_view line(text.data() + pos, next - pos);
        bool separator = false;
        if (line.substr(0, 3) == "---") {
            const std::string_view after = line.substr(3);
            separator = after.find_first_not_of(" \t\r\n") == std::string_view::npos;
        }
        if (separator) {
            docs.push_back(std::move(current));
            current.clear();
        } else {
            current.append(line);
        }
        pos = next;
    }
    docs.push_back(std::move(current));
    return docs;
}

void addObject(const Value &object, const std::string &path, std::vector<ClusterObject> &out)
{
    out.push_back(ClusterObject{object, objectId(object), path});
}

// Returns false (after warning) when the document cannot be used; that stops the file.
bool acceptDocument(const Value &doc, const std::string &path, Log &log, std::vector<ClusterObject> &out)
{
    if (doc.isNull())
        return true;
    const Value kind = doc.get("kind");
    if (!doc.isMap() || !kind.isString() || kind.str().empty()) {
        log.warning(skipWarning("\"" + path + "\":", "'Kind' is missing"));
        return false;
    }
    const std::string &k = kind.str();
    const Value items = doc.get("items");
    if (k.size() > 4 && k.compare(k.size() - 4, 4, "List") == 0 && items.isList()) {
        for (const Value &item : items.list()) {
            const Value itemKind = item.get("kind");
            if (item.isMap() && itemKind.isString() && !itemKind.str().empty())
                addObject(item, path, out);
        }
        return true;
    }
    addObject(doc, path, out);
    return true;
}

std::vector<std::string> expandGlob(const std::string &pattern)
{
    std::vector<std::string> out;
    glob_t g{};
    if (::glob(pattern.c_str(), 0, nullptr, &g) == 0) {
        for (std::size_t i = 0; i < g.gl_pathc; ++i)
            out.emplace_back(g.gl_pathv[i]);
    }
    globfree(&g);
    return out;
}

} // namespace

FileInputSource::FileInputSource(std::vector<std::string> paths, bool recursive)
    : m_paths(std::move(paths)), m_recursive(recursive)
{
}

std::string FileInputSource::description() const
{
    std::string out;
    for (const auto &p : m_paths)
        out += (out.empty() ? "" : ", ") + p;
    return out;
}

void FileInputSource::decodeFile(const std::string &path, const std::string &bytes, Log &log,
                                 std::vector<ClusterObject> &out)
{
    if (json::looksLikeJson(bytes)) {
        const yaml::ReadResult r = json::read(bytes);
        for (const Value &doc : r.documents)
            if (!acceptDocument(doc, path, log, out))
                return;
        if (!r.ok())
            log.warning(skipWarning(path + ":", ": " + r.error->message));
        return;
    }
    yaml::ReadOptions options;
    options.firstDocumentOnly = true;
    for (const std::string &chunk : splitYamlDocuments(bytes)) {
        const yaml::ReadResult r = yaml::read(chunk, options);
        if (!r.ok()) {
            const std::string text = r.error->goText();
            log.warning(skipWarning(path + ":", text.substr(text.rfind(':'))));
            return;
        }
        if (!r.documents.empty() && !acceptDocument(r.documents.front(), path, log, out))
            return;
    }
}

LoadedObjects FileInputSource::load(Log &log, const std::atomic_bool *cancel, const ProgressCallback &progress)
{
    LoadedObjects result;
    std::vector<std::string> files;
    for (const std::string &path : m_paths) {
        std::vector<std::string> roots;
        if (QFileInfo::exists(QString::fromStdString(path))) {
            roots.push_back(path);
        } else {
            roots = expandGlob(path);
            if (roots.empty()) {
                result.error = "failed to collect resources: the path \"" + path + "\" does not exist";
                return result;
            }
        }
        for (const auto &root : roots) {
            const QFileInfo info(QString::fromStdString(root));
            if (!info.isDir()) {
                files.push_back(root);
                continue;
            }
            const std::size_t before = files.size();
            walkDirectory(QString::fromStdString(root), QString::fromStdString(root), m_recursive, files);
            if (files.size() == before) {
                result.error = "failed to collect resources: error reading [" + root
                    + "]: recognized file extensions are [.json .yaml .yml]";
                return result;
            }
        }
    }
    for (std::size_t i = 0; i < files.size(); ++i) {
        if (cancel && cancel->load()) {
            result.error = "cancelled";
            return result;
        }
        if (progress)
            progress(i, files.size(), files[i]);
        QFile f(QString::fromStdString(files[i]));
        if (!f.open(QIODevice::ReadOnly)) {
            log.warning("Skipping " + files[i] + ": cannot read it: " + f.errorString().toStdString());
            continue;
        }
        decodeFile(files[i], f.readAll().toStdString(), log, result.objects);
    }
    if (progress)
        progress(files.size(), files.size(), {});
    return result;
}

} // namespace ds::input
