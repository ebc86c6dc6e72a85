// SPDX-License-Identifier: Apache-2.0
#include "InlineDiffFunction.h"

#include "CapturegroupsInlineDiff.h"
#include "RegexInlineDiff.h"

namespace ds::compare {

const InlineDiffFunction *InlineDiffFunction::find(std::string_view name)
{
    static const RegexInlineDiff regex;
    static const CapturegroupsInlineDiff capturegroups;
    if (name == regex.name())
        return &regex;
    if (name == capturegroups.name())
        return &capturegroups;
    return nullptr;
}

} // namespace ds::compare
