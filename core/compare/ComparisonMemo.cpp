// SPDX-License-Identifier: Apache-2.0
#include "ComparisonMemo.h"

namespace ds::compare {

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
