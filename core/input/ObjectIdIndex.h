// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ClusterObject.h"

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

namespace ds::input {

// Where each id first occurs among cluster objects. Built once per reading of
// the cluster data, for dropping repeated ids and for finding a CR by its id:
// an open-addressing table of positions, so building it for 50,000 objects
// allocates once instead of once per object, and a reading that gathered the
// same ids at the same places (one file of a must-gather read again) shares
// the table of the reading before.
// Reads the ids from the objects it was made for: they must outlive it.
class ObjectIdIndex
{
public:
    static constexpr std::uint32_t kNone = UINT32_MAX;

    ObjectIdIndex() = default;
    explicit ObjectIdIndex(const std::vector<ClusterObject> &objects);

    // Whether `a` and `b` hold the same ids at the same places.
    static bool sameIds(const std::vector<ClusterObject> &a, const std::vector<ClusterObject> &b);
    // The index of `objects`: `before`'s table when `objects` hold the same
    // ids at the same places as `beforeObjects` (pointer comparisons for
    // objects taken over from them), else a new one. `before` may be null.
    static std::shared_ptr<const ObjectIdIndex> of(const std::vector<ClusterObject> &objects,
                                                   const std::vector<ClusterObject> *beforeObjects,
                                                   const std::shared_ptr<const ObjectIdIndex> &before);

    // The position of the first object with `id`, or kNone.
    std::uint32_t find(std::string_view id) const;
    // How many objects repeat an id an earlier one has (0: every id once).
    std::size_t repeated() const { return m_repeated; }

private:
    // The slot holding `id`, or the empty slot where it would go.
    std::size_t slotOf(std::string_view id, std::size_t hash) const;

    const ClusterObject *m_objects = nullptr;
    // (the hash's upper half << 32) | (position + 1); 0 is an empty slot.
    std::shared_ptr<const std::vector<std::uint64_t>> m_slots;
    std::size_t m_mask = 0;
    std::size_t m_repeated = 0;
};

} // namespace ds::input
