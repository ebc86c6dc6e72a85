// SPDX-License-Identifier: Apache-2.0
#include "TimeObjects.h"

#include "go/GoTypes.h"
#include "template/FunctionError.h"

#include <map>

namespace ds::tmpl {

namespace {

constexpr std::int64_t kNanosPerSecond = 1000000000;
constexpr std::int64_t kMinDuration = INT64_MIN;
constexpr std::int64_t kMaxDuration = INT64_MAX;

// Wrapping arithmetic, as Go's int64 overflows silently.
std::int64_t wrapMul(std::int64_t a, std::int64_t b)
{
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) * static_cast<std::uint64_t>(b));
}

std::int64_t wrapAdd(std::int64_t a, std::int64_t b)
{
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) + static_cast<std::uint64_t>(b));
}

// The receiver (or a time.Time argument) of a method.
const go::Time &timeOf(const Value &v)
{
    const TimeObject *t = asTimeObject(v);
    if (!t)
        throw FunctionError("wrong type for value; expected time.Time");
    return t->time();
}

// A time.Duration argument: a Duration value or an integer constant.
std::int64_t durationArg(const Value &v)
{
    if (const DurationObject *d = asDurationObject(v))
        return d->nanoseconds();
    if (v.type() == Value::Type::Int)
        return v.toInt64();
    throw FunctionError("wrong type for value; expected time.Duration; got " + go::typeName(v));
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
    return Value(std::make_shared<const NamedIntObject>("time.Month", month, go::monthName(month)));
}

Value weekdayValue(int weekday)
{
    return Value(std::make_shared<const NamedIntObject>("time.Weekday", weekday, go::weekdayName(weekday)));
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
    civilInt("Year", [](const go::Time::Civil &c) { return c.year; });
    civilInt("Day", [](const go::Time::Civil &c) { return std::int64_t(c.day); });
    civilInt("Hour", [](const go::Time::Civil &c) { return std::int64_t(c.hour); });
    civilInt("Minute", [](const go::Time::Civil &c) { return std::int64_t(c.minute); });
    civilInt("Second", [](const go::Time::Civil &c) { return std::int64_t(c.second); });
    civilInt("YearDay", [](const go::Time::Civil &c) { return std::int64_t(c.yearDay); });
    def(t, "Month", {}, [](FunctionContext &, std::vector<Value> &a) { return monthValue(timeOf(a[0]).civil().month); });
    def(t, "Weekday", {}, [](FunctionContext &, std::vector<Value> &a) {
        return weekdayValue(timeOf(a[0]).civil().weekday);
    });
    def(t, "Nanosecond", {}, [](FunctionContext &, std::vector<Value> &a) {
        return Value::fromInt(timeOf(a[0]).nanosecond());
    });
    auto unixScaled = [&](std::string name, std::int64_t perSecond) {
        def(t, std::move(name), {}, [perSecond](FunctionContext &, std::vector<Value> &a) {
            const go::Time &self = timeOf(a[0]);
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
        return timeValue(timeOf(a[0]).in(go::Location::utc()));
    });
    def(t, "Local", {}, [](FunctionContext &, std::vector<Value> &a) {
        return timeValue(timeOf(a[0]).in(go::Location::local()));
    });
    def(t, "Add", {P::Any}, [](FunctionContext &, std::vector<Value> &a) {
        return timeValue(timeOf(a[0]).add(durationArg(a[1])));
    });
    def(t, "Sub", {P::Time}, [](FunctionContext &, std::vector<Value> &a) {
        return durationValue(timeOf(a[0]).sub(timeOf(a[1])));
    });
    def(t, "AddDate", {P::Int, P::Int, P::Int}, [](FunctionContext &, std::vector<Value> &a) {
        return timeValue(timeOf(a[0]).addDate(a[1].toInt64(), a[2].toInt64(), a[3].toInt64()));
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
        const go::Time &self = timeOf(a[0]);
        const go::Time &u = timeOf(a[1]);
        return Value::fromInt(self.before(u) ? -1 : self.after(u) ? 1 : 0);
    });
    def(t, "IsZero", {}, [](FunctionContext &, std::vector<Value> &a) { return Value(timeOf(a[0]).isZero()); });
    def(t, "Truncate", {P::Any}, [](FunctionContext &, std::vector<Value> &a) {
        return timeValue(timeOf(a[0]).truncate(durationArg(a[1])));
    });
    def(t, "Round", {P::Any}, [](FunctionContext &, std::vector<Value> &a) {
        return timeValue(timeOf(a[0]).round(durationArg(a[1])));
    });
    return t;
}

MethodTable buildDurationMethods()
{
    using P = ParamType;
    MethodTable t;
    auto ns = [](const Value &v) { return asDurationObject(v)->nanoseconds(); };
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
    def(t, "String", {}, [ns](FunctionContext &, std::vector<Value> &a) { return Value(go::durationString(ns(a[0]))); });
    def(t, "Round", {P::Any}, [ns](FunctionContext &, std::vector<Value> &a) {
        return durationValue(go::roundDuration(ns(a[0]), durationArg(a[1])));
    });
    def(t, "Truncate", {P::Any}, [ns](FunctionContext &, std::vector<Value> &a) {
        return durationValue(go::truncateDuration(ns(a[0]), durationArg(a[1])));
    });
    def(t, "Abs", {}, [ns](FunctionContext &, std::vector<Value> &a) {
        const std::int64_t d = ns(a[0]);
        return durationValue(d >= 0 ? d : d == kMinDuration ? kMaxDuration : -d);
    });
    return t;
}

} // namespace

NamedIntObject::NamedIntObject(std::string typeName, int value, std::string name)
    : m_typeName(std::move(typeName)), m_value(value), m_name(std::move(name))
{
}

bool NamedIntObject::equals(const GoObject &other) const
{
    const auto *o = dynamic_cast<const NamedIntObject *>(&other);
    return o && o->m_typeName == m_typeName && o->m_value == m_value;
}

const FunctionSpec *NamedIntObject::method(std::string_view name) const
{
    static const MethodTable table = [] {
        MethodTable t;
        def(t, "String", {}, [](FunctionContext &, std::vector<Value> &a) { return Value(a[0].object().toString()); });
        return t;
    }();
    return findMethod(table, name);
}

bool DurationObject::equals(const GoObject &other) const
{
    const auto *o = dynamic_cast<const DurationObject *>(&other);
    return o && o->m_ns == m_ns;
}

const FunctionSpec *DurationObject::method(std::string_view name) const
{
    static const MethodTable table = buildDurationMethods();
    return findMethod(table, name);
}

bool TimeObject::equals(const GoObject &other) const
{
    const auto *o = dynamic_cast<const TimeObject *>(&other);
    return o && o->m_time.identical(m_time);
}

const FunctionSpec *TimeObject::method(std::string_view name) const
{
    static const MethodTable table = buildTimeMethods();
    return findMethod(table, name);
}

Value timeValue(const go::Time &t)
{
    return Value(std::make_shared<const TimeObject>(t));
}

Value durationValue(std::int64_t ns)
{
    return Value(std::make_shared<const DurationObject>(ns));
}

const TimeObject *asTimeObject(const Value &v)
{
    return v.isObject() ? dynamic_cast<const TimeObject *>(&v.object()) : nullptr;
}

const DurationObject *asDurationObject(const Value &v)
{
    return v.isObject() ? dynamic_cast<const DurationObject *>(&v.object()) : nullptr;
}

} // namespace ds::tmpl
