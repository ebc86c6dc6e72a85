// SPDX-License-Identifier: Apache-2.0
#include "Reference.h"

#include <unordered_set>

namespace ds::ref {

const std::vector<std::string> &builtInOmitPaths()
{
    static const std::vector<std::string> paths = {
        "metadata.resourceVersion",
        "metadata.uid",
        "metadata.creationTimestamp",
        "metadata.generation",
        "metadata.managedFields",
        "metadata.selfLink",
        "metadata.generateName",
        "metadata.finalizers",
        "\"kubectl.kubernetes.io/last-applied-configuration\"",
        "metadata.annotations.\"kubectl.kubernetes.io/last-applied-configuration\"",
        "status",
    };
    return paths;
}

const char *componentRuleName(ComponentRule rule)
{
    switch (rule) {
    case ComponentRule::V1: return "v1";
    case ComponentRule::AllOf: return "allOf";
    case ComponentRule::OneOf: return "oneOf";
    case ComponentRule::AnyOf: return "anyOf";
    case ComponentRule::NoneOf: return "noneOf";
    case ComponentRule::AnyOneOf: return "anyOneOf";
    case ComponentRule::AllOrNoneOf: return "allOrNoneOf";
    }
    return "";
}

std::vector<std::string> Reference::files() const
{
    std::vector<std::string> out{metadataFile};
    std::unordered_set<std::string> seen{metadataFile};
    const auto add = [&](const std::string &relative) {
        std::string path = directory + '/' + relative;
        if (seen.insert(path).second)
            out.push_back(std::move(path));
    };
    for (const ReferenceTemplate &t : templates)
        add(t.path);
    for (const std::string &f : templateFunctionFiles)
        add(f);
    return out;
}

} // namespace ds::ref
