// SPDX-License-Identifier: Apache-2.0
#include "FixVerifier.h"

#include "compare/CompareEngine.h"
#include "compare/InputNeeds.h"
#include "diff/FieldChanges.h"
#include "patch/JsonPatch.h"
#include "patch/MergePatch.h"
#include "yaml/YamlReader.h"

#include <algorithm>
#include <map>
#include <set>

namespace ds::review {

namespace {

std::optional<Value> applied(const Fix &fix, const Value &object)
{
    const patch::PatchResult r = fix.type == Fix::Type::MergePatch
        ? patch::MergePatch::applyJson(object, fix.patch)
        : patch::JsonPatch::decode(fix.patch).apply(object);
    if (!r.ok())
        return std::nullopt;
    return r.value;
}

Value readYaml(const std::string &text)
{
    yaml::ReadOptions options;
    options.firstDocumentOnly = true;
    const yaml::ReadResult r = yaml::read(text, options);
    return r.ok() && !r.documents.empty() ? r.documents.front() : Value();
}

// What a comparison of the patched CR needs besides it: the CRs its template's
// lookups can see (all of them when a lookup computes its kind).
class Recomparer
{
public:
    Recomparer(std::shared_ptr<const ref::Reference> reference, const std::vector<input::ClusterObject> &objects,
               const compare::CompareOptions &options, std::shared_ptr<const compare::UserOverrides> overrides)
        : m_reference(std::move(reference)), m_objects(objects), m_options(options), m_overrides(std::move(overrides))
    {
        m_options.keepGoing = true;
        m_options.generateOverrideFor.clear();
        m_lookupKinds = compare::lookupKinds(*m_reference);
        m_engine = std::make_unique<compare::CompareEngine>(m_reference, m_options, Log::null());
        if (m_overrides)
            m_engine->setOverrides(m_overrides);
        m_ready = !m_engine->prepare();
    }

    bool ready() const { return m_ready; }

    // The fields that still differ once `patched` replaces the CR `id`; nullopt
    // when the comparison does not correlate it any more.
    std::optional<std::vector<diff::FieldChange>> remaining(const std::string &id, const Value &patched) const
    {
        std::vector<input::ClusterObject> set;
        for (const input::ClusterObject &o : m_objects) {
            if (o.id == id) {
                input::ClusterObject copy = o;
                copy.object = patched.deepCopy();
                set.push_back(std::move(copy));
            } else if (!m_lookupKinds || m_lookupKinds->count(input::kindOfObjectId(o.id))) {
                input::ClusterObject copy = o;
                if (!copy.partial)
                    copy.object = copy.object.deepCopy();
                set.push_back(std::move(copy));
            }
        }
        const compare::CompareResult result = m_engine->compare(std::move(set));
        for (const report::CrResult &r : result.report.diffs)
            if (r.crName == id)
                return diff::fieldChanges(readYaml(r.referenceYaml), readYaml(r.clusterYaml));
        return std::nullopt;
    }

private:
    std::shared_ptr<const ref::Reference> m_reference;
    const std::vector<input::ClusterObject> &m_objects;
    compare::CompareOptions m_options;
    std::shared_ptr<const compare::UserOverrides> m_overrides;
    std::optional<std::set<std::string>> m_lookupKinds;
    std::unique_ptr<compare::CompareEngine> m_engine;
    bool m_ready = false;
};

bool under(const diff::ObjectPath &path, const diff::ObjectPath &prefix)
{
    return path.size() >= prefix.size() && std::equal(prefix.begin(), prefix.end(), path.begin());
}

bool overlaps(const diff::ObjectPath &a, const diff::ObjectPath &b)
{
    return under(a, b) || under(b, a);
}

std::string pathList(const std::vector<diff::ObjectPath> &paths)
{
    std::string out;
    for (const diff::ObjectPath &p : paths)
        out += (out.empty() ? "" : ", ") + diff::pathText(p);
    return out;
}

void addNote(Fix &fix, const std::string &note)
{
    fix.note += (fix.note.empty() ? "" : "; ") + note;
}

// Applies and re-compares until the patch leaves none of its own fields
// different. Two rounds suffice in practice: the second only sees fields whose
// expected value moved because the first round's patch changed what the
// template reads.
void verify(Fix &fix, const Value &object, const Recomparer &recomparer)
{
    std::vector<diff::ObjectPath> dropped;
    for (int round = 0; round < 3 && !fix.changes.empty(); ++round) {
        const std::optional<Value> patched = applied(fix, object);
        if (!patched) {
            addNote(fix, "the patch does not apply to the CR as read; compare the diff by hand");
            setPatch(fix, {});
            return;
        }
        const std::optional<std::vector<diff::FieldChange>> remaining = recomparer.remaining(fix.crId, *patched);
        if (!remaining) {
            addNote(fix, "with this patch the CR would no longer match its template; compare the diff by hand");
            setPatch(fix, {});
            return;
        }
        std::vector<diff::FieldChange> kept;
        std::size_t before = dropped.size();
        for (diff::FieldChange &c : fix.changes) {
            const bool stillDiffers = std::any_of(remaining->begin(), remaining->end(),
                                                  [&](const diff::FieldChange &r) { return overlaps(r.path, c.path); });
            if (stillDiffers)
                dropped.push_back(c.path);
            else
                kept.push_back(std::move(c));
        }
        if (dropped.size() == before)
            break;
        setPatch(fix, std::move(kept));
    }
    if (!dropped.empty())
        addNote(fix, "left to you: the template computes these from the CR's own values, so no fixed value "
                     "matches: " + pathList(dropped));
}

} // namespace

void verifyFixes(std::vector<Fix> &fixes, const FixInputs &inputs)
{
    const bool anyPatch = std::any_of(fixes.begin(), fixes.end(), [](const Fix &f) { return !f.changes.empty(); });
    if (!anyPatch || !inputs.reference || !inputs.objects)
        return;
    std::map<std::string_view, const input::ClusterObject *> byId;
    for (const input::ClusterObject &o : *inputs.objects)
        byId.emplace(o.id, &o);
    const Recomparer recomparer(inputs.reference, *inputs.objects, inputs.options, inputs.overrides);
    if (!recomparer.ready())
        return;
    for (Fix &fix : fixes) {
        if (fix.changes.empty())
            continue;
        const auto it = byId.find(fix.crId);
        if (it == byId.end() || it->second->partial)
            continue; // not read in full: nothing to prove the patch on
        verify(fix, it->second->object, recomparer);
    }
}

std::vector<Fix> provenFixes(const report::ComparisonReport &report, const FixInputs &inputs,
                             const std::vector<std::string> &crIds, bool missingTemplates)
{
    if (!inputs.reference)
        return {};
    std::vector<Fix> fixes = planFixes(report, *inputs.reference, crIds, missingTemplates);
    verifyFixes(fixes, inputs);
    return fixes;
}

} // namespace ds::review
