// SPDX-License-Identifier: Apache-2.0
#include "ClusterObject.h"

namespace ds::input {

std::string stringField(const Value &object, std::initializer_list<std::string_view> path)
{
    const Value v = object.at(path);
    return v.isString() ? v.str() : std::string();
}

std::string objectId(const Value &object)
{
    const std::string apiVersion = stringField(object, {"apiVersion"});
    const std::string kind = stringField(object, {"kind"});
    const std::string ns = stringField(object, {"metadata", "namespace"});
    const std::string name = stringField(object, {"metadata", "name"});
    if (ns.empty())
        return apiVersion + "_" + kind + "_" + name;
    return apiVersion + "_" + kind + "_" + ns + "_" + name;
}

} // namespace ds::input
