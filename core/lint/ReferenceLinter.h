// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "LintFinding.h"
#include "live/LiveInputSource.h"

#include <optional>
#include <string>
#include <vector>

namespace ds::ref {
struct Reference;
}

namespace ds::lint {

struct LintOptions
{
    std::string metadataPath;
    std::vector<std::string> crdPaths; // files or folders holding CustomResourceDefinitions
    // Cluster data (must-gathers): only their customresourcedefinitions
    // folders are read (CrdCatalog::addMustGatherCrds).
    std::vector<std::string> clusterDataPaths;
    // A live cluster's CRDs and OpenAPI documents (lint --context), read-only.
    std::optional<live::LiveSettings> cluster;
    bool strict = true;                // schema problems are errors (--loose: warnings)
    // -f: sample CRs (e.g. the reference's own source CRs) compared with the
    // reference: the self-test the telco references run as hand-written scripts.
    std::vector<std::string> samplePaths;
};

struct LintResult
{
    std::vector<LintFinding> findings;
    std::string fatal; // could not run at all (exit 2)
    bool hasFindings() const;
};

// `driftscope-cli lint`: what a reference author should fix before
// publishing. metadata.yaml as kube-compare reads it; each template's parse
// and empty-data render (what kube-compare does at load); YAML files in the
// reference's folder that metadata.yaml never lists; and every rendered
// template against the openAPIV3Schema of its apiVersion/kind from the CRDs
// given — literal fields only: a value the template takes from the cluster CR
// renders empty without one and is not judged. With samples, a self-test:
// templates no sample matches, samples with drift, samples no template matches.
LintResult lintReference(const LintOptions &options);
// The same checks on a reference loaded already (options.metadataPath unused):
// its templates' load errors are not repeated, the rest is.
LintResult lintLoadedReference(const ref::Reference &reference, const LintOptions &options);

// The line a loader or template error names for `file` ("template: x.yaml:6: …",
// "… line 7: …"); 0 when it names none.
int lineOfError(const std::string &message, const std::string &file);

// The line and column of a field path (spec.profile[0].name) in a template's
// source: each key is looked for after the previous one; 0 when not found.
std::pair<int, int> locateField(const std::string &source, const std::string &path);

} // namespace ds::lint
