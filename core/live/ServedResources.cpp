// SPDX-License-Identifier: Apache-2.0
#include "ServedResources.h"

#include "ApiClient.h"
#include "RestConfig.h"
#include "util/LargeStack.h"

namespace ds::live {

namespace {
const QByteArray kJson = "application/json";
constexpr std::size_t kStackBytes = std::size_t(8) << 20; // Qt's network stack, not templates
} // namespace

std::optional<std::vector<ServedResource>> discoverServed(ApiClient &client, std::string &error)
{
    std::vector<ServedResource> served;
    for (const bool core : {true, false}) {
        const ApiResponse root = client.getAndWait(core ? "/api" : "/apis", ApiDiscovery::aggregatedAccept());
        if (!root.ok()) {
            error = root.error;
            return std::nullopt;
        }
        if (ApiDiscovery::isAggregated(root.contentType, root.body)) {
            auto resources = ApiDiscovery::parseAggregated(root.body, error);
            if (!resources)
                return std::nullopt;
            served.insert(served.end(), resources->begin(), resources->end());
            continue;
        }
        const auto groupVersions = core ? ApiDiscovery::parseApiVersions(root.body)
                                        : ApiDiscovery::parseGroupList(root.body);
        for (const std::string &gv : groupVersions) {
            const ApiResponse r = client.getAndWait((core ? "/api/" : "/apis/") + gv, kJson);
            std::string ignored;
            if (r.ok())
                if (auto resources = ApiDiscovery::parseResourceList(r.body, gv, ignored))
                    served.insert(served.end(), resources->begin(), resources->end());
        }
    }
    return served;
}

std::optional<std::vector<ServedResource>> servedByCluster(const LiveSettings &settings, std::string &error)
{
    const auto rest = RestConfig::resolve(settings.kubeconfig, settings.context);
    if (!rest.ok()) {
        error = *rest.error;
        return std::nullopt;
    }
    std::optional<std::vector<ServedResource>> served;
    {
        // Qt networking needs an event loop of its own: a thread, joined here.
        LargeStackThread thread(
            [&] {
                ApiClient client(rest.config, settings.api);
                if (auto e = client.prepare()) {
                    error = *e;
                    return;
                }
                served = discoverServed(client, error);
            },
            kStackBytes);
    }
    return served;
}

} // namespace ds::live
