// SPDX-License-Identifier: Apache-2.0
#include "GoTime.h"

#include "template/FunctionError.h"

#include <QByteArray>
#include <QDateTime>
#include <QFileInfo>

#include <algorithm>
#include <array>
#include <chrono>
#include <map>

namespace ds::tmpl {

namespace {

constexpr std::int64_t kSecondsPerDay = 86400;
constexpr std::int64_t kNanosPerSecond = 1000000000;
// Seconds from 0001-01-01 (Go's zero time) to the Unix epoch.
constexpr std::int64_t kZeroTimeUnix = -62135596800;
constexpr std::int64_t kMinDuration = INT64_MIN;
constexpr std::int64_t kMaxDuration = INT64_MAX;

constexpr std::array<const char *, 12> kLongMonthNames = {"January", "February", "March",     "April",
                                                           "May",     "June",     "July",      "August",
                                                           "September", "October", "November", "December"};
constexpr std::array<const char *, 12> kShortMonthNames = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                            "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
constexpr std::array<const char *, 7> kLongDayNames = {"Sunday",   "Monday", "Tuesday", "Wednesday",
                                                        "Thursday", "Friday", "Saturday"};
constexpr std::array<const char *, 7> kShortDayNames = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
// Days before month m (1-based) in a non-leap year; index 12 = whole year.
constexpr std::array<int, 13> kDaysBefore = {0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365};

std::int64_t floorDiv(std::int64_t a, std::int64_t b)
{
    std::int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

std::int64_t floorMod(std::int64_t a, std::int64_t b)
{
    return a - floorDiv(a, b) * b;
}

// Wrapping arithmetic, as Go's int64 overflows silently.
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

// Proleptic Gregorian calendar <-> days since 1970-01-01 (H. Hinnant's algorithms).
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

// Go's norm: moves overflow of lo (in units of base) into hi.
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

// time's appendInt: decimal, zero-padded to width (the sign does not count).
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

// time's own quote: bytes outside printable ASCII become \xNN.
std::string timeQuote(std::string_view s)
{
    static const char *hex = "0123456789abcdef";
    std::string out = "\"";
    for (unsigned char c : s) {
        if (c >= 0x80 || c < ' ') {
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 0xF];
        } else {
            if (c == '"' || c == '\\')
                out += '\\';
            out += static_cast<char>(c);
        }
    }
    out += '"';
    return out;
}

bool isDigitAt(std::string_view s, std::size_t i)
{
    return i < s.size() && s[i] >= '0' && s[i] <= '9';
}

// time's leadingInt: consumes [0-9]*; false on overflow past 1<<63.
bool leadingInt(std::string_view &s, std::uint64_t &x)
{
    x = 0;
    std::size_t i = 0;
    for (; i < s.size(); ++i) {
        const char c = s[i];
        if (c < '0' || c > '9')
            break;
        if (x > (std::uint64_t(1) << 63) / 10)
            return false;
        x = x * 10 + static_cast<std::uint64_t>(c - '0');
        if (x > (std::uint64_t(1) << 63))
            return false;
    }
    s.remove_prefix(i);
    return true;
}

// time's atoi: optional sign, digits only.
bool goAtoi(std::string_view s, std::int64_t &x)
{
    bool neg = false;
    if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
        neg = s[0] == '-';
        s.remove_prefix(1);
    }
    std::uint64_t q = 0;
    if (!leadingInt(s, q) || !s.empty()) {
        x = 0;
        return false;
    }
    x = static_cast<std::int64_t>(q);
    if (neg)
        x = -x;
    return true;
}

// ---- Layout tokens (time/format.go nextStdChunk) ----

enum class Std : std::uint8_t {
    None,
    LongMonth, Month, NumMonth, ZeroMonth, LongWeekDay, WeekDay, Day, UnderDay, ZeroDay,
    UnderYearDay, ZeroYearDay, Hour, Hour12, ZeroHour12, Minute, ZeroMinute, Second, ZeroSecond,
    LongYear, Year, PM, pm,
    TZ, ISO8601TZ, ISO8601SecondsTZ, ISO8601ShortTZ, ISO8601ColonTZ, ISO8601ColonSecondsTZ,
    NumTZ, NumSecondsTz, NumShortTZ, NumColonTZ, NumColonSecondsTZ,
    FracSecond0, FracSecond9,
};

struct StdChunk
{
    std::string_view prefix;
    Std std = Std::None;
    std::string_view stdText; // the token as written in the layout
    std::string_view suffix;
    int fracDigits = 0;
    char fracSeparator = '.';
};

bool startsWithLowerCase(std::string_view s)
{
    return !s.empty() && s[0] >= 'a' && s[0] <= 'z';
}

bool isIsoTz(Std s)
{
    return s == Std::ISO8601TZ || s == Std::ISO8601SecondsTZ || s == Std::ISO8601ShortTZ ||
           s == Std::ISO8601ColonTZ || s == Std::ISO8601ColonSecondsTZ;
}

StdChunk nextStdChunk(std::string_view layout)
{
    const std::size_t n = layout.size();
    auto chunk = [&](std::size_t i, Std std, std::size_t len) {
        return StdChunk{layout.substr(0, i), std, layout.substr(i, len), layout.substr(i + len)};
    };
    auto at = [&](std::size_t i, std::string_view token) { return layout.substr(i, token.size()) == token; };
    static constexpr std::array<Std, 6> std0x = {Std::ZeroMonth, Std::ZeroDay,    Std::ZeroHour12,
                                                 Std::ZeroMinute, Std::ZeroSecond, Std::Year};

    for (std::size_t i = 0; i < n; ++i) {
        switch (const char c = layout[i]) {
        case 'J':
            if (at(i, "Jan")) {
                if (at(i, "January"))
                    return chunk(i, Std::LongMonth, 7);
                if (!startsWithLowerCase(layout.substr(i + 3)))
                    return chunk(i, Std::Month, 3);
            }
            break;
        case 'M':
            if (at(i, "Mon")) {
                if (at(i, "Monday"))
                    return chunk(i, Std::LongWeekDay, 6);
                if (!startsWithLowerCase(layout.substr(i + 3)))
                    return chunk(i, Std::WeekDay, 3);
            }
            if (at(i, "MST"))
                return chunk(i, Std::TZ, 3);
            break;
        case '0':
            if (i + 1 < n && layout[i + 1] >= '1' && layout[i + 1] <= '6')
                return chunk(i, std0x[layout[i + 1] - '1'], 2);
            if (at(i, "002"))
                return chunk(i, Std::ZeroYearDay, 3);
            break;
        case '1':
            if (at(i, "15"))
                return chunk(i, Std::Hour, 2);
            return chunk(i, Std::NumMonth, 1);
        case '2':
            if (at(i, "2006"))
                return chunk(i, Std::LongYear, 4);
            return chunk(i, Std::Day, 1);
        case '_':
            if (at(i, "_2")) {
                // _2006 is a literal _ followed by the long year
                if (at(i + 1, "2006"))
                    return chunk(i + 1, Std::LongYear, 4);
                return chunk(i, Std::UnderDay, 2);
            }
            if (at(i, "__2"))
                return chunk(i, Std::UnderYearDay, 3);
            break;
        case '3': return chunk(i, Std::Hour12, 1);
        case '4': return chunk(i, Std::Minute, 1);
        case '5': return chunk(i, Std::Second, 1);
        case 'P':
            if (at(i, "PM"))
                return chunk(i, Std::PM, 2);
            break;
        case 'p':
            if (at(i, "pm"))
                return chunk(i, Std::pm, 2);
            break;
        case '-':
            if (at(i, "-070000")) return chunk(i, Std::NumSecondsTz, 7);
            if (at(i, "-07:00:00")) return chunk(i, Std::NumColonSecondsTZ, 9);
            if (at(i, "-0700")) return chunk(i, Std::NumTZ, 5);
            if (at(i, "-07:00")) return chunk(i, Std::NumColonTZ, 6);
            if (at(i, "-07")) return chunk(i, Std::NumShortTZ, 3);
            break;
        case 'Z':
            if (at(i, "Z070000")) return chunk(i, Std::ISO8601SecondsTZ, 7);
            if (at(i, "Z07:00:00")) return chunk(i, Std::ISO8601ColonSecondsTZ, 9);
            if (at(i, "Z0700")) return chunk(i, Std::ISO8601TZ, 5);
            if (at(i, "Z07:00")) return chunk(i, Std::ISO8601ColonTZ, 6);
            if (at(i, "Z07")) return chunk(i, Std::ISO8601ShortTZ, 3);
            break;
        case '.':
        case ',':
            if (i + 1 < n && (layout[i + 1] == '0' || layout[i + 1] == '9')) {
                const char ch = layout[i + 1];
                std::size_t j = i + 1;
                while (j < n && layout[j] == ch)
                    ++j;
                // only a run of digits ending here is a fractional second
                if (!isDigitAt(layout, j)) {
                    StdChunk result = chunk(i, ch == '9' ? Std::FracSecond9 : Std::FracSecond0, j - i);
                    result.fracDigits = static_cast<int>((j - (i + 1)) & 0xfff);
                    result.fracSeparator = c;
                    return result;
                }
            }
            break;
        default:
            break;
        }
    }
    return StdChunk{layout, Std::None, {}, {}};
}

void appendNano(std::string &b, int nanosec, const StdChunk &c)
{
    const bool trim = c.std == Std::FracSecond9;
    if (trim && (c.fracDigits == 0 || nanosec == 0))
        return;
    const std::size_t start = b.size();
    b += c.fracSeparator;
    appendInt(b, nanosec, 9);
    if (c.fracDigits < 9)
        b.resize(b.size() - 9 + c.fracDigits);
    if (trim) {
        while (b.size() > start && b.back() == '0')
            b.pop_back();
        if (b.size() > start && b.back() == c.fracSeparator)
            b.pop_back();
    }
}

void appendOffset(std::string &b, int offset, Std std)
{
    if (offset == 0 && isIsoTz(std)) {
        b += 'Z';
        return;
    }
    int zone = offset / 60; // minutes
    int absOffset = offset;
    if (zone < 0) {
        b += '-';
        zone = -zone;
        absOffset = -absOffset;
    } else {
        b += '+';
    }
    appendInt(b, zone / 60, 2);
    const bool colon = std == Std::ISO8601ColonTZ || std == Std::NumColonTZ || std == Std::ISO8601ColonSecondsTZ ||
                       std == Std::NumColonSecondsTZ;
    if (colon)
        b += ':';
    if (std != Std::NumShortTZ && std != Std::ISO8601ShortTZ)
        appendInt(b, zone % 60, 2);
    const bool seconds = std == Std::ISO8601SecondsTZ || std == Std::NumSecondsTz ||
                         std == Std::NumColonSecondsTZ || std == Std::ISO8601ColonSecondsTZ;
    if (seconds) {
        if (std == Std::NumColonSecondsTZ || std == Std::ISO8601ColonSecondsTZ)
            b += ':';
        appendInt(b, absOffset % 60, 2);
    }
}

// ---- Parsing helpers (time/format.go) ----

bool getnum(std::string_view &s, bool fixed, int &n)
{
    if (!isDigitAt(s, 0))
        return false;
    if (!isDigitAt(s, 1)) {
        if (fixed)
            return false;
        n = s[0] - '0';
        s.remove_prefix(1);
        return true;
    }
    n = (s[0] - '0') * 10 + (s[1] - '0');
    s.remove_prefix(2);
    return true;
}

bool getnum3(std::string_view &s, bool fixed, int &n)
{
    n = 0;
    int i = 0;
    for (; i < 3 && isDigitAt(s, i); ++i)
        n = n * 10 + (s[i] - '0');
    if (i == 0 || (fixed && i != 3)) {
        n = 0;
        return false;
    }
    s.remove_prefix(i);
    return true;
}

std::string_view cutspace(std::string_view s)
{
    while (!s.empty() && s[0] == ' ')
        s.remove_prefix(1);
    return s;
}

// Removes prefix from value, runs of spaces matching each other; value keeps
// what was consumed even on failure (Go reports the remainder).
bool skip(std::string_view &value, std::string_view prefix)
{
    while (!prefix.empty()) {
        if (prefix[0] == ' ') {
            if (!value.empty() && value[0] != ' ')
                return false;
            prefix = cutspace(prefix);
            value = cutspace(value);
            continue;
        }
        if (value.empty() || value[0] != prefix[0])
            return false;
        prefix.remove_prefix(1);
        value.remove_prefix(1);
    }
    return true;
}

// Case-insensitive prefix match against a name table; index or -1.
template<std::size_t N>
int lookupName(const std::array<const char *, N> &table, std::string_view &value)
{
    for (std::size_t i = 0; i < N; ++i) {
        const std::string_view name = table[i];
        if (value.size() < name.size())
            continue;
        bool ok = true;
        for (std::size_t k = 0; k < name.size() && ok; ++k) {
            char c1 = value[k];
            char c2 = name[k];
            if (c1 != c2) {
                c1 |= 'a' - 'A';
                c2 |= 'a' - 'A';
                ok = c1 == c2 && c1 >= 'a' && c1 <= 'z';
            }
        }
        if (ok) {
            value.remove_prefix(name.size());
            return static_cast<int>(i);
        }
    }
    return -1;
}

std::size_t parseSignedOffset(std::string_view value)
{
    if (value.empty() || (value[0] != '-' && value[0] != '+'))
        return 0;
    std::string_view rest = value.substr(1);
    std::uint64_t x = 0;
    if (!leadingInt(rest, x) || rest.size() == value.size() - 1 || x > 23)
        return 0;
    return value.size() - rest.size();
}

// Length of a zone abbreviation at the start of value, 0 when there is none.
std::size_t parseTimeZone(std::string_view value)
{
    if (value.size() < 3)
        return 0;
    if (value.substr(0, 4) == "ChST" || value.substr(0, 4) == "MeST")
        return 4;
    if (value.substr(0, 3) == "GMT")
        return 3 + (value.size() == 3 ? 0 : parseSignedOffset(value.substr(3)));
    if (value[0] == '+' || value[0] == '-')
        return parseSignedOffset(value);
    std::size_t nUpper = 0;
    for (; nUpper < 6 && nUpper < value.size(); ++nUpper) {
        if (value[nUpper] < 'A' || value[nUpper] > 'Z')
            break;
    }
    switch (nUpper) {
    case 5: return value[4] == 'T' ? 5 : 0;
    case 4: return (value[3] == 'T' || value.substr(0, 4) == "WITA") ? 4 : 0;
    case 3: return 3;
    default: return 0;
    }
}

bool commaOrPeriod(char c)
{
    return c == '.' || c == ',';
}

// Fraction ".ddd" of nbytes bytes in nanoseconds; rangeErr for a negative value.
bool parseNanoseconds(std::string_view value, std::size_t nbytes, int &ns, std::string &rangeErr)
{
    if (!commaOrPeriod(value[0]))
        return false;
    if (nbytes > 10)
        nbytes = 10;
    std::int64_t x = 0;
    if (!goAtoi(value.substr(1, nbytes - 1), x))
        return false;
    if (x < 0) {
        rangeErr = "fractional second";
        return true;
    }
    for (std::size_t i = nbytes; i < 10; ++i)
        x *= 10;
    ns = static_cast<int>(x);
    return true;
}

// A numeric zone offset (-0700, -07:00, -07, -070000, -07:00:00 as std says)
// at the start of value, in seconds east of UTC.
bool parseNumericOffset(Std std, std::string_view &value, int &offset, std::string &rangeErr)
{
    std::string_view sign, hh, mm = "00", ss = "00";
    std::size_t length = 0;
    if (std == Std::ISO8601ColonTZ || std == Std::NumColonTZ) {
        if (value.size() < 6 || value[3] != ':')
            return false;
        hh = value.substr(1, 2), mm = value.substr(4, 2), length = 6;
    } else if (std == Std::NumShortTZ || std == Std::ISO8601ShortTZ) {
        if (value.size() < 3)
            return false;
        hh = value.substr(1, 2), length = 3;
    } else if (std == Std::ISO8601ColonSecondsTZ || std == Std::NumColonSecondsTZ) {
        if (value.size() < 9 || value[3] != ':' || value[6] != ':')
            return false;
        hh = value.substr(1, 2), mm = value.substr(4, 2), ss = value.substr(7, 2), length = 9;
    } else if (std == Std::ISO8601SecondsTZ || std == Std::NumSecondsTz) {
        if (value.size() < 7)
            return false;
        hh = value.substr(1, 2), mm = value.substr(3, 2), ss = value.substr(5, 2), length = 7;
    } else {
        if (value.size() < 5)
            return false;
        hh = value.substr(1, 2), mm = value.substr(3, 2), length = 5;
    }
    sign = value.substr(0, 1);
    value.remove_prefix(length);
    int hr = 0, mi = 0, se = 0;
    bool ok = getnum(hh, true, hr) && getnum(mm, true, mi) && getnum(ss, true, se);
    // > rather than >=: offsets of 24 hours or 60 minutes occur in the wild
    if (hr > 24)
        rangeErr = "time zone offset hour";
    if (mi > 60)
        rangeErr = "time zone offset minute";
    if (se > 60)
        rangeErr = "time zone offset second";
    offset = (hr * 60 + mi) * 60 + se;
    if (sign[0] == '-')
        offset = -offset;
    else if (sign[0] != '+')
        ok = false;
    return ok;
}

// Month and day from a day of the year (Go's parse); an error message or "".
std::string monthDayFromYearDay(std::int64_t year, int yday, int &month, int &day)
{
    int d = 0;
    int m = 0;
    if (isLeap(year)) {
        if (yday == 31 + 29) {
            m = 2;
            d = 29;
        } else if (yday > 31 + 29) {
            --yday;
        }
    }
    if (yday < 1 || yday > 365)
        return ": day-of-year out of range";
    if (m == 0) {
        m = (yday - 1) / 31 + 1;
        if (kDaysBefore[m] < yday)
            ++m;
        d = yday - kDaysBefore[m - 1];
    }
    // a month or day also given must agree
    if (month >= 0 && month != m)
        return ": day-of-year does not match month";
    month = m;
    if (day >= 0 && day != d)
        return ": day-of-year does not match day";
    day = d;
    return {};
}

// ---- Clock ----

const auto kProcessStart = std::chrono::steady_clock::now();
std::mutex g_clockMutex;
std::function<GoTime::ClockReading()> g_testClock;

GoTime::ClockReading systemClock()
{
    using namespace std::chrono;
    GoTime::ClockReading r;
    r.unixNanos = duration_cast<nanoseconds>(system_clock::now().time_since_epoch()).count();
    // Go's monotonic origin is just before process start, so readings are > 0.
    r.monotonicNanos = duration_cast<nanoseconds>(steady_clock::now() - kProcessStart).count() + 1;
    return r;
}

// ---- Zones ----

constexpr std::int64_t kLookupLimit = std::int64_t(1) << 43; // keeps QDateTime msecs in range

bool containsDotDot(std::string_view s)
{
    return s.find("..") != std::string_view::npos;
}

// A tz database zone the way Go's LoadLocation finds it: a TZif file under the
// zoneinfo directory (Qt would also accept POSIX rule strings such as "Local").
std::optional<QTimeZone> loadTzZone(std::string_view name)
{
    if (name.empty() || containsDotDot(name) || name[0] == '/' || name[0] == '\\')
        return std::nullopt;
    static const std::array<const char *, 4> dirs = {"/usr/share/zoneinfo/", "/usr/share/lib/zoneinfo/",
                                                     "/usr/lib/locale/TZ/", "/etc/zoneinfo/"};
    const bool exists = std::any_of(dirs.begin(), dirs.end(), [&](const char *dir) {
        return QFileInfo(QString::fromUtf8(dir) + QString::fromUtf8(name.data(), qsizetype(name.size()))).isFile();
    });
    if (!exists)
        return std::nullopt;
    QTimeZone zone(QByteArray(name.data(), qsizetype(name.size())));
    if (!zone.isValid())
        return std::nullopt;
    return zone;
}

GoLocationPtr makeLocal()
{
    if (qEnvironmentVariableIsSet("TZ")) {
        std::string tz = qEnvironmentVariable("TZ").toStdString();
        if (!tz.empty() && tz[0] == ':')
            tz.erase(0, 1);
        // An absolute path names a zone file; QTimeZone wants its tz database id.
        if (const auto dir = tz.find("/zoneinfo/"); !tz.empty() && tz[0] == '/' && dir != std::string::npos)
            tz = tz.substr(dir + 10);
        if (auto zone = loadTzZone(tz))
            return std::make_shared<const GoLocation>("Local", *zone);
        // Go: an empty or unloadable TZ means UTC
        return std::make_shared<const GoLocation>("Local", GoLocation::Zone{"UTC", 0});
    }
    const QTimeZone system = QTimeZone::systemTimeZone();
    if (system.isValid())
        return std::make_shared<const GoLocation>("Local", system);
    return std::make_shared<const GoLocation>("Local", GoLocation::Zone{"UTC", 0});
}

// The receiver (or a time.Time argument) of a method.
const GoTime &timeOf(const Value &v)
{
    const GoTime *t = asGoTime(v);
    if (!t)
        throw FunctionError("wrong type for value; expected time.Time");
    return *t;
}

std::string valueTypeName(const Value &v)
{
    switch (v.type()) {
    case Value::Type::Missing:
    case Value::Type::Null: return "<nil>";
    case Value::Type::Bool: return "bool";
    case Value::Type::Int: return "int";
    case Value::Type::Int64: return "int64";
    case Value::Type::Uint8: return "uint8";
    case Value::Type::Uint64: return "uint64";
    case Value::Type::Float64: return "float64";
    case Value::Type::String: return "string";
    case Value::Type::List: return "[]interface {}";
    case Value::Type::Map: return "map[string]interface {}";
    case Value::Type::Object: return v.object().typeName();
    }
    return "interface {}";
}

// A time.Duration argument: a Duration value or an integer constant.
std::int64_t durationArg(const Value &v)
{
    if (const GoDuration *d = asGoDuration(v))
        return d->nanoseconds();
    if (v.type() == Value::Type::Int)
        return v.toInt64();
    throw FunctionError("wrong type for value; expected time.Duration; got " + valueTypeName(v));
}

using MethodTable = std::map<std::string, FunctionSpec, std::less<>>;

void def(MethodTable &table, std::string name, std::vector<ParamType> params, FunctionImpl impl)
{
    table.emplace(name, FunctionSpec{name, std::move(params), false, std::move(impl)});
}

const FunctionSpec *findMethod(const MethodTable &table, std::string_view name)
{
    auto it = table.find(name);
    return it == table.end() ? nullptr : &it->second;
}

Value monthValue(int month)
{
    return Value(std::make_shared<const GoNamedInt>("time.Month", month, kLongMonthNames[month - 1]));
}

Value weekdayValue(int weekday)
{
    return Value(std::make_shared<const GoNamedInt>("time.Weekday", weekday, kLongDayNames[weekday]));
}

MethodTable buildTimeMethods()
{
    using P = ParamType;
    MethodTable t;
    auto civilInt = [&](std::string name, auto field) {
        def(t, std::move(name), {}, [field](FunctionContext &, std::vector<Value> &a) {
            return Value::fromInt(field(timeOf(a[0]).civil()));
        });
    };
    civilInt("Year", [](const GoTime::Civil &c) { return c.year; });
    civilInt("Day", [](const GoTime::Civil &c) { return std::int64_t(c.day); });
    civilInt("Hour", [](const GoTime::Civil &c) { return std::int64_t(c.hour); });
    civilInt("Minute", [](const GoTime::Civil &c) { return std::int64_t(c.minute); });
    civilInt("Second", [](const GoTime::Civil &c) { return std::int64_t(c.second); });
    civilInt("YearDay", [](const GoTime::Civil &c) { return std::int64_t(c.yearDay); });
    def(t, "Month", {}, [](FunctionContext &, std::vector<Value> &a) { return monthValue(timeOf(a[0]).civil().month); });
    def(t, "Weekday", {}, [](FunctionContext &, std::vector<Value> &a) {
        return weekdayValue(timeOf(a[0]).civil().weekday);
    });
    def(t, "Nanosecond", {}, [](FunctionContext &, std::vector<Value> &a) {
        return Value::fromInt(timeOf(a[0]).nanosecond());
    });
    auto unixScaled = [&](std::string name, std::int64_t perSecond) {
        def(t, std::move(name), {}, [perSecond](FunctionContext &, std::vector<Value> &a) {
            const GoTime &self = timeOf(a[0]);
            return Value::fromInt64(
                wrapAdd(wrapMul(self.unixSeconds(), perSecond), self.nanosecond() / (kNanosPerSecond / perSecond)));
        });
    };
    unixScaled("Unix", 1);
    unixScaled("UnixMilli", 1000);
    unixScaled("UnixMicro", 1000000);
    unixScaled("UnixNano", kNanosPerSecond);
    def(t, "Format", {P::String}, [](FunctionContext &, std::vector<Value> &a) {
        return Value(timeOf(a[0]).format(a[1].str()));
    });
    def(t, "String", {}, [](FunctionContext &, std::vector<Value> &a) { return Value(timeOf(a[0]).toString()); });
    def(t, "UTC", {}, [](FunctionContext &, std::vector<Value> &a) {
        return GoTime::toValue(timeOf(a[0]).in(GoLocation::utc()));
    });
    def(t, "Local", {}, [](FunctionContext &, std::vector<Value> &a) {
        return GoTime::toValue(timeOf(a[0]).in(GoLocation::local()));
    });
    def(t, "Add", {P::Any}, [](FunctionContext &, std::vector<Value> &a) {
        return GoTime::toValue(timeOf(a[0]).add(durationArg(a[1])));
    });
    def(t, "Sub", {P::Time}, [](FunctionContext &, std::vector<Value> &a) {
        return GoDuration::toValue(timeOf(a[0]).sub(timeOf(a[1])));
    });
    def(t, "AddDate", {P::Int, P::Int, P::Int}, [](FunctionContext &, std::vector<Value> &a) {
        return GoTime::toValue(timeOf(a[0]).addDate(a[1].toInt64(), a[2].toInt64(), a[3].toInt64()));
    });
    def(t, "Before", {P::Time}, [](FunctionContext &, std::vector<Value> &a) {
        return Value(timeOf(a[0]).before(timeOf(a[1])));
    });
    def(t, "After", {P::Time}, [](FunctionContext &, std::vector<Value> &a) {
        return Value(timeOf(a[0]).after(timeOf(a[1])));
    });
    def(t, "Equal", {P::Time}, [](FunctionContext &, std::vector<Value> &a) {
        return Value(timeOf(a[0]).equal(timeOf(a[1])));
    });
    def(t, "Compare", {P::Time}, [](FunctionContext &, std::vector<Value> &a) {
        const GoTime &self = timeOf(a[0]);
        const GoTime &u = timeOf(a[1]);
        return Value::fromInt(self.before(u) ? -1 : self.after(u) ? 1 : 0);
    });
    def(t, "IsZero", {}, [](FunctionContext &, std::vector<Value> &a) { return Value(timeOf(a[0]).isZero()); });
    def(t, "Truncate", {P::Any}, [](FunctionContext &, std::vector<Value> &a) {
        return GoTime::toValue(timeOf(a[0]).truncate(durationArg(a[1])));
    });
    def(t, "Round", {P::Any}, [](FunctionContext &, std::vector<Value> &a) {
        return GoTime::toValue(timeOf(a[0]).round(durationArg(a[1])));
    });
    return t;
}

MethodTable buildDurationMethods()
{
    using P = ParamType;
    MethodTable t;
    auto ns = [](const Value &v) { return asGoDuration(v)->nanoseconds(); };
    auto fractional = [&](std::string name, std::int64_t unit) {
        def(t, std::move(name), {}, [ns, unit](FunctionContext &, std::vector<Value> &a) {
            const std::int64_t d = ns(a[0]);
            return Value::fromFloat(double(d / unit) + double(d % unit) / double(unit));
        });
    };
    fractional("Hours", 3600 * kNanosPerSecond);
    fractional("Minutes", 60 * kNanosPerSecond);
    fractional("Seconds", kNanosPerSecond);
    auto whole = [&](std::string name, std::int64_t unit) {
        def(t, std::move(name), {}, [ns, unit](FunctionContext &, std::vector<Value> &a) {
            return Value::fromInt64(ns(a[0]) / unit);
        });
    };
    whole("Milliseconds", 1000000);
    whole("Microseconds", 1000);
    whole("Nanoseconds", 1);
    def(t, "String", {}, [ns](FunctionContext &, std::vector<Value> &a) { return Value(GoDuration::format(ns(a[0]))); });
    def(t, "Round", {P::Any}, [ns](FunctionContext &, std::vector<Value> &a) {
        return GoDuration::toValue(GoDuration::round(ns(a[0]), durationArg(a[1])));
    });
    def(t, "Truncate", {P::Any}, [ns](FunctionContext &, std::vector<Value> &a) {
        return GoDuration::toValue(GoDuration::truncate(ns(a[0]), durationArg(a[1])));
    });
    def(t, "Abs", {}, [ns](FunctionContext &, std::vector<Value> &a) {
        const std::int64_t d = ns(a[0]);
        return GoDuration::toValue(d >= 0 ? d : d == kMinDuration ? kMaxDuration : -d);
    });
    return t;
}

} // namespace

// ===== GoLocation =====

GoLocation::GoLocation(std::string name, Zone fixed) : m_name(std::move(name)), m_fixed(std::move(fixed)) {}

GoLocation::GoLocation(std::string name, QTimeZone zone) : m_name(std::move(name)), m_zone(std::move(zone)) {}

GoLocationPtr GoLocation::utc()
{
    static const GoLocationPtr loc = std::make_shared<const GoLocation>("UTC", Zone{"UTC", 0});
    return loc;
}

GoLocationPtr GoLocation::local()
{
    static const GoLocationPtr loc = makeLocal();
    return loc;
}

GoLocationPtr GoLocation::load(std::string_view name)
{
    if (name.empty() || name == "UTC")
        return utc();
    if (name == "Local")
        return local();
    static std::mutex mutex;
    static std::map<std::string, GoLocationPtr, std::less<>> cache;
    std::lock_guard lock(mutex);
    if (auto it = cache.find(name); it != cache.end())
        return it->second;
    auto zone = loadTzZone(name);
    if (!zone)
        return nullptr;
    auto loc = std::make_shared<const GoLocation>(std::string(name), *zone);
    cache.emplace(std::string(name), loc);
    return loc;
}

GoLocationPtr GoLocation::fixedZone(std::string zoneName, int offset)
{
    std::string name = zoneName;
    return std::make_shared<const GoLocation>(std::move(name), Zone{std::move(zoneName), offset});
}

GoLocation::Zone GoLocation::lookup(std::int64_t unixSec) const
{
    if (!m_zone)
        return m_fixed;
    const std::int64_t s = std::clamp(unixSec, -kLookupLimit, kLookupLimit);
    const QTimeZone::OffsetData data = m_zone->offsetData(QDateTime::fromSecsSinceEpoch(s, QTimeZone::utc()));
    if (!data.atUtc.isValid())
        return Zone{m_zone->abbreviation(QDateTime::fromSecsSinceEpoch(0, QTimeZone::utc())).toStdString(),
                    m_zone->standardTimeOffset(QDateTime::fromSecsSinceEpoch(0, QTimeZone::utc()))};
    return Zone{data.abbreviation.toStdString(), data.offsetFromUtc};
}

const std::vector<GoLocation::Zone> &GoLocation::zones() const
{
    std::call_once(m_zonesOnce, [this] {
        auto add = [this](const Zone &z) {
            const bool known = std::any_of(m_zones.begin(), m_zones.end(), [&](const Zone &k) {
                return k.name == z.name && k.offset == z.offset;
            });
            if (!known)
                m_zones.push_back(z);
        };
        if (!m_zone) {
            add(m_fixed);
            return;
        }
        add(lookup(-kLookupLimit));
        // Transitions of the tz data (years 1800..2200 cover every abbreviation in use).
        const auto transitions = m_zone->transitions(QDateTime::fromSecsSinceEpoch(-5364662400, QTimeZone::utc()),
                                                     QDateTime::fromSecsSinceEpoch(7258118400, QTimeZone::utc()));
        for (const auto &t : transitions)
            add(Zone{t.abbreviation.toStdString(), t.offsetFromUtc});
        add(lookup(0));
    });
    return m_zones;
}

std::optional<int> GoLocation::lookupName(std::string_view zoneName, std::int64_t unixSec) const
{
    // Prefer a zone with this name that was in effect at the given time.
    for (const Zone &z : zones()) {
        if (z.name == zoneName) {
            const Zone actual = lookup(unixSec - z.offset);
            if (actual.name == z.name)
                return actual.offset;
        }
    }
    for (const Zone &z : zones()) {
        if (z.name == zoneName)
            return z.offset;
    }
    return std::nullopt;
}

// ===== GoNamedInt =====

GoNamedInt::GoNamedInt(std::string typeName, int value, std::string name)
    : m_typeName(std::move(typeName)), m_value(value), m_name(std::move(name))
{
}

bool GoNamedInt::equals(const GoObject &other) const
{
    const auto *o = dynamic_cast<const GoNamedInt *>(&other);
    return o && o->m_typeName == m_typeName && o->m_value == m_value;
}

const FunctionSpec *GoNamedInt::method(std::string_view name) const
{
    static const MethodTable table = [] {
        MethodTable t;
        def(t, "String", {}, [](FunctionContext &, std::vector<Value> &a) { return Value(a[0].object().toString()); });
        return t;
    }();
    return findMethod(table, name);
}

// ===== GoDuration =====

namespace {

// Writes v/10^prec's fraction (".12", trailing zeros and the dot omitted) in
// front of buf[w]; returns the new start and v/10^prec.
std::size_t fmtFrac(char *buf, std::size_t w, std::uint64_t &v, int prec)
{
    bool print = false;
    for (int i = 0; i < prec; ++i) {
        const auto digit = static_cast<char>(v % 10);
        print = print || digit != 0;
        if (print)
            buf[--w] = static_cast<char>('0' + digit);
        v /= 10;
    }
    if (print)
        buf[--w] = '.';
    return w;
}

std::size_t fmtInt(char *buf, std::size_t w, std::uint64_t v)
{
    if (v == 0) {
        buf[--w] = '0';
        return w;
    }
    while (v > 0) {
        buf[--w] = static_cast<char>('0' + v % 10);
        v /= 10;
    }
    return w;
}

} // namespace

std::string GoDuration::format(std::int64_t d)
{
    char buf[32];
    std::size_t w = sizeof buf;
    std::uint64_t u = static_cast<std::uint64_t>(d);
    const bool neg = d < 0;
    if (neg)
        u = 0 - u;
    if (u < std::uint64_t(kNanosPerSecond)) {
        // sub-second: smaller units like 1.2ms
        int prec = 0;
        buf[--w] = 's';
        --w;
        if (u == 0) {
            buf[w] = '0';
            return std::string(buf + w, sizeof buf - w);
        }
        if (u < 1000) {
            buf[w] = 'n';
        } else if (u < 1000000) {
            prec = 3;
            // U+00B5 'µ' micro sign
            buf[w] = '\xB5';
            buf[--w] = '\xC2';
        } else {
            prec = 6;
            buf[w] = 'm';
        }
        w = fmtFrac(buf, w, u, prec);
        w = fmtInt(buf, w, u);
    } else {
        buf[--w] = 's';
        w = fmtFrac(buf, w, u, 9);
        w = fmtInt(buf, w, u % 60); // integer seconds
        u /= 60;
        if (u > 0) {
            buf[--w] = 'm';
            w = fmtInt(buf, w, u % 60);
            u /= 60;
            // stop at hours: days differ in length
            if (u > 0) {
                buf[--w] = 'h';
                w = fmtInt(buf, w, u);
            }
        }
    }
    if (neg)
        buf[--w] = '-';
    return std::string(buf + w, sizeof buf - w);
}

std::int64_t GoDuration::round(std::int64_t d, std::int64_t m)
{
    if (m <= 0)
        return d;
    std::int64_t r = d % m;
    auto lessThanHalf = [](std::int64_t x, std::int64_t y) {
        return static_cast<std::uint64_t>(x) + static_cast<std::uint64_t>(x) < static_cast<std::uint64_t>(y);
    };
    if (d < 0) {
        r = -r;
        if (lessThanHalf(r, m))
            return d + r;
        const std::int64_t d1 = wrapAdd(wrapAdd(d, -m), r);
        return d1 < d ? d1 : kMinDuration;
    }
    if (lessThanHalf(r, m))
        return d - r;
    const std::int64_t d1 = wrapAdd(wrapAdd(d, m), -r);
    return d1 > d ? d1 : kMaxDuration;
}

std::int64_t GoDuration::truncate(std::int64_t d, std::int64_t m)
{
    return m <= 0 ? d : d - d % m;
}

Value GoDuration::toValue(std::int64_t ns)
{
    return Value(std::make_shared<const GoDuration>(ns));
}

bool GoDuration::equals(const GoObject &other) const
{
    const auto *o = dynamic_cast<const GoDuration *>(&other);
    return o && o->m_ns == m_ns;
}

const FunctionSpec *GoDuration::method(std::string_view name) const
{
    static const MethodTable table = buildDurationMethods();
    return findMethod(table, name);
}

bool parseGoDuration(std::string_view text, std::int64_t &ns, std::string &error)
{
    const std::string_view orig = text;
    auto fail = [&](std::string message) {
        ns = 0;
        error = std::move(message);
        return false;
    };
    auto invalid = [&] { return fail("time: invalid duration " + timeQuote(orig)); };
    std::string_view s = text;
    std::uint64_t d = 0;
    bool neg = false;
    if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
        neg = s[0] == '-';
        s.remove_prefix(1);
    }
    if (s == "0") {
        ns = 0;
        return true;
    }
    if (s.empty())
        return invalid();
    constexpr std::uint64_t kLimit = std::uint64_t(1) << 63;
    while (!s.empty()) {
        std::uint64_t v = 0;
        std::uint64_t f = 0;
        double scale = 1;
        if (!(s[0] == '.' || (s[0] >= '0' && s[0] <= '9')))
            return invalid();
        const std::size_t before = s.size();
        if (!leadingInt(s, v))
            return invalid();
        const bool pre = before != s.size();
        bool post = false;
        if (!s.empty() && s[0] == '.') {
            s.remove_prefix(1);
            const std::size_t fracStart = s.size();
            // leadingFraction: stops accumulating precision on overflow
            bool overflow = false;
            std::size_t i = 0;
            for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) {
                if (overflow)
                    continue;
                if (f > (kLimit - 1) / 10) {
                    overflow = true;
                    continue;
                }
                const std::uint64_t y = f * 10 + static_cast<std::uint64_t>(s[i] - '0');
                if (y > kLimit) {
                    overflow = true;
                    continue;
                }
                f = y;
                scale *= 10;
            }
            s.remove_prefix(i);
            post = fracStart != s.size();
        }
        if (!pre && !post)
            return invalid();
        std::size_t i = 0;
        while (i < s.size() && s[i] != '.' && !(s[i] >= '0' && s[i] <= '9'))
            ++i;
        if (i == 0)
            return fail("time: missing unit in duration " + timeQuote(orig));
        const std::string_view u = s.substr(0, i);
        s.remove_prefix(i);
        std::uint64_t unit = 0;
        if (u == "ns")
            unit = 1;
        else if (u == "us" || u == "\xC2\xB5s" || u == "\xCE\xBCs")
            unit = 1000;
        else if (u == "ms")
            unit = 1000000;
        else if (u == "s")
            unit = kNanosPerSecond;
        else if (u == "m")
            unit = 60 * kNanosPerSecond;
        else if (u == "h")
            unit = 3600 * kNanosPerSecond;
        else
            return fail("time: unknown unit " + timeQuote(u) + " in duration " + timeQuote(orig));
        if (v > kLimit / unit)
            return invalid();
        v *= unit;
        if (f > 0) {
            // float64 keeps fractions of hours nanosecond-accurate
            v += static_cast<std::uint64_t>(static_cast<double>(f) * (static_cast<double>(unit) / scale));
            if (v > kLimit)
                return invalid();
        }
        d += v;
        if (d > kLimit)
            return invalid();
    }
    if (neg) {
        ns = static_cast<std::int64_t>(0 - d);
        return true;
    }
    if (d > kLimit - 1)
        return invalid();
    ns = static_cast<std::int64_t>(d);
    return true;
}

// ===== GoTime =====

GoTime::GoTime() : m_sec(kZeroTimeUnix), m_nsec(0), m_loc(GoLocation::utc()) {}

GoTime::GoTime(std::int64_t unixSec, std::int32_t nsec, GoLocationPtr location)
    : m_sec(unixSec), m_nsec(nsec), m_loc(location ? std::move(location) : GoLocation::utc())
{
}

GoTime GoTime::now()
{
    ClockReading r;
    {
        std::lock_guard lock(g_clockMutex);
        r = g_testClock ? g_testClock() : systemClock();
    }
    GoTime t(floorDiv(r.unixNanos, kNanosPerSecond), static_cast<std::int32_t>(floorMod(r.unixNanos, kNanosPerSecond)),
             GoLocation::local());
    t.m_hasMono = true;
    t.m_mono = r.monotonicNanos;
    return t;
}

void GoTime::setClockForTesting(std::function<ClockReading()> clock)
{
    std::lock_guard lock(g_clockMutex);
    g_testClock = std::move(clock);
}

GoTime GoTime::fromUnix(std::int64_t sec, std::int64_t nsec)
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
    return GoTime(sec, static_cast<std::int32_t>(nsec), GoLocation::local());
}

GoTime GoTime::date(std::int64_t year, std::int64_t month, std::int64_t day, std::int64_t hour, std::int64_t minute,
                    std::int64_t second, std::int64_t nsec, GoLocationPtr location)
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
        location = GoLocation::utc();
    const int offset = location->lookup(unix).offset;
    if (offset != 0)
        unix -= location->lookup(unix - offset).offset;
    return GoTime(unix, static_cast<std::int32_t>(nsec), std::move(location));
}

GoTime::Civil GoTime::civil() const
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

std::string GoTime::format(std::string_view layout) const
{
    const Civil c = civil();
    std::string b;
    b.reserve(layout.size() + 10);
    while (!layout.empty()) {
        const StdChunk chunk = nextStdChunk(layout);
        b += chunk.prefix;
        if (chunk.std == Std::None)
            break;
        layout = chunk.suffix;
        const int hr12 = c.hour % 12 == 0 ? 12 : c.hour % 12;
        switch (chunk.std) {
        case Std::Year: appendInt(b, (c.year < 0 ? -c.year : c.year) % 100, 2); break;
        case Std::LongYear: appendInt(b, c.year, 4); break;
        case Std::Month: b += kShortMonthNames[c.month - 1]; break;
        case Std::LongMonth: b += kLongMonthNames[c.month - 1]; break;
        case Std::NumMonth: appendInt(b, c.month, 0); break;
        case Std::ZeroMonth: appendInt(b, c.month, 2); break;
        case Std::WeekDay: b += kShortDayNames[c.weekday]; break;
        case Std::LongWeekDay: b += kLongDayNames[c.weekday]; break;
        case Std::Day: appendInt(b, c.day, 0); break;
        case Std::UnderDay:
            if (c.day < 10)
                b += ' ';
            appendInt(b, c.day, 0);
            break;
        case Std::ZeroDay: appendInt(b, c.day, 2); break;
        case Std::UnderYearDay:
            if (c.yearDay < 100)
                b += c.yearDay < 10 ? "  " : " ";
            appendInt(b, c.yearDay, 0);
            break;
        case Std::ZeroYearDay: appendInt(b, c.yearDay, 3); break;
        case Std::Hour: appendInt(b, c.hour, 2); break;
        case Std::Hour12: appendInt(b, hr12, 0); break;
        case Std::ZeroHour12: appendInt(b, hr12, 2); break;
        case Std::Minute: appendInt(b, c.minute, 0); break;
        case Std::ZeroMinute: appendInt(b, c.minute, 2); break;
        case Std::Second: appendInt(b, c.second, 0); break;
        case Std::ZeroSecond: appendInt(b, c.second, 2); break;
        case Std::PM: b += c.hour >= 12 ? "PM" : "AM"; break;
        case Std::pm: b += c.hour >= 12 ? "pm" : "am"; break;
        case Std::TZ:
            if (!c.zone.name.empty()) {
                b += c.zone.name;
            } else {
                // no abbreviation known: -0700 form
                int zone = c.zone.offset / 60;
                b += zone < 0 ? '-' : '+';
                zone = zone < 0 ? -zone : zone;
                appendInt(b, zone / 60, 2);
                appendInt(b, zone % 60, 2);
            }
            break;
        case Std::FracSecond0:
        case Std::FracSecond9: appendNano(b, m_nsec, chunk); break;
        default: appendOffset(b, c.zone.offset, chunk.std); break;
        }
    }
    return b;
}

std::optional<GoTime> GoTime::parseInLocation(std::string_view layout, std::string_view value,
                                              const GoLocationPtr &local, std::string &error)
{
    const std::string_view alayout = layout;
    const std::string_view avalue = value;
    auto fail = [&](std::string_view layoutElem, std::string_view valueElem, const std::string &message) {
        if (message.empty())
            error = "parsing time " + timeQuote(avalue) + " as " + timeQuote(alayout) + ": cannot parse " +
                    timeQuote(valueElem) + " as " + timeQuote(layoutElem);
        else
            error = "parsing time " + timeQuote(avalue) + message;
        return std::optional<GoTime>();
    };

    std::string rangeErr;
    bool amSet = false;
    bool pmSet = false;
    std::int64_t year = 0;
    int month = -1, day = -1, yday = -1;
    int hour = 0, min = 0, sec = 0, nsec = 0;
    bool zUtc = false;
    int zoneOffset = -1;
    std::string zoneName;

    for (;;) {
        const StdChunk c = nextStdChunk(layout);
        if (!skip(value, c.prefix))
            return fail(c.prefix, value, "");
        if (c.std == Std::None) {
            if (!value.empty())
                return fail("", value, ": extra text: " + timeQuote(value));
            break;
        }
        layout = c.suffix;
        const std::string_view hold = value;
        bool ok = true;
        switch (c.std) {
        case Std::Year: {
            if (value.size() < 2) {
                ok = false;
                break;
            }
            const std::string_view p = value.substr(0, 2);
            value.remove_prefix(2);
            ok = goAtoi(p, year);
            if (ok)
                year += year >= 69 ? 1900 : 2000;
            break;
        }
        case Std::LongYear:
            if (value.size() < 4 || !isDigitAt(value, 0)) {
                ok = false;
                break;
            }
            ok = goAtoi(value.substr(0, 4), year);
            value.remove_prefix(4);
            break;
        case Std::Month:
            month = lookupName(kShortMonthNames, value) + 1;
            ok = month > 0;
            break;
        case Std::LongMonth:
            month = lookupName(kLongMonthNames, value) + 1;
            ok = month > 0;
            break;
        case Std::NumMonth:
        case Std::ZeroMonth:
            month = 0;
            ok = getnum(value, c.std == Std::ZeroMonth, month);
            if (ok && (month <= 0 || month > 12))
                rangeErr = "month";
            break;
        case Std::WeekDay: ok = lookupName(kShortDayNames, value) >= 0; break;
        case Std::LongWeekDay: ok = lookupName(kLongDayNames, value) >= 0; break;
        case Std::Day:
        case Std::UnderDay:
        case Std::ZeroDay:
            if (c.std == Std::UnderDay && !value.empty() && value[0] == ' ')
                value.remove_prefix(1);
            day = 0;
            ok = getnum(value, c.std == Std::ZeroDay, day);
            break;
        case Std::UnderYearDay:
        case Std::ZeroYearDay:
            for (int i = 0; i < 2; ++i) {
                if (c.std == Std::UnderYearDay && !value.empty() && value[0] == ' ')
                    value.remove_prefix(1);
            }
            ok = getnum3(value, c.std == Std::ZeroYearDay, yday);
            break;
        case Std::Hour:
            hour = 0;
            ok = getnum(value, false, hour);
            if (hour < 0 || hour >= 24)
                rangeErr = "hour";
            break;
        case Std::Hour12:
        case Std::ZeroHour12:
            hour = 0;
            ok = getnum(value, c.std == Std::ZeroHour12, hour);
            if (hour < 0 || hour > 12)
                rangeErr = "hour";
            break;
        case Std::Minute:
        case Std::ZeroMinute:
            min = 0;
            ok = getnum(value, c.std == Std::ZeroMinute, min);
            if (min < 0 || min >= 60)
                rangeErr = "minute";
            break;
        case Std::Second:
        case Std::ZeroSecond: {
            sec = 0;
            ok = getnum(value, c.std == Std::ZeroSecond, sec);
            if (!ok)
                break;
            if (sec < 0 || sec >= 60) {
                rangeErr = "second";
                break;
            }
            // A fractional second in the value that the layout does not mention.
            if (value.size() >= 2 && commaOrPeriod(value[0]) && isDigitAt(value, 1)) {
                const Std next = nextStdChunk(layout).std;
                if (next == Std::FracSecond0 || next == Std::FracSecond9)
                    break;
                std::size_t n = 2;
                while (n < value.size() && isDigitAt(value, n))
                    ++n;
                ok = parseNanoseconds(value, n, nsec, rangeErr);
                value.remove_prefix(n);
            }
            break;
        }
        case Std::PM:
        case Std::pm: {
            if (value.size() < 2) {
                ok = false;
                break;
            }
            const std::string_view p = value.substr(0, 2);
            value.remove_prefix(2);
            const bool upper = c.std == Std::PM;
            if (p == (upper ? "PM" : "pm"))
                pmSet = true;
            else if (p == (upper ? "AM" : "am"))
                amSet = true;
            else
                ok = false;
            break;
        }
        case Std::ISO8601TZ:
        case Std::ISO8601ShortTZ:
        case Std::ISO8601ColonTZ:
        case Std::ISO8601SecondsTZ:
        case Std::ISO8601ColonSecondsTZ:
            if (!value.empty() && value[0] == 'Z') {
                value.remove_prefix(1);
                zUtc = true;
                break;
            }
            [[fallthrough]];
        case Std::NumTZ:
        case Std::NumShortTZ:
        case Std::NumColonTZ:
        case Std::NumSecondsTz:
        case Std::NumColonSecondsTZ:
            ok = parseNumericOffset(c.std, value, zoneOffset, rangeErr);
            break;
        case Std::TZ: {
            if (value.substr(0, 3) == "UTC") {
                zUtc = true;
                value.remove_prefix(3);
                break;
            }
            const std::size_t n = parseTimeZone(value);
            if (n == 0) {
                ok = false;
                break;
            }
            zoneName = std::string(value.substr(0, n));
            value.remove_prefix(n);
            break;
        }
        case Std::FracSecond0: {
            // exactly as many digits as the layout has
            const std::size_t ndigit = 1 + static_cast<std::size_t>(c.fracDigits);
            if (value.size() < ndigit) {
                ok = false;
                break;
            }
            ok = parseNanoseconds(value, ndigit, nsec, rangeErr);
            value.remove_prefix(ndigit);
            break;
        }
        case Std::FracSecond9: {
            if (value.size() < 2 || !commaOrPeriod(value[0]) || value[1] < '0' || value[1] > '9')
                break; // fraction omitted
            std::size_t i = 0;
            while (i + 1 < value.size() && isDigitAt(value, i + 1))
                ++i;
            ok = parseNanoseconds(value, 1 + i, nsec, rangeErr);
            value.remove_prefix(1 + i);
            break;
        }
        case Std::None: break;
        }
        if (!rangeErr.empty())
            return fail(c.stdText, value, ": " + rangeErr + " out of range");
        if (!ok)
            return fail(c.stdText, hold, "");
    }

    if (pmSet && hour < 12)
        hour += 12;
    else if (amSet && hour == 12)
        hour = 0;

    if (yday >= 0) {
        const std::string message = monthDayFromYearDay(year, yday, month, day);
        if (!message.empty())
            return fail("", value, message);
    } else {
        if (month < 0)
            month = 1;
        if (day < 0)
            day = 1;
    }
    if (day < 1 || day > daysIn(month, year))
        return fail("", value, ": day out of range");

    if (zUtc)
        return date(year, month, day, hour, min, sec, nsec, GoLocation::utc());

    if (zoneOffset != -1) {
        GoTime t = date(year, month, day, hour, min, sec, nsec, GoLocation::utc());
        t.m_sec -= zoneOffset;
        // Use the location when the offset (and name) is the one in effect there.
        const GoLocation::Zone z = local->lookup(t.m_sec);
        if (z.offset == zoneOffset && (zoneName.empty() || z.name == zoneName)) {
            t.m_loc = local;
            return t;
        }
        t.m_loc = GoLocation::fixedZone(zoneName, zoneOffset);
        return t;
    }

    if (!zoneName.empty()) {
        GoTime t = date(year, month, day, hour, min, sec, nsec, GoLocation::utc());
        if (const auto offset = local->lookupName(zoneName, t.m_sec)) {
            t.m_sec -= *offset;
            t.m_loc = local;
            return t;
        }
        // Unknown abbreviation: a fake zone, with GMT±h's offset.
        std::int64_t offset = 0;
        if (zoneName.size() > 3 && zoneName.compare(0, 3, "GMT") == 0) {
            goAtoi(std::string_view(zoneName).substr(3), offset);
            offset *= 3600;
        }
        t.m_loc = GoLocation::fixedZone(zoneName, static_cast<int>(offset));
        return t;
    }

    return date(year, month, day, hour, min, sec, nsec, local);
}

GoTime GoTime::add(std::int64_t d) const
{
    GoTime t = *this;
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

std::int64_t GoTime::sub(const GoTime &u) const
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
    const GoTime back = u.withoutMonotonic().add(d);
    if (back.m_sec == m_sec && back.m_nsec == m_nsec)
        return d;
    return before(u) ? kMinDuration : kMaxDuration;
}

GoTime GoTime::addDate(std::int64_t years, std::int64_t months, std::int64_t days) const
{
    const Civil c = civil();
    return date(c.year + years, c.month + months, c.day + days, c.hour, c.minute, c.second, m_nsec, m_loc);
}

GoTime GoTime::in(GoLocationPtr location) const
{
    GoTime t = withoutMonotonic();
    t.m_loc = location ? std::move(location) : GoLocation::utc();
    return t;
}

GoTime GoTime::withoutMonotonic() const
{
    GoTime t = *this;
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

GoTime GoTime::truncate(std::int64_t d) const
{
    GoTime t = withoutMonotonic();
    if (d <= 0)
        return t;
    return t.add(-remainderSinceZero(m_sec, m_nsec, d));
}

GoTime GoTime::round(std::int64_t d) const
{
    GoTime t = withoutMonotonic();
    if (d <= 0)
        return t;
    const std::int64_t r = remainderSinceZero(m_sec, m_nsec, d);
    if (static_cast<std::uint64_t>(r) + static_cast<std::uint64_t>(r) < static_cast<std::uint64_t>(d))
        return t.add(-r);
    return t.add(d - r);
}

bool GoTime::before(const GoTime &u) const
{
    if (m_hasMono && u.m_hasMono)
        return m_mono < u.m_mono;
    return m_sec < u.m_sec || (m_sec == u.m_sec && m_nsec < u.m_nsec);
}

bool GoTime::after(const GoTime &u) const
{
    if (m_hasMono && u.m_hasMono)
        return m_mono > u.m_mono;
    return m_sec > u.m_sec || (m_sec == u.m_sec && m_nsec > u.m_nsec);
}

bool GoTime::equal(const GoTime &u) const
{
    if (m_hasMono && u.m_hasMono)
        return m_mono == u.m_mono;
    return m_sec == u.m_sec && m_nsec == u.m_nsec;
}

bool GoTime::isZero() const
{
    return m_sec == kZeroTimeUnix && m_nsec == 0;
}

Value GoTime::toValue(const GoTime &t)
{
    return Value(std::make_shared<const GoTime>(t));
}

std::string GoTime::toString() const
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

Value GoTime::jsonValue() const
{
    return Value(format("2006-01-02T15:04:05.999999999Z07:00"));
}

bool GoTime::equals(const GoObject &other) const
{
    // Go's == on time.Time: same instant, location and monotonic reading.
    const auto *o = dynamic_cast<const GoTime *>(&other);
    return o && o->m_sec == m_sec && o->m_nsec == m_nsec && o->m_loc == m_loc && o->m_hasMono == m_hasMono &&
           o->m_mono == m_mono;
}

const FunctionSpec *GoTime::method(std::string_view name) const
{
    static const MethodTable table = buildTimeMethods();
    return findMethod(table, name);
}

const GoTime *asGoTime(const Value &v)
{
    return v.isObject() ? dynamic_cast<const GoTime *>(&v.object()) : nullptr;
}

const GoDuration *asGoDuration(const Value &v)
{
    return v.isObject() ? dynamic_cast<const GoDuration *>(&v.object()) : nullptr;
}

} // namespace ds::tmpl
