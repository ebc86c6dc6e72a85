// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "FunctionSpec.h"
#include "value/Value.h"

#include <optional>
#include <string_view>

namespace ds::tmpl {

// A Go value with methods or exported fields that templates can reach with
// `.Name` (*semver.Version, time.Time, time.Duration, sprig.certificate).
class TemplateObject : public GoObject
{
public:
    // A method callable as `(x).Name arg...`; nullptr when there is none. The
    // receiver is passed to impl as args[0], followed by the converted arguments
    // (params do not include the receiver).
    virtual const FunctionSpec *method(std::string_view name) const
    {
        (void)name;
        return nullptr;
    }
    // An exported struct field (certificate.Cert); nullopt when there is none.
    virtual std::optional<Value> field(std::string_view name) const
    {
        (void)name;
        return std::nullopt;
    }
    // Template truth: false only for zero numbers (time.Duration 0); structs and
    // non-nil pointers are always true.
    virtual bool truth() const { return true; }
    // sprig's empty(): same as truth by default.
    virtual bool isEmpty() const { return !truth(); }
};

// The object inside v when v is an Object that is a TemplateObject.
const TemplateObject *asTemplateObject(const Value &v);

} // namespace ds::tmpl
