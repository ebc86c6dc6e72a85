// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <optional>
#include <string>

struct stat;

namespace ds::input {

// What says a file is still the one read before: its inode, size and the
// times of its last write and last change. The change time catches what a
// restored modification time (`touch -r`, `cp -p`, an archive extracted over
// it) would hide.
struct FileStamp
{
    std::uint64_t device = 0;
    std::uint64_t inode = 0;
    std::int64_t size = 0;
    std::int64_t modifiedNs = 0;
    std::int64_t changedNs = 0;
    std::uint64_t links = 1; // hard links: a write through another name escapes a ChangeJournal

    // Files changed this shortly before a reading began may be changed again
    // without their stamp showing it: a file system's clock can be coarse (a
    // kernel tick, FAT's two seconds, an NFS server's skew), and a write in the
    // same tick as the read would leave the stamp as read. Such a reading is
    // not trusted to still hold by its stamps.
    static constexpr std::int64_t kClockMarginNs = 2'000'000'000;

    bool operator==(const FileStamp &) const = default;
    // All of it but `links` in 64 bits (ReadRecord keeps 42k of them); a new
    // link changes the change time anyway.
    std::uint64_t hash() const;

    static FileStamp of(const struct stat &status);
    // stat(2) of `path`; nullopt when it cannot be stat'ed.
    static std::optional<FileStamp> of(const std::string &path);
};

} // namespace ds::input
