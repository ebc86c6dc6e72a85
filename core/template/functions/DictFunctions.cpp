// SPDX-License-Identifier: Apache-2.0
// Sprig dictionary functions (tst_templatevectors). Maps are shared:
// set/unset/merge mutate their first argument, including the template data.
#include "FunctionGroups.h"
#include "SprigValues.h"
#include "template/FunctionError.h"
#include "template/FunctionRegistry.h"
#include "go/GoFmt.h"
#include "template/RenderBudget.h"
#include "go/GoTypes.h"

#include <set>

namespace ds::tmpl {

namespace {

using P = ParamType;

void requireWritable(const Value &m)
{
    if (m.isTypedNil())
        throw FunctionError("assignment to entry in nil map");
}

std::string conversionPanic(const Value &v, const char *target)
{
    const std::string type = v.isNothing() ? std::string("nil") : go::typeName(v);
    return "interface conversion: interface {} is " + type + ", not " + target;
}

// dario.cat/mergo v1.0.1 on map[string]interface{}, as sprig's merge/mergeOverwrite use it.
void mergeInto(Value &dst, const Value &src, bool overwrite)
{
    for (const auto &[key, sv] : src.map()) {
        ValueMap &d = dst.mutableMap();
        auto it = d.find(key);
        const bool exists = it != d.end();
        if (sv.isNothing()) {
            if (overwrite)
                d.insert_or_assign(key, Value::null());
            continue;
        }
        if (!exists) {
            d.emplace(key, sv);
            continue;
        }
        Value &dv = it->second;
        if (sv.isMap() && dv.isMap() && !dv.isTypedNil()) {
            mergeInto(dv, sv, overwrite);
        } else if (sprig::isEmpty(dv) || overwrite) {
            dv = sv;
        }
    }
}

Value merge(std::vector<Value> &a, bool overwrite)
{
    Value dst = a[0];
    for (std::size_t i = 1; i < a.size(); ++i) {
        if (a[i].isTypedNil() || a[i].size() == 0)
            continue;
        requireWritable(dst);
        // Merging a dict into itself adds no links; anything else reaching dst would make a cycle.
        if (&a[i].map() != &dst.map() && reaches(a[i], &dst.map()))
            throw FunctionError("Driftscope does not let a dict contain itself");
        mergeInto(dst, a[i], overwrite);
    }
    return dst;
}

Value dig(std::vector<Value> &ps)
{
    if (ps.size() < 3)
        throw FunctionError("dig needs at least three arguments");
    const Value &last = ps.back();
    if (!last.isMap() || last.mapType() != Value::MapType::Interface)
        throw FunctionError(conversionPanic(last, "map[string]interface {}"));
    const Value &def = ps[ps.size() - 2];
    std::vector<std::string> keys;
    for (std::size_t i = 0; i + 2 < ps.size(); ++i) {
        if (!ps[i].isString())
            throw FunctionError(conversionPanic(ps[i], "string"));
        keys.push_back(ps[i].str());
    }
    Value dict = last;
    for (std::size_t i = 0; i < keys.size(); ++i) {
        auto it = dict.map().find(keys[i]);
        if (it == dict.map().end())
            return def;
        if (i + 1 == keys.size())
            return it->second;
        const Value &step = it->second;
        if (!step.isMap() || step.mapType() != Value::MapType::Interface)
            throw FunctionError(conversionPanic(step, "map[string]interface {}"));
        dict = step;
    }
    return def;
}

} // namespace

void registerDictFunctions(FunctionRegistry &r)
{
    r.addVariadic("dict", {P::Any}, [](FunctionContext &, std::vector<Value> &a) {
        ValueMap m;
        for (std::size_t i = 0; i < a.size(); i += 2)
            m.insert_or_assign(go::fmt::strval(a[i]), i + 1 < a.size() ? a[i + 1] : Value(std::string()));
        return Value(std::move(m));
    });
    r.add("get", {P::Map, P::String}, [](FunctionContext &, std::vector<Value> &a) {
        auto it = a[0].map().find(a[1].str());
        return it == a[0].map().end() ? Value(std::string()) : it->second;
    });
    // set, unset and the merge functions change the map they are given; a new
    // function that does so belongs in compare/CrIndependence's list too.
    r.add("set", {P::Map, P::String, P::Any}, [](FunctionContext &, std::vector<Value> &a) {
        requireWritable(a[0]);
        if (reaches(a[2], &a[0].map()))
            throw FunctionError("Driftscope does not let a dict contain itself");
        a[0].mutableMap().insert_or_assign(a[1].str(), a[2]);
        return a[0];
    });
    r.add("unset", {P::Map, P::String}, [](FunctionContext &, std::vector<Value> &a) {
        if (!a[0].isTypedNil())
            a[0].remove(a[1].str());
        return a[0];
    });
    r.add("hasKey", {P::Map, P::String},
          [](FunctionContext &, std::vector<Value> &a) { return Value(a[0].contains(a[1].str())); });
    r.addVariadic("pluck", {P::String, P::Map}, [](FunctionContext &, std::vector<Value> &a) {
        ValueList out;
        for (std::size_t i = 1; i < a.size(); ++i) {
            auto it = a[i].map().find(a[0].str());
            if (it != a[i].map().end())
                out.push_back(it->second);
        }
        return Value(std::move(out));
    });
    r.addVariadic("keys", {P::Map}, [](FunctionContext &, std::vector<Value> &a) {
        ValueList out;
        for (const Value &m : a)
            for (const auto &[k, v] : m.map())
                out.push_back(Value(k));
        return Value(std::move(out), Value::ListType::String);
    });
    r.add("values", {P::Map}, [](FunctionContext &, std::vector<Value> &a) {
        ValueList out;
        for (const auto &[k, v] : a[0].map())
            out.push_back(v);
        return Value(std::move(out));
    });
    r.addVariadic("pick", {P::Map, P::String}, [](FunctionContext &, std::vector<Value> &a) {
        ValueMap out;
        for (std::size_t i = 1; i < a.size(); ++i) {
            auto it = a[0].map().find(a[i].str());
            if (it != a[0].map().end())
                out.insert_or_assign(it->first, it->second);
        }
        return Value(std::move(out));
    });
    r.addVariadic("omit", {P::Map, P::String}, [](FunctionContext &, std::vector<Value> &a) {
        std::set<std::string> omit;
        for (std::size_t i = 1; i < a.size(); ++i)
            omit.insert(a[i].str());
        ValueMap out;
        for (const auto &[k, v] : a[0].map())
            if (!omit.count(k))
                out.emplace(k, v);
        return Value(std::move(out));
    });
    r.addVariadic("dig", {P::Any}, [](FunctionContext &, std::vector<Value> &a) { return dig(a); });
    r.addVariadic("merge", {P::Map, P::Map}, [](FunctionContext &, std::vector<Value> &a) { return merge(a, false); });
    r.addVariadic("mustMerge", {P::Map, P::Map}, [](FunctionContext &, std::vector<Value> &a) { return merge(a, false); });
    r.addVariadic("mergeOverwrite", {P::Map, P::Map},
                  [](FunctionContext &, std::vector<Value> &a) { return merge(a, true); });
    r.addVariadic("mustMergeOverwrite", {P::Map, P::Map},
                  [](FunctionContext &, std::vector<Value> &a) { return merge(a, true); });
    r.add("deepCopy", {P::Any}, [](FunctionContext &, std::vector<Value> &a) { return a[0].deepCopy(); });
    r.add("mustDeepCopy", {P::Any}, [](FunctionContext &, std::vector<Value> &a) { return a[0].deepCopy(); });
}

} // namespace ds::tmpl
