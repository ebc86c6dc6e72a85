// SPDX-License-Identifier: Apache-2.0
#include "SigsYaml.h"

#include "YamlReader.h"
#include "go/GoTypes.h"

namespace ds::yaml {

namespace {

UnmarshalResult readFirst(std::string_view text)
{
    ReadOptions options;
    options.numbers = NumberTyping::Float64;
    options.firstDocumentOnly = true;
    ReadResult r = read(text, options);
    UnmarshalResult result;
    if (!r.ok()) {
        result.error = "error converting YAML to JSON: " + r.error->goText();
        return result;
    }
    result.value = r.documents.empty() ? Value::null() : r.documents.front();
    return result;
}

UnmarshalResult expect(UnmarshalResult r, Value::Type type, const char *goType)
{
    if (!r.ok())
        return r;
    if (r.value.isNull()) {
        r.value = type == Value::Type::Map ? Value::emptyMap() : Value::emptyList();
        return r;
    }
    if (r.value.type() != type) {
        r.error = std::string("error unmarshaling JSON: while decoding JSON: json: cannot unmarshal ")
            + go::jsonKind(r.value) + " into Go value of type " + goType;
        r.value = Value();
    }
    return r;
}

} // namespace

UnmarshalResult unmarshalObject(std::string_view text)
{
    return expect(readFirst(text), Value::Type::Map, "map[string]interface {}");
}

UnmarshalResult unmarshalArray(std::string_view text)
{
    return expect(readFirst(text), Value::Type::List, "[]interface {}");
}

UnmarshalResult unmarshalAny(std::string_view text)
{
    return readFirst(text);
}

} // namespace ds::yaml
