// SPDX-License-Identifier: Apache-2.0
#include "LintCommand.h"

#include "FlagParser.h"
#include "lint/ReferenceLinter.h"

#include <ostream>

namespace ds::cli {

namespace {

constexpr const char *kUsage =
    "Checks a kube-compare reference before it is published: metadata.yaml, each template's\n"
    "parse and render, files never listed, and the rendered templates against their CRDs.\n\n"
    "Usage:\n  driftscope-cli lint -r REFERENCE/metadata.yaml [--crds PATH]... [--context CTX | --from-cluster]\n"
    "                     [-f SAMPLES]... [--strict|--loose]\n"
    "                     [-o text|json|junit]\n\n"
    "Flags:\n";

FlagParser lintFlags()
{
    using K = FlagParser::Kind;
    FlagParser f;
    f.add("reference", 'r', K::String, "Path to the reference's metadata.yaml");
    f.add("crds", 0, K::StringSlice,
          "CustomResourceDefinitions to validate the templates against: files, folders or archives (a must-gather's "
          "cluster-scoped-resources/apiextensions.k8s.io/customresourcedefinitions is found), and the API server's "
          "OpenAPI documents for built-in kinds; repeatable");
    f.add("filename", 'f', K::StringSlice,
          "Sample CRs to compare with the reference (its own source CRs): templates without a sample, samples with "
          "drift, samples no template matches");
    f.add("kubeconfig", 0, K::String, "Read the CRDs (and built-in kinds' OpenAPI) of this kubeconfig's cluster");
    f.add("context", 0, K::String, "Read the CRDs (and built-in kinds' OpenAPI) of this context's cluster");
    f.add("from-cluster", 0, K::Bool,
          "Read the CRDs (and built-in kinds' OpenAPI) of the current context's cluster, or the pod's (read-only)");
    f.add("strict", 0, K::Bool, "Schema problems are errors (the default)");
    f.add("loose", 0, K::Bool, "Schema problems are warnings");
    f.add("output", 'o', K::String, "Output format: text (default), json or junit");
    f.add("help", 'h', K::Bool, "help for lint");
    return f;
}

} // namespace

int runLint(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    FlagParser flags = lintFlags();
    if (auto error = flags.parse(std::vector<std::string>(args.begin() + 2, args.end()))) {
        err << "error: " << *error << "\nSee 'driftscope-cli lint --help' for usage.\n";
        return 2;
    }
    if (flags.boolValue("help")) {
        out << kUsage << flags.usage();
        return 0;
    }
    const std::string format = flags.isSet("output") ? flags.stringValue("output") : "text";
    if (format != "text" && format != "json" && format != "junit") {
        err << "error: output format must be one of text, json or junit, not \"" << format << "\"\n";
        return 2;
    }
    if (flags.boolValue("strict") && flags.boolValue("loose")) {
        err << "error: --strict and --loose cannot be used together\n";
        return 2;
    }
    lint::LintOptions options;
    options.metadataPath = flags.stringValue("reference");
    if (options.metadataPath.empty()) {
        err << "error: a reference is required: lint -r REFERENCE/metadata.yaml\n";
        return 2;
    }
    options.crdPaths = flags.sliceValue("crds");
    options.samplePaths = flags.sliceValue("filename");
    options.strict = !flags.boolValue("loose");
    if (flags.boolValue("from-cluster") || flags.isSet("kubeconfig") || flags.isSet("context")) {
        live::LiveSettings cluster;
        cluster.kubeconfig = flags.stringValue("kubeconfig");
        cluster.context = flags.stringValue("context");
        options.cluster = cluster;
    }
    const lint::LintResult result = lint::lintReference(options);
    if (!result.fatal.empty()) {
        err << "error: " << result.fatal << "\n";
        return 2;
    }
    if (format == "json")
        out << lint::findingsAsJson(result.findings);
    else if (format == "junit")
        out << lint::findingsAsJunit(result.findings);
    else
        out << lint::findingsAsText(result.findings);
    return result.hasFindings() ? 1 : 0;
}

} // namespace ds::cli
