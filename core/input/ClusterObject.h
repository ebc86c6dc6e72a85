// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "text/SharedString.h"
#include "value/Value.h"

#include <string>
#include <vector>

namespace ds::input {

// One cluster CR as the comparison sees it.
struct ClusterObject
{
    ClusterObject() = default;
    ClusterObject(Value o, SharedString i, SharedString s) : object(std::move(o)), id(std::move(i)), source(std::move(s)) {}

    Value object;       // Kubernetes unstructured data (ints int64, other numbers float64)
    // Shared between readings: gathering the objects again copies them.
    SharedString id;     // apiVersion_kind[_namespace]_name
    SharedString source; // file path (as given) or "cluster"
    // Only the identity and ownerReferences were kept (see KindFilter); the
    // full object can be read again from `source`.
    bool partial = false;
    // Whether it may name other objects (metadata.ownerReferences, a binding's
    // subjects) for compare/ReferenceIndexes. The file reader knows while the
    // object is at hand and says no for most, which spares looking into every
    // object of a must-gather again; anything else leaves it true.
    bool mayReferToOthers = true;
    // Fields the input cannot know (a ConfigDir has no labels, no Secret type):
    // removed from both sides before diffing, so they are not reported as drift.
    std::vector<std::vector<std::string>> unknownFields;
};

// kube-compare's apiKindNamespaceName: apiVersion_kind_namespace_name, or
// apiVersion_kind_name for cluster-scoped objects. Non-string fields count as "".
std::string objectId(const Value &object);
// The kind in an object id (apiVersion_kind_[namespace_]name: apiVersion may
// hold '/', never '_'); "" when the id has no kind.
std::string kindOfObjectId(const std::string &id);
std::string stringField(const Value &object, std::initializer_list<std::string_view> path);
// The same without a copy: valid while `object` holds the string.
std::string_view stringView(const Value &object, std::initializer_list<std::string_view> path);

} // namespace ds::input
