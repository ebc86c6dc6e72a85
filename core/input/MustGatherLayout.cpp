// SPDX-License-Identifier: Apache-2.0
#include "MustGatherLayout.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <tuple>

namespace ds::input::mustgather {

namespace {

bool isResourceTreeName(std::string_view name)
{
    return name == kClusterScoped || name == kNamespaces;
}

void searchRoots(const QString &dir, int depthLeft, std::vector<std::string> &roots)
{
    QDir d(dir);
    const QStringList children = d.entryList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden, QDir::Name);
    for (const QString &child : children) {
        if (isResourceTreeName(child.toStdString())) {
            roots.push_back(QDir::cleanPath(dir).toStdString());
            return; // a root's own subdirectories are resources, not more roots
        }
    }
    if (depthLeft == 0)
        return;
    for (const QString &child : children) {
        const QFileInfo info(d.filePath(child));
        if (!info.isSymLink()) // symlinked directories could loop
            searchRoots(info.filePath(), depthLeft - 1, roots);
    }
}

std::vector<std::string_view> segments(std::string_view path)
{
    std::vector<std::string_view> out;
    std::size_t start = 0;
    while (start <= path.size()) {
        const std::size_t slash = path.find('/', start);
        const std::size_t end = slash == std::string_view::npos ? path.size() : slash;
        out.push_back(path.substr(start, end - start));
        if (slash == std::string_view::npos)
            break;
        start = slash + 1;
    }
    return out;
}

// (tree rank, root, path) for `path` under one of `roots`.
std::tuple<int, std::string, std::string> sortKey(const std::string &path, const std::vector<std::string> &roots)
{
    for (const std::string &root : roots) {
        const std::string prefix = root.empty() ? std::string() : root + "/";
        if (path.rfind(prefix, 0) != 0)
            continue;
        const std::string_view rest = std::string_view(path).substr(prefix.size());
        if (rest.rfind(kClusterScoped, 0) == 0)
            return {0, root, path};
        if (rest.rfind(kNamespaces, 0) == 0)
            return {1, root, path};
    }
    return {2, std::string(), path};
}

} // namespace

std::vector<std::string> findDataRoots(const std::string &dir, int maxDepth)
{
    std::vector<std::string> roots;
    searchRoots(QString::fromStdString(dir), maxDepth, roots);
    std::sort(roots.begin(), roots.end());
    return roots;
}

std::vector<std::string> dataRootsOf(const std::vector<std::string> &memberPaths)
{
    std::vector<std::string> roots;
    for (const std::string &path : memberPaths) {
        const std::vector<std::string_view> parts = segments(path);
        // The last segment is the file itself.
        for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
            if (!isResourceTreeName(parts[i]))
                continue;
            std::string root;
            for (std::size_t j = 0; j < i; ++j)
                root += (j ? "/" : "") + std::string(parts[j]);
            roots.push_back(root);
            break;
        }
    }
    std::sort(roots.begin(), roots.end());
    roots.erase(std::unique(roots.begin(), roots.end()), roots.end());
    // A root nested inside another root's resource tree is data of the outer one.
    std::vector<std::string> outer;
    for (const std::string &root : roots)
        if (!inResourceTree(root + "/", outer))
            outer.push_back(root);
    return outer;
}

bool inResourceTree(std::string_view path, const std::vector<std::string> &roots)
{
    for (const std::string &root : roots) {
        const std::string prefix = root.empty() ? std::string() : root + "/";
        if (path.substr(0, prefix.size()) != prefix)
            continue;
        const std::string_view rest = path.substr(prefix.size());
        for (std::string_view tree : {kClusterScoped, kNamespaces})
            if (rest.size() > tree.size() && rest.substr(0, tree.size()) == tree && rest[tree.size()] == '/')
                return true;
    }
    return false;
}

bool walkOrder(std::string_view a, std::string_view b)
{
    const std::vector<std::string_view> pa = segments(a), pb = segments(b);
    for (std::size_t i = 0; i < std::min(pa.size(), pb.size()); ++i)
        if (pa[i] != pb[i])
            return pa[i] < pb[i];
    return pa.size() < pb.size();
}

bool kubeCompareOrder(const std::string &a, const std::string &b, const std::vector<std::string> &roots)
{
    const auto [rankA, rootA, pathA] = sortKey(a, roots);
    const auto [rankB, rootB, pathB] = sortKey(b, roots);
    if (rankA != rankB)
        return rankA < rankB;
    if (rootA != rootB)
        return rootA < rootB;
    return walkOrder(pathA, pathB);
}

void sortLikeKubeCompare(std::vector<std::string> &paths, const std::vector<std::string> &roots)
{
    // kubeCompareOrder with each path's key computed once, not per comparison.
    struct Keyed
    {
        int rank;
        std::string root;
        std::string path;
        std::vector<std::string_view> segments; // of `path`
    };
    std::vector<Keyed> keyed;
    keyed.reserve(paths.size());
    for (const std::string &p : paths) {
        auto [rank, root, path] = sortKey(p, roots);
        keyed.push_back(Keyed{rank, std::move(root), std::move(path), {}});
    }
    for (Keyed &k : keyed) // after the vector stopped moving its elements
        k.segments = segments(k.path);
    std::vector<std::size_t> order(paths.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&keyed](std::size_t ia, std::size_t ib) {
        const Keyed &a = keyed[ia], &b = keyed[ib];
        if (a.rank != b.rank)
            return a.rank < b.rank;
        if (a.root != b.root)
            return a.root < b.root;
        return std::lexicographical_compare(a.segments.begin(), a.segments.end(), b.segments.begin(), b.segments.end());
    });
    std::vector<std::string> sorted;
    sorted.reserve(paths.size());
    for (const std::size_t i : order)
        sorted.push_back(std::move(paths[i]));
    paths = std::move(sorted);
}

bool isCompressedNamespace(std::string_view path)
{
    const std::vector<std::string_view> parts = segments(path);
    if (parts.size() < 2 || parts[parts.size() - 2] != kNamespaces)
        return false;
    const std::string_view name = parts.back();
    return name.size() > 7 && (name.substr(name.size() - 7) == ".tar.gz" || name.substr(name.size() - 4) == ".tgz");
}

} // namespace ds::input::mustgather
