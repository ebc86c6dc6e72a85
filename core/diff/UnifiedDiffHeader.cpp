// SPDX-License-Identifier: Apache-2.0
#include "diff/UnifiedDiffHeader.h"

#include <QFile>

#include <sys/stat.h>

#include <cstdio>
#include <cstdlib>

namespace ds::diff {

namespace {

// util.c c_escape_char(): the letter of a C escape, 1 for an octal escape
// (control bytes, and bytes ≥ 0x80 because `char` is signed), 0 for none.
char escapeLetter(char c)
{
    switch (c) {
    case '\a': return 'a';
    case '\b': return 'b';
    case '\t': return 't';
    case '\n': return 'n';
    case '\v': return 'v';
    case '\f': return 'f';
    case '\r': return 'r';
    case '"': return '"';
    case '\\': return '\\';
    default: return static_cast<signed char>(c) < 32 ? 1 : 0;
    }
}

} // namespace

std::string gnuTimestamp(const QDateTime &time, int nanoseconds)
{
    const QDate d = time.date();
    const QTime t = time.time();
    if (nanoseconds < 0)
        nanoseconds = t.msec() * 1000000;
    const int offset = time.offsetFromUtc();
    const int minutes = std::abs(offset) / 60;
    char buf[96];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02d %02d:%02d:%02d.%09d %c%02d%02d", d.year(), d.month(),
                  d.day(), t.hour(), t.minute(), t.second(), nanoseconds, offset < 0 ? '-' : '+',
                  minutes / 60, minutes % 60);
    return buf;
}

std::string fileTimestamp(const QString &path)
{
    struct stat st {};
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return {};
    return gnuTimestamp(QDateTime::fromSecsSinceEpoch(st.st_mtim.tv_sec),
                        static_cast<int>(st.st_mtim.tv_nsec));
}

std::string quoteFileName(std::string_view name)
{
    bool mustQuote = false;
    for (char c : name)
        mustQuote = mustQuote || c == ' ' || escapeLetter(c) != 0;
    if (!mustQuote)
        return std::string(name);
    std::string out = "\"";
    for (char c : name) {
        const char letter = escapeLetter(c);
        if (letter == 0) {
            out += c;
        } else if (letter == 1) {
            char oct[8];
            std::snprintf(oct, sizeof oct, "\\%03o", static_cast<unsigned char>(c));
            out += oct;
        } else {
            out += '\\';
            out += letter;
        }
    }
    out += '"';
    return out;
}

std::string unifiedHeader(std::string_view oldName, std::string_view oldTimestamp,
                          std::string_view newName, std::string_view newTimestamp)
{
    std::string out = "--- " + quoteFileName(oldName);
    out += '\t';
    out += oldTimestamp;
    out += "\n+++ " + quoteFileName(newName);
    out += '\t';
    out += newTimestamp;
    out += '\n';
    return out;
}

} // namespace ds::diff
