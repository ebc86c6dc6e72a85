// SPDX-License-Identifier: Apache-2.0
// ArchiveBackend over libarchive.
#include "ArchiveBackend.h"

#include <archive.h>
#include <archive_entry.h>

#include <cstdint>

namespace ds::input {

namespace {

std::string libarchiveError(archive *a)
{
    const char *text = archive_error_string(a);
    return text ? text : "unknown error";
}

bool isAscii(const char *text)
{
    for (; *text; ++text)
        if (static_cast<unsigned char>(*text) >= 0x80)
            return false;
    return true;
}

class LibarchiveStream final : public ArchiveStream
{
public:
    explicit LibarchiveStream(archive *a) : m_archive(a) {}
    ~LibarchiveStream() override { archive_read_free(m_archive); }

    Next next(Header &header) override
    {
        archive_entry *entry = nullptr;
        const int status = archive_read_next_header(m_archive, &entry);
        if (status == ARCHIVE_EOF)
            return Next::End;
        // ARCHIVE_RETRY is libarchive's "Damaged tar archive": it would go on
        // looking for a next header, silently losing what lies between.
        if (status != ARCHIVE_OK && status != ARCHIVE_WARN)
            return Next::Damaged;
        // An ASCII name is the same in every encoding: converting 40,000 of them
        // through the locale (mbrtowc) cost a tenth of reading the archive.
        const char *raw = archive_entry_pathname(entry);
        if (!raw || !isAscii(raw)) {
            const char *utf8 = archive_entry_pathname_utf8(entry);
            raw = utf8 ? utf8 : raw;
        }
        header.rawName = raw ? raw : "";
        header.regularFile = archive_entry_filetype(entry) == AE_IFREG;
        header.size.reset();
        if (archive_entry_size_is_set(entry) && archive_entry_size(entry) >= 0)
            header.size = static_cast<std::uint64_t>(archive_entry_size(entry));
        return Next::Header;
    }

    std::int64_t read(char *buffer, std::size_t size) override
    {
        return archive_read_data(m_archive, buffer, size);
    }

    std::string error() const override { return libarchiveError(m_archive); }

private:
    archive *m_archive;
};

class LibarchiveBackend final : public ArchiveBackend
{
public:
    std::unique_ptr<ArchiveStream> open(const std::string &path, std::string &error) const override
    {
        archive *a = archive_read_new();
        archive_read_support_filter_all(a);
        archive_read_support_format_tar(a);
        archive_read_support_format_gnutar(a);
        archive_read_support_format_zip(a);
        auto stream = std::make_unique<LibarchiveStream>(a);
        if (archive_read_open_filename(a, path.c_str(), 1 << 16) != ARCHIVE_OK) {
            error = libarchiveError(a);
            return nullptr;
        }
        return stream;
    }
};

} // namespace

const ArchiveBackend &archiveBackend()
{
    static const LibarchiveBackend backend;
    return backend;
}

} // namespace ds::input
