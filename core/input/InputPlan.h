// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>
#include <vector>

namespace ds::input {

// What each -f argument stands for, in order: the outcome of walking the
// inputs (FileInputSource), kept by a ReadRecord so that reading again can
// take it instead of walking while a ChangeJournal says no folder changed.
struct InputPlan
{
    struct Step
    {
        std::vector<std::string> files; // read from disk
        std::string archive;             // or streamed from this archive
        std::string configDir;           // or turned into Secrets/ConfigMaps
        std::string url;                 // or fetched (-f http(s)://…)
        bool standardInput = false;      // or read from stdin (-f -)
        std::string kustomize;           // or built by `kubectl kustomize` (-k)
        bool isFiles() const
        {
            return archive.empty() && configDir.empty() && url.empty() && !standardInput && kustomize.empty();
        }
    };
    std::vector<Step> steps;
    std::vector<std::string> errors;
    std::vector<std::string> notes; // V(1) log lines (must-gather roots found)
    std::vector<std::string> warnings;
    std::vector<std::string> unreadable; // Go's errors for directories that could not be read
};

} // namespace ds::input
