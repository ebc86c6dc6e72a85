// SPDX-License-Identifier: Apache-2.0
#include "FileStamp.h"

#include <functional>
#include <string_view>
#include <sys/stat.h>

namespace ds::input {

FileStamp FileStamp::of(const struct stat &status)
{
    const auto nanoseconds = [](const struct timespec &t) { return std::int64_t(t.tv_sec) * 1'000'000'000 + t.tv_nsec; };
    FileStamp stamp;
    stamp.device = status.st_dev;
    stamp.inode = status.st_ino;
    stamp.size = status.st_size;
    stamp.modifiedNs = nanoseconds(status.st_mtim);
    stamp.changedNs = nanoseconds(status.st_ctim);
    stamp.links = status.st_nlink;
    return stamp;
}

std::uint64_t FileStamp::hash() const
{
    const std::uint64_t fields[] = {device, inode, std::uint64_t(size), std::uint64_t(modifiedNs), std::uint64_t(changedNs)};
    return std::hash<std::string_view>{}(std::string_view(reinterpret_cast<const char *>(fields), sizeof fields));
}

std::optional<FileStamp> FileStamp::of(const std::string &path)
{
    struct stat status {};
    if (::stat(path.c_str(), &status) != 0)
        return std::nullopt;
    return of(status);
}

} // namespace ds::input
