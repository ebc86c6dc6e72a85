// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace ds {

class Value;
class GoObject;

// Go maps iterate in byte order of their keys; std::less on std::string compares
// as unsigned char, which is exactly Go's order.
using ValueMap = std::map<std::string, Value, std::less<>>;
using ValueList = std::vector<Value>;

// Deepest nesting of lists and maps the writers accept; real objects nest a few
// dozen levels, recursion stays far from the stack's end even under sanitizers.
inline constexpr std::size_t kMaxNestingDepth = 1000;

// Kubernetes unstructured data with Go's dynamic types (int vs int64 vs float64, nil vs missing; tst_value).
//
// Scalars are stored inline; strings, lists, maps and opaque Go objects are
// shared. Lists and maps have *reference* semantics like Go maps and slices:
// copies of a Value alias the same container, and mutation through one copy
// is visible through all of them (templates rely on this: `set .metadata ...`
// changes the cluster object that is diffed later). Use deepCopy() to detach.
class Value
{
public:
    enum class Type : std::uint8_t {
        Missing, // Go's invalid reflect.Value: absent key, no data
        Null,    // JSON null / nil interface
        Bool,
        Int,     // Go int (template constants, len, ...)
        Int64,   // data integers
        Uint8,   // a byte (index of a string)
        Uint64,
        Float64,
        String,
        List,
        Map,
        Object,  // semver, time, duration, ... (see GoObject)
    };

    // The static element type of a list, which Go prints with %T and which
    // decides what a function may accept. Data lists are []interface {}.
    enum class ListType : std::uint8_t { Interface, String, Int, InterfaceList, MapList };
    enum class MapType : std::uint8_t { Interface, String };

    Value() = default; // Missing
    Value(std::nullptr_t) : m_type(Type::Null) {}
    explicit Value(bool b) : m_type(Type::Bool) { m_num.b = b; }
    Value(const char *s) : Value(std::string(s)) {}
    Value(std::string s);
    Value(std::string_view s) : Value(std::string(s)) {}
    Value(ValueList list, ListType type = ListType::Interface);
    Value(ValueMap map, MapType type = MapType::Interface);
    Value(std::shared_ptr<const GoObject> object);

    Value(const Value &) = default;
    Value(Value &&) noexcept = default;
    Value &operator=(const Value &) = default;
    Value &operator=(Value &&) noexcept = default;
    // Deeply nested data (a template can build a million-level chain) is freed
    // iteratively, so destruction cannot overflow the stack.
    ~Value()
    {
        if (m_ptr && (m_type == Type::List || m_type == Type::Map))
            releaseContainer();
    }

    static Value missing() { return Value(); }
    static Value null() { return Value(nullptr); }
    static Value fromBool(bool b) { return Value(b); }
    static Value fromInt(std::int64_t i) { return integer(Type::Int, i); }
    static Value fromInt64(std::int64_t i) { return integer(Type::Int64, i); }
    static Value fromUint8(std::uint8_t u);
    static Value fromUint64(std::uint64_t u);
    static Value fromFloat(double f);
    static Value emptyList(ListType type = ListType::Interface) { return Value(ValueList{}, type); }
    static Value emptyMap(MapType type = MapType::Interface) { return Value(ValueMap{}, type); }
    // Go's typed nil: a nil map or slice of a known type (lookupCR with no match).
    static Value nilList(ListType type = ListType::Interface);
    static Value nilMap(MapType type = MapType::Interface);

    Type type() const { return m_type; }
    bool isMissing() const { return m_type == Type::Missing; }
    bool isNull() const { return m_type == Type::Null; }
    // Missing or null: "nothing" regardless of how it arose.
    bool isNothing() const { return m_type == Type::Missing || m_type == Type::Null; }
    bool isBool() const { return m_type == Type::Bool; }
    bool isString() const { return m_type == Type::String; }
    bool isList() const { return m_type == Type::List; }
    bool isMap() const { return m_type == Type::Map; }
    bool isObject() const { return m_type == Type::Object; }
    bool isFloat() const { return m_type == Type::Float64; }
    bool isSignedInteger() const { return m_type == Type::Int || m_type == Type::Int64; }
    bool isUnsignedInteger() const { return m_type == Type::Uint8 || m_type == Type::Uint64; }
    bool isInteger() const { return isSignedInteger() || isUnsignedInteger(); }
    bool isNumber() const { return isInteger() || isFloat(); }
    // A nil map or slice (typed nil); such values behave as empty collections.
    bool isTypedNil() const { return (isList() || isMap()) && !m_ptr; }

    bool toBool() const { return m_num.b; }
    std::int64_t toInt64() const { return m_num.i; }
    std::uint64_t toUint64() const { return m_num.u; }
    double toFloat() const { return m_num.f; }
    const std::string &str() const;

    ListType listType() const { return static_cast<ListType>(m_sub); }
    MapType mapType() const { return static_cast<MapType>(m_sub); }
    const ValueList &list() const;
    const ValueMap &map() const;
    // Mutable access to the shared container (Go reference semantics). A typed
    // nil container gets fresh storage (visible through this copy only); calling
    // these on a non-container throws std::logic_error.
    ValueList &mutableList();
    ValueMap &mutableMap();
    const GoObject &object() const;
    std::shared_ptr<const GoObject> objectPtr() const;

    // Size of a string (bytes), list or map; 0 otherwise.
    std::size_t size() const;

    // Map access: Missing when this is not a map or the key is absent.
    Value get(std::string_view key) const;
    bool contains(std::string_view key) const;
    // Follow a path of map keys; Missing as soon as a step is absent.
    Value at(std::initializer_list<std::string_view> path) const;
    // The same lookups without copying (no reference-count traffic): the
    // entry inside this value's container, or nullptr. Valid while the
    // container is neither changed nor released.
    const Value *find(std::string_view key) const;
    const Value *find(std::initializer_list<std::string_view> path) const;
    // Sets a key of this map in place (shared with every copy).
    void insert(std::string key, Value value);
    bool remove(std::string_view key);

    // A copy sharing nothing with this value.
    Value deepCopy() const;

    // Structural equality of JSON-like data, with Go's type distinctions
    // (int64 3 != float64 3), as reflect.DeepEqual would decide.
    bool deepEquals(const Value &other) const;
    bool operator==(const Value &other) const { return deepEquals(other); }

    // Whether lists/maps nest more than `limit` levels (iterative; any size).
    bool nestsDeeperThan(std::size_t limit) const;

    // Identity of the shared container (for aliasing checks).
    const void *identity() const { return m_ptr.get(); }

private:
    void releaseContainer() noexcept;

    static Value integer(Type t, std::int64_t i)
    {
        Value v;
        v.m_type = t;
        v.m_num.i = i;
        return v;
    }

    Type m_type = Type::Missing;
    std::uint8_t m_sub = 0;
    union {
        bool b;
        std::int64_t i;
        std::uint64_t u;
        double f;
    } m_num{};
    std::shared_ptr<void> m_ptr;
};

// Go values other than the JSON-like ones above (*semver.Version, time.Time, ...).
// The template library defines them; the value model only needs to carry them.
class GoObject
{
public:
    virtual ~GoObject() = default;
    // Go's %T name, e.g. "*semver.Version".
    virtual std::string typeName() const = 0;
    // Go's %v text (String() method when the type has one).
    virtual std::string toString() const = 0;
    // reflect.Kind's name: "ptr" for pointer types ("*semver.Version"), else
    // "struct"; named integer types ("time.Duration") say "int64".
    virtual std::string kindName() const { return typeName().starts_with('*') ? "ptr" : "struct"; }
    virtual bool equals(const GoObject &other) const { return this == &other; }
    // What encoding/json produces for it (MarshalJSON/MarshalText), as a Value.
    virtual Value jsonValue() const;
};

} // namespace ds
