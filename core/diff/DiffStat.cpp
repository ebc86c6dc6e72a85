// SPDX-License-Identifier: Apache-2.0
#include "DiffStat.h"

#include <charconv>

namespace ds::diff {

namespace {

// "-l[,s]" or "+l[,s]" of a hunk header: the line count s (1 when omitted).
long rangeLength(std::string_view range)
{
    const auto comma = range.find(',');
    if (comma == std::string_view::npos)
        return 1;
    long length = 0;
    const auto tail = range.substr(comma + 1);
    std::from_chars(tail.data(), tail.data() + tail.size(), length);
    return length;
}

// Parses "@@ -a,b +c,d @@"; false when `line` is not a hunk header.
bool parseHunkHeader(std::string_view line, long &oldLines, long &newLines)
{
    if (!line.starts_with("@@ -"))
        return false;
    const auto plus = line.find(" +", 4);
    if (plus == std::string_view::npos)
        return false;
    const auto end = line.find(' ', plus + 2);
    oldLines = rangeLength(line.substr(3, plus - 3));
    newLines = rangeLength(line.substr(plus + 1, end == std::string_view::npos ? end : end - plus - 1));
    return true;
}

} // namespace

DiffStat diffStat(std::string_view unifiedDiff)
{
    DiffStat stat;
    long oldLeft = 0;
    long newLeft = 0;
    std::size_t pos = 0;
    while (pos < unifiedDiff.size()) {
        auto nl = unifiedDiff.find('\n', pos);
        if (nl == std::string_view::npos)
            nl = unifiedDiff.size();
        const std::string_view line = unifiedDiff.substr(pos, nl - pos);
        pos = nl + 1;
        if (oldLeft <= 0 && newLeft <= 0) {
            parseHunkHeader(line, oldLeft, newLeft);
            continue;
        }
        // Counting the hunk's lines down tells its body from the next file's headers.
        switch (line.empty() ? ' ' : line.front()) {
        case '+':
            ++stat.added;
            --newLeft;
            break;
        case '-':
            ++stat.removed;
            --oldLeft;
            break;
        case '\\': // "\ No newline at end of file"
            break;
        default:
            --oldLeft;
            --newLeft;
            break;
        }
    }
    return stat;
}

} // namespace ds::diff
