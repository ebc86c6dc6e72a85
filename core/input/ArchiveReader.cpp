// SPDX-License-Identifier: Apache-2.0
#include "ArchiveReader.h"

#include <archive.h>
#include <archive_entry.h>

#include <array>
#include <memory>

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

std::string memberPath(archive_entry *entry)
{
    const char *utf8 = archive_entry_pathname_utf8(entry);
    std::string path = utf8 ? utf8 : (archive_entry_pathname(entry) ? archive_entry_pathname(entry) : "");
    while (path.rfind("./", 0) == 0)
        path.erase(0, 2);
    return path;
}

// The member's data; nullopt with `error` set when the stream is damaged.
std::optional<std::string> readData(archive *a, std::string &error)
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
        bytes.append(buffer.data(), static_cast<std::size_t>(n));
    }
}

} // namespace

bool ArchiveReader::isArchive(std::string_view path)
{
    for (std::string_view ext : {".tar", ".tar.gz", ".tgz", ".tar.xz", ".txz", ".zip", ".tar.bz2", ".tar.zst"})
        if (endsWith(path, ext))
            return true;
    return false;
}

std::optional<std::string> ArchiveReader::read(const std::string &archivePath, const PathFilter &wanted,
                                               const Visitor &visit, const std::atomic_bool *cancel)
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
        const std::string path = memberPath(entry);
        lastPath = path;
        if (archive_entry_filetype(entry) != AE_IFREG || !wanted(path))
            continue; // libarchive skips the data on the next header call
        std::string error;
        std::optional<std::string> bytes = readData(a.get(), error);
        if (!bytes)
            return "archive " + archivePath + " is damaged in " + path + ": " + error;
        if (!visit(Member{path, std::move(*bytes)}))
            return std::nullopt;
    }
}

} // namespace ds::input
