// SPDX-License-Identifier: Apache-2.0
#include "StrictDecoder.h"

#include "text/Utf8.h"
#include "go/GoFloat.h"
#include "go/GoTypes.h"

namespace ds::ref {

namespace {

const ValueList &emptyList()
{
    static const ValueList l;
    return l;
}

const ValueMap &emptyMap()
{
    static const ValueMap m;
    return m;
}

} // namespace

bool equalFold(std::string_view a, std::string_view b)
{
    const auto ra = utf8::decodeRunes(a);
    const auto rb = utf8::decodeRunes(b);
    if (ra.size() != rb.size())
        return false;
    for (std::size_t i = 0; i < ra.size(); ++i) {
        if (ra[i] == rb[i])
            continue;
        if (utf8::toLower(ra[i]) != utf8::toLower(rb[i]) && utf8::toUpper(ra[i]) != utf8::toUpper(rb[i]))
            return false;
    }
    return true;
}

void StrictDecoder::fail(std::string message)
{
    std::optional<std::string> &slot = m_inUnmarshaler ? m_nested : m_error;
    if (!slot)
        slot = std::move(message);
}

void StrictDecoder::beginUnmarshaler()
{
    m_inUnmarshaler = true;
    m_nested.reset();
}

void StrictDecoder::endUnmarshaler()
{
    m_inUnmarshaler = false;
    if (m_nested && !m_returned)
        m_returned = std::move(m_nested);
    m_nested.reset();
}

void StrictDecoder::typeError(const Value &v, std::string_view structName, const std::string &path,
                              std::string_view goType)
{
    if (structName.empty())
        fail("json: cannot unmarshal " + std::string(go::jsonKind(v)) + " into Go value of type " + std::string(goType));
    else
        fail("json: cannot unmarshal " + std::string(go::jsonKind(v)) + " into Go struct field " + std::string(structName)
             + "." + path + " of type " + std::string(goType));
}

std::vector<Value> StrictDecoder::decodeStruct(const Value &object, std::string_view structName,
                                               const std::string &path, std::string_view goType,
                                               const std::vector<Field> &fields)
{
    std::vector<Value> out(fields.size());
    if (object.isNothing())
        return out;
    if (!object.isMap()) {
        typeError(object, structName, path, goType);
        return out;
    }
    for (const auto &[key, value] : object.map()) {
        std::size_t match = fields.size();
        for (std::size_t i = 0; i < fields.size() && match == fields.size(); ++i)
            if (fields[i].jsonName == key)
                match = i;
        for (std::size_t i = 0; i < fields.size() && match == fields.size(); ++i)
            if (equalFold(fields[i].jsonName, key))
                match = i;
        if (match == fields.size()) {
            if (m_rejectUnknown && !m_inUnmarshaler)
                fail("json: unknown field \"" + key + "\"");
            continue;
        }
        out[match] = value; // a later key folding to the same field wins, as in Go
    }
    return out;
}

std::string StrictDecoder::decodeString(const Value &v, std::string_view structName, const std::string &path,
                                        std::string_view goType, bool coerce)
{
    if (v.isNothing())
        return {};
    if (!coerce || m_inUnmarshaler) {
        if (!v.isString()) {
            typeError(v, structName, path, goType);
            return {};
        }
        return v.str();
    }
    // sigs.k8s.io/yaml converts YAML numbers and booleans to strings when the Go
    // target is a string (convertToJSONableObject).
    if (v.type() == Value::Type::Int64)
        return std::to_string(v.toInt64());
    if (v.isFloat())
        return go::strconv::formatShortest(v.toFloat(), 'g', 32);
    if (v.isBool())
        return v.toBool() ? "true" : "false";
    if (!v.isString()) {
        typeError(v, structName, path, goType);
        return {};
    }
    return v.str();
}

bool StrictDecoder::decodeBool(const Value &v, std::string_view structName, const std::string &path)
{
    if (v.isNothing())
        return false;
    if (!v.isBool()) {
        typeError(v, structName, path, "bool");
        return false;
    }
    return v.toBool();
}

std::vector<std::string> StrictDecoder::decodeStringList(const Value &v, std::string_view structName,
                                                         const std::string &path, std::string_view goType)
{
    std::vector<std::string> out;
    for (const Value &e : decodeList(v, structName, path, goType))
        out.push_back(decodeString(e, structName, path));
    return out;
}

const ValueList &StrictDecoder::decodeList(const Value &v, std::string_view structName, const std::string &path,
                                           std::string_view goType)
{
    if (v.isNothing())
        return emptyList();
    if (!v.isList()) {
        typeError(v, structName, path, goType);
        return emptyList();
    }
    return v.list();
}

const ValueMap &StrictDecoder::decodeMap(const Value &v, std::string_view structName, const std::string &path,
                                         std::string_view goType)
{
    if (v.isNothing())
        return emptyMap();
    if (!v.isMap()) {
        typeError(v, structName, path, goType);
        return emptyMap();
    }
    return v.map();
}

} // namespace ds::ref
