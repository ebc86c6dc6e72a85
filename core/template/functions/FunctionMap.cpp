// SPDX-License-Identifier: Apache-2.0
#include "FunctionGroups.h"
#include "template/FunctionRegistry.h"

namespace ds::tmpl {

// kube-compare's FuncMap(): Go builtins, Sprig's TxtFuncMap minus env, expandenv
// and getHostByName (they would reach the environment and the network), plus
// kube-compare's own functions, which override Sprig's toJson/fromJson.
const FunctionRegistry &FunctionRegistry::kubeCompare()
{
    static const FunctionRegistry registry = [] {
        FunctionRegistry r;
        registerBuiltinFunctions(r);
        registerStringFunctions(r);
        registerPathFunctions(r);
        registerListFunctions(r);
        registerDictFunctions(r);
        registerMathFunctions(r);
        registerRegexFunctions(r);
        registerSemverFunctions(r);
        registerDateFunctions(r);
        registerEncodingFunctions(r);
        registerFlowFunctions(r);
        registerReflectionFunctions(r);
        registerConversionFunctions(r);
        registerKubeCompareFunctions(r);
        return r;
    }();
    return registry;
}

} // namespace ds::tmpl
