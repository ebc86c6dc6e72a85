// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string_view>

namespace ds::yaml {

// yaml.v2's map key order ("natural" order, tst_naturalkeyorder): letters by
// code point, non-letters before letters, digit runs compared numerically.
bool naturalKeyLess(std::string_view a, std::string_view b);

} // namespace ds::yaml
