// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace ds::yaml {

struct ScannerError
{
    int line = 0; // 1-based
    int column = 0;
    std::string message; // go-yaml v2's words
};

// The damage go-yaml v2's scanner rejects and the parsers Driftscope reads
// with (yaml-cpp, the fast path) would let through, changing a verdict
// without a word (a must-gather file cut short, an edit with a tab):
//  - a quoted scalar still open at the end of the text ("found unexpected
//    end of stream"), also when the text ends with a line break;
//  - a tab where a line's indentation is ("found a tab character that
//    violates indentation" after a plain scalar that could continue on that
//    line, else "found character that cannot start any token"); tabs inside
//    flow collections, quoted and block scalars, and after the indentation
//    stay allowed;
//  - a block mapping's key without its ':' on the last line ("could not find
//    expected ':'").
// Reads the text once, line by line, knowing only as much YAML as those rules
// need; everything else is left to the parser.
std::optional<ScannerError> yamlV2ScannerError(std::string_view text);

} // namespace ds::yaml
