// SPDX-License-Identifier: Apache-2.0
#include "LiveObjects.h"

#include "json/JsonReader.h"
#include "live/ApiClient.h"
#include "live/ApiDiscovery.h"
#include "live/Kubeconfig.h"
#include "live/RestConfig.h"
#include "live/ServedResources.h"
#include "util/LargeStack.h"

#include <QUrl>

#include <algorithm>

namespace ds::generate {

namespace {

constexpr std::size_t kFetchStackBytes = std::size_t(8) << 20;
const QByteArray kJson = "application/json";

std::string encode(const std::string &text)
{
    return QUrl::toPercentEncoding(QString::fromStdString(text)).toStdString();
}

// Every item of a (paged) list; items take apiVersion and kind from the list, as client-go's do.
std::optional<std::string> listAll(live::ApiClient &client, const std::string &path, const std::string &query,
                                   const std::string &kind, std::vector<Value> &out)
{
    std::string token;
    do {
        std::string url = path + "?limit=" + std::to_string(client.options().pageSize) + query;
        if (!token.empty())
            url += "&continue=" + encode(token);
        const live::ApiResponse r = client.getAndWait(url, kJson);
        if (!r.ok())
            return "list cluster resources: " + r.error;
        const yaml::ReadResult read = json::read(std::string_view(r.body.constData(), std::size_t(r.body.size())));
        const Value list = read.ok() && !read.documents.empty() ? read.documents.front() : Value();
        if (!list.isMap())
            return std::string("list cluster resources: the server returned an unreadable list");
        const Value apiVersion = list.get("apiVersion");
        for (const Value &item : list.get("items").isList() ? list.get("items").list() : ValueList{}) {
            if (!item.isMap())
                continue;
            Value copy = item;
            copy.insert("apiVersion", apiVersion);
            copy.insert("kind", Value(kind));
            out.push_back(copy);
        }
        const Value next = list.at({"metadata", "continue"});
        token = next.isString() ? next.str() : std::string();
    } while (!token.empty());
    return std::nullopt;
}

LiveObjects::Entry fetchEntry(live::ApiClient &client, const std::vector<live::ServedResource> &served,
                              const ResourceSpec &spec)
{
    LiveObjects::Entry entry;
    // schema.ParseGroupVersion: "v", "g/v"; more slashes are an error.
    std::string group, version = spec.apiVersion;
    if (const std::size_t slash = spec.apiVersion.find('/'); slash != std::string::npos) {
        if (spec.apiVersion.find('/', slash + 1) != std::string::npos) {
            entry.error = "invalid apiVersion \"" + spec.apiVersion + "\": unexpected GroupVersion string: "
                + spec.apiVersion;
            return entry;
        }
        group = spec.apiVersion.substr(0, slash);
        version = spec.apiVersion.substr(slash + 1);
    }
    const auto found = std::find_if(served.begin(), served.end(), [&](const live::ServedResource &r) {
        return r.kind == spec.kind && r.group == group && r.version == version;
    });
    if (found == served.end()) {
        entry.error = "failed to find API for " + spec.kind + " (" + spec.apiVersion + "): no matches for kind \""
            + spec.kind + "\" in version \"" + spec.apiVersion + "\"";
        return entry;
    }
    std::string path = found->basePath();
    if (found->namespaced && !spec.ns.empty())
        path += "/namespaces/" + encode(spec.ns);
    path += "/" + found->resource;
    std::vector<std::string> names;
    for (const std::string &name : spec.names)
        if (!name.empty() && std::find(names.begin(), names.end(), name) == names.end())
            names.push_back(name);
    if (spec.names.empty()) {
        if (auto error = listAll(client, path, {}, spec.kind, entry.objects))
            entry.error = *error;
        return entry;
    }
    for (const std::string &name : names)
        if (auto error = listAll(client, path, "&fieldSelector=" + encode("metadata.name=" + name), spec.kind,
                                 entry.objects)) {
            entry.error = *error;
            entry.failedName = name; // `failed to fetch Kind "name": …`
            return entry;
        }
    return entry;
}

} // namespace

LiveObjects LiveObjects::fetch(const live::LiveSettings &settings, const std::vector<ResourceSpec> &resources)
{
    LiveObjects out;
    const auto rest = live::RestConfig::resolve(settings.kubeconfig, settings.context);
    if (!rest.ok()) {
        out.error = *rest.error;
        return out;
    }
    // Qt networking needs an event loop of its own: a thread, joined before returning.
    {
        LargeStackThread thread(
            [&] {
                live::ApiClient client(rest.config, settings.api);
                if (auto error = client.prepare()) {
                    out.error = *error;
                    return;
                }
                std::string error;
                const auto served = live::discoverServed(client, error);
                for (const ResourceSpec &spec : resources) {
                    if (!served) { // the REST mapping needs discovery
                        out.entries.push_back(
                            Entry{{}, "failed to find API for " + spec.kind + " (" + spec.apiVersion + "): " + error, {}});
                        continue;
                    }
                    out.entries.push_back(fetchEntry(client, *served, spec));
                }
            },
            kFetchStackBytes);
    }
    return out;
}

} // namespace ds::generate
