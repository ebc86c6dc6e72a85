// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "reference/Reference.h"
#include "value/Value.h"

#include <optional>
#include <string>
#include <vector>

namespace ds::compare {

// kube-compare's omitFields: removes each path (a prefix entry removes every
// key of its parent starting with the last segment), then prunes maps left
// empty along the path. Maps only: paths cannot go through lists. Mutates
// `object` in place (shared containers included).
void omitFields(Value &object, const std::vector<ref::OmitEntry> &fields);

// What omitFields would remove from `object`: each present path with the entry
// that names it (prefix entries expanded against the object).
struct OmittedField
{
    std::vector<std::string> path;
    const ref::OmitEntry *entry;
};
std::vector<OmittedField> fieldsToOmitIn(const Value &object, const std::vector<ref::OmitEntry> &fields);

// Whether kubectl diff masks the objects: the LIVE object's apiVersion parses
// (schema.ParseGroupVersion) to version "v1" (any group) and its kind is "Secret".
bool isV1Secret(const Value &live);

// kubectl diff's Secret masking of `data` values on both sides (`***`; tst_objecttransforms).
// Returns kubectl's masker error when a `data` that is present is not a map.
[[nodiscard]] std::optional<std::string> maskSecretData(Value &merged, Value &live);

} // namespace ds::compare
