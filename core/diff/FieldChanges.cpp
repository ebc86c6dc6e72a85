// SPDX-License-Identifier: Apache-2.0
#include "FieldChanges.h"

namespace ds::diff {

namespace {

bool isIdentifier(const std::string &key)
{
    if (key.empty())
        return false;
    for (char c : key)
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-'))
            return false;
    return true;
}

std::string quoted(const std::string &key)
{
    std::string out = "\"";
    for (char c : key) {
        if (c == '"' || c == '\\')
            out += '\\';
        out += c;
    }
    return out + '"';
}

std::string itemName(const Value &item)
{
    if (!item.isMap())
        return {};
    const auto it = item.map().find("name");
    return it != item.map().end() && it->second.isString() ? it->second.str() : std::string();
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
        for (std::size_t i = 0; i < std::max(r.size(), c.size()); ++i) {
            const Value &named = i < r.size() ? r[i] : c[i];
            const PathSegment segment{{}, i, itemName(named)};
            if (i >= c.size()) {
                add(path, segment, FieldChange::Kind::MissingFromCluster, r[i], Value());
            } else if (i >= r.size()) {
                add(path, segment, FieldChange::Kind::AddedInCluster, Value(), c[i]);
            } else {
                path.push_back(segment);
                compare(r[i], c[i], path);
                path.pop_back();
            }
        }
    }

    void add(const ObjectPath &parent, PathSegment segment, FieldChange::Kind kind, Value reference, Value cluster)
    {
        ObjectPath path = parent;
        path.push_back(std::move(segment));
        changes.push_back({std::move(path), kind, std::move(reference), std::move(cluster)});
    }
};

} // namespace

std::string pathText(const ObjectPath &path)
{
    std::string out;
    for (const PathSegment &s : path) {
        if (s.index) {
            out += '[' + (s.itemName.empty() ? std::to_string(*s.index) : s.itemName) + ']';
            continue;
        }
        if (!out.empty())
            out += '.';
        out += isIdentifier(s.key) ? s.key : quoted(s.key);
    }
    return out;
}

std::string jsonPointer(const ObjectPath &path)
{
    std::string out;
    for (const PathSegment &s : path) {
        out += '/';
        if (s.index) {
            out += std::to_string(*s.index);
            continue;
        }
        for (char c : s.key) {
            if (c == '~')
                out += "~0";
            else if (c == '/')
                out += "~1";
            else
                out += c;
        }
    }
    return out;
}

std::vector<FieldChange> fieldChanges(const Value &reference, const Value &cluster)
{
    Walker walker;
    ObjectPath path;
    walker.compare(reference, cluster, path);
    return std::move(walker.changes);
}

} // namespace ds::diff
