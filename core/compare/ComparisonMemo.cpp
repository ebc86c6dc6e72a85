// SPDX-License-Identifier: Apache-2.0
#include "ComparisonMemo.h"

namespace ds::compare {

void ComparisonMemo::bind(std::shared_ptr<const std::vector<input::ClusterObject>> compared,
                          const ComparisonMemo *previous)
{
    objects = std::move(compared);
    if (previous && previous->objects == objects && previous->indexOfId) {
        indexOfId = previous->indexOfId;
        return;
    }
    auto index = std::make_shared<std::unordered_map<std::string_view, std::uint32_t>>();
    if (objects) {
        index->reserve(objects->size());
        for (std::size_t i = 0; i < objects->size(); ++i)
            index->emplace((*objects)[i].id, static_cast<std::uint32_t>(i)); // the first of an id wins
    }
    indexOfId = std::move(index);
}

} // namespace ds::compare
