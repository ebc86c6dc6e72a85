// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "FieldPath.h"
#include "value/Value.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ds::tmpl {
class TemplateSet;
}

namespace ds::ref {

// One entry of fieldsToOmit.items (kube-compare ManifestPathV1/V2).
struct OmitEntry
{
    std::string pathToKey;
    bool isPrefix = false;
    std::string include; // v2 only
    FieldPath path;      // parsed pathToKey
};

struct FieldsToOmit
{
    std::string defaultOmitRef; // after defaulting
    std::map<std::string, std::vector<OmitEntry>> items;
    // Every item key with includes expanded (v2), in order.
    std::map<std::string, std::vector<OmitEntry>> expanded;
};

// v2 `perField` entry.
struct PerFieldConfig
{
    std::string pathToKey;
    std::string inlineDiffFunc;
    FieldPath path;
};

struct TemplateConfig
{
    bool ignoreUnspecifiedFields = false;
    std::vector<std::string> fieldsToOmitRefs;
    std::vector<PerFieldConfig> perField;
};

// A template of the reference with everything loading worked out.
struct ReferenceTemplate
{
    std::string path;        // as written in metadata.yaml; the template's identity
    std::string description; // its own
    std::string effectiveDescription; // own, else component's, else part's (v2)
    TemplateConfig config;
    std::size_t partIndex = 0;
    std::size_t componentIndex = 0;
    bool required = false; // v1 requiredTemplates entry (v2: group semantics decide)

    std::string name; // the main template's name in the set: the path's base name
    std::shared_ptr<tmpl::TemplateSet> templates;
    Value metadata;                    // the empty-data render
    std::vector<OmitEntry> omitFields; // effective fieldsToOmit
    std::string source;                // the template file's text, as read
    // Why the template cannot be used (a parse or pre-render error), when the
    // reference was kept despite it (the window); such a template matches nothing.
    std::string loadError;
};

enum class ComponentRule {
    V1,          // v1 component; `type` says Required/Optional (or anything else)
    AllOf,
    OneOf,
    AnyOf,
    NoneOf,
    AnyOneOf,
    AllOrNoneOf,
};

const char *componentRuleName(ComponentRule rule);

struct Component
{
    std::string name;
    std::string description;
    std::string type; // v1: "Required", "Optional" or anything the author wrote
    ComponentRule rule = ComponentRule::V1;
    std::vector<std::size_t> requiredTemplates; // indices into Reference::templates (v1 required / v2 group)
    std::vector<std::size_t> optionalTemplates; // v1 optionalTemplates
};

struct Part
{
    std::string name;
    std::string description;
    std::vector<Component> components;
};

// A loaded kube-compare reference: the tree the GUI shows and the engine uses.
struct Reference
{
    int version = 1;
    bool hasApiVersion = false;
    std::string apiVersion; // as written (v1 hash keeps it)
    std::string directory;  // absolute directory of metadata.yaml
    std::string metadataFile;
    // Where the user opened it when that is not metadataFile (container://…,
    // whose files are read from the image cache): reports and titles name it.
    std::string origin;
    std::vector<Part> parts;
    std::vector<std::string> templateFunctionFiles;
    FieldsToOmit fieldsToOmit;
    std::vector<ReferenceTemplate> templates; // in reference order
    std::vector<std::string> warnings;        // load-time warnings (klog W lines)
    std::vector<std::string> verboseLog;      // load-time V(1) lines

    // Every file the reference was read from: metadata.yaml, the templates and
    // the function files (absolute paths, each once).
    std::vector<std::string> files() const;
};

// The built-in omission list "cluster-compare-built-in" (tst_referenceloader), in order.
const std::vector<std::string> &builtInOmitPaths();
constexpr const char *kBuiltInOmitRef = "cluster-compare-built-in";

} // namespace ds::ref
