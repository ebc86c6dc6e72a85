// SPDX-License-Identifier: Apache-2.0
#include "MustGatherObjects.h"

#include "input/ArchiveReader.h"
#include "input/DirectoryWalk.h"
#include "input/MustGatherLayout.h"
#include "util/GoFile.h"
#include "yaml/YamlReader.h"

#include <algorithm>
#include <cerrno>
#include <dirent.h>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unordered_set>

namespace ds::generate {

namespace {

using input::DirEntry;
using input::listDirectory;

// Directories having a `cluster-scoped-resources` or `namespaces` child, depth first.
void findRoots(const std::string &dir, std::vector<std::string> &roots, std::string &error)
{
    const std::vector<DirEntry> list = listDirectory(dir, error);
    if (!error.empty())
        return;
    for (const DirEntry &e : list) {
        if (!e.isDirectory)
            continue;
        if (e.name == "cluster-scoped-resources" || e.name == "namespaces") {
            if (std::find(roots.begin(), roots.end(), dir) == roots.end())
                roots.push_back(dir);
            continue; // not descended
        }
        findRoots(dir + "/" + e.name, roots, error);
        if (!error.empty())
            return;
    }
}

void yamlFiles(const std::string &dir, std::vector<std::string> &files, std::string &error)
{
    const std::vector<DirEntry> list = listDirectory(dir, error);
    if (!error.empty())
        return;
    for (const DirEntry &e : list) {
        const std::string path = dir + "/" + e.name;
        if (e.isDirectory)
            yamlFiles(path, files, error);
        else if (e.name.ends_with(".yaml")) // case-sensitive: .yml, .json and .YAML are not read
            files.push_back(path);
        if (!error.empty())
            return;
    }
}

bool isSet(const Value &v)
{
    return !v.isMissing() && !v.isNull();
}

// The objects of one file's text, or nothing when any document does not decode.
std::vector<Value> objectsOf(const std::string &bytes)
{
    yaml::ReadOptions options;
    options.rejectDuplicateKeys = true; // yaml.v3 refuses them, dropping the file
    const yaml::ReadResult read = yaml::read(bytes, options);
    if (!read.ok())
        return {};
    std::vector<Value> out;
    for (const Value &doc : read.documents) {
        if (doc.isNull() || doc.isMissing())
            continue;
        if (!doc.isMap())
            return {}; // a scalar or a list does not decode into map[string]any
        const Value kind = doc.get("kind");
        const Value items = doc.get("items");
        if (isSet(items) && kind.isString() && kind.str().ends_with("List")) {
            if (!items.isList())
                continue;
            for (const Value &item : items.list())
                if (item.isMap() && isSet(item.get("kind")) && isSet(item.get("apiVersion")))
                    out.push_back(item);
            continue;
        }
        if (isSet(kind) && isSet(doc.get("apiVersion")))
            out.push_back(doc);
    }
    return out;
}

std::string fileText(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

// The data root a member path lies under: the folder holding its first
// cluster-scoped-resources/ or namespaces/ component (the walk stops there).
std::optional<std::string> rootOf(const std::string &path, std::string &tree)
{
    std::size_t start = 0;
    while (true) {
        const std::size_t slash = path.find('/', start);
        if (slash == std::string::npos)
            return std::nullopt; // the last component is the file itself
        const std::string component = path.substr(start, slash - start);
        if (component == "cluster-scoped-resources" || component == "namespaces") {
            tree = component;
            return start == 0 ? std::string() : path.substr(0, start - 1);
        }
        start = slash + 1;
    }
}

std::string text(const Value &v)
{
    return v.isString() ? v.str() : std::string();
}

std::string identity(const Value &o)
{
    return text(o.get("apiVersion")) + "/" + text(o.get("kind")) + "/" + text(o.at({"metadata", "namespace"})) + "/"
        + text(o.at({"metadata", "name"}));
}

// The first object of each id wins (a Namespace's own file beats its copy in namespaces/).
void addObjects(const std::string &bytes, std::unordered_set<std::string> &seen, std::vector<Value> &out)
{
    for (Value &object : objectsOf(bytes))
        if (seen.insert(identity(object)).second)
            out.push_back(std::move(object));
}

} // namespace

MustGatherObjects MustGatherObjects::load(const std::string &absoluteRoot)
{
    MustGatherObjects out;
    std::vector<std::string> roots;
    std::string error;
    struct stat st {};
    // filepath.Walk does not follow a root that is a symlink: nothing is found.
    if (::lstat(absoluteRoot.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
        findRoots(absoluteRoot, roots, error);
    if (!error.empty()) {
        out.error = "walking must-gather root \"" + absoluteRoot + "\" for data directories: " + error;
        return out;
    }
    if (roots.empty()) {
        out.noData = true;
        return out;
    }
    std::vector<std::string> files;
    for (const std::string &root : roots)
        for (const char *tree : {"/cluster-scoped-resources", "/namespaces"}) {
            struct stat st {};
            if (::lstat((root + tree).c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
                continue;
            yamlFiles(root + tree, files, error);
            if (!error.empty()) {
                out.error = "failed to walk must-gather: " + error;
                return out;
            }
        }
    std::unordered_set<std::string> seen;
    for (const std::string &file : files)
        addObjects(fileText(file), seen, out.objects);
    return out;
}

MustGatherObjects MustGatherObjects::loadArchive(const std::string &archivePath)
{
    MustGatherObjects out;
    std::vector<input::ArchiveReader::Member> members;
    const auto wanted = [](const std::string &path) { return path.ends_with(".yaml"); };
    const auto visit = [&members](input::ArchiveReader::Member &&member) {
        members.push_back(std::move(member));
        return true;
    };
    if (auto error = input::ArchiveReader::read(archivePath, wanted, visit)) {
        out.error = "failed to walk must-gather: " + *error;
        return out;
    }
    std::sort(members.begin(), members.end(),
              [](const auto &a, const auto &b) { return input::mustgather::walkOrder(a.path, b.path); });
    std::vector<std::string> roots;
    for (const auto &m : members) {
        std::string tree;
        if (const auto root = rootOf(m.path, tree); root && std::find(roots.begin(), roots.end(), *root) == roots.end())
            roots.push_back(*root);
    }
    if (roots.empty()) {
        out.noData = true;
        return out;
    }
    std::unordered_set<std::string> seen;
    for (const std::string &root : roots)
        for (const char *wantedTree : {"cluster-scoped-resources", "namespaces"})
            for (const auto &m : members) {
                std::string tree;
                if (rootOf(m.path, tree) == root && tree == wantedTree)
                    addObjects(m.bytes, seen, out.objects);
            }
    return out;
}

} // namespace ds::generate
