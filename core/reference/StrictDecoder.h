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

    bool failed() const { return m_error.has_value() || m_returned.has_value(); }
    // An error returned by a json.Unmarshaler ends Go's decoding, so it wins over saved ones.
    const std::optional<std::string> &error() const { return m_returned ? m_returned : m_error; }

    // Between these calls values belong to a field whose Go type is a json.Unmarshaler
    // calling plain json.Unmarshal (kube-compare's v2 groups): unknown keys are accepted,
    // sigs.k8s.io/yaml cannot see the Go types so scalars stay as they are, and the first
    // error becomes the returned error.
    void beginUnmarshaler();
    void endUnmarshaler();
    bool inUnmarshaler() const { return m_inUnmarshaler; }

    // Checks `object` against the struct's fields; returns the matched values in
    // the order of `fields` (Missing when absent). structName/path are for messages.
    std::vector<Value> decodeStruct(const Value &object, std::string_view structName, const std::string &path,
                                    std::string_view goType, const std::vector<Field> &fields);

    // A Go string field (goType names string kinds such as compare.patchType in messages).
    // `coerce` false: sigs.k8s.io/yaml does not see a string target (e.g. a field of an
    // embedded pointer struct), so numbers and booleans stay type errors.
    std::string decodeString(const Value &v, std::string_view structName, const std::string &path,
                             std::string_view goType = "string", bool coerce = true);
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
    bool m_inUnmarshaler = false;
    std::optional<std::string> m_error;
    std::optional<std::string> m_nested;   // first error inside the current Unmarshaler
    std::optional<std::string> m_returned; // first error an Unmarshaler returned
};

// Go's strings.EqualFold.
bool equalFold(std::string_view a, std::string_view b);

} // namespace ds::ref
