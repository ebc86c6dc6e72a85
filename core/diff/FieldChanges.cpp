// SPDX-License-Identifier: Apache-2.0
#include "FieldChanges.h"

#include <cstdint>
#include <set>

namespace ds::diff {

namespace {

// Longer lists are compared by position: the quadratic pairing is for the
// lists people write (containers, ports, files), not for data dumps.
constexpr std::size_t kMaxPairingCells = 1'000'000;

std::string itemName(const Value &item)
{
    if (!item.isMap())
        return {};
    const auto it = item.map().find("name");
    return it != item.map().end() && it->second.isString() ? it->second.str() : std::string();
}

// Every item a map with a string `name`, no name twice.
bool namedList(const ValueList &items)
{
    std::set<std::string> names;
    for (const Value &item : items) {
        const std::string name = itemName(item);
        if (name.empty() || !names.insert(name).second)
            return false;
    }
    return true;
}

// Pairs of equal items (by `same`) forming the longest common subsequence.
template <class Same>
std::vector<std::pair<std::size_t, std::size_t>> commonItems(const ValueList &r, const ValueList &c, Same same)
{
    const std::size_t n = r.size(), m = c.size();
    std::vector<std::vector<std::uint32_t>> lcs(n + 1, std::vector<std::uint32_t>(m + 1, 0));
    for (std::size_t i = n; i-- > 0;)
        for (std::size_t j = m; j-- > 0;)
            lcs[i][j] = same(r[i], c[j]) ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    std::size_t i = 0, j = 0;
    while (i < n && j < m) {
        if (same(r[i], c[j])) {
            pairs.emplace_back(i++, j++);
        } else if (lcs[i + 1][j] >= lcs[i][j + 1]) {
            ++i;
        } else {
            ++j;
        }
    }
    return pairs;
}

class Walker
{
public:
    std::vector<FieldChange> changes;

    void compare(const Value &reference, const Value &cluster, ObjectPath &path)
    {
        if (reference.isMap() && cluster.isMap())
            return compareMaps(reference, cluster, path);
        if (reference.isList() && cluster.isList())
            return compareLists(reference, cluster, path);
        if (!reference.deepEquals(cluster))
            changes.push_back({path, FieldChange::Kind::Changed, reference, cluster});
    }

private:
    void compareMaps(const Value &reference, const Value &cluster, ObjectPath &path)
    {
        const ValueMap empty;
        const ValueMap &r = reference.isTypedNil() ? empty : reference.map();
        const ValueMap &c = cluster.isTypedNil() ? empty : cluster.map();
        auto ri = r.begin();
        auto ci = c.begin();
        while (ri != r.end() || ci != c.end()) {
            if (ci == c.end() || (ri != r.end() && ri->first < ci->first)) {
                add(path, PathSegment{ri->first, {}, {}}, FieldChange::Kind::MissingFromCluster, ri->second, Value());
                ++ri;
            } else if (ri == r.end() || ci->first < ri->first) {
                add(path, PathSegment{ci->first, {}, {}}, FieldChange::Kind::AddedInCluster, Value(), ci->second);
                ++ci;
            } else {
                path.push_back(PathSegment{ri->first, {}, {}});
                compare(ri->second, ci->second, path);
                path.pop_back();
                ++ri;
                ++ci;
            }
        }
    }

    void compareLists(const Value &reference, const Value &cluster, ObjectPath &path)
    {
        const ValueList empty;
        const ValueList &r = reference.isTypedNil() ? empty : reference.list();
        const ValueList &c = cluster.isTypedNil() ? empty : cluster.list();
        const bool byName = !r.empty() && !c.empty() && namedList(r) && namedList(c);
        std::vector<std::pair<std::size_t, std::size_t>> anchors;
        if (r.size() * c.size() <= kMaxPairingCells) {
            anchors = byName ? commonItems(r, c, [](const Value &a, const Value &b) { return itemName(a) == itemName(b); })
                             : commonItems(r, c, [](const Value &a, const Value &b) { return a.deepEquals(b); });
        }
        anchors.emplace_back(r.size(), c.size()); // the end closes the last gap
        std::size_t ri = 0, ci = 0;
        for (const auto &[ra, ca] : anchors) {
            // Between anchors: items at the same offset are compared (unnamed
            // lists only: a different name is a different item), the rest are
            // missing or added.
            const std::size_t paired = byName ? 0 : std::min(ra - ri, ca - ci);
            for (std::size_t k = 0; k < paired; ++k)
                compareItems(r[ri + k], c[ci + k], ci + k, path);
            for (std::size_t k = ri + paired; k < ra; ++k)
                add(path, PathSegment{{}, k, itemName(r[k])}, FieldChange::Kind::MissingFromCluster, r[k], Value());
            for (std::size_t k = ci + paired; k < ca; ++k)
                add(path, PathSegment{{}, k, itemName(c[k])}, FieldChange::Kind::AddedInCluster, Value(), c[k]);
            if (ra < r.size() && byName)
                compareItems(r[ra], c[ca], ca, path);
            ri = ra + 1;
            ci = ca + 1;
        }
    }

    void compareItems(const Value &reference, const Value &cluster, std::size_t clusterIndex, ObjectPath &path)
    {
        path.push_back(PathSegment{{}, clusterIndex, itemName(cluster)});
        compare(reference, cluster, path);
        path.pop_back();
    }

    void add(const ObjectPath &parent, PathSegment segment, FieldChange::Kind kind, Value reference, Value cluster)
    {
        ObjectPath path = parent;
        path.push_back(std::move(segment));
        changes.push_back({std::move(path), kind, std::move(reference), std::move(cluster)});
    }
};

} // namespace

const char *kindName(FieldChange::Kind kind)
{
    switch (kind) {
    case FieldChange::Kind::Changed: return "changed";
    case FieldChange::Kind::AddedInCluster: return "added";
    case FieldChange::Kind::MissingFromCluster: return "missing";
    }
    return "changed";
}

std::vector<FieldChange> fieldChanges(const Value &reference, const Value &cluster)
{
    Walker walker;
    ObjectPath path;
    walker.compare(reference, cluster, path);
    return std::move(walker.changes);
}

} // namespace ds::diff
