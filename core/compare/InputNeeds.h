// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "reference/Reference.h"

#include <map>
#include <optional>
#include <set>
#include <string>

namespace ds::compare {

// Which cluster objects a comparison must see in full. Everything else only
// needs its identity (for -A and the GUI's unmatched list) and its
// ownerReferences (spec d.5), so big inputs need not be materialised.
struct InputNeeds
{
    // Kinds to load in full; nullopt means every kind (a template's kind is not
    // fixed, or a lookupCR call names its kind dynamically).
    std::optional<std::set<std::string>> kinds;

    bool needsInFull(const std::string &kind) const { return !kinds || kinds->count(kind) > 0; }
};

// Kinds of the templates (their empty-data render), of every lookupCR/lookupCRs
// call with literal arguments, of manual correlation keys, and the RBAC bindings
// whose subjects spec d.5 indexes.
InputNeeds inputNeeds(const ref::Reference &reference,
                      const std::map<std::string, std::string> &manualCorrelations = {});

} // namespace ds::compare
