// SPDX-License-Identifier: Apache-2.0
// time.Time's layouts: Format and Parse, Go's time/format.go.
#include "GoTime.h"

#include "GoTimeInternal.h"

#include <algorithm>
#include <cstdint>

namespace ds::go {

using namespace timedetail;

namespace timedetail {

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

} // namespace timedetail

namespace {

bool isDigitAt(std::string_view s, std::size_t i)
{
    return i < s.size() && s[i] >= '0' && s[i] <= '9';
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
    // The separator and nine digits follow start; keep the separator and fracDigits of them.
    if (c.fracDigits < 9)
        b.resize(start + 1 + static_cast<std::size_t>(std::max(c.fracDigits, 0)));
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

} // namespace

std::string Time::format(std::string_view layout) const
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

std::optional<Time> Time::parseInLocation(std::string_view layout, std::string_view value,
                                              const LocationPtr &local, std::string &error)
{
    const std::string_view alayout = layout;
    const std::string_view avalue = value;
    auto fail = [&](std::string_view layoutElem, std::string_view valueElem, const std::string &message) {
        if (message.empty())
            error = "parsing time " + timeQuote(avalue) + " as " + timeQuote(alayout) + ": cannot parse " +
                    timeQuote(valueElem) + " as " + timeQuote(layoutElem);
        else
            error = "parsing time " + timeQuote(avalue) + message;
        return std::optional<Time>();
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
        return date(year, month, day, hour, min, sec, nsec, Location::utc());

    if (zoneOffset != -1) {
        Time t = date(year, month, day, hour, min, sec, nsec, Location::utc());
        t.m_sec -= zoneOffset;
        // Use the location when the offset (and name) is the one in effect there.
        const Location::Zone z = local->lookup(t.m_sec);
        if (z.offset == zoneOffset && (zoneName.empty() || z.name == zoneName)) {
            t.m_loc = local;
            return t;
        }
        t.m_loc = Location::fixedZone(zoneName, zoneOffset);
        return t;
    }

    if (!zoneName.empty()) {
        Time t = date(year, month, day, hour, min, sec, nsec, Location::utc());
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
        t.m_loc = Location::fixedZone(zoneName, static_cast<int>(offset));
        return t;
    }

    return date(year, month, day, hour, min, sec, nsec, local);
}

} // namespace ds::go
