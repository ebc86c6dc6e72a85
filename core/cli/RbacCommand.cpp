// SPDX-License-Identifier: Apache-2.0
#include "RbacCommand.h"

#include "FlagParser.h"
#include "live/FetchNeeds.h"
#include "live/RbacPolicy.h"
#include "live/ServedResources.h"
#include "pipeline/ComparisonRun.h"

#include <ostream>

namespace ds::cli {

namespace {

constexpr const char *kUsage =
    "Prints the least-privilege RBAC a live comparison of a reference needs: a ClusterRole\n"
    "(and a Role per namespace the reference fixes) allowing get/list on exactly the\n"
    "resources the comparison reads, bound to a service account. Nothing is applied.\n\n"
    "Usage:\n  driftscope-cli rbac -r REFERENCE/metadata.yaml [-c DIFFCONFIG] [-A] [--name NAME]\n"
    "                     [--service-account NAMESPACE/NAME] [--from-cluster] [--kubeconfig FILE] [--context NAME]\n\n"
    "Without --from-cluster (or --context/--kubeconfig), resources are named from the templates:\n"
    "their apiVersion and kubectl's plural of their kind. With it, the cluster's discovery says\n"
    "which groups serve each kind, as the comparison itself will ask.\n\nFlags:\n";

FlagParser rbacFlags()
{
    using K = FlagParser::Kind;
    FlagParser f;
    f.add("reference", 'r', K::String, "Path to the reference's metadata.yaml (or an https:// or container:// reference)");
    f.add("diff-config", 'c', K::String, "The user config file (manual correlations) the comparison will use");
    f.add("all-resources", 'A', K::Bool, "The comparison will run with -A (every object of the template kinds)");
    f.add("name", 0, K::String, "Name of the ClusterRole, Roles and bindings (default driftscope-reader)");
    f.add("service-account", 0, K::String, "The service account to bind, NAMESPACE/NAME (default driftscope/driftscope)");
    f.add("from-cluster", 0, K::Bool, "Ask the cluster (kubeconfig context or in-cluster) which groups serve each kind");
    f.add("kubeconfig", 0, K::String, "Path to the kubeconfig file (implies --from-cluster)");
    f.add("context", 0, K::String, "The kubeconfig context to ask (implies --from-cluster)");
    f.add("help", 'h', K::Bool, "help for rbac");
    return f;
}

class ErrLog : public Log
{
public:
    explicit ErrLog(std::ostream &err) : m_err(err) {}
    void message(Severity severity, int verbosity, const std::string &text) override
    {
        if (severity != Severity::Info && verbosity == 0)
            m_err << "warning: " << text << "\n";
    }

private:
    std::ostream &m_err;
};

} // namespace

int runRbac(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    FlagParser flags = rbacFlags();
    if (auto error = flags.parse(std::vector<std::string>(args.begin() + 2, args.end()))) {
        err << "error: " << *error << "\nSee 'driftscope-cli rbac --help' for usage.\n";
        return 2;
    }
    if (flags.boolValue("help")) {
        out << kUsage << flags.usage();
        return 0;
    }
    const std::string account = flags.isSet("service-account") ? flags.stringValue("service-account")
                                                                : "driftscope/driftscope";
    const auto slash = account.find('/');
    if (slash == std::string::npos || slash == 0 || slash + 1 == account.size()
        || account.find('/', slash + 1) != std::string::npos) {
        err << "error: --service-account must be NAMESPACE/NAME, not \"" << account << "\"\n";
        return 2;
    }
    pipeline::ComparisonRequest request;
    request.reference.metadataPath = flags.stringValue("reference");
    if (request.reference.metadataPath.empty()) {
        err << "error: a reference is required: rbac -r REFERENCE/metadata.yaml\n";
        return 2;
    }
    if (flags.isSet("diff-config"))
        request.diffConfigPath = flags.stringValue("diff-config");
    ErrLog log(err);
    pipeline::ComparisonRun run(request, log);
    if (auto error = run.loadReference()) {
        err << "error: " << *error << "\n";
        return 2;
    }
    const live::FetchNeeds needs =
        live::FetchNeeds::fromReference(*run.reference(), run.manualCorrelations(), flags.boolValue("all-resources"));
    std::vector<std::string> warnings;
    std::vector<live::ServedResource> served;
    if (flags.boolValue("from-cluster") || flags.isSet("kubeconfig") || flags.isSet("context")) {
        live::LiveSettings settings;
        settings.kubeconfig = flags.stringValue("kubeconfig");
        settings.context = flags.stringValue("context");
        std::string error;
        auto discovered = live::servedByCluster(settings, error);
        if (!discovered) {
            err << "error: cluster discovery failed: " << error << "\n";
            return 2;
        }
        served = std::move(*discovered);
    } else {
        served = live::RbacPolicy::assumedServed(needs, warnings);
    }
    const live::FetchPlan plan = live::FetchPlan::build(needs, served);
    for (const std::string &w : plan.warnings)
        warnings.push_back(w);
    if (plan.error) {
        err << "error: " << *plan.error << "\n";
        return 2;
    }
    for (const std::string &w : warnings)
        err << "warning: " << w << "\n";
    const std::string name = flags.isSet("name") ? flags.stringValue("name") : "driftscope-reader";
    out << live::RbacPolicy::fromPlan(plan).toYaml(name, account.substr(0, slash), account.substr(slash + 1));
    return 0;
}

} // namespace ds::cli
