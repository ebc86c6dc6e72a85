// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "value/Value.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ds::ref {

// encoding/json decoding of YAML-converted data into Go structs as
// sigs.k8s.io/yaml.UnmarshalStrict does it: keys matched exactly or else
// case-insensitively, unknown keys rejected, type mismatches reported with Go's
// text. The first error (in key order, which is JSON's sorted order here) wins.
class StrictDecoder
{
public:
    struct Field
    {
        std::string_view jsonName;
        std::string_view goType; // for messages, e.g. "string", "[]compare.PartV1"
    };

    explicit StrictDecoder(bool rejectUnknown = true) : m_rejectUnknown(rejectUnknown) {}

    bool failed() const { return m_error.has_value(); }
    const std::optional<std::string> &error() const { return m_error; }

    // Checks `object` against the struct's fields; returns the matched values in
    // the order of `fields` (Missing when absent). structName/path are for messages.
    std::vector<Value> decodeStruct(const Value &object, std::string_view structName, const std::string &path,
                                    std::string_view goType, const std::vector<Field> &fields);

    std::string decodeString(const Value &v, std::string_view structName, const std::string &path);
    bool decodeBool(const Value &v, std::string_view structName, const std::string &path);
    std::vector<std::string> decodeStringList(const Value &v, std::string_view structName, const std::string &path,
                                              std::string_view goType = "[]string");
    // A JSON array; reports an error when it is another kind.
    const ValueList &decodeList(const Value &v, std::string_view structName, const std::string &path,
                                std::string_view goType);
    // A JSON object with arbitrary keys (Go map).
    const ValueMap &decodeMap(const Value &v, std::string_view structName, const std::string &path,
                              std::string_view goType);

    void fail(std::string message);

private:
    void typeError(const Value &v, std::string_view structName, const std::string &path, std::string_view goType);

    bool m_rejectUnknown;
    std::optional<std::string> m_error;
};

// Go's strings.EqualFold.
bool equalFold(std::string_view a, std::string_view b);

} // namespace ds::ref
