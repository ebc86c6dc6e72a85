// SPDX-License-Identifier: Apache-2.0
#include "ObjectIdIndex.h"

#include <bit>
#include <functional>

namespace ds::input {

namespace {

constexpr std::uint64_t kTagBits = ~std::uint64_t(0xffffffff);

std::uint64_t tagOf(std::size_t hash)
{
    return std::uint64_t(hash) & kTagBits;
}

std::size_t hashOf(std::string_view id)
{
    return std::hash<std::string_view>()(id);
}

} // namespace

bool ObjectIdIndex::sameIds(const std::vector<ClusterObject> &a, const std::vector<ClusterObject> &b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (!(a[i].id == b[i].id)) // shared ids compare without being read
            return false;
    return true;
}

ObjectIdIndex::ObjectIdIndex(const std::vector<ClusterObject> &objects) : m_objects(objects.data())
{
    // At most half full: probes stay short.
    auto slots = std::make_shared<std::vector<std::uint64_t>>(std::bit_ceil(std::max<std::size_t>(objects.size() * 2, 16)), 0);
    m_slots = slots;
    m_mask = slots->size() - 1;
    for (std::size_t i = 0; i < objects.size(); ++i) {
        const std::string_view id = objects[i].id.str();
        const std::size_t hash = hashOf(id);
        std::uint64_t &slot = (*slots)[slotOf(id, hash)];
        if (slot == 0)
            slot = tagOf(hash) | std::uint64_t(i + 1);
        else
            ++m_repeated; // the first of an id wins
    }
}

std::shared_ptr<const ObjectIdIndex> ObjectIdIndex::of(const std::vector<ClusterObject> &objects,
                                                       const std::vector<ClusterObject> *beforeObjects,
                                                       const std::shared_ptr<const ObjectIdIndex> &before)
{
    if (before && beforeObjects == &objects)
        return before;
    if (!before || !beforeObjects || !sameIds(*beforeObjects, objects))
        return std::make_shared<const ObjectIdIndex>(objects);
    auto index = std::make_shared<ObjectIdIndex>(*before); // the table is shared
    index->m_objects = objects.data();
    return index;
}

std::size_t ObjectIdIndex::slotOf(std::string_view id, std::size_t hash) const
{
    const std::uint64_t tag = tagOf(hash);
    for (std::size_t s = hash & m_mask;; s = (s + 1) & m_mask) {
        const std::uint64_t slot = (*m_slots)[s];
        if (slot == 0 || ((slot & kTagBits) == tag && m_objects[std::uint32_t(slot) - 1].id.str() == id))
            return s;
    }
}

std::uint32_t ObjectIdIndex::find(std::string_view id) const
{
    if (!m_slots)
        return kNone;
    const std::uint64_t slot = (*m_slots)[slotOf(id, hashOf(id))];
    return slot == 0 ? kNone : std::uint32_t(slot) - 1;
}

} // namespace ds::input
