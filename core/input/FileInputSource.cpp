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
        // filepath.Join cleans: `-f crs/` and `-f ./crs` both give "crs/a.yaml".
        const QString path = QDir::cleanPath(dir + QLatin1Char('/') + e.fileName());
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

std::string stringOf(const Value &object, const char *key)
{
    const Value v = object.get(key);
    return v.isString() ? v.str() : std::string();
}

// Items of a typed list (ConfigMapList) usually lack apiVersion and kind, as the
// API server returns them; apimachinery's decodeToList then gives them the
// list's apiVersion and its kind without "List".
void addListItems(const Value &list, const std::string &listKind, const std::string &path,
                  std::vector<ClusterObject> &out)
{
    const std::string itemKind = listKind.substr(0, listKind.size() - 4);
    const Value items = list.get("items");
    for (Value item : items.list()) {
        if (item.isMap() && stringOf(item, "kind").empty() && stringOf(item, "apiVersion").empty()) {
            item = item.deepCopy();
            item.insert("kind", Value(itemKind));
            item.insert("apiVersion", Value(stringOf(list, "apiVersion")));
        }
        if (item.isMap() && !stringOf(item, "kind").empty())
            addObject(item, path, out);
    }
}

// A document without a kind is skipped with a warning; kubectl's stream visitor
// then goes on with the file's next document.
void acceptDocument(const Value &doc, const std::string &path, Log &log, std::vector<ClusterObject> &out)
{
    if (doc.isNull())
        return;
    const std::string kind = doc.isMap() ? stringOf(doc, "kind") : std::string();
    if (kind.empty()) {
        log.warning(skipWarning("\"" + path + "\":", "'Kind' is missing"));
        return;
    }
    // `v1 List` as well as typed lists (ConfigMapList).
    if (kind.size() >= 4 && kind.compare(kind.size() - 4, 4, "List") == 0 && doc.get("items").isList()) {
        addListItems(doc, kind, path, out);
        return;
    }
    addObject(doc, path, out);
}

// filepath.Glob's order: directory by directory, names in byte order (glibc
// would collate by locale).
bool goGlobOrder(const std::string &a, const std::string &b)
{
    const QStringList pa = QString::fromStdString(a).split(QLatin1Char('/'));
    const QStringList pb = QString::fromStdString(b).split(QLatin1Char('/'));
    for (qsizetype i = 0; i < std::min(pa.size(), pb.size()); ++i)
        if (pa[i] != pb[i])
            return pa[i].toStdString() < pb[i].toStdString();
    return pa.size() < pb.size();
}

// filepath.Glob: `*` also matches names starting with a dot, results are joined
// (cleaned) paths.
std::vector<std::string> expandGlob(const std::string &pattern)
{
    std::vector<std::string> out;
    glob_t g{};
    if (::glob(pattern.c_str(), GLOB_PERIOD | GLOB_NOSORT, nullptr, &g) == 0) {
        for (std::size_t i = 0; i < g.gl_pathc; ++i) {
            const QString path = QDir::cleanPath(QString::fromLocal8Bit(g.gl_pathv[i]));
            const QString name = path.section(QLatin1Char('/'), -1);
            if (name != QLatin1String(".") && name != QLatin1String(".."))
                out.push_back(path.toStdString());
        }
    }
    globfree(&g);
    std::sort(out.begin(), out.end(), goGlobOrder);
    return out;
}

std::string joinPaths(const std::vector<std::string> &paths)
{
    std::string out;
    for (const auto &p : paths)
        out += (out.empty() ? "" : " ") + p;
    return out;
}

// utilerrors.NewAggregate(...).Error(): one message as is, several as
// "[a, b]" with duplicates dropped.
std::string aggregate(const std::vector<std::string> &errors)
{
    if (errors.size() == 1)
        return errors.front();
    std::vector<std::string> seen;
    for (const auto &e : errors)
        if (std::find(seen.begin(), seen.end(), e) == seen.end())
            seen.push_back(e);
    std::string out;
    for (const auto &e : seen)
        out += (out.empty() ? "" : ", ") + e;
    return seen.size() == 1 ? out : "[" + out + "]";
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
            acceptDocument(doc, path, log, out);
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
        if (!r.documents.empty())
            acceptDocument(r.documents.front(), path, log, out);
    }
}

LoadedObjects FileInputSource::load(Log &log, const std::atomic_bool *cancel, const ProgressCallback &progress)
{
    LoadedObjects result;
    std::vector<std::string> files;
    // kubectl's builder collects every path's error and reports them together.
    std::vector<std::string> errors;
    for (const std::string &path : m_paths) {
        std::vector<std::string> roots;
        if (QFileInfo::exists(QString::fromStdString(path))) {
            roots.push_back(path);
        } else {
            roots = expandGlob(path);
            if (roots.empty()) {
                errors.push_back("the path \"" + path + "\" does not exist");
                continue;
            }
        }
        for (const auto &root : roots) {
            if (QFileInfo(QString::fromStdString(root)).isDir())
                walkDirectory(QString::fromStdString(root), QString::fromStdString(root), m_recursive, files);
            else
                files.push_back(root);
        }
        // Builder.Path: only while nothing at all has been collected (or failed) so far.
        if (files.empty() && errors.empty())
            errors.push_back("error reading [" + joinPaths(roots)
                             + "]: recognized file extensions are [.json .yaml .yml]");
    }
    if (!errors.empty()) {
        result.error = "failed to collect resources: " + aggregate(errors);
        return result;
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
