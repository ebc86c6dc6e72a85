// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "value/Value.h"

#include <string>
#include <string_view>
#include <vector>

// Go's fmt printing of template values (actions, %v, printf; tst_gofmt): GoFmt.cpp
// (print.go) and GoFmtFormat.cpp (format.go). %T and reflect's kinds are in
// GoTypes.h, strconv's quoting in GoStrconv.h.
// Arguments are Go interface{} values: Missing and Null both mean nil.
namespace ds::go::fmt {

// fmt.Sprint: a space between operands when neither is a string.
std::string sprint(const std::vector<Value> &args);
// fmt.Sprintln: spaces between all operands, trailing newline.
std::string sprintln(const std::vector<Value> &args);
// fmt.Sprintf with Go's verbs, flags, width/precision, argument indexes and
// inline errors (%!d(string=hi), %!d(MISSING), %!(EXTRA ...), %!(NOVERB)).
std::string sprintf(std::string_view format, const std::vector<Value> &args);
// %v of one value: `[a b]`, `map[a:1]`, floats as strconv 'g', nil as <nil>.
std::string formatValue(const Value &v);
// sprig's strval: strings as is, Stringers via String(), everything else %v.
std::string strval(const Value &v);

} // namespace ds::go::fmt
