// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "OpenApiSchema.h"

#include <memory>
#include <string>
#include <vector>

namespace ds::schema {

// The kinds an OpenAPI document of the Kubernetes API describes — v3
// (components.schemas, what /openapi/v3/<group-version> serves) or v2
// (definitions, /openapi/v2) — each schema found by the
// x-kubernetes-group-version-kind it carries, its $refs resolved. This is how
// built-in kinds (ConfigMap, Namespace, …), which have no CRD, get a schema.
class OpenApiDocument
{
public:
    struct Kind
    {
        std::string apiVersion; // group/version, or v1 for the core group
        std::string kind;
        std::string name; // the schema's, e.g. io.k8s.api.core.v1.ConfigMap
        std::shared_ptr<const OpenApiSchema> schema;
    };

    // Whether a parsed document is an OpenAPI document (has "openapi" or "swagger").
    static bool isOpenApi(const Value &document);
    // Every kind of the document; `error` names the first schema that is not one.
    static std::vector<Kind> kinds(const Value &document, std::string &error);
};

} // namespace ds::schema
