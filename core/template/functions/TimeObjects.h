// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "go/GoTime.h"
#include "template/TemplateObject.h"

#include <cstdint>
#include <string>
#include <string_view>

// time.Time, time.Duration, time.Month and time.Weekday as template values:
// Go's time port (core/go/GoTime.h) with the methods templates can call
// (`.Year`, `.Format "…"`, `(.Sub $t).Hours`, …).
namespace ds::tmpl {

// time.Month / time.Weekday: int kinds that print their names.
class NamedIntObject : public TemplateObject
{
public:
    NamedIntObject(std::string typeName, int value, std::string name);
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
class DurationObject : public TemplateObject
{
public:
    explicit DurationObject(std::int64_t ns) : m_ns(ns) {}
    std::int64_t nanoseconds() const { return m_ns; }
    std::string typeName() const override { return "time.Duration"; }
    std::string toString() const override { return go::durationString(m_ns); }
    std::string kindName() const override { return "int64"; }
    Value jsonValue() const override { return Value::fromInt64(m_ns); }
    bool truth() const override { return m_ns != 0; }
    bool equals(const GoObject &other) const override;
    const FunctionSpec *method(std::string_view name) const override;

private:
    std::int64_t m_ns;
};

// time.Time.
class TimeObject : public TemplateObject
{
public:
    explicit TimeObject(go::Time time) : m_time(std::move(time)) {}
    const go::Time &time() const { return m_time; }
    std::string typeName() const override { return "time.Time"; }
    std::string toString() const override { return m_time.toString(); }
    std::string kindName() const override { return "struct"; }
    Value jsonValue() const override { return Value(m_time.jsonText()); }
    bool equals(const GoObject &other) const override;
    const FunctionSpec *method(std::string_view name) const override;

private:
    go::Time m_time;
};

Value timeValue(const go::Time &t);
Value durationValue(std::int64_t ns);
const TimeObject *asTimeObject(const Value &v);
const DurationObject *asDurationObject(const Value &v);

} // namespace ds::tmpl
