// SPDX-License-Identifier: Apache-2.0
// Serialisation functions (funcmap.go; tst_templatevectors): kube-compare's toYaml,
// toJson, fromYaml, fromJson and friends, and Sprig's JSON variants.
#include "FunctionGroups.h"
#include "TomlEncoder.h"
#include "json/JsonReader.h"
#include "json/JsonWriter.h"
#include "template/FunctionError.h"
#include "template/FunctionRegistry.h"
#include "go/GoFmt.h"
#include "yaml/SigsYaml.h"
#include "yaml/YamlWriter.h"
#include "go/GoTypes.h"

namespace ds::tmpl {

namespace {

using P = ParamType;

// encoding/json.Unmarshal into interface{}: numbers float64, one value only.
struct JsonParse
{
    Value value;
    std::string error;
};

JsonParse parseJson(const std::string &text)
{
    JsonParse out;
    const yaml::ReadResult r = json::read(text, yaml::NumberTyping::Float64);
    if (!r.ok()) {
        out.error = r.error->message;
    } else if (r.documents.size() != 1) {
        out.error = r.documents.empty() ? "unexpected end of JSON input" : "invalid character after top-level value";
    } else {
        out.value = r.documents.front();
    }
    return out;
}

Value fromJson(const std::string &text, bool array)
{
    const char *goType = array ? "[]interface {}" : "map[string]interface {}";
    JsonParse p = parseJson(text);
    if (p.error.empty() && !p.value.isNull() && (array ? !p.value.isList() : !p.value.isMap()))
        p.error = std::string("json: cannot unmarshal ") + go::jsonKind(p.value) + " into Go value of type " + goType;
    if (!p.error.empty()) {
        if (array)
            return Value(ValueList{Value(p.error)});
        ValueMap m;
        m.emplace("Error", Value(p.error));
        return Value(std::move(m));
    }
    if (p.value.isNull())
        return array ? Value::nilList() : Value::nilMap();
    return p.value;
}

std::string marshal(FunctionContext &ctx, const Value &v, const json::WriteOptions &options, bool swallow)
{
    const json::WriteResult w = json::write(v, options);
    if (w.ok())
        return w.text;
    if (!swallow)
        throw FunctionError(*w.error);
    ctx.warn("Failed to marshal value to YAML/JSON in template: " + *w.error);
    return {};
}

Value toYaml(FunctionContext &ctx, const Value &v)
{
    yaml::WriteResult w = yaml::writeCanonical(v);
    if (!w.ok()) {
        ctx.warn("Failed to marshal value to YAML/JSON in template: " + *w.error);
        return Value(std::string());
    }
    if (!w.text.empty() && w.text.back() == '\n')
        w.text.pop_back();
    return Value(w.text);
}

} // namespace

void registerConversionFunctions(FunctionRegistry &r)
{
    r.add("toString", {P::Any}, [](FunctionContext &, std::vector<Value> &a) { return Value(go::fmt::strval(a[0])); });
    r.add("toYaml", {P::Any}, [](FunctionContext &c, std::vector<Value> &a) { return toYaml(c, a[0]); });
    r.add("fromYaml", {P::String}, [](FunctionContext &, std::vector<Value> &a) {
        const yaml::UnmarshalResult u = yaml::unmarshalObject(a[0].str());
        if (!u.ok()) {
            ValueMap m;
            m.emplace("Error", Value(*u.error));
            return Value(std::move(m));
        }
        return u.value;
    });
    r.add("fromYamlArray", {P::String}, [](FunctionContext &, std::vector<Value> &a) {
        const yaml::UnmarshalResult u = yaml::unmarshalArray(a[0].str());
        if (!u.ok())
            return Value(ValueList{Value(*u.error)});
        return u.value;
    });
    r.add("toJson", {P::Any}, [](FunctionContext &c, std::vector<Value> &a) {
        return Value(marshal(c, a[0], {}, true));
    });
    r.add("toPrettyJson", {P::Any}, [](FunctionContext &c, std::vector<Value> &a) {
        json::WriteOptions o;
        o.indent = "  ";
        const json::WriteResult w = json::write(a[0], o);
        (void)c;
        return Value(w.ok() ? w.text : std::string());
    });
    r.add("toRawJson", {P::Any}, [](FunctionContext &c, std::vector<Value> &a) {
        json::WriteOptions o;
        o.escapeHtml = false;
        return Value(marshal(c, a[0], o, false));
    });
    r.add("mustToJson", {P::Any}, [](FunctionContext &c, std::vector<Value> &a) {
        return Value(marshal(c, a[0], {}, false));
    });
    r.add("mustToPrettyJson", {P::Any}, [](FunctionContext &c, std::vector<Value> &a) {
        json::WriteOptions o;
        o.indent = "  ";
        return Value(marshal(c, a[0], o, false));
    });
    r.add("mustToRawJson", {P::Any}, [](FunctionContext &c, std::vector<Value> &a) {
        json::WriteOptions o;
        o.escapeHtml = false;
        return Value(marshal(c, a[0], o, false));
    });
    r.add("fromJson", {P::String}, [](FunctionContext &, std::vector<Value> &a) { return fromJson(a[0].str(), false); });
    r.add("fromJsonArray", {P::String},
          [](FunctionContext &, std::vector<Value> &a) { return fromJson(a[0].str(), true); });
    r.add("mustFromJson", {P::String}, [](FunctionContext &, std::vector<Value> &a) {
        JsonParse p = parseJson(a[0].str());
        if (!p.error.empty())
            throw FunctionError(p.error);
        return p.value;
    });
    registerTomlFunction(r);
}

void registerKubeCompareFunctions(FunctionRegistry &r)
{
    auto lookup = [](FunctionContext &ctx, const std::vector<Value> &a) {
        const std::string &ns = a[2].str();
        const std::string &name = a[3].str();
        ValueList out;
        for (const Value &object : ctx.objectsOfKind(a[0].str(), a[1].str())) {
            const Value metadata = object.get("metadata");
            const Value objectNs = metadata.get("namespace");
            const Value objectName = metadata.get("name");
            if (!ns.empty() && ns != "*" && !(objectNs.isString() && objectNs.str() == ns))
                continue;
            if (!name.empty() && name != "*" && !(objectName.isString() && objectName.str() == name))
                continue;
            out.push_back(object);
        }
        return out;
    };
    r.add("lookupCRs", {P::String, P::String, P::String, P::String}, [lookup](FunctionContext &c, std::vector<Value> &a) {
        ValueList found = lookup(c, a);
        if (found.empty())
            return Value::nilList(Value::ListType::MapList);
        return Value(std::move(found), Value::ListType::MapList);
    });
    r.add("lookupCR", {P::String, P::String, P::String, P::String}, [lookup](FunctionContext &c, std::vector<Value> &a) {
        ValueList found = lookup(c, a);
        return found.size() == 1 ? found.front() : Value::nilMap();
    });
    r.add("doNotMatch", {P::String}, [](FunctionContext &, std::vector<Value> &a) -> Value {
        throw DoNotMatchError(a[0].str());
    });
}

} // namespace ds::tmpl
