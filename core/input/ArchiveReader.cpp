// SPDX-License-Identifier: Apache-2.0
#include "ArchiveReader.h"

#include "text/Utf8.h"

#include <archive.h>
#include <archive_entry.h>

#include <algorithm>
#include <array>
#include <memory>
#include <vector>

namespace ds::input {

namespace {

struct ArchiveDeleter
{
    void operator()(archive *a) const { archive_read_free(a); }
};
using ArchivePtr = std::unique_ptr<archive, ArchiveDeleter>;

bool endsWith(std::string_view s, std::string_view suffix)
{
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string libarchiveError(archive *a)
{
    const char *text = archive_error_string(a);
    return text ? text : "unknown error";
}

std::string rawMemberName(archive_entry *entry)
{
    const char *utf8 = archive_entry_pathname_utf8(entry);
    const char *raw = utf8 ? utf8 : archive_entry_pathname(entry);
    return raw ? raw : "";
}

std::string tooLarge(const std::string &archivePath, const std::string &path, std::uint64_t limit)
{
    return "Not reading " + archivePath + ":" + path + ": larger than Driftscope's limit of "
        + std::to_string(limit >> 20) + " MiB per archive member";
}

// The member's data; nullopt with `error` set when the stream is damaged, or
// with `error` empty when it grows beyond `limit` bytes.
std::optional<std::string> readData(archive *a, std::uint64_t limit, std::string &error)
{
    std::string bytes;
    std::array<char, 1 << 16> buffer{};
    for (;;) {
        const la_ssize_t n = archive_read_data(a, buffer.data(), buffer.size());
        if (n == 0)
            return bytes;
        if (n < 0) {
            error = libarchiveError(a);
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
    ArchivePtr a(archive_read_new());
    archive_read_support_filter_all(a.get());
    archive_read_support_format_tar(a.get());
    archive_read_support_format_gnutar(a.get());
    archive_read_support_format_zip(a.get());
    if (archive_read_open_filename(a.get(), archivePath.c_str(), 1 << 16) != ARCHIVE_OK)
        return "cannot open archive " + archivePath + ": " + libarchiveError(a.get());
    archive_entry *entry = nullptr;
    std::string lastPath;
    for (;;) {
        if (cancel && cancel->load())
            return std::nullopt;
        const int status = archive_read_next_header(a.get(), &entry);
        if (status == ARCHIVE_EOF)
            return std::nullopt;
        if (status < ARCHIVE_WARN) {
            const std::string where = lastPath.empty() ? std::string() : " after " + lastPath;
            return "archive " + archivePath + " is damaged" + where + ": " + libarchiveError(a.get());
        }
        const std::string path = memberPath(rawMemberName(entry));
        lastPath = path;
        if (archive_entry_filetype(entry) != AE_IFREG || !wanted(path))
            continue; // libarchive skips the data on the next header call
        if (archive_entry_size_is_set(entry) && archive_entry_size(entry) >= 0
            && static_cast<std::uint64_t>(archive_entry_size(entry)) > maxMemberBytes) {
            if (warn)
                warn(tooLarge(archivePath, path, maxMemberBytes));
            continue;
        }
        std::string error;
        std::optional<std::string> bytes = readData(a.get(), maxMemberBytes, error);
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
