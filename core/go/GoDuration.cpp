// SPDX-License-Identifier: Apache-2.0
// time.Duration: String, Round, Truncate (time.go) and ParseDuration (format.go).
#include "GoTime.h"

#include "GoTimeInternal.h"

#include <cstdint>

namespace ds::go {

using namespace timedetail;

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

std::string durationString(std::int64_t d)
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

std::int64_t roundDuration(std::int64_t d, std::int64_t m)
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

std::int64_t truncateDuration(std::int64_t d, std::int64_t m)
{
    return m <= 0 ? d : d - d % m;
}

bool parseDuration(std::string_view text, std::int64_t &ns, std::string &error)
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

} // namespace ds::go
