// SPDX-License-Identifier: Apache-2.0
#include "ReferenceIndexes.h"

namespace ds::compare {

namespace {

// unstructured.NestedString: an absent key is "", a present non-string (null
// included) is an error, which makes kube-compare skip the whole entry.
bool nestedString(const Value &v, std::string_view key, std::string_view &out)
{
    const Value *f = v.find(key);
    out = f && f->isString() ? std::string_view(f->str()) : std::string_view();
    return !f || f->isString();
}

// The parts joined with '_' in `key`, whose buffer is reused from entry to entry.
const std::string &joined(std::string &key, std::initializer_list<std::string_view> parts)
{
    key.clear();
    for (const std::string_view part : parts)
        key.append(part).push_back('_');
    key.pop_back();
    return key;
}

} // namespace

// Every object is visited (50,000 in a large must-gather) and most own
// nothing: objects the reader saw name nobody are passed over, fields are
// looked at in place and keys built in one buffer.
ReferenceIndexes::ReferenceIndexes(const std::vector<input::ClusterObject> &objects)
{
    std::string key;
    for (const auto &o : objects) {
        if (!o.mayReferToOthers)
            continue;
        const Value *owners = o.object.find({"metadata", "ownerReferences"});
        const std::string_view ns = owners ? input::stringView(o.object, {"metadata", "namespace"}) : std::string_view();
        static const ValueList none;
        for (const Value &ref : owners ? owners->list() : none) {
            const std::string_view apiVersion = input::stringView(ref, {"apiVersion"}),
                                   kind = input::stringView(ref, {"kind"}), name = input::stringView(ref, {"name"});
            if (apiVersion.empty() || kind.empty() || name.empty())
                continue;
            ownerReferences.insert(joined(key, {apiVersion, kind, name}));
            if (!ns.empty())
                ownerReferences.insert(joined(key, {apiVersion, kind, ns, name}));
        }
        const std::string_view kind = input::stringView(o.object, {"kind"});
        if (kind != "ClusterRoleBinding" && kind != "RoleBinding")
            continue;
        const Value *bindingSubjects = o.object.find("subjects");
        for (const Value &subject : bindingSubjects ? bindingSubjects->list() : none) {
            std::string_view subjectKind, name, subjectNs;
            if (!nestedString(subject, "kind", subjectKind) || !nestedString(subject, "name", name)
                || !nestedString(subject, "namespace", subjectNs))
                continue;
            // Users and Groups have no object; a subject without a name is skipped.
            if (subjectKind != "ServiceAccount" || name.empty())
                continue;
            subjects.insert(joined(key, {"v1", "ServiceAccount", name}));
            if (!subjectNs.empty())
                subjects.insert(joined(key, {"v1", "ServiceAccount", subjectNs, name}));
        }
    }
}

} // namespace ds::compare
