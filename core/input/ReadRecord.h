// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ChangeJournal.h"
#include "FileStamp.h"
#include "InputPlan.h"
#include "KindFilter.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace ds::input {

// What a load read from each file on disk, so that reading the same inputs
// again (Reload from Disk, a changed file) decodes only the files whose stamp
// changed and takes every other file's objects and warnings from the objects
// that load returned. Archives, streams, URLs and ConfigDirs are read again
// whole: they are not recorded.
//
// A 50k-object must-gather has 42k files: paths and stamps are kept as 64-bit
// hashes (32 bytes a file). Two paths with the same hash cannot mix up their
// files: a file's stamp holds its inode, so the other file's stamp differs.
struct ReadRecord
{
    struct File
    {
        std::uint64_t path = 0;  // hashOf(path)
        std::uint64_t stamp = 0; // FileStamp::hash()
        std::uint32_t firstObject = 0; // into the objects the load returned
        std::uint32_t objectCount = 0;
        std::uint32_t firstWarning = 0; // into `warnings`
        std::uint32_t warningCount = 0;
    };

    KindFilter filter; // what was decoded in full: another filter reads everything again
    std::vector<File> files; // in load order
    std::vector<std::string> warnings;

    // The walk that listed the files and what the kernel reported in its
    // folders since `journalMark` (taken before any file was read): while the
    // journal is complete and lists no file added or removed, reading again
    // takes this walk and reads only the files it names, without a stat.
    std::shared_ptr<const InputPlan> plan;
    std::shared_ptr<ChangeJournal> journal;
    ChangeJournal::Mark journalMark = 0;
    bool everyFileOfPlan = false; // `files` are the plan's files, one each, in its order

    void add(std::uint64_t pathHash, std::uint64_t stamp, std::size_t firstObject, std::size_t objectCount,
             const std::vector<std::string> &fileWarnings);
    // Per path, its recorded file or null: by position while the paths are the
    // ones recorded, in the same order (a reload's walk, usually), by hash after.
    std::vector<const File *> filesFor(const std::vector<std::string> &paths) const;
    // The `count` files recorded from `first` on, when every file of `plan`
    // was recorded (so a step's files sit where its paths do): reading the
    // same walk again, no path needs hashing. Empty when not.
    std::vector<const File *> filesOfPlan(std::size_t first, std::size_t count) const;
    // Appends `count` of `previous`'s files from index `first` on, with their
    // warnings, for a reading that took them over: their objects now start at
    // `firstObject`.
    void takeOver(const ReadRecord &previous, std::size_t first, std::size_t count, std::size_t firstObject);

    static std::uint64_t hashOf(std::string_view path);
};

} // namespace ds::input
