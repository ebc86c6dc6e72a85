// SPDX-License-Identifier: Apache-2.0
#include "SprigValues.h"

#include "template/FunctionError.h"
#include "go/GoFmt.h"
#include "template/TemplateObject.h"
#include "go/GoTypes.h"

namespace ds::tmpl::sprig {

bool isEmpty(const Value &v)
{
    switch (v.type()) {
    case Value::Type::Missing:
    case Value::Type::Null: return true;
    case Value::Type::Bool: return !v.toBool();
    case Value::Type::Int:
    case Value::Type::Int64: return v.toInt64() == 0;
    case Value::Type::Uint8:
    case Value::Type::Uint64: return v.toUint64() == 0;
    case Value::Type::Float64: return v.toFloat() == 0;
    case Value::Type::String:
    case Value::Type::List:
    case Value::Type::Map: return v.size() == 0;
    case Value::Type::Object: {
        const TemplateObject *o = asTemplateObject(v);
        return o ? o->isEmpty() : false;
    }
    }
    return false;
}

bool deepEqual(const Value &a, const Value &b)
{
    if (a.isNothing() || b.isNothing())
        return a.isNothing() && b.isNothing();
    return a.deepEquals(b);
}

std::string listKindOrPanic(const Value &v)
{
    if (v.isNothing())
        throw FunctionError(kNilDereference);
    return go::kindName(v);
}

bool isSlice(const Value &v)
{
    return v.isList();
}

ValueList sliceElements(const Value &v)
{
    return v.list();
}

} // namespace ds::tmpl::sprig
