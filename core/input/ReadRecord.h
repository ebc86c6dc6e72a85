// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "FileStamp.h"
#include "KindFilter.h"

#include <cstddef>
#include <string>
#include <vector>

namespace ds::input {

// What a load read from each file on disk, so that reading the same inputs
// again (Reload from Disk, a changed file) decodes only the files whose stamp
// changed and takes every other file's objects and warnings from the objects
// that load returned. Archives, streams, URLs and ConfigDirs are read again
// whole: they are not recorded.
struct ReadRecord
{
    struct File
    {
        std::string path;
        FileStamp stamp;
        std::size_t firstObject = 0; // into the objects the load returned
        std::size_t objectCount = 0;
        std::vector<std::string> warnings;
    };

    KindFilter filter; // what was decoded in full: another filter reads everything again
    std::vector<File> files; // in load order

    // Per path, its recorded file or null: by position while the paths are the
    // ones recorded, in the same order (a reload's walk, usually), by name after.
    std::vector<const File *> filesFor(const std::vector<std::string> &paths) const;
};

} // namespace ds::input
