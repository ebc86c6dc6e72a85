// SPDX-License-Identifier: Apache-2.0
#include "ObjectPath.h"

namespace ds {

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

} // namespace

std::string pathText(const ObjectPath &path)
{
    std::string out;
    for (const PathSegment &s : path) {
        if (s.index) {
            out += '[' + (s.itemName.empty() ? std::to_string(*s.index) : "name=" + s.itemName) + ']';
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

bool isUnder(const ObjectPath &path, const ObjectPath &prefix)
{
    if (path.size() < prefix.size())
        return false;
    for (std::size_t i = 0; i < prefix.size(); ++i)
        if (path[i].key != prefix[i].key || path[i].index != prefix[i].index)
            return false;
    return true;
}

} // namespace ds
