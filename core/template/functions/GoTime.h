// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "template/TemplateObject.h"

#include <QTimeZone>

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// Go's time.Time, time.Duration and time.Location as template values
// (sprig-helm-functions.md §10). Zone offsets and abbreviations come from the
// system tz database through QTimeZone, like Go's LoadLocation.
namespace ds::tmpl {

// A *time.Location: UTC, Local, an IANA zone or a fixed offset.
class GoLocation
{
public:
    struct Zone
    {
        std::string name; // abbreviation ("EST", "+0545"); "" for unnamed fixed zones
        int offset = 0;   // seconds east of UTC
    };

    static std::shared_ptr<const GoLocation> utc();
    // The process's local zone (TZ, else /etc/localtime), read once like Go.
    static std::shared_ptr<const GoLocation> local();
    // time.LoadLocation: "", "UTC", "Local" or a tz database name; nullptr when
    // Go would fail ("unknown time zone X").
    static std::shared_ptr<const GoLocation> load(std::string_view name);
    // time.FixedZone.
    static std::shared_ptr<const GoLocation> fixedZone(std::string zoneName, int offset);

    const std::string &name() const { return m_name; }
    // The zone in effect at a Unix time.
    Zone lookup(std::int64_t unixSec) const;
    // Location.lookupName: the offset of a zone abbreviation used by this location,
    // preferring one in effect around unixSec (parsing "MST").
    std::optional<int> lookupName(std::string_view zoneName, std::int64_t unixSec) const;

    GoLocation(std::string name, Zone fixed);
    GoLocation(std::string name, QTimeZone zone);

private:
    const std::vector<Zone> &zones() const;

    std::string m_name;
    std::optional<QTimeZone> m_zone; // tz database zone, or nullopt for a fixed zone
    Zone m_fixed;
    mutable std::vector<Zone> m_zones; // distinct zones of m_zone, computed on demand
    mutable std::once_flag m_zonesOnce;
};

using GoLocationPtr = std::shared_ptr<const GoLocation>;

// time.Month / time.Weekday: int kinds that print their names.
class GoNamedInt : public TemplateObject
{
public:
    GoNamedInt(std::string typeName, int value, std::string name);
    int value() const { return m_value; }
    std::string typeName() const override { return m_typeName; }
    std::string toString() const override { return m_name; }
    std::string kindName() const override { return "int"; }
    Value jsonValue() const override { return Value::fromInt(m_value); }
    bool truth() const override { return m_value != 0; }
    bool equals(const GoObject &other) const override;
    const FunctionSpec *method(std::string_view name) const override;

private:
    std::string m_typeName;
    int m_value;
    std::string m_name;
};

// time.Duration: int64 nanoseconds.
class GoDuration : public TemplateObject
{
public:
    explicit GoDuration(std::int64_t ns) : m_ns(ns) {}
    std::int64_t nanoseconds() const { return m_ns; }

    // Duration.String: "1h2m3s", "1.5s", "1.5ms", "0s".
    static std::string format(std::int64_t ns);
    static std::int64_t round(std::int64_t d, std::int64_t m);
    static std::int64_t truncate(std::int64_t d, std::int64_t m);
    static Value toValue(std::int64_t ns);

    std::string typeName() const override { return "time.Duration"; }
    std::string toString() const override { return format(m_ns); }
    std::string kindName() const override { return "int64"; }
    Value jsonValue() const override { return Value::fromInt64(m_ns); }
    bool truth() const override { return m_ns != 0; }
    bool equals(const GoObject &other) const override;
    const FunctionSpec *method(std::string_view name) const override;

private:
    std::int64_t m_ns;
};

// time.ParseDuration; on failure returns false with Go's error text
// (`time: invalid duration "x"`).
bool parseGoDuration(std::string_view text, std::int64_t &ns, std::string &error);

// time.Time: a Unix instant with nanoseconds, a location and, for values of
// now(), a monotonic clock reading (printed as " m=+0.000123").
class GoTime : public TemplateObject
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
        GoLocation::Zone zone;
    };

    GoTime(); // the zero time, 0001-01-01 00:00:00 +0000 UTC
    GoTime(std::int64_t unixSec, std::int32_t nsec, GoLocationPtr location);

    // time.Now() in Local, with a monotonic reading.
    static GoTime now();
    // Replaces the clock now() reads; an empty function restores the system clock.
    static void setClockForTesting(std::function<ClockReading()> clock);
    // time.Unix(sec, nsec) in Local.
    static GoTime fromUnix(std::int64_t sec, std::int64_t nsec = 0);
    // time.Date with Go's normalisation of out-of-range fields.
    static GoTime date(std::int64_t year, std::int64_t month, std::int64_t day, std::int64_t hour,
                       std::int64_t minute, std::int64_t second, std::int64_t nsec, GoLocationPtr location);
    // time.ParseInLocation; nullopt with Go's error text on failure.
    static std::optional<GoTime> parseInLocation(std::string_view layout, std::string_view value,
                                                 const GoLocationPtr &location, std::string &error);

    std::int64_t unixSeconds() const { return m_sec; }
    std::int32_t nanosecond() const { return m_nsec; }
    const GoLocationPtr &location() const { return m_loc; }
    bool hasMonotonic() const { return m_hasMono; }
    std::int64_t monotonic() const { return m_mono; }
    Civil civil() const;

    // Time.Format with Go's layout tokens.
    std::string format(std::string_view layout) const;
    GoTime add(std::int64_t ns) const;
    std::int64_t sub(const GoTime &u) const; // Duration in ns, saturating
    GoTime addDate(std::int64_t years, std::int64_t months, std::int64_t days) const;
    GoTime in(GoLocationPtr location) const; // also UTC()/Local(): strips the monotonic reading
    GoTime truncate(std::int64_t d) const;
    GoTime round(std::int64_t d) const;
    bool before(const GoTime &u) const;
    bool after(const GoTime &u) const;
    bool equal(const GoTime &u) const;
    bool isZero() const;
    GoTime withoutMonotonic() const;

    static Value toValue(const GoTime &t);

    std::string typeName() const override { return "time.Time"; }
    std::string toString() const override; // "2006-01-02 15:04:05.999999999 -0700 MST[ m=±S.N]"
    std::string kindName() const override { return "struct"; }
    Value jsonValue() const override; // RFC 3339 with nanoseconds
    bool equals(const GoObject &other) const override;
    const FunctionSpec *method(std::string_view name) const override;

private:
    std::int64_t m_sec;  // Unix seconds
    std::int32_t m_nsec; // [0, 1e9)
    GoLocationPtr m_loc;
    bool m_hasMono = false;
    std::int64_t m_mono = 0;
};

const GoTime *asGoTime(const Value &v);
const GoDuration *asGoDuration(const Value &v);

} // namespace ds::tmpl
