// SPDX-License-Identifier: Apache-2.0
#include "Value.h"

#include <stdexcept>
#include <utility>
#include <vector>

namespace ds {

namespace {
const std::string &emptyString()
{
    static const std::string s;
    return s;
}
const ValueList &emptyListStorage()
{
    static const ValueList l;
    return l;
}
const ValueMap &emptyMapStorage()
{
    static const ValueMap m;
    return m;
}
} // namespace

namespace {

thread_local std::vector<Value> *t_graveyard = nullptr;

} // namespace

void Value::releaseContainer() noexcept
{
    if (m_ptr.use_count() != 1)
        return;
    auto moveChildren = [this](std::vector<Value> &to) {
        auto keep = [&to](Value &child) {
            if (child.m_ptr && (child.m_type == Type::List || child.m_type == Type::Map))
                to.push_back(std::move(child));
        };
        if (m_type == Type::List) {
            for (Value &child : *static_cast<ValueList *>(m_ptr.get()))
                keep(child);
        } else {
            for (auto &entry : *static_cast<ValueMap *>(m_ptr.get()))
                keep(entry.second);
        }
    };
    if (t_graveyard) { // an outer release is draining: hand the children over
        moveChildren(*t_graveyard);
        return;
    }
    std::vector<Value> pending;
    t_graveyard = &pending;
    moveChildren(pending);
    while (!pending.empty()) {
        Value last = std::move(pending.back());
        pending.pop_back();
    } // each `last` hands its own children to `pending` as it dies
    t_graveyard = nullptr;
}

bool Value::nestsDeeperThan(std::size_t limit) const
{
    std::vector<std::pair<const Value *, std::size_t>> stack{{this, 0}};
    while (!stack.empty()) {
        const auto [v, depth] = stack.back();
        stack.pop_back();
        if (v->isTypedNil() || !(v->isList() || v->isMap()))
            continue;
        if (depth + 1 > limit)
            return true;
        if (v->isList()) {
            for (const Value &e : v->list())
                stack.emplace_back(&e, depth + 1);
        } else {
            for (const auto &entry : v->map())
                stack.emplace_back(&entry.second, depth + 1);
        }
    }
    return false;
}

Value::Value(std::string s) : m_type(Type::String)
{
    if (!s.empty())
        m_ptr = std::make_shared<std::string>(std::move(s));
}

Value::Value(ValueList list, ListType type)
    : m_type(Type::List), m_sub(static_cast<std::uint8_t>(type)),
      m_ptr(std::make_shared<ValueList>(std::move(list)))
{
}

Value::Value(ValueMap map, MapType type)
    : m_type(Type::Map), m_sub(static_cast<std::uint8_t>(type)),
      m_ptr(std::make_shared<ValueMap>(std::move(map)))
{
}

Value::Value(std::shared_ptr<const GoObject> object)
    : m_type(Type::Object), m_ptr(std::const_pointer_cast<GoObject>(std::move(object)))
{
}

Value Value::fromUint8(std::uint8_t u)
{
    Value v;
    v.m_type = Type::Uint8;
    v.m_num.u = u;
    return v;
}

Value Value::fromUint64(std::uint64_t u)
{
    Value v;
    v.m_type = Type::Uint64;
    v.m_num.u = u;
    return v;
}

Value Value::fromFloat(double f)
{
    Value v;
    v.m_type = Type::Float64;
    v.m_num.f = f;
    return v;
}

Value Value::nilList(ListType type)
{
    Value v;
    v.m_type = Type::List;
    v.m_sub = static_cast<std::uint8_t>(type);
    return v;
}

Value Value::nilMap(MapType type)
{
    Value v;
    v.m_type = Type::Map;
    v.m_sub = static_cast<std::uint8_t>(type);
    return v;
}

const std::string &Value::str() const
{
    if (m_type != Type::String || !m_ptr)
        return emptyString();
    return *static_cast<const std::string *>(m_ptr.get());
}

const ValueList &Value::list() const
{
    if (m_type != Type::List || !m_ptr)
        return emptyListStorage();
    return *static_cast<const ValueList *>(m_ptr.get());
}

const ValueMap &Value::map() const
{
    if (m_type != Type::Map || !m_ptr)
        return emptyMapStorage();
    return *static_cast<const ValueMap *>(m_ptr.get());
}

ValueList &Value::mutableList()
{
    if (m_type != Type::List)
        throw std::logic_error("Value::mutableList on a non-list");
    if (!m_ptr)
        m_ptr = std::make_shared<ValueList>();
    return *static_cast<ValueList *>(m_ptr.get());
}

ValueMap &Value::mutableMap()
{
    if (m_type != Type::Map)
        throw std::logic_error("Value::mutableMap on a non-map");
    if (!m_ptr)
        m_ptr = std::make_shared<ValueMap>();
    return *static_cast<ValueMap *>(m_ptr.get());
}

const GoObject &Value::object() const
{
    return *static_cast<const GoObject *>(m_ptr.get());
}

std::shared_ptr<const GoObject> Value::objectPtr() const
{
    if (m_type != Type::Object)
        return {};
    return std::static_pointer_cast<const GoObject>(m_ptr);
}

std::size_t Value::size() const
{
    switch (m_type) {
    case Type::String: return str().size();
    case Type::List: return list().size();
    case Type::Map: return map().size();
    default: return 0;
    }
}

Value Value::get(std::string_view key) const
{
    if (m_type != Type::Map)
        return {};
    const auto &m = map();
    auto it = m.find(key);
    return it == m.end() ? Value() : it->second;
}

const Value *Value::find(std::string_view key) const
{
    if (m_type != Type::Map || !m_ptr)
        return nullptr;
    const auto &m = map();
    auto it = m.find(key);
    return it == m.end() ? nullptr : &it->second;
}

const Value *Value::find(std::initializer_list<std::string_view> path) const
{
    const Value *v = this;
    for (auto key : path)
        if (!(v = v->find(key)))
            return nullptr;
    return v;
}

bool Value::contains(std::string_view key) const
{
    return m_type == Type::Map && map().find(key) != map().end();
}

Value Value::at(std::initializer_list<std::string_view> path) const
{
    Value v = *this;
    for (auto key : path) {
        v = v.get(key);
        if (v.isMissing())
            break;
    }
    return v;
}

void Value::insert(std::string key, Value value)
{
    if (m_type != Type::Map)
        return;
    mutableMap().insert_or_assign(std::move(key), std::move(value));
}

bool Value::remove(std::string_view key)
{
    if (m_type != Type::Map || !m_ptr)
        return false;
    auto &m = mutableMap();
    auto it = m.find(key);
    if (it == m.end())
        return false;
    m.erase(it);
    return true;
}

Value Value::deepCopy() const
{
    if (m_type == Type::List && m_ptr) {
        ValueList copy;
        copy.reserve(list().size());
        for (const auto &e : list())
            copy.push_back(e.deepCopy());
        return Value(std::move(copy), listType());
    }
    if (m_type == Type::Map && m_ptr) {
        ValueMap copy;
        for (const auto &[k, e] : map())
            copy.emplace_hint(copy.end(), k, e.deepCopy());
        return Value(std::move(copy), mapType());
    }
    return *this;
}

bool Value::deepEquals(const Value &other) const
{
    if (m_type != other.m_type)
        return false;
    switch (m_type) {
    case Type::Missing:
    case Type::Null: return true;
    case Type::Bool: return m_num.b == other.m_num.b;
    case Type::Int:
    case Type::Int64: return m_num.i == other.m_num.i;
    case Type::Uint8:
    case Type::Uint64: return m_num.u == other.m_num.u;
    case Type::Float64: return m_num.f == other.m_num.f;
    case Type::String: return str() == other.str();
    case Type::List: {
        if (m_sub != other.m_sub || isTypedNil() != other.isTypedNil())
            return false;
        const auto &a = list();
        const auto &b = other.list();
        if (a.size() != b.size())
            return false;
        for (std::size_t i = 0; i < a.size(); ++i)
            if (!a[i].deepEquals(b[i]))
                return false;
        return true;
    }
    case Type::Map: {
        if (m_sub != other.m_sub || isTypedNil() != other.isTypedNil())
            return false;
        const auto &a = map();
        const auto &b = other.map();
        if (a.size() != b.size())
            return false;
        for (auto ia = a.begin(), ib = b.begin(); ia != a.end(); ++ia, ++ib)
            if (ia->first != ib->first || !ia->second.deepEquals(ib->second))
                return false;
        return true;
    }
    case Type::Object: return m_ptr == other.m_ptr || object().equals(other.object());
    }
    return false;
}

Value GoObject::jsonValue() const
{
    return Value(toString());
}

} // namespace ds
