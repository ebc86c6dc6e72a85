// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace ds::input {

// Reads support archives (.tar, .tar.gz/.tgz, .tar.xz, .zip) in place with
// libarchive: members are streamed, never extracted to disk.
class ArchiveReader
{
public:
    // Whether a path names an archive this reader handles (by extension).
    static bool isArchive(std::string_view path);

    struct Member
    {
        std::string path;  // inside the archive, without a leading "./"
        std::string bytes;
    };

    // Paths of the regular files in archive order (headers only; compressed
    // archives are still decompressed to skip the data).
    using PathFilter = std::function<bool(const std::string &path)>;
    // Return false to stop reading.
    using Visitor = std::function<bool(Member &&member)>;

    // Streams every regular file whose path `wanted` accepts to `visit`. A damaged
    // archive stops the walk: the members read so far stay valid and the error
    // (naming the archive and the member) is returned.
    static std::optional<std::string> read(const std::string &archivePath, const PathFilter &wanted,
                                           const Visitor &visit, const std::atomic_bool *cancel = nullptr);
};

} // namespace ds::input
