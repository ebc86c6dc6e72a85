// SPDX-License-Identifier: Apache-2.0
#pragma once

// How QCOMPARE prints engine values when a comparison fails. QTest finds these
// through argument-dependent lookup, so `QCOMPARE(actual, expected)` on two
// Values or two diff rows shows both readably instead of "(unknown type)".

#include "diff/SideBySideDiff.h"
#include "value/Value.h"

namespace ds {
// The value's Go type and its YAML (what the engine would write), e.g.
// "map[string]interface {} {a: 1}".
char *toString(const Value &value);
} // namespace ds

namespace ds::diff {
char *toString(RowKind kind);
// "Changed 3:3 `a: 1` | `a: 2` [5+1 | 5+1]"
char *toString(const SideBySideRow &row);
} // namespace ds::diff
