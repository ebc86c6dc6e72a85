// SPDX-License-Identifier: Apache-2.0
#include "GoFile.h"

#include <cctype>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ds {

std::string goErrnoText(int error)
{
    // Go's table is glibc's strerror text with a lower-case first letter.
    std::string text = std::strerror(error);
    if (!text.empty())
        text[0] = char(std::tolower(static_cast<unsigned char>(text[0])));
    return text;
}

std::optional<std::string> readFileLikeGo(const std::string &path, std::string &error, struct stat *status)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        error = "open " + path + ": " + goErrnoText(errno);
        return std::nullopt;
    }
    std::string bytes;
    struct stat st {};
    if (::fstat(fd, &st) == 0 && st.st_size > 0)
        bytes.reserve(std::size_t(st.st_size));
    if (status)
        *status = st;
    char buffer[1 << 16];
    for (;;) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            error = "read " + path + ": " + goErrnoText(errno);
            ::close(fd);
            return std::nullopt;
        }
        if (n == 0)
            break;
        bytes.append(buffer, std::size_t(n));
        // Everything fstat announced is here: no read just to meet the end (a
        // must-gather is 40,000 small files, each a syscall more). A file still
        // growing is read as it was a moment earlier.
        if (st.st_size > 0 && bytes.size() == std::size_t(st.st_size))
            break;
    }
    ::close(fd);
    return bytes;
}

} // namespace ds
