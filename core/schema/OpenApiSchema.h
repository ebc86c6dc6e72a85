// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "value/Value.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ds::schema {

// One node of a structural OpenAPI v3 schema as CRDs carry it
// (spec.versions[].schema.openAPIV3Schema), with the Kubernetes extensions
// that change validation. Read once from the CRD; SchemaValidator walks it.
struct OpenApiSchema
{
    std::string type; // object, array, string, integer, number, boolean; empty: any
    std::string format;
    std::map<std::string, std::shared_ptr<const OpenApiSchema>, std::less<>> properties;
    std::shared_ptr<const OpenApiSchema> additionalProperties; // a schema for every other key
    bool additionalPropertiesAllowed = false; // additionalProperties: true
    std::shared_ptr<const OpenApiSchema> items;
    std::vector<std::string> required;
    std::vector<Value> enumValues;
    std::string pattern; // ECMA-262 in the CRD; checked with RE2 (lookarounds are not checked)
    std::optional<double> minimum, maximum;
    bool exclusiveMinimum = false, exclusiveMaximum = false;
    std::optional<std::int64_t> minLength, maxLength, minItems, maxItems, minProperties, maxProperties;
    bool nullable = false;
    bool intOrString = false;       // x-kubernetes-int-or-string
    bool preserveUnknownFields = false; // x-kubernetes-preserve-unknown-fields
    bool embeddedResource = false;  // x-kubernetes-embedded-resource
    int celRules = 0;               // x-kubernetes-validations (not checked, counted)
    std::vector<std::shared_ptr<const OpenApiSchema>> allOf, anyOf, oneOf;

    // nullopt and `error` (with the JSON path of the bad node) for something
    // that is not a schema; nested too deeply counts as bad. A node with a
    // $ref (OpenAPI documents; CRDs have none) is what `resolve` returns for it.
    using RefResolver = std::function<std::shared_ptr<const OpenApiSchema>(const std::string &ref)>;
    static std::shared_ptr<const OpenApiSchema> fromValue(const Value &node, std::string &error,
                                                          const RefResolver &resolve = {});
};

} // namespace ds::schema
