// SPDX-License-Identifier: Apache-2.0
#include "ComparisonMemo.h"

namespace ds::compare {

void ComparisonMemo::bind(std::shared_ptr<const std::vector<input::ClusterObject>> compared,
                          const ComparisonMemo *previous, std::shared_ptr<const input::ObjectIdIndex> index)
{
    objects = std::move(compared);
    if (index)
        indexOfId = std::move(index);
    else if (previous && previous->objects == objects && previous->indexOfId)
        indexOfId = previous->indexOfId;
    else if (objects && previous && previous->objects && previous->indexOfId
             && input::ObjectIdIndex::sameIds(*previous->objects, *objects))
        indexOfId = previous->indexOfId->over(*objects); // a pinned CR read in full, say
    else
        indexOfId = objects ? std::make_shared<const input::ObjectIdIndex>(*objects)
                            : std::make_shared<const input::ObjectIdIndex>();
}

} // namespace ds::compare
