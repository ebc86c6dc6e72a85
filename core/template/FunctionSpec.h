// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "value/Value.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace ds::tmpl {

// The Go parameter types template functions declare. The executor converts every
// argument to the declared type with text/template's evalArg rules (tst_templatevectors)
// before the function runs, so an implementation receives:
//   Any         any Value (nil/missing arrive as Value::null())
//   String      a String Value
//   Int         an Int Value (Go int)
//   Uint32      an Int Value in [0, 2^32)
//   Float64     a Float64 Value
//   Bool        a Bool Value
//   Map         a Map of MapType::Interface (possibly a typed nil map)
//   List        a List of ListType::Interface (possibly a typed nil list)
//   Time        an Object whose typeName() is "time.Time"
//   Certificate an Object whose typeName() is "sprig.certificate"
//   Reflect     (builtins only) the raw value, see ExecArgument
enum class ParamType : std::uint8_t {
    Any,
    String,
    Int,
    Uint32,
    Float64,
    Bool,
    Map,
    List,
    Time,
    Certificate,
    Reflect,
};

// Go's spelling of a parameter type, for "expected T" messages.
std::string_view goTypeName(ParamType t);

class FunctionContext;

using FunctionImpl = std::function<Value(FunctionContext &context, std::vector<Value> &args)>;

struct FunctionSpec
{
    std::string name;
    std::vector<ParamType> params; // with variadic, the last entry is the element type
    bool variadic = false;
    FunctionImpl impl;
};

// What a function may use from the outside world. Templates are untrusted: there
// is deliberately no access to files, processes, the network or the environment.
class FunctionContext
{
public:
    virtual ~FunctionContext() = default;

    // lookupCR(s): the loaded cluster objects with this apiVersion and kind, in load
    // order. Namespace/name filtering is done by the caller.
    virtual std::vector<Value> objectsOfKind(std::string_view apiVersion, std::string_view kind) const
    {
        (void)apiVersion;
        (void)kind;
        return {};
    }
    // Warnings kube-compare logs (e.g. toYaml failing); shown to the user.
    virtual void warn(const std::string &message) { (void)message; }
    // Source of randomness for rand*, uuidv4, shuffle...: isolated per render so
    // that tests can seed it. Seeded on first use: most renders never ask, and a
    // comparison makes thousands of contexts.
    std::mt19937_64 &random()
    {
        if (!m_random)
            m_random.emplace(std::random_device{}());
        return *m_random;
    }

protected:
    void seedRandom(std::uint64_t seed) { m_random.emplace(seed); }

private:
    std::optional<std::mt19937_64> m_random;
};

} // namespace ds::tmpl
