// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "value/Value.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace ds::compare {

// kube-compare's group correlation (templates indexed by the fields they fix; tst_correlation):
// each item (template or user override) is indexed by the first field group whose fields are all
// fixed (non-empty strings) in its metadata; a CR is matched against the groups in the same order
// and gets every item of the first bucket its own fields hash into.
class GroupCorrelator
{
public:
    // Templates use the quirky order produced by kube-compare's non-strict sort;
    // overrides the declared one (the slice is sorted twice).
    enum class Order { Templates, Overrides };

    struct Overlap
    {
        std::vector<std::string> fieldNames; // "apiVersion", "metadata_name", ...
        std::vector<std::size_t> items;
    };

    GroupCorrelator(const std::vector<Value> &metadata, Order order);

    // Items of the first matching bucket, in item order; empty when none.
    // `matched` (optional) gets the fields of the group that matched.
    std::vector<std::size_t> match(const Value &object, const std::vector<std::vector<std::string>> **matched = nullptr) const;
    // Buckets holding more than one item, group by group.
    std::vector<std::vector<Overlap>> overlapsByGroup() const;
    // What decides whether match() finds anything (the items' kinds and their
    // buckets' hashes): equal signatures, equal answers for every object.
    std::string signature() const;

    using Field = std::vector<std::string>;
    using Group = std::vector<Field>;
    static const std::vector<Group> &groups(Order order);
    // "metadata.name" for the field {"metadata", "name"}.
    static std::string fieldPathText(const Field &field);

private:
    static bool hashOf(const Value &object, const Group &group, std::string &hash);
    bool mayMatch(const Value &object) const;

    std::vector<Group> m_groups;
    std::vector<std::map<std::string, std::vector<std::size_t>>> m_buckets; // per group
    std::set<std::string, std::less<>> m_kinds; // of the items in buckets
    bool m_kindWithUnderscore = false;
};

} // namespace ds::compare
