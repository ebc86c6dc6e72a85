// SPDX-License-Identifier: Apache-2.0
#include "LayerTree.h"

#include <archive.h>
#include <archive_entry.h>

#include <memory>
#include <set>
#include <vector>

namespace ds::image {

namespace {

constexpr std::string_view kWhiteout = ".wh.";
constexpr std::string_view kOpaque = ".wh..wh..opq";
// A reference is YAML templates; more than this is not one, and would only fill memory.
constexpr std::uint64_t kMaxDirectoryBytes = std::uint64_t(1) << 30;
constexpr int kMaxLinkDepth = 16;

// "./usr/share/x/", "/usr/share/x" and "usr/share/x" are one path; ".." is resolved.
std::string normalised(std::string_view path)
{
    std::vector<std::string_view> parts;
    while (!path.empty()) {
        const auto slash = path.find('/');
        const std::string_view part = path.substr(0, slash);
        path = slash == std::string_view::npos ? std::string_view() : path.substr(slash + 1);
        if (part.empty() || part == ".")
            continue;
        if (part == "..") {
            if (!parts.empty())
                parts.pop_back();
            continue;
        }
        parts.push_back(part);
    }
    std::string out;
    for (const std::string_view part : parts)
        out.append(out.empty() ? "" : "/").append(part);
    return out;
}

std::string parentOf(const std::string &path)
{
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

std::string join(const std::string &directory, std::string_view name)
{
    return directory.empty() ? std::string(name) : directory + "/" + std::string(name);
}

std::string errorText(archive *a, const char *fallback)
{
    const char *text = archive_error_string(a);
    return text ? text : fallback;
}

struct ArchiveDeleter
{
    void operator()(archive *a) const { archive_read_free(a); }
};

} // namespace

// What one layer does, gathered before it is applied: its deletions act on the
// layers below only, whatever their order in the tar.
struct LayerTree::LayerChanges
{
    std::set<std::string> whiteouts;
    std::set<std::string> opaqueDirectories;
    std::vector<std::pair<std::string, Node>> nodes;
    std::vector<std::pair<std::string, std::string>> hardLinks; // path, target
};

LayerTree::LayerTree(const std::string &directory) : m_directory(normalised(directory)) {}

bool LayerTree::isKept(const std::string &path) const
{
    return path == m_directory || path.starts_with(m_directory + "/");
}

void LayerTree::eraseBeneath(const std::string &path, bool includingItself)
{
    const std::string prefix = path.empty() ? std::string() : path + "/";
    for (auto it = m_nodes.lower_bound(path); it != m_nodes.end();) {
        const bool itself = it->first == path;
        if (!itself && !it->first.starts_with(prefix))
            break;
        it = (itself && !includingItself) ? std::next(it) : m_nodes.erase(it);
    }
}

std::optional<std::string> LayerTree::applyLayer(const QString &layerFile)
{
    std::unique_ptr<archive, ArchiveDeleter> a(archive_read_new());
    archive_read_support_filter_all(a.get());
    archive_read_support_format_tar(a.get());
    archive_read_support_format_gnutar(a.get());
    if (archive_read_open_filename(a.get(), layerFile.toLocal8Bit().constData(), 1 << 16) != ARCHIVE_OK)
        return errorText(a.get(), "cannot open the layer");
    LayerChanges changes;
    archive_entry *entry = nullptr;
    int status = ARCHIVE_OK;
    while ((status = archive_read_next_header(a.get(), &entry)) == ARCHIVE_OK || status == ARCHIVE_WARN) {
        const std::string path = normalised(archive_entry_pathname(entry) ? archive_entry_pathname(entry) : "");
        const std::string directory = parentOf(path);
        const std::string_view name = std::string_view(path).substr(directory.empty() ? 0 : directory.size() + 1);
        if (name == kOpaque) {
            changes.opaqueDirectories.insert(directory);
            continue;
        }
        if (name.starts_with(kWhiteout)) {
            changes.whiteouts.insert(join(directory, name.substr(kWhiteout.size())));
            continue;
        }
        if (!isKept(path))
            continue;
        if (const char *hardLink = archive_entry_hardlink(entry)) {
            changes.hardLinks.emplace_back(path, normalised(hardLink));
            continue;
        }
        Node node;
        switch (archive_entry_filetype(entry)) {
        case AE_IFDIR:
            node.type = Node::Type::Directory;
            break;
        case AE_IFLNK:
            node.type = Node::Type::Symlink;
            node.content = archive_entry_symlink(entry) ? archive_entry_symlink(entry) : "";
            break;
        case AE_IFREG: {
            m_bytes += static_cast<std::uint64_t>(std::max<la_int64_t>(0, archive_entry_size(entry)));
            if (m_bytes > kMaxDirectoryBytes)
                return "/" + m_directory + " holds more than 1 GiB of files, which is not a reference";
            node.content.resize(static_cast<std::size_t>(std::max<la_int64_t>(0, archive_entry_size(entry))));
            const la_ssize_t read = archive_read_data(a.get(), node.content.data(), node.content.size());
            if (read < 0 || static_cast<std::size_t>(read) != node.content.size())
                return "the layer ends inside " + path + " (" + errorText(a.get(), "truncated") + ")";
            break;
        }
        default:
            continue; // devices, fifos: nothing a reference reads
        }
        changes.nodes.emplace_back(path, std::move(node));
    }
    if (status != ARCHIVE_EOF)
        return errorText(a.get(), "damaged layer");
    for (const std::string &directory : changes.opaqueDirectories)
        eraseBeneath(directory, false);
    for (const std::string &path : changes.whiteouts)
        eraseBeneath(path, true);
    for (auto &[path, node] : changes.nodes) {
        if (node.type != Node::Type::Directory)
            eraseBeneath(path, true); // a file replacing a directory hides what was beneath
        m_nodes[path] = std::move(node);
    }
    for (const auto &[path, target] : changes.hardLinks)
        if (const auto it = m_nodes.find(target); it != m_nodes.end())
            m_nodes[path] = it->second;
    return std::nullopt;
}

bool LayerTree::hasDirectory() const
{
    return !m_nodes.empty() && directoryLinkTarget().empty();
}

std::string LayerTree::directoryLinkTarget() const
{
    const auto it = m_nodes.find(m_directory);
    return it != m_nodes.end() && it->second.type == Node::Type::Symlink ? it->second.content : std::string();
}

std::optional<std::string> LayerTree::resolveLink(const std::string &path, int depth) const
{
    const auto it = m_nodes.find(path);
    if (it == m_nodes.end() || depth > kMaxLinkDepth)
        return std::nullopt;
    if (it->second.type == Node::Type::File)
        return it->second.content;
    if (it->second.type != Node::Type::Symlink)
        return std::nullopt;
    const std::string &target = it->second.content;
    return resolveLink(normalised(target.starts_with('/') ? target : parentOf(path) + "/" + target), depth + 1);
}

std::map<std::string, std::string> LayerTree::files() const
{
    std::map<std::string, std::string> out;
    for (const auto &[path, node] : m_nodes) {
        if (path == m_directory || node.type == Node::Type::Directory)
            continue;
        // A link leaving the directory is not followed: only the directory was read.
        if (auto content = resolveLink(path, 0))
            out.emplace(path.substr(m_directory.size() + 1), std::move(*content));
    }
    return out;
}

} // namespace ds::image
