// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "reference/Reference.h"
#include "value/Value.h"

#include <vector>

namespace ds::compare {

// kube-compare's omitFields: removes each path (a prefix entry removes every
// key of its parent starting with the last segment), then prunes maps left
// empty along the path. Maps only: paths cannot go through lists. Mutates
// `object` in place (shared containers included).
void omitFields(Value &object, const std::vector<ref::OmitEntry> &fields);

// kubectl diff's Secret masking of `data` values on both sides (spec e.7).
void maskSecretData(Value &merged, Value &live);

} // namespace ds::compare
