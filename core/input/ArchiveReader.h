// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <atomic>
#include <cstdint>
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
        std::string path;  // inside the archive, see memberPath()
        std::string bytes;
    };

    // The largest member read into memory (512 MiB). Resource files are far
    // smaller; a bigger member (a zip bomb, a core dump) is skipped with a warning
    // and the walk goes on. Decompressing to skip it stays linear in the archive.
    static constexpr std::uint64_t kMaxMemberBytes = std::uint64_t(512) << 20;

    // A member's name as Driftscope shows and matches it. Archives are never
    // extracted, but names come from anywhere: the name is made relative and
    // lexically clean (leading "/", "./", "." and empty segments dropped, ".."
    // resolved, never above the top, as tar does when extracting), invalid
    // UTF-8 becomes U+FFFD and control characters "?" so messages stay one line.
    static std::string memberPath(std::string_view rawName);

    using PathFilter = std::function<bool(const std::string &path)>;
    // Return false to stop reading.
    using Visitor = std::function<bool(Member &&member)>;
    using Warn = std::function<void(const std::string &message)>;

    // Streams every regular file whose path `wanted` accepts to `visit`. A damaged
    // archive stops the walk: the members read so far stay valid and the error
    // (naming the archive and the member) is returned. Members larger than
    // `maxMemberBytes` are skipped, each with a message to `warn`.
    static std::optional<std::string> read(const std::string &archivePath, const PathFilter &wanted,
                                           const Visitor &visit, const std::atomic_bool *cancel = nullptr,
                                           const Warn &warn = {}, std::uint64_t maxMemberBytes = kMaxMemberBytes);
};

} // namespace ds::input
