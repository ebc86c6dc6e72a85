// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace ds::input {

// One archive opened for streaming: headers in archive order, each followed by
// its data if wanted (data not read is skipped by the next header).
class ArchiveStream
{
public:
    struct Header
    {
        std::string rawName; // as stored (UTF-8 when the archive says so)
        bool regularFile = false;
        std::optional<std::uint64_t> size; // when the header states it
    };
    enum class Next { Header, End, Damaged };

    virtual ~ArchiveStream() = default;
    virtual Next next(Header &header) = 0;
    // Bytes of the current member: > 0 read, 0 at its end, < 0 damaged.
    virtual std::int64_t read(char *buffer, std::size_t size) = 0;
    // What went wrong, in libarchive's words.
    virtual std::string error() const = 0;
};

// Archive formats, kept behind this interface so ArchiveReader's rules (member
// names, limits, messages) do not depend on libarchive's API.
class ArchiveBackend
{
public:
    virtual ~ArchiveBackend() = default;
    // nullptr with `error` set when the file cannot be opened as an archive.
    virtual std::unique_ptr<ArchiveStream> open(const std::string &path, std::string &error) const = 0;
};

// libarchive (LibarchiveBackend.cpp): .tar (plain, gzip, xz, bzip2, zstd) and .zip, read in place.
const ArchiveBackend &archiveBackend();

} // namespace ds::input
