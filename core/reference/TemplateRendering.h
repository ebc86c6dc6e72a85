// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "Reference.h"
#include "template/FunctionSpec.h"

#include <optional>
#include <string>

namespace ds::ref {

struct RenderedTemplate
{
    Value object;                     // the rendered YAML as a map (numbers float64)
    std::optional<std::string> error; // kube-compare's wording
    bool doNotMatch = false;
    std::string doNotMatchReason;
    std::string text; // the raw rendered text
    bool ok() const { return !error.has_value(); }
};

// kube-compare's executeYAMLTemplate: render with `data`, delete every
// "<no value>", parse the result as YAML into a map.
RenderedTemplate renderTemplate(const ReferenceTemplate &t, const Value &data, tmpl::FunctionContext &context);

} // namespace ds::ref
