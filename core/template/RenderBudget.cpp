// SPDX-License-Identifier: Apache-2.0
#include "RenderBudget.h"

#include "FunctionError.h"

#include <algorithm>
#include <array>
#include <limits>
#include <string>
#include <vector>

namespace ds::tmpl {

namespace {

thread_local RenderBudget *t_current = nullptr;

constexpr std::size_t kMax = std::numeric_limits<std::size_t>::max();

std::size_t saturatingAdd(std::size_t a, std::size_t b)
{
    return a > kMax - b ? kMax : a + b;
}

// Walks like a serialiser would (shared sub-trees every time they are reached),
// iteratively, stopping once beyond `cap` bytes or kMaxNestingDepth levels.
struct Shape
{
    std::size_t bytes = 0;
    bool tooDeep = false;
};

Shape measure(const Value &value, std::size_t cap)
{
    Shape shape;
    std::vector<std::pair<const Value *, std::size_t>> stack{{&value, 0}};
    while (!stack.empty() && shape.bytes <= cap) {
        const auto [v, depth] = stack.back();
        stack.pop_back();
        if (v->isString()) {
            shape.bytes = saturatingAdd(shape.bytes, v->str().size() + 2);
        } else if ((v->isList() || v->isMap()) && !v->isTypedNil()) {
            if (depth >= kMaxNestingDepth) {
                shape.tooDeep = true;
                return shape;
            }
            if (v->isList()) {
                for (const Value &e : v->list())
                    stack.emplace_back(&e, depth + 1);
                shape.bytes = saturatingAdd(shape.bytes, v->list().size() + 2);
            } else {
                for (const auto &[key, e] : v->map()) {
                    stack.emplace_back(&e, depth + 1);
                    shape.bytes = saturatingAdd(shape.bytes, key.size() + 4);
                }
            }
        } else {
            shape.bytes = saturatingAdd(shape.bytes, 8);
        }
    }
    return shape;
}

} // namespace

RenderBudget::RenderBudget(std::size_t maxValueBytes, std::size_t maxTotalBytes)
    : m_maxValueBytes(maxValueBytes), m_maxTotalBytes(maxTotalBytes)
{
}

void RenderBudget::charge(std::size_t bytes)
{
    if (bytes > m_maxValueBytes)
        throw FunctionError("result of " + std::to_string(bytes) + " bytes exceeds Driftscope's limit of "
                            + std::to_string(m_maxValueBytes) + " bytes per value");
    m_total = saturatingAdd(m_total, bytes);
    if (m_total > m_maxTotalBytes)
        throw FunctionError("template built more than Driftscope's limit of " + std::to_string(m_maxTotalBytes)
                            + " bytes of values");
}

RenderBudget *RenderBudget::current()
{
    return t_current;
}

RenderBudget::Scope::Scope(RenderBudget &budget) : m_previous(t_current)
{
    t_current = &budget;
}

RenderBudget::Scope::~Scope()
{
    t_current = m_previous;
}

void chargeRender(std::size_t count, std::size_t bytesEach)
{
    RenderBudget *budget = RenderBudget::current();
    if (!budget)
        return;
    const std::size_t bytes = bytesEach != 0 && count > kMax / bytesEach ? kMax : count * bytesEach;
    budget->charge(bytes);
}

std::size_t serialisedSize(const Value &value, std::size_t cap)
{
    const Shape shape = measure(value, cap);
    return shape.tooDeep ? std::numeric_limits<std::size_t>::max() : shape.bytes;
}

void chargeSerialising(const Value &value)
{
    RenderBudget *budget = RenderBudget::current();
    if (!budget)
        return;
    // Printing and encoding recurse: refuse what would exhaust the stack.
    const Shape shape = measure(value, budget->maxValueBytes());
    if (shape.tooDeep)
        throw FunctionError("value nests deeper than " + std::to_string(kMaxNestingDepth) + " levels");
    budget->charge(shape.bytes);
}

bool walksArguments(std::string_view functionName)
{
    static constexpr std::array<std::string_view, 23> kNames = {
        "cat", "deepCopy", "join", "merge", "mergeOverwrite", "mustDeepCopy", "mustMerge", "mustMergeOverwrite",
        "mustToJson", "mustToPrettyJson", "mustToRawJson", "print", "printf", "println", "toJson",
        "toPrettyJson", "toRawJson", "toString", "toStrings", "toToml", "toYaml", "fail", "set"};
    return std::find(kNames.begin(), kNames.end(), functionName) != kNames.end();
}

bool reaches(const Value &value, const ValueMap *container)
{
    // Bounded like serialisedSize: a structure this large was refused already.
    std::size_t budget = std::size_t(1) << 26;
    std::vector<const Value *> pending{&value};
    while (!pending.empty() && budget-- > 0) {
        const Value *v = pending.back();
        pending.pop_back();
        if (v->isMap()) {
            if (&v->map() == container)
                return true;
            for (const auto &entry : v->map())
                pending.push_back(&entry.second);
        } else if (v->isList()) {
            for (const Value &e : v->list())
                pending.push_back(&e);
        }
    }
    return false;
}

} // namespace ds::tmpl
