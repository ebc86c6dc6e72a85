// SPDX-License-Identifier: Apache-2.0
// The text/template builtins that take reflect.Value arguments (funcs.go):
// not len index eq ne lt le gt ge call. and/or are handled by the executor
// because they short-circuit.
#include "FunctionError.h"
#include "go/GoFmt.h"
#include "TemplateExecutor.h"
#include "TemplateObject.h"
#include "go/GoTypes.h"

#include <cstdint>

namespace ds::tmpl {

namespace {

enum class Kind { Invalid, Bool, Int, Uint, Float, Complex, String };

RValue unbox(const RValue &v)
{
    if (!v.boxed)
        return v;
    if (v.v.isNull())
        return {};
    return {v.v, false};
}

bool isComplex(const Value &v)
{
    const TemplateObject *o = asTemplateObject(v);
    return o && o->typeName() == "complex128";
}

Kind basicKind(const RValue &rv)
{
    const Value &v = rv.v;
    switch (v.type()) {
    case Value::Type::Bool: return Kind::Bool;
    case Value::Type::Int:
    case Value::Type::Int64: return Kind::Int;
    case Value::Type::Uint8:
    case Value::Type::Uint64: return Kind::Uint;
    case Value::Type::Float64: return Kind::Float;
    case Value::Type::String: return Kind::String;
    case Value::Type::Object: return isComplex(v) ? Kind::Complex : Kind::Invalid;
    default: return Kind::Invalid;
    }
}

bool isNilValue(const RValue &rv)
{
    return !rv.valid() || rv.v.isNull() || rv.v.isTypedNil();
}

const char *kBadComparisonType = "invalid type for comparison";
const char *kBadComparison = "incompatible types for comparison";

bool equalOne(const RValue &a, const RValue &b)
{
    const Kind k1 = basicKind(a);
    const Kind k2 = basicKind(b);
    if (k1 != k2) {
        if (k1 == Kind::Int && k2 == Kind::Uint)
            return a.v.toInt64() >= 0 && static_cast<std::uint64_t>(a.v.toInt64()) == b.v.toUint64();
        if (k1 == Kind::Uint && k2 == Kind::Int)
            return b.v.toInt64() >= 0 && a.v.toUint64() == static_cast<std::uint64_t>(b.v.toInt64());
        if (a.valid() && b.valid())
            throw FunctionError(kBadComparison);
        return false;
    }
    switch (k1) {
    case Kind::Bool: return a.v.toBool() == b.v.toBool();
    case Kind::Complex: return a.v.object().equals(b.v.object());
    case Kind::Float: return a.v.toFloat() == b.v.toFloat();
    case Kind::Int: return a.v.toInt64() == b.v.toInt64();
    case Kind::String: return a.v.str() == b.v.str();
    case Kind::Uint: return a.v.toUint64() == b.v.toUint64();
    case Kind::Invalid: break;
    }
    // Non-basic values (slices, maps, objects) and nil.
    if (isNilValue(a) || isNilValue(b))
        return isNilValue(a) == isNilValue(b);
    if (go::typeName(a.v) != go::typeName(b.v))
        throw FunctionError("non-comparable types " + go::fmt::sprintf("%s", {a.v}) + ": " + go::typeName(a.v)
                            + ", " + go::typeName(b.v) + ": " + go::fmt::formatValue(b.v));
    if (b.v.isList() || b.v.isMap())
        throw FunctionError("non-comparable type " + go::fmt::sprintf("%s", {b.v}) + ": " + go::typeName(b.v));
    return a.v.object().equals(b.v.object()) || a.v.identity() == b.v.identity();
}

bool eq(const std::vector<RValue> &args)
{
    const RValue a = unbox(args[0]);
    if (args.size() < 2)
        throw FunctionError("missing argument for comparison");
    for (std::size_t i = 1; i < args.size(); ++i)
        if (equalOne(a, unbox(args[i])))
            return true;
    return false;
}

bool lt(const RValue &a0, const RValue &b0)
{
    const RValue a = unbox(a0);
    const RValue b = unbox(b0);
    const Kind k1 = basicKind(a);
    if (k1 == Kind::Invalid)
        throw FunctionError(kBadComparisonType);
    const Kind k2 = basicKind(b);
    if (k2 == Kind::Invalid)
        throw FunctionError(kBadComparisonType);
    if (k1 != k2) {
        if (k1 == Kind::Int && k2 == Kind::Uint)
            return a.v.toInt64() < 0 || static_cast<std::uint64_t>(a.v.toInt64()) < b.v.toUint64();
        if (k1 == Kind::Uint && k2 == Kind::Int)
            return b.v.toInt64() >= 0 && a.v.toUint64() < static_cast<std::uint64_t>(b.v.toInt64());
        throw FunctionError(kBadComparison);
    }
    switch (k1) {
    case Kind::Bool:
    case Kind::Complex: throw FunctionError(kBadComparisonType);
    case Kind::Float: return a.v.toFloat() < b.v.toFloat();
    case Kind::Int: return a.v.toInt64() < b.v.toInt64();
    case Kind::String: return a.v.str() < b.v.str();
    case Kind::Uint: return a.v.toUint64() < b.v.toUint64();
    case Kind::Invalid: break;
    }
    throw FunctionError(kBadComparisonType);
}

bool le(const RValue &a, const RValue &b)
{
    return lt(a, b) || eq({a, b});
}

// Go checks 0 <= x <= len, then reflect's Index panics at x == len: with
// "reflect: slice index out of range" or, for a string, "reflect: string index out of range".
std::int64_t indexArg(const RValue &index, std::size_t size, const char *kind = "slice")
{
    std::int64_t x = 0;
    switch (index.v.type()) {
    case Value::Type::Int:
    case Value::Type::Int64: x = index.v.toInt64(); break;
    case Value::Type::Uint8:
    case Value::Type::Uint64: x = static_cast<std::int64_t>(index.v.toUint64()); break;
    case Value::Type::Missing:
    case Value::Type::Null: throw FunctionError("cannot index slice/array with nil");
    default: throw FunctionError("cannot index slice/array with type " + go::typeName(index.v));
    }
    if (x < 0 || x > static_cast<std::int64_t>(size))
        throw FunctionError("index out of range: " + std::to_string(x));
    if (x == static_cast<std::int64_t>(size))
        throw FunctionError(std::string("reflect: ") + kind + " index out of range");
    return x;
}

RValue index(const std::vector<RValue> &args)
{
    RValue item = unbox(args[0]);
    if (!item.valid())
        throw FunctionError("index of untyped nil");
    for (std::size_t i = 1; i < args.size(); ++i) {
        const RValue idx = unbox(args[i]);
        item = unbox(item);
        if (!item.valid())
            throw FunctionError("index of nil pointer");
        const Value &v = item.v;
        if (v.isList()) {
            const std::int64_t x = indexArg(idx, v.size());
            item = {v.list()[static_cast<std::size_t>(x)], v.listType() == Value::ListType::Interface};
        } else if (v.isString()) {
            const std::int64_t x = indexArg(idx, v.size(), "string");
            item = {Value::fromUint8(static_cast<std::uint8_t>(v.str()[static_cast<std::size_t>(x)])), false};
        } else if (v.isMap()) {
            if (!idx.valid())
                throw FunctionError("value is nil; should be of type string");
            if (!idx.v.isString())
                throw FunctionError("value has type " + go::typeName(idx.v) + "; should be string");
            auto it = v.map().find(idx.v.str());
            const bool boxed = v.mapType() == Value::MapType::Interface;
            if (it != v.map().end())
                item = {it->second, boxed};
            else
                item = boxed ? RValue{Value::null(), true} : RValue{Value(std::string()), false};
        } else {
            throw FunctionError("can't index item of type " + go::typeName(v));
        }
    }
    return item;
}

RValue length(const RValue &arg)
{
    if (arg.boxed && arg.v.isNull())
        throw FunctionError("len of nil pointer");
    if (!arg.valid())
        throw FunctionError("reflect: call of reflect.Value.Type on zero Value");
    const Value &v = arg.v;
    if (v.isString() || v.isList() || v.isMap())
        return {Value::fromInt(static_cast<std::int64_t>(v.size())), false};
    throw FunctionError("len of type " + go::typeName(v));
}

RValue call(const std::vector<RValue> &args)
{
    const RValue fn = unbox(args[1]);
    if (!fn.valid())
        throw FunctionError("call of nil");
    throw FunctionError("non-function " + args[0].v.str() + " of type " + go::typeName(fn.v));
}

} // namespace

RValue TemplateExecutor::callBuiltin(const std::string &name, std::vector<RValue> &args, const Node *)
{
    const auto boolean = [](bool b) { return RValue{Value(b), false}; };
    if (name == "not") {
        bool ok = true;
        (void)ok;
        const RValue v = unbox(args[0]);
        // Go's isTrue on the unboxed value
        bool t = false;
        if (v.valid()) {
            switch (v.v.type()) {
            case Value::Type::Bool: t = v.v.toBool(); break;
            case Value::Type::Int: case Value::Type::Int64: t = v.v.toInt64() != 0; break;
            case Value::Type::Uint8: case Value::Type::Uint64: t = v.v.toUint64() != 0; break;
            case Value::Type::Float64: t = v.v.toFloat() != 0; break;
            case Value::Type::String: case Value::Type::List: case Value::Type::Map: t = v.v.size() > 0; break;
            case Value::Type::Object: {
                const TemplateObject *o = asTemplateObject(v.v);
                t = o ? o->truth() : true;
                break;
            }
            default: break;
            }
        }
        return boolean(!t);
    }
    if (name == "len")
        return length(args[0]);
    if (name == "index")
        return index(args);
    if (name == "eq")
        return boolean(eq(args));
    if (name == "ne") {
        return boolean(!eq(args));
    }
    if (name == "lt")
        return boolean(lt(args[0], args[1]));
    if (name == "le")
        return boolean(le(args[0], args[1]));
    if (name == "gt")
        return boolean(!le(args[0], args[1]));
    if (name == "ge")
        return boolean(!lt(args[0], args[1]));
    if (name == "call")
        return call(args);
    throw FunctionError("unknown builtin " + name);
}

} // namespace ds::tmpl
