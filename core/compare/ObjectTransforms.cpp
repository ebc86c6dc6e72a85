// SPDX-License-Identifier: Apache-2.0
#include "ObjectTransforms.h"

#include "reference/FieldPath.h"
#include "go/GoFmt.h"
#include "go/GoTypes.h"

#include <deque>

namespace ds::compare {

namespace {

// The paths `fields` name in `object`, prefixes expanded against the object as
// it is before anything is removed (kube-compare collects them first too).
// Non-prefix entries are pointed to, expansions are kept in `expanded`.
std::vector<const std::vector<std::string> *> findFieldPaths(const Value &object,
                                                              const std::vector<ref::OmitEntry> &fields,
                                                              std::deque<std::vector<std::string>> &expanded)
{
    std::vector<const std::vector<std::string> *> result;
    for (const auto &f : fields) {
        const auto &parts = f.path.segments;
        if (parts.empty())
            continue;
        if (!f.isPrefix) {
            result.push_back(&parts);
            continue;
        }
        const std::vector<std::string> start(parts.begin(), parts.end() - 1);
        const std::string &prefix = parts.back();
        const Value parent = ref::nestedField(object, start);
        if (!parent.isMap())
            continue;
        for (const auto &[key, v] : parent.map()) {
            if (key.rfind(prefix, 0) != 0)
                continue;
            auto &path = expanded.emplace_back(start);
            path.push_back(key);
            result.push_back(&path);
        }
    }
    return result;
}

// unstructured.RemoveNestedField(path), then every ancestor of it, deepest
// first, that is (now) an empty map, as kube-compare's omitFields does. One
// walk down: maps alias their storage, so the chain sees every removal.
void omitPath(Value &object, const std::vector<std::string> &path)
{
    // chain[k] is the value at path[:k], walked through maps only (NestedField).
    std::vector<Value> chain{object};
    while (chain.size() < path.size() && chain.back().isMap()) {
        Value next = chain.back().get(path[chain.size() - 1]);
        if (next.isMissing())
            break;
        chain.push_back(std::move(next));
    }
    if (chain.size() == path.size() && chain.back().isMap() && !chain.back().isTypedNil())
        chain.back().remove(path.back());
    for (std::size_t depth = chain.size() - 1; depth >= 1; --depth)
        if (chain[depth].isMap() && chain[depth].size() == 0)
            chain[depth - 1].remove(path[depth - 1]);
}

} // namespace

void omitFields(Value &object, const std::vector<ref::OmitEntry> &fields)
{
    std::deque<std::vector<std::string>> expanded;
    for (const std::vector<std::string> *path : findFieldPaths(object, fields, expanded))
        omitPath(object, *path);
}

std::vector<OmittedField> fieldsToOmitIn(const Value &object, const std::vector<ref::OmitEntry> &fields)
{
    std::vector<OmittedField> out;
    for (const ref::OmitEntry &entry : fields) {
        std::deque<std::vector<std::string>> expanded;
        const std::vector<ref::OmitEntry> one{entry}; // outlives the paths pointing into it
        for (const std::vector<std::string> *path : findFieldPaths(object, one, expanded))
            if (!ref::nestedField(object, *path).isMissing())
                out.push_back({*path, &entry});
    }
    return out;
}

bool isV1Secret(const Value &live)
{
    const Value apiVersion = live.get("apiVersion");
    const Value kind = live.get("kind");
    if (!apiVersion.isString() || !kind.isString() || kind.str() != "Secret")
        return false;
    // ParseGroupVersion: "v" → version v; "g/v" → version v; more slashes → error (empty GVK).
    const std::string &gv = apiVersion.str();
    const auto slash = gv.find('/');
    if (slash == std::string::npos)
        return gv == "v1";
    return gv.find('/', slash + 1) == std::string::npos && gv.substr(slash + 1) == "v1";
}

std::optional<std::string> maskSecretData(Value &merged, Value &live)
{
    Value from = merged.get("data");
    Value to = live.get("data");
    // unstructured.NestedMap: a present `data` must be a map, even a null one fails.
    for (const Value *data : {&from, &to}) {
        if (!data->isMissing() && !data->isMap())
            return "extract 'data' field: .data accessor error: " + go::fmt::formatValue(*data)
                + " is of the type " + go::typeName(*data) + ", expected map[string]interface{}";
    }
    const bool fromMap = from.isMap() && !from.isTypedNil();
    const bool toMap = to.isMap() && !to.isTypedNil();
    if (!fromMap && !toMap)
        return std::nullopt;
    ValueMap fromMasked = fromMap ? from.map() : ValueMap{};
    ValueMap toMasked = toMap ? to.map() : ValueMap{};
    for (auto &[key, value] : fromMasked) {
        auto other = toMasked.find(key);
        if (other != toMasked.end()) {
            if (!value.deepEquals(other->second)) {
                value = Value("*** (before)");
                other->second = Value("*** (after)");
                continue;
            }
            other->second = Value("***");
        }
        value = Value("***");
    }
    for (auto &[key, value] : toMasked)
        if (!fromMasked.count(key))
            value = Value("***");
    if (fromMap)
        merged.insert("data", Value(std::move(fromMasked)));
    if (toMap)
        live.insert("data", Value(std::move(toMasked)));
    return std::nullopt;
}

} // namespace ds::compare
