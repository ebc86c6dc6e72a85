// SPDX-License-Identifier: Apache-2.0
#include "FleetRun.h"

#include "json/JsonReader.h"
#include "pipeline/ComparisonRun.h"

#include <QFile>
#include <QFileInfo>

namespace ds::fleet {

namespace {

// A cluster's messages: warnings go on with its name, the rest is dropped
// (the fleet report has the verdicts).
class ClusterLog : public Log
{
public:
    ClusterLog(std::string name, const std::function<void(const std::string &)> &sink)
        : m_name(std::move(name)), m_sink(sink)
    {
    }
    void message(Severity severity, int verbosity, const std::string &text) override
    {
        if (severity != Severity::Info && verbosity == 0 && m_sink)
            m_sink(m_name + ": " + text);
    }

private:
    std::string m_name;
    const std::function<void(const std::string &)> &m_sink;
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

std::optional<FleetReport> runFleet(const FleetOptions &options, std::string &error)
{
    std::shared_ptr<const ref::Reference> reference;
    {
        pipeline::ComparisonRequest request;
        request.reference.metadataPath = options.metadataPath;
        ClusterLog log("reference", options.warning);
        pipeline::ComparisonRun run(request, log);
        if (auto e = run.loadReference()) {
            error = *e;
            return std::nullopt;
        }
        reference = run.reference();
    }
    std::vector<std::string> templatePaths;
    for (const ref::ReferenceTemplate &t : reference->templates)
        templatePaths.push_back(t.path);
    FleetReport report(std::move(templatePaths));
    const std::size_t total = options.clusters.size();
    for (std::size_t i = 0; i < total; ++i) {
        const ClusterSpec &spec = options.clusters[i];
        if (options.cancel && options.cancel->load()) {
            error = "cancelled";
            return std::nullopt;
        }
        if (options.progress)
            options.progress(i, total, spec.name);
        if (isReportFile(spec.source)) {
            for (FleetReport::Cluster &cluster : fromReportFile(spec))
                report.add(std::move(cluster));
            continue;
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
        ClusterLog log(spec.name, options.warning);
        pipeline::ComparisonRun run(std::move(request), log, options.cancel);
        run.useReference(reference);
        FleetReport::Cluster cluster{spec.name, spec.source, {}, {}};
        if (auto e = run.run())
            cluster.error = *e;
        else
            cluster.outcome = ClusterOutcome::fromReport(*run.report());
        report.add(std::move(cluster));
    }
    if (options.cancel && options.cancel->load()) {
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
