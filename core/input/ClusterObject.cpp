// SPDX-License-Identifier: Apache-2.0
#include "ClusterObject.h"

namespace ds::input {

std::string_view stringView(const Value &object, std::initializer_list<std::string_view> path)
{
    const Value *v = object.find(path);
    return v && v->isString() ? std::string_view(v->str()) : std::string_view();
}

std::string stringField(const Value &object, std::initializer_list<std::string_view> path)
{
    return std::string(stringView(object, path));
}

std::string objectId(const Value &object)
{
    const std::string_view parts[] = {stringView(object, {"apiVersion"}), stringView(object, {"kind"}),
                                      stringView(object, {"metadata", "namespace"}),
                                      stringView(object, {"metadata", "name"})};
    std::string id;
    id.reserve(parts[0].size() + parts[1].size() + parts[2].size() + parts[3].size() + 3);
    for (std::size_t i = 0; i < std::size(parts); ++i) {
        if (i == 2 && parts[i].empty())
            continue; // cluster-scoped: no namespace segment
        if (i > 0)
            id += '_';
        id += parts[i];
    }
    return id;
}

std::string kindOfObjectId(const std::string &id)
{
    const std::size_t first = id.find('_');
    if (first == std::string::npos)
        return {};
    const std::size_t second = id.find('_', first + 1);
    return id.substr(first + 1, second == std::string::npos ? std::string::npos : second - first - 1);
}

} // namespace ds::input
