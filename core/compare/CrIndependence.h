// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "reference/Reference.h"

#include <set>
#include <string>
#include <vector>

namespace ds::compare {

// Whether the comparisons of different CRs can see each other, decided from the
// reference's templates. kube-compare compares CRs one after the other; each
// comparison changes its own CR (fieldsToOmit, template functions such as
// `set`), and only lookupCR(s) lets a comparison see another CR. So CRs can be
// compared side by side when every lookup names its kind literally, provided
// that CRs of looked-up kinds, and CRs whose templates may change what a lookup
// returned, are compared alone and in order: every lookup then sees exactly
// what it would have seen.
struct CrIndependence
{
    bool sideBySide = false;
    std::set<std::string> lookedUpKinds;
    // Per reference template: it (or a template it calls) both looks CRs up and
    // calls a function that changes a map or list it is given.
    std::vector<bool> mayChangeLookups;
    // Per reference template: it (or a template it calls) looks CRs up, so what
    // comparing with it gives may depend on other CRs.
    std::vector<bool> looksUp;
};

CrIndependence crIndependence(const ref::Reference &reference);

} // namespace ds::compare
