// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "value/Value.h"

#include <string>

// Value semantics shared by the Sprig function groups.
namespace ds::tmpl::sprig {

// sprig's empty(): nil, false, zero numbers, empty strings/collections (default, coalesce...).
bool isEmpty(const Value &v);
// reflect.DeepEqual of interface{} values (nil equals nil; types must match).
bool deepEqual(const Value &a, const Value &b);
// reflect.TypeOf(x).Kind() as sprig's list functions print it in "Cannot ... on type %s".
// Throws the Go nil-pointer panic text for untyped nil.
std::string listKindOrPanic(const Value &v);
// Whether v is a slice (reflect Kind Slice/Array).
bool isSlice(const Value &v);
// The elements of a slice as interface{} values (typed lists give their elements).
ValueList sliceElements(const Value &v);

constexpr const char *kNilDereference = "runtime error: invalid memory address or nil pointer dereference";

} // namespace ds::tmpl::sprig
