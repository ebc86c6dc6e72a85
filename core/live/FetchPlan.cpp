// SPDX-License-Identifier: Apache-2.0
#include "FetchPlan.h"

#include <QUrl>

#include <algorithm>
#include <map>
#include <set>

namespace ds::live {

namespace {

using GroupVersion = std::pair<std::string, std::string>; // group, version
using Scope = std::pair<std::string, std::string>;        // namespace, name ("" = any)

GroupVersion splitApiVersion(const std::string &apiVersion)
{
    const auto slash = apiVersion.find('/');
    if (slash == std::string::npos)
        return {"", apiVersion};
    return {apiVersion.substr(0, slash), apiVersion.substr(slash + 1)};
}

std::string join(std::vector<std::string> items, const char *separator)
{
    std::sort(items.begin(), items.end());
    std::string out;
    for (const std::string &i : items)
        out += (out.empty() ? "" : separator) + i;
    return out;
}

// getSupportedResourceTypes: Kind → the (reported) group/versions serving it.
std::map<std::string, std::vector<GroupVersion>> supportedTypes(const std::vector<ServedResource> &served)
{
    std::map<std::string, std::vector<GroupVersion>> out;
    for (const ServedResource &r : served) {
        if (!r.listable)
            continue;
        auto &gvs = out[r.kind];
        const GroupVersion gv{r.reportedGroup, r.reportedVersion};
        if (std::find(gvs.begin(), gvs.end(), gv) == gvs.end())
            gvs.push_back(gv);
    }
    return out;
}

// getExpectedGroups: the templates' non-core group/versions, first seen first.
std::vector<GroupVersion> expectedGroups(const std::vector<const TemplateScope *> &templates)
{
    std::vector<GroupVersion> out;
    for (const TemplateScope *t : templates) {
        const GroupVersion gv = splitApiVersion(t->apiVersion);
        if (!gv.first.empty() && std::find(out.begin(), out.end(), gv) == out.end())
            out.push_back(gv);
    }
    return out;
}

// What `kubectl get Kind.version.group` (or bare `Kind`) resolves to.
const ServedResource *resolve(const std::vector<ServedResource> &served, const std::string &kind, const GroupVersion &gv)
{
    for (const ServedResource &r : served)
        if (r.listable && r.kind == kind && (gv.first.empty() || (r.group == gv.first && r.version == gv.second)))
            return &r;
    return nullptr;
}

std::vector<Scope> namedOrAll(const std::string &ns, const std::set<std::string> &names, bool anyUnnamed)
{
    if (anyUnnamed || names.size() > FetchPlan::kMaxNamedRequests)
        return {{ns, ""}};
    std::vector<Scope> out;
    for (const std::string &n : names)
        out.emplace_back(ns, n);
    return out;
}

// The narrowest lists that still return every object a template of this kind
// can correlate with: group correlation only pairs a CR with a template whose
// fixed namespace and name equal the CR's.
std::vector<Scope> scopesFor(const std::vector<const TemplateScope *> &templates, bool namespaced)
{
    std::map<std::string, std::pair<std::set<std::string>, bool>> byNamespace; // ns → names, any unnamed
    bool anyNamespace = !namespaced;
    for (const TemplateScope *t : templates)
        anyNamespace = anyNamespace || t->namespaceName.empty();
    for (const TemplateScope *t : templates) {
        auto &entry = byNamespace[anyNamespace ? std::string() : t->namespaceName];
        if (t->name.empty())
            entry.second = true;
        else
            entry.first.insert(t->name);
    }
    std::vector<Scope> out;
    for (const auto &[ns, names] : byNamespace) {
        const auto scopes = namedOrAll(ns, names.first, names.second);
        out.insert(out.end(), scopes.begin(), scopes.end());
    }
    return out;
}

void addJobs(std::vector<ListJob> &jobs, const ServedResource &r, const std::vector<Scope> &scopes)
{
    for (const Scope &scope : scopes) {
        const std::string &ns = scope.first, &name = scope.second; // clang 14 cannot capture bindings
        const bool duplicate = std::any_of(jobs.begin(), jobs.end(), [&](const ListJob &j) {
            return j.resource.group == r.group && j.resource.version == r.version && j.resource.resource == r.resource
                && j.namespaceName == ns && j.name == name;
        });
        if (!duplicate)
            jobs.push_back({r, r.namespaced ? ns : std::string(), name});
    }
}

} // namespace

std::string ListJob::firstPage(int pageSize) const
{
    std::string path = resource.basePath();
    if (!namespaceName.empty())
        path += "/namespaces/" + QUrl::toPercentEncoding(QString::fromStdString(namespaceName)).toStdString();
    path += "/" + resource.resource + "?limit=" + std::to_string(pageSize);
    if (!name.empty())
        path += "&fieldSelector="
            + QUrl::toPercentEncoding(QString::fromStdString("metadata.name=" + name)).toStdString();
    return path;
}

std::string ListJob::label() const
{
    std::string out = resource.kind + " (" + resource.groupVersion() + ")";
    if (!name.empty())
        out += " \"" + name + "\"";
    if (!namespaceName.empty())
        out += " in namespace " + namespaceName;
    return out;
}

FetchPlan FetchPlan::build(const FetchNeeds &needs, const std::vector<ServedResource> &served)
{
    FetchPlan plan;
    std::map<std::string, std::vector<const TemplateScope *>> byKind;
    for (const TemplateScope &t : needs.templates)
        byKind[t.kind].push_back(&t);
    const auto supported = supportedTypes(served);
    std::vector<std::string> notSupported;
    std::vector<std::string> badApi;
    std::vector<std::pair<std::string, GroupVersion>> types;
    for (const auto &[kind, templates] : byKind) {
        const auto it = supported.find(kind);
        if (it == supported.end()) {
            notSupported.push_back(kind);
            continue;
        }
        std::vector<GroupVersion> expected = expectedGroups(templates);
        for (const GroupVersion &gv : it->second) {
            expected.erase(std::remove(expected.begin(), expected.end(), gv), expected.end());
            types.emplace_back(kind, gv);
        }
        for (const GroupVersion &gv : expected)
            badApi.push_back(kind + "." + gv.first + "/" + gv.second);
    }
    if (!badApi.empty())
        plan.warnings.push_back("There may be an issue with the API resources exposed by the cluster. "
                                "Found kind but missing group/version for " + join(badApi, ", ") + " ");
    if (types.empty()) {
        plan.error = "templates don't contain any types (kind) of resources that are supported by the cluster";
        return plan;
    }
    if (!notSupported.empty())
        plan.warnings.push_back("Reference Contains Templates With Types (kind) Not Supported By Cluster: "
                                + join(notSupported, ", "));
    for (const auto &[kind, gv] : types) {
        const ServedResource *r = resolve(served, kind, gv);
        if (!r)
            continue;
        const bool whole = !needs.narrow || needs.wholeKinds.count(kind);
        addJobs(plan.jobs, *r, whole ? std::vector<Scope>{{"", ""}} : scopesFor(byKind[kind], r->namespaced));
    }
    for (const std::string &kind : needs.lookupKinds)
        for (const ServedResource &r : served)
            if (r.listable && r.kind == kind)
                addJobs(plan.jobs, r, {{"", ""}});
    return plan;
}

} // namespace ds::live
