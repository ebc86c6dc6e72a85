// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

// Go's strconv parsing of literals as text/template's parser uses it.
namespace ds::tmpl::goliteral {

// strconv.ParseUint(s, 0, 64) / ParseInt(s, 0, 64): base prefixes, leading-0
// octal, '_' separators (Go literal rules).
std::optional<std::uint64_t> parseUint(std::string_view s);
std::optional<std::int64_t> parseInt(std::string_view s);
// strconv.ParseFloat(s, 64): decimal and hex floats, '_' separators, inf/nan;
// out-of-range values fail like Go's ErrRange.
std::optional<double> parseFloat(std::string_view s);
// Go's underscoreOK: underscores only between digits (or after a base prefix).
bool underscoreOk(std::string_view s);

// strconv.Unquote of a "..." or `...` literal; nullopt on invalid syntax.
std::optional<std::string> unquote(std::string_view literal);
// strconv.UnquoteChar for a character constant body; returns the rune and the
// unconsumed tail, or nullopt on invalid syntax.
std::optional<std::pair<char32_t, std::string_view>> unquoteChar(std::string_view s, char quote);

} // namespace ds::tmpl::goliteral
