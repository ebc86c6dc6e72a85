// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "OpenApiSchema.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace ds::schema {

// The schemas of CustomResourceDefinitions, by apiVersion and kind: read from
// files and folders (every YAML or JSON document whose kind is
// CustomResourceDefinition; in a must-gather only its
// cluster-scoped-resources/apiextensions.k8s.io/customresourcedefinitions).
class CrdCatalog
{
public:
    struct Version
    {
        std::shared_ptr<const OpenApiSchema> schema; // null: the version has none
        bool served = true;
        std::string crdName;
        std::string file;
    };

    // Reads `path`: a file of CRDs or an OpenAPI document of the API server
    // (/openapi/v2, /openapi/v3/<group-version>: built-in kinds), an archive,
    // or a folder walked recursively (its must-gather customresourcedefinitions
    // folders when it has some, else every file).
    // Problems (an unreadable file, a CRD whose schema is not one) are
    // returned, not fatal.
    std::vector<std::string> addPath(const std::string &path);
    // Only the customresourcedefinitions folders of a must-gather (at its root,
    // or one or two folders down); nothing when it has none. For cluster data,
    // whose other files are CRs and need not be read again.
    std::vector<std::string> addMustGatherCrds(const std::string &root);
    // One parsed document; `file` names it in messages.
    std::vector<std::string> addDocument(const Value &document, const std::string &file);

    // The schema for apiVersion (group/version) and kind, or nullptr.
    const Version *find(const std::string &apiVersion, const std::string &kind) const;
    // Whether any CRD defines the kind of the group of apiVersion (any version).
    bool knowsKind(const std::string &apiVersion, const std::string &kind) const;
    std::size_t size() const { return m_versions.size(); }

private:
    std::vector<std::string> addBytes(std::string_view bytes, const std::string &file);
    std::vector<std::string> addArchive(const std::string &archive);
    std::vector<std::string> addOpenApi(const Value &document, const std::string &file);

    std::map<std::string, Version> m_versions; // "group/version|Kind"
    std::map<std::string, std::string> m_kinds; // "group|Kind" → CRD name
};

} // namespace ds::schema
