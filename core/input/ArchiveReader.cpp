// SPDX-License-Identifier: Apache-2.0
#include "ArchiveReader.h"

#include "ArchiveBackend.h"
#include "text/Utf8.h"

#include <algorithm>
#include <array>
#include <memory>
#include <vector>

namespace ds::input {

namespace {

bool endsWith(std::string_view s, std::string_view suffix)
{
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string tooLarge(const std::string &archivePath, const std::string &path, std::uint64_t limit)
{
    return "Not reading " + archivePath + ":" + path + ": larger than Driftscope's limit of "
        + std::to_string(limit >> 20) + " MiB per archive member";
}

// The member's data; nullopt with `error` set when the stream is damaged, or
// with `error` empty when it grows beyond `limit` bytes. `declared` (the
// header's size, which a damaged archive can get wrong) only sizes the string.
std::optional<std::string> readData(ArchiveStream &stream, std::optional<std::uint64_t> declared, std::uint64_t limit,
                                    std::string &error)
{
    std::string bytes;
    if (declared && *declared <= limit)
        bytes.reserve(*declared);
    // Not zeroed: a must-gather archive has ~40,000 members, and clearing 64 KB
    // for each cost more than inflating them (docs/performance.md).
    std::array<char, 1 << 16> buffer;
    for (;;) {
        const std::int64_t n = stream.read(buffer.data(), buffer.size());
        if (n == 0)
            return bytes;
        if (n < 0) {
            error = stream.error();
            return std::nullopt;
        }
        if (bytes.size() + static_cast<std::size_t>(n) > limit)
            return std::nullopt;
        bytes.append(buffer.data(), static_cast<std::size_t>(n));
    }
}

} // namespace

std::string ArchiveReader::memberPath(std::string_view rawName)
{
    std::vector<std::string> segments;
    std::size_t start = 0;
    while (start <= rawName.size()) {
        const std::size_t slash = std::min(rawName.find('/', start), rawName.size());
        const std::string_view segment = rawName.substr(start, slash - start);
        if (segment == "..") {
            if (!segments.empty())
                segments.pop_back();
        } else if (!segment.empty() && segment != ".") {
            segments.emplace_back(segment);
        }
        start = slash + 1;
    }
    std::string path;
    for (const std::string &segment : segments) {
        if (!path.empty())
            path += '/';
        path += segment;
    }
    std::string sane = utf8::sanitize(path);
    for (char &c : sane)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
            c = '?';
    return sane;
}

bool ArchiveReader::isArchive(std::string_view path)
{
    for (std::string_view ext : {".tar", ".tar.gz", ".tgz", ".tar.xz", ".txz", ".zip", ".tar.bz2", ".tar.zst"})
        if (endsWith(path, ext))
            return true;
    return false;
}

std::optional<std::string> ArchiveReader::read(const std::string &archivePath, const PathFilter &wanted,
                                               const Visitor &visit, const std::atomic_bool *cancel,
                                               const Warn &warn, std::uint64_t maxMemberBytes)
{
    std::string error;
    const std::unique_ptr<ArchiveStream> stream = archiveBackend().open(archivePath, error);
    if (!stream)
        return "cannot open archive " + archivePath + ": " + error;
    ArchiveStream::Header header;
    std::string lastPath;
    for (;;) {
        if (cancel && cancel->load())
            return std::nullopt;
        const ArchiveStream::Next next = stream->next(header);
        if (next == ArchiveStream::Next::End)
            return std::nullopt;
        if (next == ArchiveStream::Next::Damaged) {
            const std::string where = lastPath.empty() ? std::string() : " after " + lastPath;
            return "archive " + archivePath + " is damaged" + where + ": " + stream->error();
        }
        const std::string path = memberPath(header.rawName);
        lastPath = path;
        if (!header.regularFile || !wanted(path))
            continue; // the data is skipped on the next header call
        if (header.size && *header.size > maxMemberBytes) {
            if (warn)
                warn(tooLarge(archivePath, path, maxMemberBytes));
            continue;
        }
        std::optional<std::string> bytes = readData(*stream, header.size, maxMemberBytes, error);
        if (!bytes && error.empty()) {
            if (warn)
                warn(tooLarge(archivePath, path, maxMemberBytes));
            continue;
        }
        if (!bytes)
            return "archive " + archivePath + " is damaged in " + path + ": " + error;
        if (!visit(Member{path, std::move(*bytes)}))
            return std::nullopt;
    }
}

} // namespace ds::input
