// SPDX-License-Identifier: Apache-2.0
#include "ReferenceStamps.h"

#include "Reference.h"

#include <algorithm>

namespace ds::ref {

std::shared_ptr<const ReferenceStamps> ReferenceStamps::taken(const Reference &reference,
                                                              const std::string &metadataPath, std::int64_t startedNs)
{
    const bool broken = std::any_of(reference.templates.begin(), reference.templates.end(),
                                    [](const ReferenceTemplate &t) { return !t.loadError.empty(); });
    if (broken || !reference.origin.empty())
        return nullptr;
    auto stamps = std::make_shared<ReferenceStamps>();
    stamps->m_metadataPath = metadataPath;
    for (std::string &file : reference.files()) {
        const std::optional<input::FileStamp> stamp = input::FileStamp::of(file);
        const bool fetched = file.find("://") != std::string::npos; // read from a web server: no stamp tells
        if (fetched || !stamp || stamp->changedNs >= startedNs - input::FileStamp::kClockMarginNs)
            return nullptr;
        stamps->m_files.emplace_back(std::move(file), *stamp);
    }
    return stamps;
}

bool ReferenceStamps::unchanged(const std::string &metadataPath) const
{
    return metadataPath == m_metadataPath && std::all_of(m_files.begin(), m_files.end(), [](const auto &file) {
               return input::FileStamp::of(file.first) == file.second;
           });
}

} // namespace ds::ref
