// SPDX-License-Identifier: Apache-2.0
#include "FetchNeeds.h"

#include "compare/InputNeeds.h"
#include "input/ClusterObject.h"
#include "reference/Reference.h"

namespace ds::live {

namespace {

std::string fixedField(const Value &metadata, std::initializer_list<std::string_view> path)
{
    const Value v = metadata.at(path);
    return v.isString() ? v.str() : std::string();
}

} // namespace

FetchNeeds FetchNeeds::fromReference(const ref::Reference &reference,
                                     const std::map<std::string, std::string> &manualCorrelations, bool allResources)
{
    FetchNeeds needs;
    needs.narrow = !allResources;
    std::set<std::string> templateKinds;
    for (const ref::ReferenceTemplate &t : reference.templates) {
        if (!t.loadError.empty())
            continue; // a broken template the window kept matches nothing
        TemplateScope s{fixedField(t.metadata, {"kind"}), fixedField(t.metadata, {"apiVersion"}),
                        fixedField(t.metadata, {"metadata", "namespace"}), fixedField(t.metadata, {"metadata", "name"})};
        templateKinds.insert(s.kind);
        needs.templates.push_back(std::move(s));
    }
    // A lookup whose kind is computed cannot be served by narrowed lists: list
    // every template kind whole, as kube-compare does.
    const auto lookups = compare::lookupKinds(reference);
    if (!lookups)
        needs.narrow = false;
    for (const std::string &kind : lookups.value_or(std::set<std::string>{})) {
        needs.wholeKinds.insert(kind);
        if (!templateKinds.count(kind))
            needs.lookupKinds.insert(kind);
    }
    for (const auto &[key, templatePath] : manualCorrelations)
        needs.wholeKinds.insert(input::kindOfObjectId(key));
    return needs;
}

} // namespace ds::live
