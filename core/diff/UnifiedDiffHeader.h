// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QDateTime>
#include <QString>

#include <string>
#include <string_view>

// The two header lines GNU `diff -u` (diffutils 3.8) prints before the hunks:
//   --- NAME<TAB>2024-05-06 07:08:09.123456789 +0000
//   +++ NAME<TAB>...
namespace ds::diff {

// diff's time format "%Y-%m-%d %H:%M:%S.%N %z", in the time zone of `time`.
// `nanoseconds` is the sub-second part (0..999999999); -1 takes the
// milliseconds of `time`, since QDateTime holds no finer resolution.
std::string gnuTimestamp(const QDateTime &time, int nanoseconds = -1);

// A file's modification time as diff prints it: local time zone (TZ), with the
// nanoseconds of stat(). Empty if the file cannot be stat'ed.
std::string fileTimestamp(const QString &path);

// A file name as diff prints it in a header: unchanged, or — if it contains a
// space, '"', '\\', a control byte or a byte ≥ 0x80 — a double-quoted C string
// with \\ \" \a \b \f \n \r \t \v and \ooo escapes (DEL stays as is).
std::string quoteFileName(std::string_view name);

// "--- OLD\tOLDTIME\n+++ NEW\tNEWTIME\n"; the names are quoted as above.
std::string unifiedHeader(std::string_view oldName, std::string_view oldTimestamp,
                          std::string_view newName, std::string_view newTimestamp);

} // namespace ds::diff
