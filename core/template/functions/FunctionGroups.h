// SPDX-License-Identifier: Apache-2.0
#pragma once

namespace ds::tmpl {

class FunctionRegistry;

// Each group of the function map registers itself (sprig-helm-functions.md §1).
void registerBuiltinFunctions(FunctionRegistry &registry);    // and or not len index print... eq lt...
void registerStringFunctions(FunctionRegistry &registry);     // §3
void registerConversionFunctions(FunctionRegistry &registry); // §4 (json/yaml/toml/toString...)
void registerListFunctions(FunctionRegistry &registry);       // §5
void registerDictFunctions(FunctionRegistry &registry);       // §6
void registerMathFunctions(FunctionRegistry &registry);       // §7 and atoi/int/int64/float64/toDecimal
void registerRegexFunctions(FunctionRegistry &registry);      // §8
void registerSemverFunctions(FunctionRegistry &registry);     // §9
void registerDateFunctions(FunctionRegistry &registry);       // §10
void registerEncodingFunctions(FunctionRegistry &registry);   // §11
void registerFlowFunctions(FunctionRegistry &registry);       // §12
void registerReflectionFunctions(FunctionRegistry &registry); // §13
void registerPathFunctions(FunctionRegistry &registry);       // §14
void registerKubeCompareFunctions(FunctionRegistry &registry); // §15

} // namespace ds::tmpl
