// SPDX-License-Identifier: Apache-2.0
#include "RbacPolicy.h"

#include "json/JsonWriter.h"

#include <algorithm>
#include <sstream>
#include <tuple>

namespace ds::live {

namespace {

using Key = std::tuple<std::string, std::string, std::string>; // namespace, group, resource

struct Access
{
    bool anyName = false;
    std::set<std::string> names;
};

// A JSON string is a YAML double-quoted scalar: names never need more thought.
std::string quoted(const std::string &text)
{
    return json::quote(text, false);
}

void writeRules(std::ostringstream &out, const std::vector<RbacPolicy::Rule> &rules)
{
    out << "rules:\n";
    for (const RbacPolicy::Rule &r : rules) {
        out << "- apiGroups: [" << quoted(r.group) << "]\n"
            << "  resources: [" << quoted(r.resource) << "]\n";
        if (!r.names.empty()) {
            out << "  resourceNames:";
            for (const std::string &n : r.names)
                out << "\n  - " << quoted(n);
            out << "\n";
        }
        out << "  verbs: [\"get\", \"list\"]\n";
    }
}

void writeBinding(std::ostringstream &out, const char *kind, const std::string &name, const std::string &ns,
                  const char *roleKind, const std::string &saNamespace, const std::string &saName)
{
    out << "---\napiVersion: rbac.authorization.k8s.io/v1\nkind: " << kind << "\nmetadata:\n  name: " << quoted(name)
        << "\n";
    if (!ns.empty())
        out << "  namespace: " << quoted(ns) << "\n";
    out << "roleRef:\n  apiGroup: rbac.authorization.k8s.io\n  kind: " << roleKind << "\n  name: " << quoted(name)
        << "\nsubjects:\n- kind: ServiceAccount\n  name: " << quoted(saName) << "\n  namespace: " << quoted(saNamespace)
        << "\n";
}

} // namespace

std::string RbacPolicy::pluralOf(const std::string &kind)
{
    std::string k;
    for (char c : kind)
        k += char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    if (k == "endpoints" || k == "securitycontextconstraints")
        return k; // already plural
    const auto endsWith = [&](std::string_view s) { return k.size() >= s.size() && k.ends_with(s); };
    if (endsWith("s") || endsWith("x") || endsWith("z") || endsWith("ch") || endsWith("sh"))
        return k + "es";
    if (k.size() >= 2 && k.back() == 'y' && std::string_view("aeiou").find(k[k.size() - 2]) == std::string_view::npos)
        return k.substr(0, k.size() - 1) + "ies";
    return k + "s";
}

std::vector<ServedResource> RbacPolicy::assumedServed(const FetchNeeds &needs, std::vector<std::string> &warnings)
{
    std::vector<ServedResource> served;
    const auto add = [&](const std::string &kind, const std::string &group, const std::string &version) {
        for (const ServedResource &r : served)
            if (r.kind == kind && r.group == group && r.version == version)
                return;
        ServedResource r;
        r.kind = kind;
        r.group = r.reportedGroup = group;
        r.version = r.reportedVersion = version;
        r.resource = pluralOf(kind);
        r.namespaced = std::any_of(needs.templates.begin(), needs.templates.end(), [&](const TemplateScope &t) {
            return t.kind == kind && !t.namespaceName.empty();
        });
        served.push_back(r);
    };
    for (const TemplateScope &t : needs.templates) {
        if (t.kind.empty() || t.apiVersion.empty())
            continue;
        const auto slash = t.apiVersion.find('/');
        add(t.kind, slash == std::string::npos ? "" : t.apiVersion.substr(0, slash),
            slash == std::string::npos ? t.apiVersion : t.apiVersion.substr(slash + 1));
    }
    for (const std::string &kind : needs.lookupKinds) {
        add(kind, "*", "*");
        warnings.push_back("lookupCR reads " + kind + ", whose API group no template names: the role allows "
                           "it in every group; give --context to ask the cluster which group serves it");
    }
    return served;
}

RbacPolicy RbacPolicy::fromPlan(const FetchPlan &plan)
{
    std::map<Key, Access> access;
    for (const ListJob &job : plan.jobs) {
        Access &a = access[{job.namespaceName, job.resource.group, job.resource.resource}];
        if (job.name.empty())
            a.anyName = true;
        else
            a.names.insert(job.name);
    }
    RbacPolicy policy;
    for (const auto &[key, a] : access) {
        const auto &[ns, group, resource] = key;
        // A namespace's Role adds nothing to a cluster-wide grant of every name.
        const auto wide = access.find({std::string(), group, resource});
        if (!ns.empty() && wide != access.end() && wide->second.anyName)
            continue;
        policy.m_rules[ns].push_back({group, resource, a.anyName ? std::set<std::string>() : a.names});
    }
    return policy;
}

std::string RbacPolicy::toYaml(const std::string &name, const std::string &saNamespace,
                               const std::string &saName) const
{
    std::ostringstream out;
    out << "# What `driftscope-cli` needs to compare this reference with a live cluster:\n"
           "# get/list on exactly these resources, nothing else (discovery is open to every\n"
           "# authenticated user). Apply with: driftscope-cli rbac ... | kubectl apply -f -\n";
    const auto wide = m_rules.find(std::string());
    out << "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: " << quoted(name) << "\n";
    if (wide == m_rules.end())
        out << "rules: []\n";
    else
        writeRules(out, wide->second);
    writeBinding(out, "ClusterRoleBinding", name, {}, "ClusterRole", saNamespace, saName);
    for (const auto &[ns, rules] : m_rules) {
        if (ns.empty())
            continue;
        out << "---\napiVersion: rbac.authorization.k8s.io/v1\nkind: Role\nmetadata:\n  name: " << quoted(name)
            << "\n  namespace: " << quoted(ns) << "\n";
        writeRules(out, rules);
        writeBinding(out, "RoleBinding", name, ns, "Role", saNamespace, saName);
    }
    return out.str();
}

} // namespace ds::live
