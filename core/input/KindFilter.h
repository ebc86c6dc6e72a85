// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "value/Value.h"

#include <functional>
#include <memory>
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
    // Decides from an object's identity skeleton whether it is kept in full.
    using IdentityTest = std::function<bool(const Value &identity)>;

    // Kinds to keep in full; nullopt keeps everything.
    std::optional<std::set<std::string, std::less<>>> kinds;
    // Of those kinds, the ones whose objects are kept in full only when
    // `keepsIdentity` says so. A one-off comparison reads in full just the CRs
    // some template correlates with: in a must-gather most objects of a
    // reference's kinds (ConfigMaps, Namespaces...) match no template.
    std::set<std::string, std::less<>> byIdentity;
    std::shared_ptr<const IdentityTest> keepsIdentity; // set when byIdentity is not empty
    // Everything keepsIdentity depends on, so that filters compare by value: a
    // reload makes a new test from the same reference and must still reuse what it read.
    std::string identityKey;

    // Whether some object of `kind` may be kept in full.
    bool mayKeepInFull(std::string_view kind) const { return !kinds || kinds->contains(kind); }
    // Whether every object of `kind` is kept in full, whatever its identity.
    bool keepsAllInFull(std::string_view kind) const { return mayKeepInFull(kind) && !byIdentity.contains(kind); }
    bool keepsInFull(const Value &object, const std::string &kind) const
    {
        return keepsAllInFull(kind) || (mayKeepInFull(kind) && keepsIdentity && (*keepsIdentity)(object));
    }
    bool operator==(const KindFilter &other) const
    {
        return kinds == other.kinds && byIdentity == other.byIdentity && identityKey == other.identityKey;
    }
};

} // namespace ds::input
