// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace ds::image {

// One directory of an image's file system, built by applying the image's
// layers (tar, gzip or zstd compressed) in order as a container runtime does:
// a later layer's file replaces an earlier one, `.wh.NAME` deletes NAME of the
// layers below, `.wh..wh..opq` empties its directory of the layers below, hard
// links copy their target, symbolic links are followed inside the image.
// Only the directory asked for is kept, so a large image costs its reading time,
// not its size in memory.
class LayerTree
{
public:
    explicit LayerTree(const std::string &directory); // absolute, inside the image

    // nullopt, or what is wrong with the layer (not a tar, truncated, …).
    std::optional<std::string> applyLayer(const QString &layerFile);

    // Whether the image has the directory (an entry for it or beneath it).
    bool hasDirectory() const;
    // Where the directory points when the image has it as a symbolic link.
    std::string directoryLinkTarget() const;
    // Files beneath the directory, by path relative to it (symbolic links resolved).
    std::map<std::string, std::string> files() const;

private:
    struct Node
    {
        enum class Type { File, Directory, Symlink };
        Type type = Type::File;
        std::string content; // File: the bytes; Symlink: the target as written
    };
    struct LayerChanges;

    bool isKept(const std::string &path) const;
    void eraseBeneath(const std::string &path, bool includingItself);
    std::optional<std::string> resolveLink(const std::string &path, int depth) const;

    std::string m_directory; // normalised: no leading or trailing '/'
    std::map<std::string, Node> m_nodes; // normalised paths inside m_directory
    std::uint64_t m_bytes = 0;
};

} // namespace ds::image
