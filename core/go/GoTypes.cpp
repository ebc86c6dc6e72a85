// SPDX-License-Identifier: Apache-2.0
#include "GoTypes.h"

namespace ds::go {

std::string typeName(const Value &v)
{
    switch (v.type()) {
    case Value::Type::Missing:
    case Value::Type::Null: return "<nil>";
    case Value::Type::Bool: return "bool";
    case Value::Type::Int: return "int";
    case Value::Type::Int64: return "int64";
    case Value::Type::Uint8: return "uint8";
    case Value::Type::Uint64: return "uint64";
    case Value::Type::Float64: return "float64";
    case Value::Type::String: return "string";
    case Value::Type::List:
        switch (v.listType()) {
        case Value::ListType::Interface: return "[]interface {}";
        case Value::ListType::String: return "[]string";
        case Value::ListType::Int: return "[]int";
        case Value::ListType::InterfaceList: return "[][]interface {}";
        case Value::ListType::MapList: return "[]map[string]interface {}";
        }
        break;
    case Value::Type::Map:
        return v.mapType() == Value::MapType::String ? "map[string]string" : "map[string]interface {}";
    case Value::Type::Object: return v.object().typeName();
    }
    return "<nil>";
}

std::string kindName(const Value &v)
{
    switch (v.type()) {
    case Value::Type::Missing:
    case Value::Type::Null: return "invalid";
    case Value::Type::List: return "slice";
    case Value::Type::Map: return "map";
    case Value::Type::Object:
        return v.object().kindName();
    default: return typeName(v); // the basic kinds are named like their types
    }
}

const char *jsonKind(const Value &v)
{
    switch (v.type()) {
    case Value::Type::List: return "array";
    case Value::Type::Map: return "object";
    case Value::Type::String: return "string";
    case Value::Type::Bool: return "bool";
    default: return "number";
    }
}

} // namespace ds::go
