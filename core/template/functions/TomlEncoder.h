// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "value/Value.h"

#include <stdexcept>
#include <string>
#include <vector>

namespace ds::tmpl {

class FunctionRegistry;

// BurntSushi/toml v1.5.0 Encoder.Encode of a template value, as Helm's toToml
// uses it: map keys sorted, plain keys before tables, `[a.b]` headers indented
// two spaces per nesting level, `[[x]]` for lists of maps, inline arrays and
// inline tables inside arrays, nil values omitted.
class TomlEncoder
{
public:
    // The document for v, or throws: TomlEncodeError for the errors Encode
    // returns ("toml: cannot encode array with nil element"), FunctionError for
    // Go panics that escape the encoder (a nil value: reflect errors).
    static std::string encode(const Value &v);

private:
    enum class Kind { Nil, Bool, Integer, Float, String, Datetime, Array, ArrayOfTables, Table };
    using Key = std::vector<std::string>;

    static Kind kindOf(const Value &v);
    static bool isTableArray(const Value &v);
    static bool isTable(Kind k) { return k == Kind::Table || k == Kind::ArrayOfTables; }

    void encodeValue(const Key &key, const Value &v);
    void element(const Value &v);
    void arrayElements(const Value &v);
    void arrayOfTables(const Key &key, const Value &v);
    void table(const Key &key, const Value &v);
    void tableBody(const Key &key, const Value &v, bool inlined);
    void mapBody(const Key &key, const Value &v, bool inlined);
    void structBody(const Key &key, const Value &v, bool inlined);
    void keyValue(const Key &key, const Value &v, bool inlined);
    void write(const std::string &s);
    void newline();
    void writeQuoted(const std::string &s);

    static std::string indent(const Key &key);
    static std::string keyString(const Key &key);
    static std::string maybeQuoted(const std::string &piece);

    std::string m_out;
    bool m_hasWritten = false;
};

// An error Encoder.Encode returns (as opposed to a panic).
class TomlEncodeError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

// Registers toToml: encoder errors become the result text; nil is Go's reflect panic.
void registerTomlFunction(FunctionRegistry &registry);

} // namespace ds::tmpl
