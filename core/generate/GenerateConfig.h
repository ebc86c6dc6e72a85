// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace ds::generate {

// One `resources[]` entry of a refgen/v1 config: what to capture.
struct ResourceSpec
{
    std::string kind;
    std::string apiVersion;
    bool required = false;
    std::string ns;                 // "" = every namespace
    std::vector<std::string> names; // none = every name
};

// kube-compare's generate-mode config (spec g.3.2), decoded strictly as
// sigs.k8s.io/yaml.UnmarshalStrict decodes it, with its defaults and checks.
struct GenerateConfig
{
    std::string apiVersion = "refgen/v1";
    std::string outputDir = "./generated-reference";
    std::vector<std::string> omitAnnotations;
    std::vector<std::string> omitLabels;
    std::vector<ResourceSpec> resources;

    struct Loaded;
    // Reads and validates the file; the error is kube-compare's text.
    static Loaded load(const std::string &path);
};

struct GenerateConfig::Loaded
{
    GenerateConfig config;
    std::optional<std::string> error;
    bool ok() const { return !error.has_value(); }
};

} // namespace ds::generate
