// SPDX-License-Identifier: Apache-2.0
#include "ComparisonMemo.h"

namespace ds::compare {

const ComparisonMemo::Entry &ComparisonMemo::entry(std::size_t cr) const
{
    static const Entry empty;
    return m_slots[cr] == kEmpty ? empty : m_entries[m_slots[cr]];
}

void ComparisonMemo::add(Entry entry)
{
    if (entry.verdict == Verdict::Unmatched && !entry.listedUnmatched && !entry.patched && !entry.hasFailure
        && entry.templates.empty() && entry.log.empty()) {
        m_slots.push_back(kEmpty);
        return;
    }
    m_slots.push_back(static_cast<std::uint32_t>(m_entries.size()));
    m_entries.push_back(std::move(entry));
}

void ComparisonMemo::bind(std::shared_ptr<const std::vector<input::ClusterObject>> compared,
                          const ComparisonMemo *previous, std::shared_ptr<const input::ObjectIdIndex> index)
{
    objects = std::move(compared);
    if (index)
        indexOfId = std::move(index);
    else if (objects) // previous's when the same ids (a pinned CR read in full, say)
        indexOfId = input::ObjectIdIndex::of(*objects, previous ? previous->objects.get() : nullptr,
                                             previous ? previous->indexOfId : nullptr);
    else
        indexOfId = std::make_shared<const input::ObjectIdIndex>();
}

} // namespace ds::compare
