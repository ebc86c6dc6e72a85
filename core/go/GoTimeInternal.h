// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

// What the parts of the time port (GoTime.cpp: time.go, GoTimeFormat.cpp:
// format.go, GoDuration.cpp) share; not for use outside core/go.
namespace ds::go::timedetail {

inline constexpr std::int64_t kSecondsPerDay = 86400;
inline constexpr std::int64_t kNanosPerSecond = 1000000000;
// Seconds from 0001-01-01 (Go's zero time) to the Unix epoch.
inline constexpr std::int64_t kZeroTimeUnix = -62135596800;
inline constexpr std::int64_t kMinDuration = INT64_MIN;
inline constexpr std::int64_t kMaxDuration = INT64_MAX;

inline constexpr std::array<const char *, 12> kLongMonthNames = {"January", "February", "March",     "April",
                                                           "May",     "June",     "July",      "August",
                                                           "September", "October", "November", "December"};
inline constexpr std::array<const char *, 12> kShortMonthNames = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                            "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
inline constexpr std::array<const char *, 7> kLongDayNames = {"Sunday",   "Monday", "Tuesday", "Wednesday",
                                                        "Thursday", "Friday", "Saturday"};
inline constexpr std::array<const char *, 7> kShortDayNames = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
// Days before month m (1-based) in a non-leap year; index 12 = whole year.
inline constexpr std::array<int, 13> kDaysBefore = {0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365};

std::int64_t floorDiv(std::int64_t a, std::int64_t b);
std::int64_t floorMod(std::int64_t a, std::int64_t b);
// Wrapping arithmetic, as Go's int64 overflows silently.
std::int64_t wrapMul(std::int64_t a, std::int64_t b);
std::int64_t wrapAdd(std::int64_t a, std::int64_t b);
bool isLeap(std::int64_t year);
int daysIn(int month, std::int64_t year);
// Proleptic Gregorian calendar <-> days since 1970-01-01 (H. Hinnant's algorithms).
std::int64_t daysFromCivil(std::int64_t y, int m, int d);
void civilFromDays(std::int64_t days, std::int64_t &y, int &m, int &d);
// Go's norm: moves overflow of lo (in units of base) into hi.
void norm(std::int64_t &hi, std::int64_t &lo, std::int64_t base);
// time's appendInt: decimal, zero-padded to width (the sign does not count).
void appendInt(std::string &b, std::int64_t x, int width);
// time's own quote: bytes outside printable ASCII become \xNN.
std::string timeQuote(std::string_view s);
// time's leadingInt: consumes [0-9]*; false on overflow past 1<<63.
bool leadingInt(std::string_view &s, std::uint64_t &x);

} // namespace ds::go::timedetail
