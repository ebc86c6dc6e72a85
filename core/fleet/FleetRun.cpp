// SPDX-License-Identifier: Apache-2.0
#include "FleetRun.h"

#include "json/JsonReader.h"
#include "pipeline/ComparisonRun.h"
#include "util/OrderedParallel.h"

#include <QFile>
#include <QFileInfo>

namespace ds::fleet {

namespace {

// A cluster's messages: warnings are kept with its name for the caller's
// thread to pass on in cluster order (clusters are compared in parallel); the
// rest is dropped (the fleet report has the verdicts).
class ClusterLog : public Log
{
public:
    ClusterLog(std::string name, std::vector<std::string> &warnings) : m_name(std::move(name)), m_warnings(warnings) {}
    void message(Severity severity, int verbosity, const std::string &text) override
    {
        if (severity != Severity::Info && verbosity == 0)
            m_warnings.push_back(m_name + ": " + text);
    }

private:
    std::string m_name;
    std::vector<std::string> &m_warnings;
};

// What comparing one cluster (or reading its report) leaves for the fleet.
struct ClusterResult
{
    std::vector<FleetReport::Cluster> clusters;
    std::vector<std::string> warnings;
};

bool isReportFile(const std::string &source)
{
    return source.ends_with(".json") && QFileInfo(QString::fromStdString(source)).isFile();
}

// A cluster's -o json report, or a whole `fleet -o json` result whose
// clusters join this fleet (fleets run apart can be merged).
std::vector<FleetReport::Cluster> fromReportFile(const ClusterSpec &spec)
{
    FleetReport::Cluster cluster{spec.name, spec.source, {}, {}};
    QFile f(QString::fromStdString(spec.source));
    if (!f.open(QIODevice::ReadOnly)) {
        cluster.error = "cannot read " + spec.source + ": " + f.errorString().toStdString();
        return {cluster};
    }
    const yaml::ReadResult read = json::read(f.readAll().toStdString());
    if (!read.ok() || read.documents.empty()) {
        cluster.error = spec.source + ": " + (read.ok() ? std::string("empty") : read.error->describe());
        return {cluster};
    }
    const Value &document = read.documents.front();
    if (document.get("driftGroups").isList())
        return FleetReport::clustersFromJson(document);
    std::string error;
    cluster.outcome = ClusterOutcome::fromJson(document, error);
    if (!error.empty())
        cluster.error = spec.source + ": " + error;
    return {cluster};
}

} // namespace

ClusterSpec parseClusterSpec(const std::string &argument)
{
    ClusterSpec spec;
    const auto eq = argument.find('=');
    if (eq != std::string::npos && eq > 0 && argument.find('/') > eq) {
        spec.name = argument.substr(0, eq);
        spec.source = argument.substr(eq + 1);
        return spec;
    }
    spec.source = argument;
    if (spec.isContext()) {
        spec.name = spec.context();
        return spec;
    }
    std::string name = QFileInfo(QString::fromStdString(argument)).fileName().toStdString();
    if (name.empty()) // "dir/"
        name = QFileInfo(QString::fromStdString(argument.substr(0, argument.find_last_not_of('/') + 1)))
                   .fileName()
                   .toStdString();
    for (const char *suffix : {".tar.gz", ".tgz", ".tar.xz", ".tar", ".zip", ".json"})
        if (name.ends_with(suffix) && name.size() > std::string_view(suffix).size()) {
            name.resize(name.size() - std::string_view(suffix).size());
            break;
        }
    spec.name = name;
    return spec;
}

namespace {

ClusterResult compareCluster(const FleetOptions &options, const ClusterSpec &spec,
                             const std::shared_ptr<const ref::Reference> &reference)
{
    ClusterResult result;
    if (isReportFile(spec.source)) {
        result.clusters = fromReportFile(spec);
        return result;
    }
    pipeline::ComparisonRequest request;
    request.reference.metadataPath = options.metadataPath;
    if (spec.isContext()) {
        request.clusterData.kind = pipeline::ClusterDataSource::Kind::LiveCluster;
        request.clusterData.cluster.kubeconfig = options.kubeconfig;
        request.clusterData.cluster.context = spec.context();
        if (options.requestTimeoutMs > 0)
            request.clusterData.cluster.api.requestTimeoutMs = options.requestTimeoutMs;
    } else {
        request.clusterData.kind = pipeline::ClusterDataSource::Kind::Files;
        request.clusterData.paths = {spec.source};
        request.clusterData.recursive = true;
    }
    request.diffConfigPath = options.diffConfigPath;
    if (options.overridesPath)
        request.options.overridesPath = *options.overridesPath;
    ClusterLog log(spec.name, result.warnings);
    pipeline::ComparisonRun run(std::move(request), log, options.cancel);
    run.useReference(reference);
    FleetReport::Cluster cluster{spec.name, spec.source, {}, {}};
    if (auto e = run.run())
        cluster.error = *e;
    else
        cluster.outcome = ClusterOutcome::fromReport(*run.report());
    // The CRs and the report go with `run`; only the outcome stays.
    result.clusters.push_back(std::move(cluster));
    return result;
}

} // namespace

std::optional<FleetReport> runFleet(const FleetOptions &options, std::string &error)
{
    std::shared_ptr<const ref::Reference> reference;
    {
        pipeline::ComparisonRequest request;
        request.reference.metadataPath = options.metadataPath;
        std::vector<std::string> warnings;
        ClusterLog log("reference", warnings);
        pipeline::ComparisonRun run(request, log);
        const auto loadError = run.loadReference();
        if (options.warning)
            for (const std::string &w : warnings)
                options.warning(w);
        if (loadError) {
            error = *loadError;
            return std::nullopt;
        }
        reference = run.reference();
    }
    std::vector<std::string> templatePaths;
    for (const ref::ReferenceTemplate &t : reference->templates)
        templatePaths.push_back(t.path);
    FleetReport report(std::move(templatePaths));
    const std::size_t total = options.clusters.size();
    if (options.progress && total > 0)
        options.progress(0, total, options.clusters.front().name);
    // Two clusters at a time: while one waits for its files (or its API
    // server), the other decodes and compares; each comparison still uses
    // every core for its own CRs. A cluster's CRs are freed as soon as it is
    // reduced to its outcome, and the outcome to its summary when delivered,
    // so memory follows the clusters in flight, not the fleet's size.
    std::vector<std::optional<ClusterResult>> results(total);
    OrderedRunOptions run;
    run.threads = total > 1 ? 2 : 1;
    run.cancel = options.cancel;
    const std::size_t delivered = runOrdered(
        total, run, [&](std::size_t i) { results[i] = compareCluster(options, options.clusters[i], reference); },
        [&](std::size_t i) {
            ClusterResult result = std::move(*results[i]);
            results[i].reset();
            if (options.warning)
                for (const std::string &w : result.warnings)
                    options.warning(w);
            for (FleetReport::Cluster &cluster : result.clusters)
                report.add(std::move(cluster));
            if (options.progress && i + 1 < total)
                options.progress(i + 1, total, options.clusters[i + 1].name);
        });
    if ((options.cancel && options.cancel->load()) || delivered < total) {
        error = "cancelled";
        return std::nullopt;
    }
    if (options.progress)
        options.progress(total, total, {});
    return report;
}

std::vector<ClusterSpec> allContexts(const std::string &kubeconfig, std::string &error)
{
    std::vector<ClusterSpec> out;
    const live::ContextListing listing = live::listContexts(kubeconfig);
    if (listing.error) {
        error = *listing.error;
        return out;
    }
    for (const auto &context : listing.contexts)
        out.push_back({context.name, "context:" + context.name});
    return out;
}

} // namespace ds::fleet
