// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "input/KindFilter.h"
#include "reference/Reference.h"

#include <map>
#include <optional>
#include <set>
#include <string>

namespace ds::compare {

// Which cluster objects a comparison must see in full. Everything else only
// needs its identity (for -A and the GUI's unmatched list) and its
// ownerReferences (kube-compare's ownerRef index). Every kind is needed when a template's kind is
// not fixed or a lookupCR call names its kind dynamically.
//
// Kinds of the templates (their empty-data render), of every lookupCR/lookupCRs
// call with literal arguments, of manual correlation keys, and the RBAC bindings
// whose ServiceAccount subjects kube-compare indexes (tst_mustgatherinput).
//
// With FullObjects::Correlated, objects of the templates' own kinds are kept in
// full only when their identity correlates with a template (kube-compare's
// groups look at nothing else). An unmatched CR's content is then read again
// when asked for: the window shows it from its file, and a pin reads it
// (pipeline::ComparisonRun::readPinnedInFull).
enum class FullObjects { OfReferenceKinds, Correlated };
input::KindFilter inputNeeds(const ref::Reference &reference,
                             const std::map<std::string, std::string> &manualCorrelations = {},
                             FullObjects full = FullObjects::OfReferenceKinds);

// The kinds named by lookupCR/lookupCRs calls in the reference's templates
// (literal second argument); nullopt when some call computes its kind.
std::optional<std::set<std::string>> lookupKinds(const ref::Reference &reference);

} // namespace ds::compare
