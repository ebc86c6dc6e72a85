// SPDX-License-Identifier: Apache-2.0
#include "GenerateCommand.h"

#include "FlagParser.h"
#include "KlogLog.h"
#include "generate/ReferenceGenerator.h"

namespace ds::cli {

std::optional<std::string> generateUsageError(const FlagParser &flags)
{
    if (!flags.stringValue("reference").empty())
        return std::string("cannot use -r and -g together; use -r for compare or -g for generate");
    if (!flags.positional().empty())
        return "Unexpected args: " + goSliceString(flags.positional());
    if (!flags.stringValue("kustomize").empty())
        return std::string("cannot use -k with -g; use -f with a must-gather directory path, or omit -f for a live "
                           "cluster");
    if (flags.sliceValue("filename").size() > 1)
        return std::string("with -g, specify at most one must-gather path with -f (or omit -f to use the live "
                           "cluster)");
    return std::nullopt;
}

int runGenerate(const FlagParser &flags, std::ostream &out, std::ostream &err)
{
    KlogLog log(err, flags.boolValue("verbose") ? 1 : 0);
    generate::GenerateRequest request;
    request.configPath = flags.stringValue("generate-config");
    if (const std::vector<std::string> paths = flags.sliceValue("filename"); !paths.empty())
        request.mustGather = paths.front();
    request.outputDir = flags.stringValue("output-dir");
    request.cluster.kubeconfig = flags.stringValue("kubeconfig");
    request.cluster.context = flags.stringValue("context");
    const generate::GenerateOutcome outcome = generate::ReferenceGenerator(log).run(request);
    out << outcome.out;
    out.flush();
    err << outcome.warnings;
    if (outcome.exitCode != 0)
        err << "error: " << outcome.error << "\n";
    return outcome.exitCode;
}

} // namespace ds::cli
