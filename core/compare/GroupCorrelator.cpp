// SPDX-License-Identifier: Apache-2.0
#include "GroupCorrelator.h"

namespace ds::compare {

namespace {

const GroupCorrelator::Field kApiVersion{"apiVersion"};
const GroupCorrelator::Field kName{"metadata", "name"};
const GroupCorrelator::Field kNamespace{"metadata", "namespace"};
const GroupCorrelator::Field kKind{"kind"};

std::string fieldName(const GroupCorrelator::Field &f)
{
    std::string out;
    for (const auto &p : f)
        out += (out.empty() ? "" : "_") + p;
    return out;
}

} // namespace

const std::vector<GroupCorrelator::Group> &GroupCorrelator::groups(Order order)
{
    // Declared order, kept for overrides.
    static const std::vector<Group> declared = {
        {kApiVersion, kName, kNamespace, kKind}, {kApiVersion, kNamespace, kKind}, {kName, kNamespace, kKind},
        {kApiVersion, kName, kKind},            {kName, kKind},                   {kNamespace, kKind},
        {kApiVersion, kKind},                   {kKind},
    };
    // sort.Slice with `len(a) >= len(b)` on 8 items is an insertion sort that
    // reverses groups of equal length.
    static const std::vector<Group> templates = {
        {kApiVersion, kName, kNamespace, kKind}, {kApiVersion, kName, kKind}, {kName, kNamespace, kKind},
        {kApiVersion, kNamespace, kKind},       {kApiVersion, kKind},        {kNamespace, kKind},
        {kName, kKind},                         {kKind},
    };
    return order == Order::Templates ? templates : declared;
}

bool GroupCorrelator::hashOf(const Value &object, const Group &group, std::string &hash)
{
    hash.clear();
    for (std::size_t i = 0; i < group.size(); ++i) {
        // Followed in place: every CR is matched, and copying each Value on the
        // way touched its shared count from every comparing thread.
        const Value *v = &object;
        for (const auto &segment : group[i])
            if (!(v = v->find(segment)))
                return false;
        if (!v->isString() || v->str().empty())
            return false;
        if (i)
            hash += '_';
        hash += v->str();
    }
    return true;
}

GroupCorrelator::GroupCorrelator(const std::vector<Value> &metadata, Order order)
    : m_groups(groups(order)), m_buckets(m_groups.size())
{
    for (std::size_t item = 0; item < metadata.size(); ++item) {
        std::string hash;
        for (std::size_t g = 0; g < m_groups.size(); ++g) {
            // ClaimTemplates: a field holding "<no value>" counts as templated.
            if (hashOf(metadata[item], m_groups[g], hash) && hash.find("<no value>") == std::string::npos) {
                m_buckets[g][hash].push_back(item);
                const std::string &kind = metadata[item].find("kind")->str(); // every group has the kind
                m_kinds.insert(kind);
                m_kindWithUnderscore |= kind.find('_') != std::string::npos;
                break;
            }
        }
    }
}

std::vector<std::size_t> GroupCorrelator::match(const Value &object, const std::vector<std::vector<std::string>> **matched) const
{
    if (!mayMatch(object))
        return {};
    std::string hash;
    for (std::size_t g = 0; g < m_groups.size(); ++g) {
        if (m_buckets[g].empty() || !hashOf(object, m_groups[g], hash))
            continue;
        auto it = m_buckets[g].find(hash);
        if (it != m_buckets[g].end()) {
            if (matched)
                *matched = &m_groups[g];
            return it->second;
        }
    }
    return {};
}

// Most CRs of a must-gather are of kinds no template has: one look at the
// kind settles them. Every group ends with the kind, so equal hashes mean
// equal kinds unless a kind holds the '_' that joins the fields; then all
// groups are tried, as kube-compare does.
bool GroupCorrelator::mayMatch(const Value &object) const
{
    const Value *kind = object.find("kind");
    if (!kind || !kind->isString() || kind->str().empty())
        return false; // no group can hash it
    return m_kindWithUnderscore || kind->str().find('_') != std::string::npos || m_kinds.contains(kind->str());
}

std::string GroupCorrelator::signature() const
{
    std::string out;
    for (const std::string &kind : m_kinds)
        out.append(kind).push_back('\x1f');
    for (std::size_t g = 0; g < m_buckets.size(); ++g) {
        out.push_back('\x1e');
        for (const auto &[hash, items] : m_buckets[g])
            out.append(hash).push_back('\x1f');
    }
    return out;
}

std::string GroupCorrelator::fieldPathText(const Field &field)
{
    std::string out;
    for (const std::string &segment : field)
        out += (out.empty() ? "" : ".") + segment;
    return out;
}

std::vector<std::vector<GroupCorrelator::Overlap>> GroupCorrelator::overlapsByGroup() const
{
    std::vector<std::vector<Overlap>> out(m_groups.size());
    for (std::size_t g = 0; g < m_groups.size(); ++g) {
        for (const auto &[hash, items] : m_buckets[g]) {
            if (items.size() < 2)
                continue;
            Overlap o;
            for (const auto &f : m_groups[g])
                o.fieldNames.push_back(fieldName(f));
            o.items = items;
            out[g].push_back(std::move(o));
        }
    }
    return out;
}

} // namespace ds::compare
