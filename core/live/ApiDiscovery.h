// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>

#include <optional>
#include <string>
#include <vector>

namespace ds::live {

// One listable resource the cluster serves.
struct ServedResource
{
    std::string group;    // where it is served: "" = core (/api/v1), else /apis/<group>/<version>
    std::string version;
    std::string resource; // plural, e.g. "configmaps"
    std::string kind;
    bool namespaced = true;
    bool listable = true; // "list" among its verbs (or no verbs given)
    // APIResource.Group/Version as client-go reports them to kube-compare: from
    // responseKind in aggregated discovery (may differ from, or lack, the URL's).
    std::string reportedGroup;
    std::string reportedVersion;

    // /api/v1 or /apis/<group>/<version>
    std::string basePath() const { return group.empty() ? "/api/" + version : "/apis/" + group + "/" + version; }
    std::string groupVersion() const { return group.empty() ? version : group + "/" + version; }
};

// Parses the discovery documents of the Kubernetes API. Aggregated discovery
// (apidiscovery.k8s.io v2/v2beta1, one request each for /api and /apis) is
// asked for first; a server that answers with the older documents gets the
// per-group-version requests instead (GET /api/<v>, /apis/<g>/<v>).
// Resources come out in discovery order: the core group first, then the groups
// in the server's order, preferred version first; subresources are skipped.
class ApiDiscovery
{
public:
    // The Accept header kubectl 1.30+ sends for /api and /apis.
    static QByteArray aggregatedAccept();
    static bool isAggregated(const QByteArray &contentType, const QByteArray &body);

    static std::optional<std::vector<ServedResource>> parseAggregated(const QByteArray &body, std::string &error);
    // /api → versions ("v1"); /apis → "group/version" strings.
    static std::vector<std::string> parseApiVersions(const QByteArray &body);
    static std::vector<std::string> parseGroupList(const QByteArray &body);
    // /api/<v> or /apis/<g>/<v>. Legacy documents leave APIResource.group/version
    // empty; Driftscope fills them from the URL (kube-compare would see them empty).
    static std::optional<std::vector<ServedResource>> parseResourceList(const QByteArray &body, const std::string &groupVersion,
                                                                        std::string &error);
};

} // namespace ds::live
