// SPDX-License-Identifier: Apache-2.0
#include "ReadRecord.h"

#include <functional>
#include <unordered_map>

namespace ds::input {

std::uint64_t ReadRecord::hashOf(std::string_view path)
{
    return std::hash<std::string_view>{}(path);
}

void ReadRecord::add(std::uint64_t pathHash, std::uint64_t stamp, std::size_t firstObject, std::size_t objectCount,
                     const std::vector<std::string> &fileWarnings)
{
    File file;
    file.path = pathHash;
    file.stamp = stamp;
    file.firstObject = static_cast<std::uint32_t>(firstObject);
    file.objectCount = static_cast<std::uint32_t>(objectCount);
    file.firstWarning = static_cast<std::uint32_t>(warnings.size());
    file.warningCount = static_cast<std::uint32_t>(fileWarnings.size());
    warnings.insert(warnings.end(), fileWarnings.begin(), fileWarnings.end());
    files.push_back(file);
}

std::vector<const ReadRecord::File *> ReadRecord::filesFor(const std::vector<std::string> &paths) const
{
    std::vector<const File *> found(paths.size(), nullptr);
    std::size_t i = 0;
    for (; i < paths.size() && i < files.size() && hashOf(paths[i]) == files[i].path; ++i)
        found[i] = &files[i];
    if (i == paths.size())
        return found;
    std::unordered_map<std::uint64_t, const File *> byPath(files.size());
    for (const File &f : files)
        byPath.emplace(f.path, &f);
    for (; i < paths.size(); ++i)
        if (const auto it = byPath.find(hashOf(paths[i])); it != byPath.end())
            found[i] = it->second;
    return found;
}

std::vector<const ReadRecord::File *> ReadRecord::filesOfPlan(std::size_t first, std::size_t count) const
{
    std::vector<const File *> found;
    if (!everyFileOfPlan || first + count > files.size())
        return found;
    found.reserve(count);
    for (std::size_t i = first; i < first + count; ++i)
        found.push_back(&files[i]);
    return found;
}

void ReadRecord::takeOver(const ReadRecord &previous, std::size_t first, std::size_t count, std::size_t firstObject)
{
    if (count == 0)
        return;
    const auto from = previous.files.begin() + std::ptrdiff_t(first);
    const File &last = from[std::ptrdiff_t(count - 1)];
    const std::size_t objectsFrom = from->firstObject;
    const std::size_t warningsFrom = from->firstWarning;
    const std::size_t warningsTo = std::size_t(last.firstWarning) + last.warningCount;
    const std::size_t warningBase = warnings.size();
    const auto taken = files.insert(files.end(), from, from + std::ptrdiff_t(count));
    for (auto file = taken; file != files.end(); ++file) {
        file->firstObject = static_cast<std::uint32_t>(firstObject + (file->firstObject - objectsFrom));
        file->firstWarning = static_cast<std::uint32_t>(warningBase + (file->firstWarning - warningsFrom));
    }
    warnings.insert(warnings.end(), previous.warnings.begin() + std::ptrdiff_t(warningsFrom),
                    previous.warnings.begin() + std::ptrdiff_t(warningsTo));
}

} // namespace ds::input
