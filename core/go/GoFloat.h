// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>

// Go's strconv float formatting (ftoa.go) and encoding/json's float encoding.
namespace ds::go::strconv {

// Go's strconv.FormatFloat(f, fmt, -1, bitSize): shortest digits that read back
// as the same float. fmt is 'g' (exponent iff X < -4 || X >= 6, Go's rule for
// shortest output), 'e' or 'f'. bitSize 32 rounds to float first (yaml map keys).
std::string formatShortest(double f, char fmt = 'g', int bitSize = 64);

// Go's strconv.FormatFloat(f, fmt, prec, 64) with an explicit precision, as fmt's
// %e %f %g use it: correctly rounded from the exact binary value.
std::string formatPrecision(double f, char fmt, int prec);

// strconv.FormatFloat(f, fmt, prec, 64) for every fmt: b e E f g G x X; a
// negative prec means the shortest representation.
std::string formatFloat(double f, char fmt, int prec);

// encoding/json's float encoding: fixed form unless |f| < 1e-6 or |f| >= 1e21,
// exponent with at least one digit ("1e-7"). NaN/Inf are the caller's error.
std::string formatJson(double f);

// True when f is finite and integral with |f| < 1e21, i.e. encoding/json prints
// it with integer syntax.
bool jsonPrintsAsInteger(double f);

} // namespace ds::go::strconv
