// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "input/FileStamp.h"

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace ds::ref {

struct Reference;

// The stamps of a loaded reference's files, to tell whether loading it again
// would read the same: Reload from Disk after only the cluster data changed
// keeps the reference (and what was computed from it) instead of parsing
// every template again.
class ReferenceStamps
{
public:
    // Taken right after a load of `metadataPath` that began at `startedNs`
    // (wall clock). Null when a second load could differ though no stamp
    // changes: a template that failed to load (its file may appear), a
    // reference pulled from an image or a URL, a file changed within the
    // clock's margin of the load (input::FileStamp::kClockMarginNs).
    static std::shared_ptr<const ReferenceStamps> taken(const Reference &reference, const std::string &metadataPath,
                                                        std::int64_t startedNs);

    // Loading `metadataPath` again would read the same files as they were.
    bool unchanged(const std::string &metadataPath) const;

private:
    std::string m_metadataPath;
    std::vector<std::pair<std::string, input::FileStamp>> m_files;
};

} // namespace ds::ref
