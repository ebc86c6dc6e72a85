// SPDX-License-Identifier: Apache-2.0
#include "ReferenceIndexes.h"

namespace ds::compare {

namespace {

std::string str(const Value &v, std::string_view key)
{
    const Value f = v.get(key);
    return f.isString() ? f.str() : std::string();
}

// unstructured.NestedString: an absent key is "", a present non-string (null
// included) is an error, which makes kube-compare skip the whole entry.
bool nestedString(const Value &v, std::string_view key, std::string &out)
{
    const Value f = v.get(key);
    out = f.isString() ? f.str() : std::string();
    return f.isMissing() || f.isString();
}

} // namespace

ReferenceIndexes::ReferenceIndexes(const std::vector<input::ClusterObject> &objects)
{
    for (const auto &o : objects) {
        const Value *owners = o.object.find({"metadata", "ownerReferences"});
        const std::string ns = owners ? input::stringField(o.object, {"metadata", "namespace"}) : std::string();
        static const ValueList none;
        for (const Value &ref : owners ? owners->list() : none) {
            const std::string apiVersion = str(ref, "apiVersion");
            const std::string kind = str(ref, "kind");
            const std::string name = str(ref, "name");
            if (apiVersion.empty() || kind.empty() || name.empty())
                continue;
            ownerReferences.insert(apiVersion + "_" + kind + "_" + name);
            if (!ns.empty())
                ownerReferences.insert(apiVersion + "_" + kind + "_" + ns + "_" + name);
        }
        const std::string kind = input::stringField(o.object, {"kind"});
        if (kind != "ClusterRoleBinding" && kind != "RoleBinding")
            continue;
        const Value bindingSubjects = o.object.get("subjects");
        for (const Value &subject : bindingSubjects.list()) {
            std::string subjectKind, name, subjectNs;
            if (!nestedString(subject, "kind", subjectKind) || !nestedString(subject, "name", name)
                || !nestedString(subject, "namespace", subjectNs))
                continue;
            // Users and Groups have no object; a subject without a name is skipped.
            if (subjectKind != "ServiceAccount" || name.empty())
                continue;
            subjects.insert("v1_ServiceAccount_" + name);
            if (!subjectNs.empty())
                subjects.insert("v1_ServiceAccount_" + subjectNs + "_" + name);
        }
    }
}

} // namespace ds::compare
