// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "GenerateConfig.h"
#include "live/LiveInputSource.h"
#include "util/Log.h"

#include <optional>
#include <string>

namespace ds::generate {

// What `-g` was asked to do.
struct GenerateRequest
{
    std::string configPath;                // -g, as given
    std::optional<std::string> mustGather; // -f, as given; none: a live cluster
    std::string outputDir;                 // --output-dir ("" = the config's)
    live::LiveSettings cluster;            // without -f: --kubeconfig, --context, --request-timeout
};

struct GenerateOutcome
{
    int exitCode = 0;
    std::string out;      // stdout: where the reference went and what it holds
    std::string warnings; // stderr: the entries that captured nothing
    std::string error;    // stderr, after "error: " (exit 1)
};

// kube-compare's generate mode (spec g.3): a v2 reference — one YAML file per
// captured object, cleaned of server-managed fields, and a metadata.yaml with
// one part per entry — from a must-gather (folder or archive) or a live cluster. Unlike kube-compare, integers and
// timestamps never crash it (g.3.10). Writes nothing before every entry was
// fetched; files are created exclusively (name-1.yaml, name-2.yaml, …).
class ReferenceGenerator
{
public:
    explicit ReferenceGenerator(Log &log) : m_log(log) {}
    GenerateOutcome run(const GenerateRequest &request);

private:
    struct Fetched;
    std::optional<std::string> fetchAll(const GenerateRequest &request, const GenerateConfig &config,
                                        std::vector<Fetched> &fetched);
    Log &m_log;
};

// The file name kube-compare gives an object (g.3.6): ASCII letters, digits, '_',
// '-' and '.' kept, anything else one '-', runs collapsed, '-' and '.' trimmed;
// `fallback` when nothing is left or ".." remains.
std::string sanitizeName(const std::string &name, const std::string &fallback);

} // namespace ds::generate
