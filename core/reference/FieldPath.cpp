// SPDX-License-Identifier: Apache-2.0
#include "FieldPath.h"

#include "template/GoFmt.h"

namespace ds::ref {

namespace {

std::string csvError(std::size_t column, const char *what)
{
    return "parse error on line 1, column " + std::to_string(column) + ": " + what;
}

constexpr const char *kBareQuote = "bare \" in non-quoted-field";
constexpr const char *kQuote = "extraneous or missing \" in quoted-field";

// One record of Go's encoding/csv with Comma = '.'.
std::optional<std::vector<std::string>> readCsvRecord(std::string_view s, std::string &error)
{
    if (s.empty()) {
        error = "EOF";
        return std::nullopt;
    }
    std::vector<std::string> fields;
    std::size_t i = 0;
    for (;;) {
        std::string field;
        if (i < s.size() && s[i] == '"') {
            ++i;
            for (;;) {
                if (i >= s.size()) {
                    error = csvError(i + 1, kQuote);
                    return std::nullopt;
                }
                if (s[i] == '"') {
                    if (i + 1 < s.size() && s[i + 1] == '"') {
                        field += '"';
                        i += 2;
                        continue;
                    }
                    ++i;
                    if (i >= s.size() || s[i] == '.' || s[i] == '\n')
                        break;
                    error = csvError(i, kQuote);
                    return std::nullopt;
                }
                field += s[i++];
            }
        } else {
            while (i < s.size() && s[i] != '.' && s[i] != '\n') {
                if (s[i] == '"') {
                    error = csvError(i + 1, kBareQuote);
                    return std::nullopt;
                }
                field += s[i++];
            }
        }
        fields.push_back(std::move(field));
        if (i >= s.size() || s[i] == '\n')
            break;
        ++i; // separator
    }
    return fields;
}

bool parseIndex(const std::string &s, std::size_t &index)
{
    if (s.empty() || s.size() > 18)
        return false;
    for (char c : s)
        if (c < '0' || c > '9')
            return false;
    index = std::stoull(s);
    return true;
}

// Walks a path; lists are indexed by numeric segments when allowed.
Value walk(const Value &object, const std::vector<std::string> &path, bool throughLists)
{
    Value v = object;
    for (const auto &segment : path) {
        if (v.isMap()) {
            v = v.get(segment);
        } else if (throughLists && v.isList()) {
            std::size_t index = 0;
            if (!parseIndex(segment, index) || index >= v.list().size())
                return {};
            v = v.list()[index];
        } else {
            return {};
        }
        if (v.isMissing())
            return {};
    }
    return v;
}

} // namespace

std::optional<FieldPath> FieldPath::parse(std::string_view pathToKey, std::string &error)
{
    if (!pathToKey.empty() && pathToKey[0] == '.')
        pathToKey.remove_prefix(1);
    auto fields = readCsvRecord(pathToKey, error);
    if (!fields)
        return std::nullopt;
    return FieldPath{std::move(*fields)};
}

std::string FieldPath::toString() const
{
    std::string out;
    for (std::size_t i = 0; i < segments.size(); ++i) {
        if (i)
            out += '.';
        out += segments[i];
    }
    return out;
}

Value nestedField(const Value &object, const std::vector<std::string> &path)
{
    return walk(object, path, false);
}

Value nestedFieldThroughLists(const Value &object, const std::vector<std::string> &path)
{
    return walk(object, path, true);
}

NestedStringResult nestedString(const Value &object, const std::vector<std::string> &path)
{
    NestedStringResult r;
    const Value v = walk(object, path, true);
    if (v.isMissing())
        return r;
    r.found = true;
    if (!v.isString()) {
        std::string joined;
        for (const auto &p : path)
            joined += "." + p;
        r.error = joined + " accessor error: " + tmpl::gofmt::formatValue(v) + " is of the type "
            + tmpl::gofmt::typeName(v) + ", expected string";
        return r;
    }
    r.value = v.str();
    return r;
}

bool setNestedString(Value &object, const std::vector<std::string> &path, const std::string &value)
{
    if (path.empty())
        return false;
    Value parent = walk(object, std::vector<std::string>(path.begin(), path.end() - 1), true);
    if (parent.isMap()) {
        parent.insert(path.back(), Value(value));
        return true;
    }
    std::size_t index = 0;
    if (parent.isList() && parseIndex(path.back(), index) && index < parent.list().size()) {
        parent.mutableList()[index] = Value(value);
        return true;
    }
    return false;
}

void removeNestedField(Value &object, const std::vector<std::string> &path)
{
    if (path.empty())
        return;
    Value parent = nestedField(object, std::vector<std::string>(path.begin(), path.end() - 1));
    if (parent.isMap() && !parent.isTypedNil())
        parent.remove(path.back());
}

} // namespace ds::ref
