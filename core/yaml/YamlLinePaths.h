// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "value/ObjectPath.h"

#include <string>
#include <vector>

namespace ds::yaml {

// For each line of a YAML document — the canonical YAML of one object, as
// the diff shows it — the path of the innermost node the line belongs to: a
// `key: value` line and the lines of a block or folded value belong to that
// key, a `- name: x` line to the item's first key. This is how a field change
// finds its lines (scrolling to a path, greying hidden fields) and how a test
// checks that every changed line of the diff is a field change. Empty for
// text that is not YAML.
std::vector<ObjectPath> yamlLinePaths(const std::string &text);

} // namespace ds::yaml
