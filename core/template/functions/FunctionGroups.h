// SPDX-License-Identifier: Apache-2.0
#pragma once

namespace ds::tmpl {

class FunctionRegistry;

// Each group of kube-compare's function map (sprig's TxtFuncMap without env, expandenv and
// getHostByName, plus kube-compare's own functions) registers itself.
void registerBuiltinFunctions(FunctionRegistry &registry);    // and or not len index print... eq lt...
void registerStringFunctions(FunctionRegistry &registry);     // sprig strings
void registerConversionFunctions(FunctionRegistry &registry); // json/yaml/toml/toString...
void registerListFunctions(FunctionRegistry &registry);       // sprig lists
void registerDictFunctions(FunctionRegistry &registry);       // sprig dicts
void registerMathFunctions(FunctionRegistry &registry);       // sprig math, atoi/int/int64/float64/toDecimal
void registerRegexFunctions(FunctionRegistry &registry);      // regexMatch, regexFind...
void registerSemverFunctions(FunctionRegistry &registry);     // semver, semverCompare
void registerDateFunctions(FunctionRegistry &registry);       // now, date, duration...
void registerEncodingFunctions(FunctionRegistry &registry);   // base64, digests, crypto
void registerFlowFunctions(FunctionRegistry &registry);       // default, empty, ternary, fail...
void registerReflectionFunctions(FunctionRegistry &registry); // typeOf, kindIs, deepEqual...
void registerPathFunctions(FunctionRegistry &registry);       // base, dir, clean, urlParse...
void registerKubeCompareFunctions(FunctionRegistry &registry); // lookupCR, lookupCRs, doNotMatch

} // namespace ds::tmpl
