// SPDX-License-Identifier: Apache-2.0
// Sprig defaults and flow control (default, empty, ternary...) and reflection (typeOf, kindIs...),
// pinned by tst_templatevectors.
#include "FunctionGroups.h"
#include "SprigValues.h"
#include "template/FunctionError.h"
#include "template/FunctionRegistry.h"
#include "go/GoFmt.h"
#include "go/GoTypes.h"

namespace ds::tmpl {

using P = ParamType;

void registerFlowFunctions(FunctionRegistry &r)
{
    r.addVariadic("default", {P::Any, P::Any}, [](FunctionContext &, std::vector<Value> &a) {
        if (a.size() < 2 || sprig::isEmpty(a[1]))
            return a[0];
        return a[1];
    });
    r.add("empty", {P::Any}, [](FunctionContext &, std::vector<Value> &a) { return Value(sprig::isEmpty(a[0])); });
    r.addVariadic("coalesce", {P::Any}, [](FunctionContext &, std::vector<Value> &a) {
        for (const Value &v : a)
            if (!sprig::isEmpty(v))
                return v;
        return Value::null();
    });
    r.addVariadic("all", {P::Any}, [](FunctionContext &, std::vector<Value> &a) {
        for (const Value &v : a)
            if (sprig::isEmpty(v))
                return Value(false);
        return Value(true);
    });
    r.addVariadic("any", {P::Any}, [](FunctionContext &, std::vector<Value> &a) {
        for (const Value &v : a)
            if (!sprig::isEmpty(v))
                return Value(true);
        return Value(false);
    });
    r.add("ternary", {P::Any, P::Any, P::Bool},
          [](FunctionContext &, std::vector<Value> &a) { return a[2].toBool() ? a[0] : a[1]; });
    r.add("fail", {P::String}, [](FunctionContext &, std::vector<Value> &a) -> Value {
        throw FunctionError(a[0].str());
    });
}

void registerReflectionFunctions(FunctionRegistry &r)
{
    r.add("typeOf", {P::Any}, [](FunctionContext &, std::vector<Value> &a) { return Value(go::typeName(a[0])); });
    r.add("kindOf", {P::Any}, [](FunctionContext &, std::vector<Value> &a) { return Value(go::kindName(a[0])); });
    r.add("kindIs", {P::String, P::Any}, [](FunctionContext &, std::vector<Value> &a) {
        return Value(go::kindName(a[1]) == a[0].str());
    });
    r.add("typeIs", {P::String, P::Any}, [](FunctionContext &, std::vector<Value> &a) {
        return Value(go::typeName(a[1]) == a[0].str());
    });
    r.add("typeIsLike", {P::String, P::Any}, [](FunctionContext &, std::vector<Value> &a) {
        const std::string t = go::typeName(a[1]);
        return Value(t == a[0].str() || t == "*" + a[0].str());
    });
    r.add("deepEqual", {P::Any, P::Any},
          [](FunctionContext &, std::vector<Value> &a) { return Value(sprig::deepEqual(a[0], a[1])); });
}

} // namespace ds::tmpl
