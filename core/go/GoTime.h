// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "GoLocation.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

// Go's time package as far as templates reach it (sprig's date functions; tst_gotime):
// time.Time (GoTime.cpp: time.go; GoTimeFormat.cpp: format.go), time.Duration
// (GoDuration.cpp) and time.Location (GoLocation). Template values wrap these
// (template/functions/TimeObjects).
namespace ds::go {

// time.Time: a Unix instant with nanoseconds, a location and, for values of
// now(), a monotonic clock reading (printed as " m=+0.000123").
class Time
{
public:
    // What the clock reports: wall time in Unix nanoseconds and a monotonic
    // reading in nanoseconds since process start.
    struct ClockReading
    {
        std::int64_t unixNanos = 0;
        std::int64_t monotonicNanos = 0;
    };

    struct Civil
    {
        std::int64_t year = 1;
        int month = 1; // 1..12
        int day = 1;
        int yearDay = 1; // 1..366
        int weekday = 0; // 0 = Sunday
        int hour = 0;
        int minute = 0;
        int second = 0;
        Location::Zone zone;
    };

    Time(); // the zero time, 0001-01-01 00:00:00 +0000 UTC
    Time(std::int64_t unixSec, std::int32_t nsec, LocationPtr location);

    // time.Now() in Local, with a monotonic reading.
    static Time now();
    // Replaces the clock now() reads; an empty function restores the system clock.
    static void setClockForTesting(std::function<ClockReading()> clock);
    // time.Unix(sec, nsec) in Local.
    static Time fromUnix(std::int64_t sec, std::int64_t nsec = 0);
    // time.Date with Go's normalisation of out-of-range fields.
    static Time date(std::int64_t year, std::int64_t month, std::int64_t day, std::int64_t hour, std::int64_t minute,
                     std::int64_t second, std::int64_t nsec, LocationPtr location);
    // time.ParseInLocation; nullopt with Go's error text on failure.
    static std::optional<Time> parseInLocation(std::string_view layout, std::string_view value,
                                               const LocationPtr &location, std::string &error);

    std::int64_t unixSeconds() const { return m_sec; }
    std::int32_t nanosecond() const { return m_nsec; }
    const LocationPtr &location() const { return m_loc; }
    bool hasMonotonic() const { return m_hasMono; }
    std::int64_t monotonic() const { return m_mono; }
    Civil civil() const;

    // Time.Format with Go's layout tokens.
    std::string format(std::string_view layout) const;
    Time add(std::int64_t ns) const;
    std::int64_t sub(const Time &u) const; // Duration in ns, saturating
    Time addDate(std::int64_t years, std::int64_t months, std::int64_t days) const;
    Time in(LocationPtr location) const; // also UTC()/Local(): strips the monotonic reading
    Time truncate(std::int64_t d) const;
    Time round(std::int64_t d) const;
    bool before(const Time &u) const;
    bool after(const Time &u) const;
    bool equal(const Time &u) const;
    bool isZero() const;
    Time withoutMonotonic() const;

    // Time.String: "2006-01-02 15:04:05.999999999 -0700 MST[ m=±S.N]".
    std::string toString() const;
    // MarshalJSON's text: RFC 3339 with nanoseconds.
    std::string jsonText() const;
    // Go's == on time.Time: same instant, location and monotonic reading.
    bool identical(const Time &u) const;

private:
    std::int64_t m_sec;  // Unix seconds
    std::int32_t m_nsec; // [0, 1e9)
    LocationPtr m_loc;
    bool m_hasMono = false;
    std::int64_t m_mono = 0;
};

// time.Month.String / time.Weekday.String: "January", "Sunday".
const char *monthName(int month);     // 1..12
const char *weekdayName(int weekday); // 0 = Sunday

// Duration.String: "1h2m3s", "1.5s", "1.5ms", "0s".
std::string durationString(std::int64_t ns);
std::int64_t roundDuration(std::int64_t d, std::int64_t m);
std::int64_t truncateDuration(std::int64_t d, std::int64_t m);
// time.ParseDuration; on failure returns false with Go's error text
// (`time: invalid duration "x"`).
bool parseDuration(std::string_view text, std::int64_t &ns, std::string &error);

} // namespace ds::go
