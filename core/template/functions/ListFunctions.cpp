// SPDX-License-Identifier: Apache-2.0
// Sprig list functions (tst_templatevectors). They accept any slice and
// return new []interface{} values; bad input is a Go panic text.
#include "FunctionGroups.h"
#include "go/GoCast.h"
#include "SprigValues.h"
#include "template/FunctionError.h"
#include "template/RenderBudget.h"
#include "template/FunctionRegistry.h"
#include "go/GoFmt.h"

#include <cmath>
#include <cstdint>

namespace ds::tmpl {

namespace {

using P = ParamType;
constexpr std::size_t kMaxListLength = 10'000'000; // keeps `until 1e9` from exhausting memory

// The list argument of a sprig function: its elements, or the Go error for
// `verb` ("Cannot find first on type string").
const ValueList &requireList(const Value &v, const char *what)
{
    const std::string kind = sprig::listKindOrPanic(v);
    if (!v.isList())
        throw FunctionError(std::string(what) + " " + kind);
    return v.list();
}

Value list(ValueList items) { return Value(std::move(items)); }

bool contains(const ValueList &items, const Value &x)
{
    for (const Value &e : items)
        if (sprig::deepEqual(e, x))
            return true;
    return false;
}

// How many elements untilStep(start, stop, step) has, without building them
// (the difference of two int64 fits in a uint64).
std::uint64_t untilStepCount(std::int64_t start, std::int64_t stop, std::int64_t step)
{
    if (stop < start && step < 0) {
        const std::uint64_t span = std::uint64_t(start) - std::uint64_t(stop);
        const std::uint64_t by = std::uint64_t(0) - std::uint64_t(step);
        return span / by + (span % by != 0);
    }
    if (stop > start && step > 0) {
        const std::uint64_t span = std::uint64_t(stop) - std::uint64_t(start);
        const std::uint64_t by = std::uint64_t(step);
        return span / by + (span % by != 0);
    }
    return 0;
}

Value untilStep(std::int64_t start, std::int64_t stop, std::int64_t step)
{
    // Refused before anything is built: `seq 1e18` fails at once instead of
    // filling memory up to the limit first.
    const std::uint64_t count = untilStepCount(start, stop, step);
    if (count > kMaxListLength)
        throw FunctionError("list longer than Driftscope's limit of " + std::to_string(kMaxListLength) + " elements");
    chargeRender(std::size_t(count), sizeof(Value));
    ValueList v;
    v.reserve(std::size_t(count));
    std::int64_t i = start;
    for (std::uint64_t n = 0; n < count; ++n, i += (n < count ? step : 0))
        v.push_back(Value::fromInt(i));
    return Value(std::move(v), Value::ListType::Int);
}

std::string joinInts(const Value &ints)
{
    std::string out;
    for (const Value &v : ints.list()) {
        if (!out.empty())
            out += ' ';
        out += std::to_string(v.toInt64());
    }
    return out;
}

std::string seq(const std::vector<Value> &p)
{
    auto at = [&](std::size_t i) { return p[i].toInt64(); };
    switch (p.size()) {
    case 1: {
        const std::int64_t end = at(0);
        const std::int64_t inc = end < 1 ? -1 : 1;
        return joinInts(untilStep(1, end + inc, inc));
    }
    case 2: {
        const std::int64_t step = at(1) < at(0) ? -1 : 1;
        return joinInts(untilStep(at(0), at(1) + step, step));
    }
    case 3: {
        const std::int64_t start = at(0), step = at(1), end = at(2);
        std::int64_t inc = 1;
        if (end < start) {
            inc = -1;
            if (step > 0)
                return "";
        }
        return joinInts(untilStep(start, end + inc, step));
    }
    default: return "";
    }
}

Value chunk(std::int64_t size, const Value &listValue)
{
    const ValueList &items = requireList(listValue, "Cannot chunk type");
    const auto l = static_cast<std::int64_t>(items.size());
    const double csf = std::floor(static_cast<double>(l - 1) / static_cast<double>(size)) + 1;
    if (!(csf >= 0) || csf > 1e12)
        throw FunctionError("runtime error: makeslice: len out of range");
    const auto cs = static_cast<std::int64_t>(csf);
    ValueList out;
    for (std::int64_t i = 0; i < cs; ++i) {
        std::int64_t clen = size;
        if (i == cs - 1) {
            clen = static_cast<std::int64_t>(std::floor(std::fmod(static_cast<double>(l), static_cast<double>(size))));
            if (clen == 0)
                clen = size;
        }
        if (clen < 0)
            throw FunctionError("runtime error: makeslice: len out of range");
        ValueList piece;
        for (std::int64_t j = 0; j < clen; ++j)
            piece.push_back(items[static_cast<std::size_t>(i * size + j)]);
        out.push_back(Value(std::move(piece)));
    }
    return Value(std::move(out), Value::ListType::InterfaceList);
}

Value sliceOf(const Value &listValue, const std::vector<Value> &indices)
{
    const std::string kind = sprig::listKindOrPanic(listValue);
    if (!listValue.isList())
        throw FunctionError("list should be type of slice or array but " + kind);
    const ValueList &items = listValue.list();
    if (items.empty())
        return Value::null();
    std::int64_t start = 0;
    auto end = static_cast<std::int64_t>(items.size());
    if (!indices.empty())
        start = go::cast::toInt(indices[0]);
    if (indices.size() >= 2)
        end = go::cast::toInt(indices[1]);
    if (start < 0 || end < start || end > static_cast<std::int64_t>(items.size()))
        throw FunctionError("reflect.Value.Slice: slice index out of bounds");
    ValueList out(items.begin() + start, items.begin() + end);
    return Value(std::move(out), listValue.listType());
}

void registerLists(FunctionRegistry &r, const std::string &name, bool must,
                   std::function<Value(std::vector<Value> &)> fn, std::vector<ParamType> params, bool variadic = false)
{
    (void)must;
    FunctionImpl impl = [fn](FunctionContext &, std::vector<Value> &a) { return fn(a); };
    if (variadic)
        r.addVariadic(name, std::move(params), std::move(impl));
    else
        r.add(name, std::move(params), std::move(impl));
}

} // namespace

void registerListFunctions(FunctionRegistry &r)
{
    r.addVariadic("list", {P::Any}, [](FunctionContext &, std::vector<Value> &a) { return list(a); });
    r.addAlias("tuple", "list");

    auto push = [](std::vector<Value> &a) {
        ValueList out = requireList(a[0], "Cannot push on type");
        out.push_back(a[1]);
        return list(std::move(out));
    };
    auto prepend = [](std::vector<Value> &a) {
        const ValueList &in = requireList(a[0], "Cannot prepend on type");
        ValueList out;
        out.reserve(in.size() + 1);
        out.push_back(a[1]);
        out.insert(out.end(), in.begin(), in.end());
        return list(std::move(out));
    };
    auto first = [](std::vector<Value> &a) {
        const ValueList &in = requireList(a[0], "Cannot find first on type");
        return in.empty() ? Value::null() : in.front();
    };
    auto last = [](std::vector<Value> &a) {
        const ValueList &in = requireList(a[0], "Cannot find last on type");
        return in.empty() ? Value::null() : in.back();
    };
    auto rest = [](std::vector<Value> &a) {
        const ValueList &in = requireList(a[0], "Cannot find rest on type");
        if (in.empty())
            return Value::nilList();
        return list(ValueList(in.begin() + 1, in.end()));
    };
    auto initial = [](std::vector<Value> &a) {
        const ValueList &in = requireList(a[0], "Cannot find initial on type");
        if (in.empty())
            return Value::nilList();
        return list(ValueList(in.begin(), in.end() - 1));
    };
    auto reverse = [](std::vector<Value> &a) {
        const ValueList &in = requireList(a[0], "Cannot find reverse on type");
        return list(ValueList(in.rbegin(), in.rend()));
    };
    auto compact = [](std::vector<Value> &a) {
        ValueList out;
        for (const Value &e : requireList(a[0], "Cannot compact on type"))
            if (!sprig::isEmpty(e))
                out.push_back(e);
        return list(std::move(out));
    };
    auto uniq = [](std::vector<Value> &a) {
        ValueList out;
        for (const Value &e : requireList(a[0], "Cannot find uniq on type"))
            if (!contains(out, e))
                out.push_back(e);
        return list(std::move(out));
    };
    auto without = [](std::vector<Value> &a) {
        const ValueList omit(a.begin() + 1, a.end());
        ValueList out;
        for (const Value &e : requireList(a[0], "Cannot find without on type"))
            if (!contains(omit, e))
                out.push_back(e);
        return list(std::move(out));
    };
    auto has = [](std::vector<Value> &a) {
        if (a[1].isNothing())
            return Value(false);
        return Value(contains(requireList(a[1], "Cannot find has on type"), a[0]));
    };
    auto slice = [](std::vector<Value> &a) { return sliceOf(a[0], std::vector<Value>(a.begin() + 1, a.end())); };
    auto chunkFn = [](std::vector<Value> &a) { return chunk(a[0].toInt64(), a[1]); };

    for (bool must : {false, true}) {
        const std::string m = must ? "must" : "";
        auto name = [&](const char *base) {
            std::string n = base;
            if (must)
                n[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(n[0])));
            return m + n;
        };
        registerLists(r, name("append"), must, push, {P::Any, P::Any});
        registerLists(r, name("push"), must, push, {P::Any, P::Any});
        registerLists(r, name("prepend"), must, prepend, {P::Any, P::Any});
        registerLists(r, name("first"), must, first, {P::Any});
        registerLists(r, name("last"), must, last, {P::Any});
        registerLists(r, name("rest"), must, rest, {P::Any});
        registerLists(r, name("initial"), must, initial, {P::Any});
        registerLists(r, name("reverse"), must, reverse, {P::Any});
        registerLists(r, name("compact"), must, compact, {P::Any});
        registerLists(r, name("uniq"), must, uniq, {P::Any});
        registerLists(r, name("without"), must, without, {P::Any, P::Any}, true);
        registerLists(r, name("has"), must, has, {P::Any, P::Any});
        registerLists(r, name("slice"), must, slice, {P::Any, P::Any}, true);
        registerLists(r, name("chunk"), must, chunkFn, {P::Int, P::Any});
    }

    r.addVariadic("concat", {P::Any}, [](FunctionContext &, std::vector<Value> &a) {
        ValueList out;
        bool any = false;
        for (const Value &l : a) {
            const std::string kind = sprig::listKindOrPanic(l);
            if (!l.isList())
                throw FunctionError("Cannot concat type " + kind + " as list");
            for (const Value &e : l.list()) {
                out.push_back(e);
                any = true;
            }
        }
        return any ? list(std::move(out)) : Value::nilList();
    });
    r.add("until", {P::Int}, [](FunctionContext &, std::vector<Value> &a) {
        const std::int64_t n = a[0].toInt64();
        return untilStep(0, n, n < 0 ? -1 : 1);
    });
    r.add("untilStep", {P::Int, P::Int, P::Int}, [](FunctionContext &, std::vector<Value> &a) {
        return untilStep(a[0].toInt64(), a[1].toInt64(), a[2].toInt64());
    });
    r.addVariadic("seq", {P::Int}, [](FunctionContext &, std::vector<Value> &a) { return Value(seq(a)); });
}

} // namespace ds::tmpl
