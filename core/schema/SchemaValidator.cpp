// SPDX-License-Identifier: Apache-2.0
#include "SchemaValidator.h"

#include "go/GoRegexp.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace ds::schema {

namespace {

// ObjectMeta's fields: a resource's metadata is the API server's, not the CRD's.
const std::set<std::string, std::less<>> kObjectMetaFields{
    "name", "generateName", "namespace", "selfLink", "uid", "resourceVersion", "generation", "creationTimestamp",
    "deletionTimestamp", "deletionGracePeriodSeconds", "labels", "annotations", "ownerReferences", "finalizers",
    "managedFields"};

std::string typeName(const Value &v)
{
    if (v.isMap())
        return "object";
    if (v.isList())
        return "array";
    if (v.isString())
        return "string";
    if (v.isBool())
        return "boolean";
    if (v.isInteger() || (v.isFloat() && std::floor(v.toFloat()) == v.toFloat()))
        return "integer";
    if (v.isFloat())
        return "number";
    return "null";
}

double numberOf(const Value &v)
{
    if (v.isSignedInteger())
        return double(v.toInt64());
    if (v.isUnsignedInteger())
        return double(v.toUint64());
    return v.toFloat();
}

std::string shown(const Value &v)
{
    if (v.isString())
        return "\"" + v.str() + "\"";
    if (v.isBool())
        return v.toBool() ? "true" : "false";
    if (v.isNumber()) {
        const double d = numberOf(v);
        if (std::floor(d) == d && std::fabs(d) < 1e15)
            return std::to_string(std::int64_t(d));
        return std::to_string(d);
    }
    return typeName(v);
}

bool sameValue(const Value &a, const Value &b)
{
    if (a.isNumber() && b.isNumber())
        return numberOf(a) == numberOf(b);
    return a.deepEquals(b);
}

bool isIdentifier(const std::string &key)
{
    return !key.empty() && std::all_of(key.begin(), key.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
    });
}

} // namespace

std::string joinPath(const std::string &parent, const std::string &key)
{
    const std::string part = isIdentifier(key) ? key : "\"" + key + "\"";
    return parent.empty() ? part : parent + "." + part;
}

std::vector<SchemaFinding> SchemaValidator::validate(const Value &object, const OpenApiSchema &root)
{
    std::vector<SchemaFinding> out;
    check(object, root, "", out);
    return out;
}

bool SchemaValidator::typeMatches(const Value &v, const OpenApiSchema &s) const
{
    if (s.intOrString)
        return v.isString() || typeName(v) == "integer";
    if (s.type.empty())
        return true;
    const std::string actual = typeName(v);
    return actual == s.type || (s.type == "number" && actual == "integer");
}

void SchemaValidator::check(const Value &v, const OpenApiSchema &s, const std::string &path,
                            std::vector<SchemaFinding> &out)
{
    m_celRules += s.celRules;
    if (v.isNothing()) {
        if (!s.nullable && !m_options.valuesMayBeUnknown)
            out.push_back({path, "schema/type", "null where the schema wants " + (s.type.empty() ? "a value" : s.type)});
        return;
    }
    if (m_options.valuesMayBeUnknown && v.isString() && v.str().empty() && !s.type.empty() && s.type != "string"
        && !s.intOrString)
        return; // a value the cluster CR would have given
    if (!typeMatches(v, s)) {
        out.push_back({path, "schema/type", typeName(v) + " " + shown(v) + " where the schema wants "
                                                + (s.intOrString ? std::string("an integer or a string") : s.type)});
        return;
    }
    for (const auto &part : s.allOf)
        check(v, *part, path, out);
    for (const auto *alternatives : {&s.anyOf, &s.oneOf}) {
        if (alternatives->empty())
            continue;
        const bool any = std::any_of(alternatives->begin(), alternatives->end(), [&](const auto &alternative) {
            std::vector<SchemaFinding> trial;
            check(v, *alternative, path, trial);
            return trial.empty();
        });
        if (!any)
            out.push_back({path, "schema/one-of", shown(v) + " matches none of the schema's alternatives"});
    }
    if (v.isMap())
        checkObject(v, s, path, out);
    else if (v.isList())
        checkArray(v, s, path, out);
    else
        checkScalar(v, s, path, out);
}

void SchemaValidator::checkResourceHeader(const Value &v, const std::string &path, std::vector<SchemaFinding> &out)
{
    const Value metadata = v.get("metadata");
    if (!metadata.isMap())
        return;
    for (const auto &[key, value] : metadata.map())
        if (!kObjectMetaFields.contains(key))
            out.push_back({joinPath(joinPath(path, "metadata"), key), "schema/unknown-field",
                           "metadata has no field \"" + key + "\" (ObjectMeta)"});
}

void SchemaValidator::checkObject(const Value &v, const OpenApiSchema &s, const std::string &path,
                                  std::vector<SchemaFinding> &out)
{
    const bool resource = path.empty() || s.embeddedResource;
    if (resource)
        checkResourceHeader(v, path, out);
    for (const auto &[key, value] : v.map()) {
        if (resource && (key == "apiVersion" || key == "kind" || key == "metadata"))
            continue;
        const std::string childPath = joinPath(path, key);
        if (const auto it = s.properties.find(key); it != s.properties.end()) {
            check(value, *it->second, childPath, out);
        } else if (s.additionalProperties) {
            check(value, *s.additionalProperties, childPath, out);
        } else if (!s.additionalPropertiesAllowed && !s.preserveUnknownFields) {
            std::string known;
            for (const auto &[name, unused] : s.properties)
                known += (known.empty() ? "" : ", ") + name;
            out.push_back({childPath, "schema/unknown-field",
                           (path.empty() ? std::string("the resource") : path) + " has no field \"" + key + "\""
                               + (known.empty() ? std::string(" (it takes no fields)") : " (it has: " + known + ")")});
        }
    }
    // A template lists the fields it compares: a top-level field it leaves out
    // is not compared, and status is the cluster's. Below that, an object the
    // author wrote without a required field is one the API server rejects.
    const bool judgeRequired = m_options.checkRequired && !path.empty() && path != "status" && !path.starts_with("status.");
    if (judgeRequired)
        for (const std::string &name : s.required)
            if (!v.contains(name))
                out.push_back({joinPath(path, name), "schema/required",
                               "required field \"" + name + "\" is missing"});
    const auto n = std::int64_t(v.map().size());
    if ((s.minProperties && n < *s.minProperties) || (s.maxProperties && n > *s.maxProperties))
        out.push_back({path, "schema/properties", std::to_string(n) + " fields, outside the schema's bounds"});
}

void SchemaValidator::checkArray(const Value &v, const OpenApiSchema &s, const std::string &path,
                                 std::vector<SchemaFinding> &out)
{
    const auto &items = v.list();
    const auto n = std::int64_t(items.size());
    if (s.minItems && n < *s.minItems)
        out.push_back({path, "schema/min-items", std::to_string(n) + " items, fewer than " + std::to_string(*s.minItems)});
    if (s.maxItems && n > *s.maxItems)
        out.push_back({path, "schema/max-items", std::to_string(n) + " items, more than " + std::to_string(*s.maxItems)});
    if (!s.items)
        return;
    for (std::size_t i = 0; i < items.size(); ++i)
        check(items[i], *s.items, path + "[" + std::to_string(i) + "]", out);
}

void SchemaValidator::checkScalar(const Value &v, const OpenApiSchema &s, const std::string &path,
                                  std::vector<SchemaFinding> &out)
{
    if (!s.enumValues.empty()
        && std::none_of(s.enumValues.begin(), s.enumValues.end(), [&](const Value &e) { return sameValue(e, v); })) {
        std::string allowed;
        for (const Value &e : s.enumValues)
            allowed += (allowed.empty() ? "" : ", ") + shown(e);
        out.push_back({path, "schema/enum", shown(v) + " is not one of " + allowed});
    }
    if (v.isString()) {
        const auto length = std::int64_t(v.str().size());
        if (s.minLength && length < *s.minLength)
            out.push_back({path, "schema/min-length", shown(v) + " is shorter than " + std::to_string(*s.minLength)});
        if (s.maxLength && length > *s.maxLength)
            out.push_back({path, "schema/max-length", shown(v) + " is longer than " + std::to_string(*s.maxLength)});
        if (!s.pattern.empty()) {
            std::string error;
            if (const auto re = go::Regexp::compile(s.pattern, error)) {
                if (!re->matchString(v.str()))
                    out.push_back({path, "schema/pattern", shown(v) + " does not match the pattern " + s.pattern});
            } else {
                ++m_uncheckedPatterns; // ECMA-262 syntax RE2 does not have (lookarounds)
            }
        }
        return;
    }
    if (v.isNumber()) {
        const double d = numberOf(v);
        if (s.minimum && (s.exclusiveMinimum ? d <= *s.minimum : d < *s.minimum))
            out.push_back({path, "schema/minimum", shown(v) + " is below the minimum " + shown(Value::fromFloat(*s.minimum))});
        if (s.maximum && (s.exclusiveMaximum ? d >= *s.maximum : d > *s.maximum))
            out.push_back({path, "schema/maximum", shown(v) + " is above the maximum " + shown(Value::fromFloat(*s.maximum))});
    }
}

} // namespace ds::schema
