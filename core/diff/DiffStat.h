// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string_view>

namespace ds::diff {

// Added and removed lines of a unified diff (GNU `diff -u` output, possibly of
// several files). Only lines inside hunks count: the `---`/`+++` file headers
// and `diff ...` lines do not, even where they look like body lines.
struct DiffStat
{
    int added = 0;
    int removed = 0;
    int changedLines() const { return added + removed; }
};

DiffStat diffStat(std::string_view unifiedDiff);

} // namespace ds::diff
