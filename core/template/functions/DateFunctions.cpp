// SPDX-License-Identifier: Apache-2.0
// Sprig's date functions (tst_gotime), with sprig's exact type
// switches: which argument types are a date, and which silently mean "now".
#include "FunctionGroups.h"
#include "TimeObjects.h"

#include "template/FunctionError.h"
#include "template/FunctionRegistry.h"

#include <cstdint>
#include <limits>

namespace ds::tmpl {

namespace {

constexpr std::int64_t kSecond = 1000000000;

// sprig's `date` argument: time.Time, or Go int/int64 Unix seconds; anything
// else (float64, strings, nil...) is time.Now().
go::Time timeOrNow(const Value &v)
{
    if (const TimeObject *t = asTimeObject(v))
        return t->time();
    if (v.type() == Value::Type::Int || v.type() == Value::Type::Int64)
        return go::Time::fromUnix(v.toInt64());
    return go::Time::now();
}

std::string dateInZone(const std::string &layout, const Value &date, const std::string &zone)
{
    go::LocationPtr location = go::Location::load(zone);
    if (!location)
        location = go::Location::utc();
    return timeOrNow(date).in(location).format(layout);
}

// strconv.ParseInt(s, 10, 64) with the error ignored, as sprig's duration does:
// syntax errors give 0, out-of-range values the clamped bound.
std::int64_t parseIntIgnoringError(std::string_view s)
{
    bool neg = false;
    if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
        neg = s[0] == '-';
        s.remove_prefix(1);
    }
    if (s.empty())
        return 0;
    constexpr std::uint64_t maxVal = std::numeric_limits<std::uint64_t>::max();
    constexpr std::uint64_t cutoff = maxVal / 10 + 1;
    std::uint64_t n = 0;
    for (const char c : s) {
        if (c < '0' || c > '9')
            return 0;
        if (n >= cutoff) {
            n = maxVal; // range error: ParseUint stops here
            break;
        }
        const std::uint64_t n1 = n * 10 + static_cast<std::uint64_t>(c - '0');
        if (n1 < n * 10) {
            n = maxVal;
            break;
        }
        n = n1;
    }
    constexpr std::uint64_t limit = std::uint64_t(1) << 63;
    if (!neg && n >= limit)
        return std::numeric_limits<std::int64_t>::max();
    if (neg && n > limit)
        return std::numeric_limits<std::int64_t>::min();
    return neg ? static_cast<std::int64_t>(0 - n) : static_cast<std::int64_t>(n);
}

std::string durationRound(const Value &v)
{
    std::int64_t d = 0;
    if (v.isString()) {
        std::string error;
        go::parseDuration(v.str(), d, error); // d = 0 on error
    } else if (v.type() == Value::Type::Int64) {
        d = v.toInt64();
    } else if (const TimeObject *t = asTimeObject(v)) {
        d = go::Time::now().sub(t->time());
    }
    std::uint64_t u = static_cast<std::uint64_t>(d);
    if (d < 0)
        u = 0 - u;
    constexpr std::uint64_t second = kSecond;
    constexpr std::uint64_t minute = 60 * second;
    constexpr std::uint64_t hour = 60 * minute;
    constexpr std::uint64_t day = 24 * hour;
    constexpr std::uint64_t month = 30 * day;
    constexpr std::uint64_t year = 365 * day;
    // strictly greater: exactly one minute is still "60s"
    if (u > year)
        return std::to_string(u / year) + "y";
    if (u > month)
        return std::to_string(u / month) + "mo";
    if (u > day)
        return std::to_string(u / day) + "d";
    if (u > hour)
        return std::to_string(u / hour) + "h";
    if (u > minute)
        return std::to_string(u / minute) + "m";
    if (u > second)
        return std::to_string(u / second) + "s";
    return "0s";
}

std::optional<go::Time> parseLocal(const std::string &layout, const std::string &value, std::string &error)
{
    return go::Time::parseInLocation(layout, value, go::Location::local(), error);
}

} // namespace

void registerDateFunctions(FunctionRegistry &registry)
{
    using P = ParamType;
    registry.add("now", {}, [](FunctionContext &, std::vector<Value> &) { return timeValue(go::Time::now()); });
    registry.add("date", {P::String, P::Any}, [](FunctionContext &, std::vector<Value> &a) {
        return Value(dateInZone(a[0].str(), a[1], "Local"));
    });
    registry.add("dateInZone", {P::String, P::Any, P::String}, [](FunctionContext &, std::vector<Value> &a) {
        return Value(dateInZone(a[0].str(), a[1], a[2].str()));
    });
    registry.addAlias("date_in_zone", "dateInZone");
    registry.add("htmlDate", {P::Any}, [](FunctionContext &, std::vector<Value> &a) {
        return Value(dateInZone("2006-01-02", a[0], "Local"));
    });
    registry.add("htmlDateInZone", {P::Any, P::String}, [](FunctionContext &, std::vector<Value> &a) {
        return Value(dateInZone("2006-01-02", a[0], a[1].str()));
    });
    registry.add("dateModify", {P::String, P::Time}, [](FunctionContext &, std::vector<Value> &a) {
        std::int64_t d = 0;
        std::string error;
        if (!go::parseDuration(a[0].str(), d, error))
            return a[1]; // unchanged
        return timeValue(asTimeObject(a[1])->time().add(d));
    });
    registry.addAlias("date_modify", "dateModify");
    registry.add("mustDateModify", {P::String, P::Time}, [](FunctionContext &, std::vector<Value> &a) {
        std::int64_t d = 0;
        std::string error;
        if (!go::parseDuration(a[0].str(), d, error))
            throw FunctionError(error);
        return timeValue(asTimeObject(a[1])->time().add(d));
    });
    registry.addAlias("must_date_modify", "mustDateModify");
    registry.add("ago", {P::Any}, [](FunctionContext &, std::vector<Value> &a) {
        const std::int64_t since = go::Time::now().sub(timeOrNow(a[0]));
        return Value(go::durationString(go::roundDuration(since, kSecond)));
    });
    registry.add("duration", {P::Any}, [](FunctionContext &, std::vector<Value> &a) {
        // only string and int64 count; a Go int (e.g. a constant) is 0
        std::int64_t n = 0;
        if (a[0].isString())
            n = parseIntIgnoringError(a[0].str());
        else if (a[0].type() == Value::Type::Int64)
            n = a[0].toInt64();
        const auto ns = static_cast<std::int64_t>(static_cast<std::uint64_t>(n) * static_cast<std::uint64_t>(kSecond));
        return Value(go::durationString(ns));
    });
    registry.add("durationRound", {P::Any}, [](FunctionContext &, std::vector<Value> &a) {
        return Value(durationRound(a[0]));
    });
    registry.add("toDate", {P::String, P::String}, [](FunctionContext &, std::vector<Value> &a) {
        std::string error;
        const auto t = parseLocal(a[0].str(), a[1].str(), error);
        return timeValue(t ? *t : go::Time()); // failure → zero time
    });
    registry.add("mustToDate", {P::String, P::String}, [](FunctionContext &, std::vector<Value> &a) {
        std::string error;
        const auto t = parseLocal(a[0].str(), a[1].str(), error);
        if (!t)
            throw FunctionError(error);
        return timeValue(*t);
    });
    registry.add("unixEpoch", {P::Time}, [](FunctionContext &, std::vector<Value> &a) {
        return Value(std::to_string(asTimeObject(a[0])->time().unixSeconds()));
    });
}

} // namespace ds::tmpl
