// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "OpenApiSchema.h"

#include <string>
#include <vector>

namespace ds::schema {

struct SchemaFinding
{
    std::string path;    // spec.profile[0].interface; empty: the object itself
    std::string rule;    // schema/unknown-field, schema/type, schema/enum, …
    std::string message; // what is wrong and what the schema wants
};

struct ValidationOptions
{
    // A template rendered without a cluster CR leaves the fields it takes from
    // the CR empty (kube-compare deletes "<no value>"): null, and "" where the
    // schema wants no string, are then unknown rather than wrong.
    bool valuesMayBeUnknown = true;
    // `required` is judged only where every value was written by the author,
    // and not at the top level (fields a template leaves out are not compared)
    // nor under status.
    bool checkRequired = false;
};

// Validates one object (a rendered template or a cluster CR) against a CRD's
// openAPIV3Schema as the API server would: fields the schema does not have
// (pruned there, so they never match here), types (integers written as
// integral floats are integers, as YAML reads them), enum, pattern (RE2; a
// pattern RE2 cannot read is skipped), bounds, x-kubernetes-int-or-string,
// -preserve-unknown-fields and -embedded-resource, allOf/anyOf/oneOf. The
// root's apiVersion, kind and metadata are the API server's, checked against
// ObjectMeta's fields only. CEL rules are not evaluated (celRules() counts them).
class SchemaValidator
{
public:
    explicit SchemaValidator(ValidationOptions options = {}) : m_options(options) {}

    std::vector<SchemaFinding> validate(const Value &object, const OpenApiSchema &root);
    int uncheckedCelRules() const { return m_celRules; }
    int uncheckedPatterns() const { return m_uncheckedPatterns; }

private:
    void check(const Value &v, const OpenApiSchema &s, const std::string &path, std::vector<SchemaFinding> &out);
    void checkObject(const Value &v, const OpenApiSchema &s, const std::string &path, std::vector<SchemaFinding> &out);
    void checkArray(const Value &v, const OpenApiSchema &s, const std::string &path, std::vector<SchemaFinding> &out);
    void checkScalar(const Value &v, const OpenApiSchema &s, const std::string &path, std::vector<SchemaFinding> &out);
    bool typeMatches(const Value &v, const OpenApiSchema &s) const;
    void checkResourceHeader(const Value &v, const std::string &path, std::vector<SchemaFinding> &out);

    ValidationOptions m_options;
    int m_celRules = 0;
    int m_uncheckedPatterns = 0;
};

// "spec" + "replicas" → "spec.replicas"; keys that are not identifiers are quoted: data."config.yaml".
std::string joinPath(const std::string &parent, const std::string &key);

} // namespace ds::schema
