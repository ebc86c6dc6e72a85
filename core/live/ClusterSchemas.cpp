// SPDX-License-Identifier: Apache-2.0
#include "ClusterSchemas.h"

#include "ApiClient.h"
#include "RestConfig.h"
#include "json/JsonReader.h"
#include "util/LargeStack.h"

#include <QUrl>

namespace ds::live {

namespace {

const QByteArray kJson = "application/json";
constexpr std::size_t kStackBytes = std::size_t(8) << 20; // Qt's network stack, not templates

std::optional<Value> jsonOf(const ApiResponse &response)
{
    const yaml::ReadResult read = json::read(std::string_view(response.body.constData(), std::size_t(response.body.size())));
    if (!read.ok() || read.documents.empty())
        return std::nullopt;
    return read.documents.front();
}

std::optional<std::string> listCrds(ApiClient &client, std::vector<Value> &out)
{
    std::string token;
    do {
        std::string path = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions?limit="
            + std::to_string(client.options().pageSize);
        if (!token.empty())
            path += "&continue=" + QUrl::toPercentEncoding(QString::fromStdString(token)).toStdString();
        const ApiResponse r = client.getAndWait(path, kJson);
        if (!r.ok())
            return "list customresourcedefinitions: " + r.error;
        const auto list = jsonOf(r);
        if (!list || !list->get("items").isList())
            return std::string("list customresourcedefinitions: the server returned an unreadable list");
        const Value items = list->get("items"); // bound first: get() returns a temporary
        for (const Value &item : items.list()) {
            Value crd = item; // list items come without their type, as from any list
            crd.insert("apiVersion", Value("apiextensions.k8s.io/v1"));
            crd.insert("kind", Value("CustomResourceDefinition"));
            out.push_back(std::move(crd));
        }
        const Value next = list->at({"metadata", "continue"});
        token = next.isString() ? next.str() : std::string();
    } while (!token.empty());
    return std::nullopt;
}

void openApiDocuments(ApiClient &client, const std::vector<std::string> &groupVersions, ClusterSchemas &out)
{
    const ApiResponse index = client.getAndWait("/openapi/v3", kJson);
    const auto paths = index.ok() ? jsonOf(index) : std::nullopt;
    if (!paths || !paths->get("paths").isMap()) {
        out.notes.push_back("the cluster serves no /openapi/v3 index (" + (index.ok() ? std::string("unreadable") : index.error)
                            + "): built-in kinds are not checked");
        return;
    }
    for (const std::string &gv : groupVersions) {
        const std::string key = gv.find('/') == std::string::npos ? "api/" + gv : "apis/" + gv;
        const Value url = paths->at({"paths", key, "serverRelativeURL"});
        if (!url.isString())
            continue; // not a built-in group/version the server documents (a CRD's group has its CRD)
        const ApiResponse r = client.getAndWait(url.str(), kJson);
        if (const auto doc = r.ok() ? jsonOf(r) : std::nullopt)
            out.documents.push_back(*doc);
        else
            out.notes.push_back("/openapi/v3 of " + gv + ": " + (r.ok() ? std::string("unreadable") : r.error));
    }
}

} // namespace

ClusterSchemas ClusterSchemas::fetch(const LiveSettings &settings, const std::vector<std::string> &groupVersions)
{
    ClusterSchemas out;
    const auto rest = RestConfig::resolve(settings.kubeconfig, settings.context);
    if (!rest.ok()) {
        out.error = *rest.error;
        return out;
    }
    {
    // Qt networking needs an event loop of its own: a thread, joined before `out` is returned.
    LargeStackThread thread(
        [&] {
            ApiClient client(rest.config, settings.api);
            if (auto e = client.prepare()) {
                out.error = *e;
                return;
            }
            if (auto e = listCrds(client, out.documents)) {
                out.error = *e;
                return;
            }
            openApiDocuments(client, groupVersions, out);
        },
        kStackBytes);
    }
    return out;
}

} // namespace ds::live
