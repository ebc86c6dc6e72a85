// SPDX-License-Identifier: Apache-2.0
#include "TomlEncoder.h"

#include "template/FunctionError.h"
#include "template/FunctionRegistry.h"
#include "template/TemplateObject.h"
#include "go/GoFloat.h"

#include <cmath>
#include <cstdio>

namespace ds::tmpl {

namespace {

const char *const kErrArrayNilElement = "toml: cannot encode array with nil element";
const char *const kErrNoKey = "toml: top-level values must be Go maps or structs";

// How the encoder sees a Go object (time.Time, Duration, *semver.Version, certificate…).
enum class ObjectClass { Time, Duration, Struct, Integer, TextMarshaler };

ObjectClass objectClass(const Value &v)
{
    const std::string type = v.object().typeName();
    if (type == "time.Time")
        return ObjectClass::Time;
    if (type == "time.Duration")
        return ObjectClass::Duration;
    if (type == "sprig.certificate")
        return ObjectClass::Struct;
    if (const TemplateObject *o = asTemplateObject(v)) {
        const std::string kind = o->kindName();
        if (kind.starts_with("int") || kind.starts_with("uint"))
            return ObjectClass::Integer;
    }
    // *semver.Version and friends implement encoding.TextMarshaler.
    return ObjectClass::TextMarshaler;
}

// isNil after eindirect: nil interfaces and typed nil maps/slices.
bool isNil(const Value &v)
{
    return v.isNothing() || v.isTypedNil();
}

std::string floatText(double f)
{
    if (std::isnan(f))
        return std::signbit(f) ? "-nan" : "nan";
    if (std::isinf(f))
        return std::signbit(f) ? "-inf" : "inf";
    std::string s = go::strconv::formatShortest(f, 'f');
    // TOML floats need a decimal point.
    if (s.find('.') == std::string::npos)
        s += ".0";
    return s;
}

// BurntSushi's dblQuotedReplacer (byte-wise).
std::string escapeQuoted(const std::string &s)
{
    std::string out;
    out.reserve(s.size());
    for (const char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\b': out += "\\b"; break;
        case '\t': out += "\\t"; break;
        case '\n': out += "\\n"; break;
        case '\f': out += "\\f"; break;
        case '\r': out += "\\r"; break;
        default:
            if (c < 0x20 || c == 0x7F) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
            } else {
                out += ch;
            }
        }
    }
    return out;
}

Value structField(const Value &v, const char *name)
{
    const TemplateObject *o = asTemplateObject(v);
    if (!o)
        return Value::null();
    return o->field(name).value_or(Value::null());
}

constexpr const char *kCertificateFields[] = {"Cert", "Key"};

} // namespace

std::string TomlEncoder::encode(const Value &v)
{
    // reflect.ValueOf(nil) has no type: eindirect panics in Value.Type.
    if (v.isNothing())
        throw FunctionError("reflect: call of reflect.Value.Type on zero Value");
    TomlEncoder encoder;
    encoder.encodeValue({}, v);
    return encoder.m_out;
}

// tomlTypeOfGo.
TomlEncoder::Kind TomlEncoder::kindOf(const Value &v)
{
    if (isNil(v))
        return Kind::Nil;
    switch (v.type()) {
    case Value::Type::Bool: return Kind::Bool;
    case Value::Type::Int:
    case Value::Type::Int64:
    case Value::Type::Uint8:
    case Value::Type::Uint64: return Kind::Integer;
    case Value::Type::Float64: return Kind::Float;
    case Value::Type::String: return Kind::String;
    case Value::Type::List: return isTableArray(v) ? Kind::ArrayOfTables : Kind::Array;
    case Value::Type::Map: return Kind::Table;
    case Value::Type::Object:
        switch (objectClass(v)) {
        case ObjectClass::Time: return Kind::Datetime;
        case ObjectClass::Struct: return Kind::Table;
        case ObjectClass::Duration:
        case ObjectClass::Integer: return Kind::Integer;
        case ObjectClass::TextMarshaler: return Kind::String;
        }
        break;
    default:
        break;
    }
    return Kind::Nil;
}

// isTableArray: every element a table; any nil element is an error.
bool TomlEncoder::isTableArray(const Value &v)
{
    if (isNil(v) || v.list().empty())
        return false;
    bool all = true;
    for (const Value &e : v.list()) {
        const Kind k = kindOf(e);
        if (k == Kind::Nil)
            throw TomlEncodeError(kErrArrayNilElement);
        if (k != Kind::Table)
            all = false;
    }
    return all;
}

void TomlEncoder::encodeValue(const Key &key, const Value &v)
{
    switch (v.type()) {
    case Value::Type::Missing:
    case Value::Type::Null:
        return;
    case Value::Type::List:
        if (kindOf(v) == Kind::ArrayOfTables)
            arrayOfTables(key, v);
        else
            keyValue(key, v, false);
        return;
    case Value::Type::Map:
        if (!v.isTypedNil())
            table(key, v);
        return;
    case Value::Type::Object:
        if (objectClass(v) == ObjectClass::Struct)
            table(key, v);
        else
            keyValue(key, v, false);
        return;
    default:
        keyValue(key, v, false);
        return;
    }
}

// eElement: a value in `key = value` position or inside an array.
void TomlEncoder::element(const Value &v)
{
    switch (v.type()) {
    case Value::Type::Missing:
    case Value::Type::Null:
        // eElement(rv.Elem()) of a nil interface.
        throw FunctionError("reflect: call of reflect.Value.Interface on zero Value");
    case Value::Type::Bool: write(v.toBool() ? "true" : "false"); return;
    case Value::Type::Int:
    case Value::Type::Int64: write(std::to_string(v.toInt64())); return;
    case Value::Type::Uint8:
    case Value::Type::Uint64: write(std::to_string(v.toUint64())); return;
    case Value::Type::Float64: write(floatText(v.toFloat())); return;
    case Value::Type::String: writeQuoted(v.str()); return;
    case Value::Type::List: arrayElements(v); return;
    case Value::Type::Map: mapBody({}, v, true); return;
    case Value::Type::Object: break;
    }
    switch (objectClass(v)) {
    case ObjectClass::Time: {
        // RFC 3339 with nanoseconds, as MarshalJSON/MarshalText produce it.
        const Value text = v.object().jsonValue();
        write(text.isString() ? text.str() : v.object().toString());
        return;
    }
    case ObjectClass::Duration:
    case ObjectClass::TextMarshaler: writeQuoted(v.object().toString()); return;
    case ObjectClass::Integer: write(std::to_string(v.object().jsonValue().toInt64())); return;
    case ObjectClass::Struct: structBody({}, v, true); return;
    }
}

void TomlEncoder::arrayElements(const Value &v)
{
    write("[");
    const ValueList &list = v.list();
    for (std::size_t i = 0; i < list.size(); ++i) {
        element(list[i]);
        if (i != list.size() - 1)
            write(", ");
    }
    write("]");
}

void TomlEncoder::arrayOfTables(const Key &key, const Value &v)
{
    if (key.empty())
        throw TomlEncodeError(kErrNoKey);
    for (const Value &e : v.list()) {
        if (isNil(e))
            continue;
        newline();
        write(indent(key) + "[[" + keyString(key) + "]]");
        newline();
        tableBody(key, e, false);
    }
}

void TomlEncoder::table(const Key &key, const Value &v)
{
    // A blank line between top-level tables (not before the first output).
    if (key.size() == 1)
        newline();
    if (!key.empty()) {
        write(indent(key) + "[" + keyString(key) + "]");
        newline();
    }
    tableBody(key, v, false);
}

void TomlEncoder::tableBody(const Key &key, const Value &v, bool inlined)
{
    if (v.isMap())
        mapBody(key, v, inlined);
    else
        structBody(key, v, inlined);
}

// eMap: plain keys first, then tables, each group sorted by key.
void TomlEncoder::mapBody(const Key &key, const Value &v, bool inlined)
{
    std::vector<const ValueMap::value_type *> direct;
    std::vector<const ValueMap::value_type *> sub;
    for (const auto &entry : v.map())
        (isTable(kindOf(entry.second)) ? sub : direct).push_back(&entry);

    const auto writeKeys = [&](const std::vector<const ValueMap::value_type *> &entries, bool trailingComma) {
        for (std::size_t i = 0; i < entries.size(); ++i) {
            const auto &[name, value] = *entries[i];
            if (isNil(value))
                continue;
            if (inlined) {
                keyValue({name}, value, true);
                // Counts skipped nil entries too, like the Go code.
                if (trailingComma || i != entries.size() - 1)
                    write(", ");
            } else {
                Key child = key;
                child.push_back(name);
                encodeValue(child, value);
            }
        }
    };
    if (inlined)
        write("{");
    writeKeys(direct, !sub.empty());
    writeKeys(sub, false);
    if (inlined)
        write("}");
}

// eStruct for sprig.certificate{Cert, Key string}: fields in declaration order.
void TomlEncoder::structBody(const Key &key, const Value &v, bool inlined)
{
    if (inlined)
        write("{");
    const std::size_t total = std::size(kCertificateFields);
    for (std::size_t i = 0; i < total; ++i) {
        const Value field = structField(v, kCertificateFields[i]);
        if (isNil(field))
            continue;
        if (inlined) {
            keyValue({kCertificateFields[i]}, field, true);
            if (i != total - 1)
                write(", ");
        } else {
            Key child = key;
            child.emplace_back(kCertificateFields[i]);
            encodeValue(child, field);
        }
    }
    if (inlined)
        write("}");
}

void TomlEncoder::keyValue(const Key &key, const Value &v, bool inlined)
{
    // A marshaler or scalar as the whole document: just the value.
    if (key.empty()) {
        element(v);
        return;
    }
    write(indent(key) + maybeQuoted(key.back()) + " = ");
    element(v);
    if (!inlined)
        newline();
}

void TomlEncoder::write(const std::string &s)
{
    m_out += s;
    m_hasWritten = true;
}

void TomlEncoder::newline()
{
    if (m_hasWritten)
        write("\n");
}

void TomlEncoder::writeQuoted(const std::string &s)
{
    write("\"" + escapeQuoted(s) + "\"");
}

std::string TomlEncoder::indent(const Key &key)
{
    std::string out;
    for (std::size_t i = 1; i < key.size(); ++i)
        out += "  ";
    return out;
}

std::string TomlEncoder::keyString(const Key &key)
{
    std::string out;
    for (std::size_t i = 0; i < key.size(); ++i) {
        if (i > 0)
            out += '.';
        out += maybeQuoted(key[i]);
    }
    return out;
}

// Bare keys are [A-Za-z0-9_-]+; anything else is a quoted key.
std::string TomlEncoder::maybeQuoted(const std::string &piece)
{
    if (piece.empty())
        return "\"\"";
    for (const char c : piece) {
        const bool bare = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'
            || c == '-';
        if (!bare)
            return "\"" + escapeQuoted(piece) + "\"";
    }
    return piece;
}

void registerTomlFunction(FunctionRegistry &registry)
{
    registry.add("toToml", {ParamType::Any}, [](FunctionContext &, std::vector<Value> &args) {
        try {
            return Value(TomlEncoder::encode(args[0]));
        } catch (const TomlEncodeError &e) {
            // Helm's toToml returns the error text as the document.
            return Value(std::string(e.what()));
        }
    });
}

} // namespace ds::tmpl
