// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ClusterObject.h"
#include "util/Log.h"

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ds::input {

struct ReadRecord;

struct LoadedObjects
{
    std::vector<ClusterObject> objects;   // in load order, duplicates included
    std::optional<std::string> error;     // fatal (kube-compare: "failed to collect resources: ...")
    // What was read from each file on disk (null: nothing that can be reused),
    // for reading again (FileInputSource::readAgainFrom) along with `objects`.
    std::shared_ptr<const ReadRecord> record;
    std::size_t filesReused = 0; // files not read because an earlier load's record held them
    std::size_t filesRead = 0;   // files read from disk (archives, streams and URLs not counted)
    bool walked = true;          // false: the inputs' folders were not walked (a ChangeJournal said nothing was added or removed)
    // Not walked: every path the journal named since the earlier load (written, created or removed).
    std::vector<std::string> changedPaths;
    bool ok() const { return !error.has_value(); }
};

// Progress of a load: done/total units (files, requests) and a label.
using ProgressCallback = std::function<void(std::size_t done, std::size_t total, const std::string &label)>;

// Where cluster CRs come from: files and directories, must-gathers and archives,
// a live cluster. Sources report per-file problems as warnings on the Log and
// keep going; only problems kube-compare treats as fatal are errors.
class InputSource
{
public:
    virtual ~InputSource() = default;
    virtual LoadedObjects load(Log &log, const std::atomic_bool *cancel = nullptr,
                               const ProgressCallback &progress = {}) = 0;
    // What the user opened, for reports ("path", "cluster context").
    virtual std::string description() const = 0;
};

} // namespace ds::input
