// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "value/Value.h"

#include <cstddef>
#include <string_view>

namespace ds::tmpl {

// What functions may build during one render. The executor's output cap and step
// budget cannot see inside a function call, so {{repeat 2000000000 "x"}}, a
// doubling loop or toJson of a self-nested list would otherwise exhaust memory
// or time. Functions charge the size of what they are about to build; a charge
// over the budget throws FunctionError ("error calling repeat: ...").
class RenderBudget
{
public:
    RenderBudget(std::size_t maxValueBytes, std::size_t maxTotalBytes);

    // Throws FunctionError when one result of `bytes` exceeds the per-value cap or
    // the render's running total.
    void charge(std::size_t bytes);
    std::size_t maxValueBytes() const { return m_maxValueBytes; }

    // The budget of the render running on this thread (nullptr outside renders).
    static RenderBudget *current();

    // Makes `budget` current for its lifetime (renders nest: lookupCR, go-template patches).
    class Scope
    {
    public:
        explicit Scope(RenderBudget &budget);
        ~Scope();
        Scope(const Scope &) = delete;
        Scope &operator=(const Scope &) = delete;

    private:
        RenderBudget *m_previous;
    };

private:
    std::size_t m_maxValueBytes;
    std::size_t m_maxTotalBytes;
    std::size_t m_total = 0;
};

// Charges the current render's budget, if any (count × size, overflow-safe).
void chargeRender(std::size_t count, std::size_t bytesEach = 1);

// Bytes a serialiser would produce for `value`, roughly (shared sub-trees count
// every time they are reached); the walk stops as soon as the size exceeds `cap`.
std::size_t serialisedSize(const Value &value, std::size_t cap);

// chargeRender(serialisedSize(value)) before serialising a value of unknown shape.
void chargeSerialising(const Value &value);

// Functions whose work grows with the full size of their arguments (printing,
// encoding, deep copies and merges): the executor charges their arguments first.
bool walksArguments(std::string_view functionName);

// Whether `value` reaches the map `container` (so storing value in it would make
// a cycle, which Go allows but then cannot print; Driftscope refuses it).
bool reaches(const Value &value, const ValueMap *container);

} // namespace ds::tmpl
