// SPDX-License-Identifier: Apache-2.0
// time.Time's arithmetic, calendar and clock: Go's time/time.go.
#include "GoTime.h"

#include "GoTimeInternal.h"

#include <chrono>
#include <mutex>

namespace ds::go {

namespace timedetail {

std::int64_t floorDiv(std::int64_t a, std::int64_t b)
{
    std::int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

std::int64_t floorMod(std::int64_t a, std::int64_t b)
{
    return a - floorDiv(a, b) * b;
}

std::int64_t wrapMul(std::int64_t a, std::int64_t b)
{
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) * static_cast<std::uint64_t>(b));
}

std::int64_t wrapAdd(std::int64_t a, std::int64_t b)
{
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) + static_cast<std::uint64_t>(b));
}

bool isLeap(std::int64_t year)
{
    return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
}

int daysIn(int month, std::int64_t year)
{
    if (month == 2 && isLeap(year))
        return 29;
    if (month < 1 || month > 12)
        return 0;
    return kDaysBefore[month] - kDaysBefore[month - 1];
}

std::int64_t daysFromCivil(std::int64_t y, int m, int d)
{
    y -= m <= 2;
    const std::int64_t era = floorDiv(y, 400);
    const std::int64_t yoe = y - era * 400;
    const std::int64_t doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    const std::int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

void civilFromDays(std::int64_t days, std::int64_t &y, int &m, int &d)
{
    days += 719468;
    const std::int64_t era = floorDiv(days, 146097);
    const std::int64_t doe = days - era * 146097;
    const std::int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const std::int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const std::int64_t mp = (5 * doy + 2) / 153;
    d = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
    m = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
    y = yoe + era * 400 + (m <= 2);
}

void norm(std::int64_t &hi, std::int64_t &lo, std::int64_t base)
{
    if (lo < 0) {
        const std::int64_t n = (-lo - 1) / base + 1;
        hi -= n;
        lo += n * base;
    }
    if (lo >= base) {
        const std::int64_t n = lo / base;
        hi += n;
        lo -= n * base;
    }
}

void appendInt(std::string &b, std::int64_t x, int width)
{
    std::uint64_t u = static_cast<std::uint64_t>(x);
    if (x < 0) {
        b += '-';
        u = 0 - u;
    }
    std::string digits = std::to_string(u);
    for (int pad = width - static_cast<int>(digits.size()); pad > 0; --pad)
        b += '0';
    b += digits;
}

} // namespace timedetail

using namespace timedetail;

namespace {

// ---- Clock ----

const auto kProcessStart = std::chrono::steady_clock::now();
std::mutex g_clockMutex;
std::function<Time::ClockReading()> g_testClock;

Time::ClockReading systemClock()
{
    using namespace std::chrono;
    Time::ClockReading r;
    r.unixNanos = duration_cast<nanoseconds>(system_clock::now().time_since_epoch()).count();
    // Go's monotonic origin is just before process start, so readings are > 0.
    r.monotonicNanos = duration_cast<nanoseconds>(steady_clock::now() - kProcessStart).count() + 1;
    return r;
}

} // namespace

Time::Time() : m_sec(kZeroTimeUnix), m_nsec(0), m_loc(Location::utc()) {}

Time::Time(std::int64_t unixSec, std::int32_t nsec, LocationPtr location)
    : m_sec(unixSec), m_nsec(nsec), m_loc(location ? std::move(location) : Location::utc())
{
}

Time Time::now()
{
    ClockReading r;
    {
        std::lock_guard lock(g_clockMutex);
        r = g_testClock ? g_testClock() : systemClock();
    }
    Time t(floorDiv(r.unixNanos, kNanosPerSecond), static_cast<std::int32_t>(floorMod(r.unixNanos, kNanosPerSecond)),
             Location::local());
    t.m_hasMono = true;
    t.m_mono = r.monotonicNanos;
    return t;
}

void Time::setClockForTesting(std::function<ClockReading()> clock)
{
    std::lock_guard lock(g_clockMutex);
    g_testClock = std::move(clock);
}

Time Time::fromUnix(std::int64_t sec, std::int64_t nsec)
{
    if (nsec < 0 || nsec >= kNanosPerSecond) {
        const std::int64_t n = nsec / kNanosPerSecond;
        sec += n;
        nsec -= n * kNanosPerSecond;
        if (nsec < 0) {
            nsec += kNanosPerSecond;
            --sec;
        }
    }
    return Time(sec, static_cast<std::int32_t>(nsec), Location::local());
}

Time Time::date(std::int64_t year, std::int64_t month, std::int64_t day, std::int64_t hour, std::int64_t minute,
                    std::int64_t second, std::int64_t nsec, LocationPtr location)
{
    std::int64_t m = month - 1;
    norm(year, m, 12);
    norm(second, nsec, kNanosPerSecond);
    norm(minute, second, 60);
    norm(hour, minute, 60);
    norm(day, hour, 24);
    const std::int64_t days = daysFromCivil(year, static_cast<int>(m + 1), 1) + (day - 1);
    std::int64_t unix = days * kSecondsPerDay + hour * 3600 + minute * 60 + second;
    // The zone offset of the wall time: look up the wall clock as if it were UTC,
    // then correct when the resulting instant lies in another zone period.
    if (!location)
        location = Location::utc();
    const int offset = location->lookup(unix).offset;
    if (offset != 0)
        unix -= location->lookup(unix - offset).offset;
    return Time(unix, static_cast<std::int32_t>(nsec), std::move(location));
}

Time::Civil Time::civil() const
{
    Civil c;
    c.zone = m_loc->lookup(m_sec);
    const std::int64_t local = m_sec + c.zone.offset;
    const std::int64_t days = floorDiv(local, kSecondsPerDay);
    const std::int64_t secOfDay = local - days * kSecondsPerDay;
    civilFromDays(days, c.year, c.month, c.day);
    c.yearDay = static_cast<int>(days - daysFromCivil(c.year, 1, 1) + 1);
    c.weekday = static_cast<int>(floorMod(days + 4, 7)); // 1970-01-01 was a Thursday
    c.hour = static_cast<int>(secOfDay / 3600);
    c.minute = static_cast<int>(secOfDay % 3600 / 60);
    c.second = static_cast<int>(secOfDay % 60);
    return c;
}

Time Time::add(std::int64_t d) const
{
    Time t = *this;
    std::int64_t dsec = d / kNanosPerSecond;
    std::int64_t nsec = m_nsec + d % kNanosPerSecond;
    if (nsec >= kNanosPerSecond) {
        ++dsec;
        nsec -= kNanosPerSecond;
    } else if (nsec < 0) {
        --dsec;
        nsec += kNanosPerSecond;
    }
    t.m_nsec = static_cast<std::int32_t>(nsec);
    t.m_sec = wrapAdd(m_sec, dsec);
    if (m_hasMono) {
        const std::int64_t te = wrapAdd(m_mono, d);
        if ((d < 0 && te > m_mono) || (d > 0 && te < m_mono))
            t.m_hasMono = false; // overflow
        else
            t.m_mono = te;
    }
    return t;
}

std::int64_t Time::sub(const Time &u) const
{
    if (m_hasMono && u.m_hasMono) {
        const std::int64_t d = wrapAdd(m_mono, -u.m_mono);
        if (d < 0 && m_mono > u.m_mono)
            return kMaxDuration;
        if (d > 0 && m_mono < u.m_mono)
            return kMinDuration;
        return d;
    }
    const std::int64_t d =
        wrapAdd(wrapMul(wrapAdd(m_sec, -u.m_sec), kNanosPerSecond), std::int64_t(m_nsec) - u.m_nsec);
    const Time back = u.withoutMonotonic().add(d);
    if (back.m_sec == m_sec && back.m_nsec == m_nsec)
        return d;
    return before(u) ? kMinDuration : kMaxDuration;
}

Time Time::addDate(std::int64_t years, std::int64_t months, std::int64_t days) const
{
    const Civil c = civil();
    return date(c.year + years, c.month + months, c.day + days, c.hour, c.minute, c.second, m_nsec, m_loc);
}

Time Time::in(LocationPtr location) const
{
    Time t = withoutMonotonic();
    t.m_loc = location ? std::move(location) : Location::utc();
    return t;
}

Time Time::withoutMonotonic() const
{
    Time t = *this;
    t.m_hasMono = false;
    t.m_mono = 0;
    return t;
}

namespace {

__extension__ using Int128 = __int128;

// Remainder of t (since the zero time) modulo d, in [0, d).
std::int64_t remainderSinceZero(std::int64_t unixSec, std::int32_t nsec, std::int64_t d)
{
    const Int128 total = (static_cast<Int128>(unixSec) - kZeroTimeUnix) * kNanosPerSecond + nsec;
    Int128 r = total % d;
    if (r < 0)
        r += d;
    return static_cast<std::int64_t>(r);
}

} // namespace

Time Time::truncate(std::int64_t d) const
{
    Time t = withoutMonotonic();
    if (d <= 0)
        return t;
    return t.add(-remainderSinceZero(m_sec, m_nsec, d));
}

Time Time::round(std::int64_t d) const
{
    Time t = withoutMonotonic();
    if (d <= 0)
        return t;
    const std::int64_t r = remainderSinceZero(m_sec, m_nsec, d);
    if (static_cast<std::uint64_t>(r) + static_cast<std::uint64_t>(r) < static_cast<std::uint64_t>(d))
        return t.add(-r);
    return t.add(d - r);
}

bool Time::before(const Time &u) const
{
    if (m_hasMono && u.m_hasMono)
        return m_mono < u.m_mono;
    return m_sec < u.m_sec || (m_sec == u.m_sec && m_nsec < u.m_nsec);
}

bool Time::after(const Time &u) const
{
    if (m_hasMono && u.m_hasMono)
        return m_mono > u.m_mono;
    return m_sec > u.m_sec || (m_sec == u.m_sec && m_nsec > u.m_nsec);
}

bool Time::equal(const Time &u) const
{
    if (m_hasMono && u.m_hasMono)
        return m_mono == u.m_mono;
    return m_sec == u.m_sec && m_nsec == u.m_nsec;
}

bool Time::isZero() const
{
    return m_sec == kZeroTimeUnix && m_nsec == 0;
}

std::string Time::toString() const
{
    std::string s = format("2006-01-02 15:04:05.999999999 -0700 MST");
    if (m_hasMono) {
        // m=±ddd.nnnnnnnnn
        std::uint64_t m2 = static_cast<std::uint64_t>(m_mono);
        char sign = '+';
        if (m_mono < 0) {
            sign = '-';
            m2 = 0 - m2;
        }
        std::uint64_t m1 = m2 / 1000000000;
        m2 %= 1000000000;
        const std::uint64_t m0 = m1 / 1000000000;
        m1 %= 1000000000;
        s += " m=";
        s += sign;
        int width = 0;
        if (m0 != 0) {
            appendInt(s, static_cast<std::int64_t>(m0), 0);
            width = 9;
        }
        appendInt(s, static_cast<std::int64_t>(m1), width);
        s += '.';
        appendInt(s, static_cast<std::int64_t>(m2), 9);
    }
    return s;
}

std::string Time::jsonText() const
{
    return format("2006-01-02T15:04:05.999999999Z07:00");
}

bool Time::identical(const Time &u) const
{
    return u.m_sec == m_sec && u.m_nsec == m_nsec && u.m_loc == m_loc && u.m_hasMono == m_hasMono && u.m_mono == m_mono;
}

const char *monthName(int month)
{
    return kLongMonthNames[static_cast<std::size_t>(month - 1)];
}

const char *weekdayName(int weekday)
{
    return kLongDayNames[static_cast<std::size_t>(weekday)];
}

} // namespace ds::go
