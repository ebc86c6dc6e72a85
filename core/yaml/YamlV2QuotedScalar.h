// SPDX-License-Identifier: Apache-2.0
#pragma once

// Quoted scalars as yaml.v2 reads them, for the one place where it differs from
// yaml-cpp: U+0085 (NEL), U+2028 (LS) and U+2029 (PS) are line breaks to yaml.v2
// (libyaml's is_break) and plain characters to yaml-cpp. Inside a quoted scalar
// yaml.v2 therefore drops the blanks around them, and folds a NEL like a newline;
// the canonical writer relies on that ('a<LS>  b' is how yaml.v2 writes "a<LS>b").
// Both readers rescan such scalars with this port so they agree with Go and with
// each other. Structure (simple keys, lines) still follows yaml-cpp, and so do
// plain scalars and a backslash before a raw NEL/LS/PS (yaml-cpp: unknown escape).

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace ds::yaml::detail {

struct QuotedScalar
{
    std::string value;
    std::size_t end = 0; // just past the closing quote
};

// Whether a quoted scalar that yaml-cpp read as `value` may read otherwise in
// yaml.v2: it holds NEL, LS or PS (raw in the text, or from an escape).
bool mayReadOtherwiseInYamlV2(std::string_view value);

// yaml_parser_scan_flow_scalar from the quote at `quote` (' or "). nullopt
// where yaml.v2 would fail (unterminated, bad escape, document marker inside);
// the caller then keeps what yaml-cpp read, errors included.
std::optional<QuotedScalar> scanQuotedAsYamlV2(std::string_view text, std::size_t quote);

} // namespace ds::yaml::detail
