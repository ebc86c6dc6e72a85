// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <optional>
#include <set>
#include <string>

namespace ds::input {

// Which objects an input must materialise in full. The others are kept as
// identity skeletons (apiVersion, kind, name, namespace, ownerReferences), which
// is all that -A listings and the ownerReference index need, so a 50k-object
// must-gather does not have to live in memory.
struct KindFilter
{
    // Kinds to keep in full; nullopt keeps everything.
    std::optional<std::set<std::string>> kinds;

    bool keepsInFull(const std::string &kind) const { return !kinds || kinds->count(kind) > 0; }
    bool operator==(const KindFilter &) const = default;
};

} // namespace ds::input
