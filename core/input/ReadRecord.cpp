// SPDX-License-Identifier: Apache-2.0
#include "ReadRecord.h"

#include <string_view>
#include <unordered_map>

namespace ds::input {

std::vector<const ReadRecord::File *> ReadRecord::filesFor(const std::vector<std::string> &paths) const
{
    std::vector<const File *> found(paths.size(), nullptr);
    std::size_t i = 0;
    for (; i < paths.size() && i < files.size() && paths[i] == files[i].path; ++i)
        found[i] = &files[i];
    if (i == paths.size())
        return found;
    std::unordered_map<std::string_view, const File *> byPath(files.size());
    for (const File &f : files)
        byPath.emplace(f.path, &f);
    for (; i < paths.size(); ++i)
        if (const auto it = byPath.find(paths[i]); it != byPath.end())
            found[i] = it->second;
    return found;
}

} // namespace ds::input
