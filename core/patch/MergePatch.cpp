// SPDX-License-Identifier: Apache-2.0
#include "MergePatch.h"

#include "json/JsonReader.h"
#include "text/Utf8.h"
#include "go/GoFloat.h"

#include <cmath>

namespace ds::patch {

namespace {

const char kBadDoc[] = "Invalid JSON Document";
const char kBadPatch[] = "Invalid JSON Patch";
const char kBadMergeTypes[] = "Mismatched JSON Documents";

struct MarshalError
{
    std::string message;
};

Value roundTrip(const Value &v)
{
    switch (v.type()) {
    case Value::Type::Missing:
    case Value::Type::Null: return Value::null();
    case Value::Type::Bool: return Value(v.toBool());
    case Value::Type::Int:
    case Value::Type::Int64: return Value::fromFloat(static_cast<double>(v.toInt64()));
    case Value::Type::Uint8:
    case Value::Type::Uint64: return Value::fromFloat(static_cast<double>(v.toUint64()));
    case Value::Type::Float64:
        if (!std::isfinite(v.toFloat()))
            throw MarshalError{"json: unsupported value: " + go::strconv::formatShortest(v.toFloat())};
        return Value::fromFloat(v.toFloat());
    case Value::Type::String: return Value(utf8::sanitize(v.str()));
    case Value::Type::Object: return roundTrip(v.object().jsonValue());
    case Value::Type::List: {
        if (v.isTypedNil())
            return Value::null();
        ValueList out;
        out.reserve(v.size());
        for (const auto &e : v.list())
            out.push_back(roundTrip(e));
        return Value(std::move(out));
    }
    case Value::Type::Map: {
        if (v.isTypedNil())
            return Value::null();
        ValueMap out;
        // Keys that collide once sanitized: decoding keeps the last, and
        // encoding/json writes them in the original keys' byte order.
        for (const auto &[k, e] : v.map())
            out.insert_or_assign(utf8::sanitize(k), roundTrip(e));
        return Value(std::move(out));
    }
    }
    return Value::null();
}

PatchResult failure(std::string message)
{
    PatchResult r;
    r.error = std::move(message);
    return r;
}

PatchResult success(Value v)
{
    PatchResult r;
    r.value = std::move(v);
    return r;
}

// pruneNulls: drops null members of objects at any depth; null list elements
// stay (pruneAryNulls keeps them and only recurses).
void pruneNulls(Value &v)
{
    if (v.isMap()) {
        auto &m = v.mutableMap();
        for (auto it = m.begin(); it != m.end();) {
            if (it->second.isNull()) {
                it = m.erase(it);
            } else {
                pruneNulls(it->second);
                ++it;
            }
        }
    } else if (v.isList()) {
        for (auto &e : v.mutableList()) {
            if (!e.isNull())
                pruneNulls(e);
        }
    }
}

void mergeMaps(Value &doc, const Value &patch);

// merge(cur, patch): cur is a present, non-null value.
Value mergeValue(Value cur, Value patch)
{
    if (!cur.isMap()) {
        pruneNulls(patch);
        return patch;
    }
    if (!patch.isMap())
        return patch; // not pruned: the library returns the raw node as is
    mergeMaps(cur, patch);
    return cur;
}

void mergeMaps(Value &doc, const Value &patch)
{
    auto &d = doc.mutableMap();
    for (const auto &[key, v] : patch.map()) {
        if (v.isNull()) {
            d.erase(key);
            continue;
        }
        auto it = d.find(key);
        if (it == d.end() || it->second.isNull()) {
            Value added = v;
            pruneNulls(added);
            d.insert_or_assign(key, std::move(added));
        } else {
            it->second = mergeValue(it->second, v);
        }
    }
}

// doMergePatch on decoded documents (both private copies).
PatchResult mergeTop(Value doc, Value patch)
{
    if (doc.isNull())
        return failure(kBadDoc);
    if (patch.isNull())
        return failure(kBadPatch);
    if (doc.isMap() && patch.isMap()) {
        mergeMaps(doc, patch);
        return success(std::move(doc));
    }
    // "Not an error, just not a doc, so we turn straight into the patch".
    if (patch.isMap() || patch.isList()) {
        pruneNulls(patch);
        return success(std::move(patch));
    }
    return failure(kBadPatch);
}

// matchesValue / matchesArray on json.Unmarshal'ed values.
bool matches(const Value &a, const Value &b)
{
    if (a.type() != b.type())
        return false;
    switch (a.type()) {
    case Value::Type::Null: return true;
    case Value::Type::Bool: return a.toBool() == b.toBool();
    case Value::Type::Float64: return a.toFloat() == b.toFloat();
    case Value::Type::String: return a.str() == b.str();
    case Value::Type::List: {
        if (a.size() != b.size())
            return false;
        for (std::size_t i = 0; i < a.size(); ++i) {
            if (!matches(a.list()[i], b.list()[i]))
                return false;
        }
        return true;
    }
    case Value::Type::Map: {
        if (a.size() != b.size())
            return false;
        for (const auto &[k, bv] : b.map()) {
            auto it = a.map().find(k);
            if (it == a.map().end() || !matches(it->second, bv))
                return false;
        }
        return true;
    }
    default: return false;
    }
}

// getDiff: the (recursive) difference between two decoded objects.
ValueMap diffMaps(const ValueMap &a, const ValueMap &b)
{
    ValueMap into;
    for (const auto &[key, bv] : b) {
        auto it = a.find(key);
        if (it == a.end() || it->second.type() != bv.type()) {
            into.insert_or_assign(key, bv);
            continue;
        }
        const Value &av = it->second;
        if (av.isMap()) {
            ValueMap sub = diffMaps(av.map(), bv.map());
            if (!sub.empty())
                into.insert_or_assign(key, Value(std::move(sub)));
        } else if (!matches(av, bv)) {
            into.insert_or_assign(key, bv);
        }
    }
    for (const auto &[key, av] : a) {
        if (!b.contains(key))
            into.insert_or_assign(key, Value::null());
    }
    return into;
}

// createObjectMergePatch: both sides must decode into map[string]interface{}
// (null decodes as an empty map).
PatchResult objectPatch(const Value &original, const Value &modified)
{
    const bool okA = original.isMap() || original.isNull();
    const bool okB = modified.isMap() || modified.isNull();
    if (!okA || !okB)
        return failure(kBadDoc);
    static const ValueMap empty;
    const ValueMap &a = original.isMap() ? original.map() : empty;
    const ValueMap &b = modified.isMap() ? modified.map() : empty;
    return success(Value(diffMaps(a, b)));
}

} // namespace

PatchResult jsonRoundTrip(const Value &v)
{
    try {
        return success(roundTrip(v));
    } catch (const MarshalError &e) {
        return failure(e.message);
    }
}

PatchResult MergePatch::apply(const Value &doc, const Value &patch)
{
    PatchResult d = jsonRoundTrip(doc);
    if (!d.ok())
        return d;
    PatchResult p = jsonRoundTrip(patch);
    if (!p.ok())
        return p;
    return mergeTop(std::move(d.value), std::move(p.value));
}

PatchResult MergePatch::applyJson(const Value &doc, std::string_view patchJson)
{
    PatchResult d = jsonRoundTrip(doc);
    if (!d.ok())
        return d;
    // A syntax error, trailing data included, is reported before anything else.
    yaml::ReadResult p = json::read(patchJson, yaml::NumberTyping::Float64);
    if (!p.ok() || p.documents.size() != 1)
        return failure(kBadPatch);
    return mergeTop(std::move(d.value), std::move(p.documents.front()));
}

PatchResult MergePatch::create(const Value &original, const Value &modified)
{
    PatchResult a = jsonRoundTrip(original);
    if (!a.ok())
        return a;
    PatchResult b = jsonRoundTrip(modified);
    if (!b.ok())
        return b;
    const bool listA = a.value.isList();
    const bool listB = b.value.isList();
    if (listA != listB)
        return failure(kBadMergeTypes);
    if (!listA)
        return objectPatch(a.value, b.value);
    // createArrayMergePatch: one object patch per pair of elements.
    if (a.value.size() != b.value.size())
        return failure(kBadDoc);
    ValueList patches;
    for (std::size_t i = 0; i < a.value.size(); ++i) {
        PatchResult one = objectPatch(a.value.list()[i], b.value.list()[i]);
        if (!one.ok())
            return one;
        patches.push_back(std::move(one.value));
    }
    return success(Value(std::move(patches)));
}

} // namespace ds::patch
