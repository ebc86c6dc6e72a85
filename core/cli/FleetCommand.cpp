// SPDX-License-Identifier: Apache-2.0
#include "FleetCommand.h"

#include "FlagParser.h"
#include "fleet/FleetHtmlWriter.h"
#include "fleet/FleetRun.h"

#include <QDir>
#include <QFileInfo>

#include <ostream>

namespace ds::cli {

namespace {

constexpr const char *kUsage =
    "Compares many clusters with one reference: which clusters drift, on which templates, and\n"
    "which drifts are the same on many clusters.\n\n"
    "Usage:\n  driftscope-cli fleet -r REFERENCE/metadata.yaml [-p OVERRIDES] [-c DIFFCONFIG] CLUSTER... [-o text|json|html]\n\n"
    "A CLUSTER is NAME=SOURCE or SOURCE (named after the folder or archive); a SOURCE is a\n"
    "must-gather or CR folder, an archive, the -o json report of driftscope-cli or\n"
    "kubectl cluster-compare, or context:NAME (a kubeconfig context, read-only).\n\nFlags:\n";

FlagParser fleetFlags()
{
    using K = FlagParser::Kind;
    FlagParser f;
    f.add("reference", 'r', K::String, "Path to the reference's metadata.yaml");
    f.add("overrides", 'p', K::String, "Path to user overrides, applied on every cluster");
    f.add("diff-config", 'c', K::String, "Path to the user config file (manual correlations), for every cluster");
    f.add("output", 'o', K::String, "Output format: text (default), json, or html (a self-contained page)");
    f.add("kubeconfig", 0, K::String, "Path to the kubeconfig file for context:NAME clusters");
    f.add("contexts", 0, K::StringSlice, "Compare the clusters of these kubeconfig contexts (read-only)");
    f.add("all-contexts", 0, K::Bool, "Compare the clusters of every kubeconfig context (read-only)");
    f.add("help", 'h', K::Bool, "help for fleet");
    return f;
}

} // namespace

int runFleet(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    FlagParser flags = fleetFlags();
    if (auto error = flags.parse(std::vector<std::string>(args.begin() + 2, args.end()))) {
        err << "error: " << *error << "\nSee 'driftscope-cli fleet --help' for usage.\n";
        return 2;
    }
    if (flags.boolValue("help")) {
        out << kUsage << flags.usage();
        return 0;
    }
    const std::string format = flags.isSet("output") ? flags.stringValue("output") : "text";
    if (format != "text" && format != "json" && format != "html") {
        err << "error: output format must be text, json or html, not \"" << format << "\"\n";
        return 2;
    }
    fleet::FleetOptions options;
    options.metadataPath = flags.stringValue("reference");
    if (options.metadataPath.empty()) {
        err << "error: a reference is required: fleet -r REFERENCE/metadata.yaml CLUSTER...\n";
        return 2;
    }
    options.kubeconfig = flags.stringValue("kubeconfig");
    for (const std::string &context : flags.sliceValue("contexts"))
        options.clusters.push_back(fleet::parseClusterSpec("context:" + context));
    if (flags.boolValue("all-contexts")) {
        std::string error;
        const auto contexts = fleet::allContexts(options.kubeconfig, error);
        if (!error.empty()) {
            err << "error: " << error << "\n";
            return 2;
        }
        options.clusters.insert(options.clusters.end(), contexts.begin(), contexts.end());
    }
    for (const std::string &argument : flags.positional())
        options.clusters.push_back(fleet::parseClusterSpec(argument));
    if (options.clusters.empty()) {
        err << "error: no clusters: give folders, archives, -o json reports or context:NAME after the flags, "
               "or --contexts / --all-contexts\n";
        return 2;
    }
    if (flags.isSet("overrides"))
        options.overridesPath = flags.stringValue("overrides");
    if (flags.isSet("diff-config"))
        options.diffConfigPath = flags.stringValue("diff-config");
    options.warning = [&err](const std::string &text) { err << "warning: " << text << "\n"; };
    std::string error;
    const auto report = fleet::runFleet(options, error);
    if (!report) {
        err << "error: " << error << "\n";
        return 2;
    }
    if (format == "html")
        out << fleet::fleetHtml(*report, QFileInfo(QString::fromStdString(options.metadataPath)).dir().dirName().toStdString());
    else
        out << (format == "json" ? report->toJson() : report->toText());
    for (const auto &cluster : report->clusters())
        if (!cluster.error.empty())
            err << "error: " << cluster.name << ": " << cluster.error << "\n";
    return report->exitCode();
}

} // namespace ds::cli
