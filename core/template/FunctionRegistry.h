// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "FunctionSpec.h"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace ds::tmpl {

// The function map of a template set: name → spec. kube-compare's map is Go's
// builtins + Sprig v3.3 (minus env/expandenv/getHostByName) + its own functions.
class FunctionRegistry
{
public:
    void add(FunctionSpec spec);
    // Convenience: add(name, {params...}, impl) / addVariadic(...).
    void add(std::string name, std::vector<ParamType> params, FunctionImpl impl);
    void addVariadic(std::string name, std::vector<ParamType> params, FunctionImpl impl);
    void addAlias(const std::string &alias, const std::string &existing);
    void remove(const std::string &name);

    const FunctionSpec *find(std::string_view name) const;
    bool contains(std::string_view name) const { return find(name) != nullptr; }
    std::vector<std::string> names() const;

    // Go builtins + Sprig + kube-compare, exactly the names kube-compare offers.
    static const FunctionRegistry &kubeCompare();

private:
    std::map<std::string, FunctionSpec, std::less<>> m_functions;
};

} // namespace ds::tmpl
