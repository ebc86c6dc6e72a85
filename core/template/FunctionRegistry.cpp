// SPDX-License-Identifier: Apache-2.0
#include "FunctionRegistry.h"

#include "TemplateObject.h"

namespace ds::tmpl {

std::string_view goTypeName(ParamType t)
{
    switch (t) {
    case ParamType::Any: return "interface {}";
    case ParamType::String: return "string";
    case ParamType::Int: return "int";
    case ParamType::Uint32: return "uint32";
    case ParamType::Float64: return "float64";
    case ParamType::Bool: return "bool";
    case ParamType::Map: return "map[string]interface {}";
    case ParamType::List: return "[]interface {}";
    case ParamType::Time: return "time.Time";
    case ParamType::Certificate: return "sprig.certificate";
    case ParamType::Reflect: return "reflect.Value";
    }
    return "interface {}";
}

void FunctionRegistry::add(FunctionSpec spec)
{
    std::string name = spec.name;
    m_functions.insert_or_assign(std::move(name), std::move(spec));
}

void FunctionRegistry::add(std::string name, std::vector<ParamType> params, FunctionImpl impl)
{
    add(FunctionSpec{std::move(name), std::move(params), false, std::move(impl)});
}

void FunctionRegistry::addVariadic(std::string name, std::vector<ParamType> params, FunctionImpl impl)
{
    add(FunctionSpec{std::move(name), std::move(params), true, std::move(impl)});
}

void FunctionRegistry::addAlias(const std::string &alias, const std::string &existing)
{
    const FunctionSpec *spec = find(existing);
    if (!spec)
        return;
    FunctionSpec copy = *spec;
    copy.name = alias;
    add(std::move(copy));
}

void FunctionRegistry::remove(const std::string &name)
{
    m_functions.erase(name);
}

const FunctionSpec *FunctionRegistry::find(std::string_view name) const
{
    auto it = m_functions.find(name);
    return it == m_functions.end() ? nullptr : &it->second;
}

std::vector<std::string> FunctionRegistry::names() const
{
    std::vector<std::string> out;
    out.reserve(m_functions.size());
    for (const auto &[name, spec] : m_functions)
        out.push_back(name);
    return out;
}

const TemplateObject *asTemplateObject(const Value &v)
{
    if (!v.isObject())
        return nullptr;
    return dynamic_cast<const TemplateObject *>(&v.object());
}

} // namespace ds::tmpl
