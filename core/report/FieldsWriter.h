// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ComparisonReport.h"
#include "diff/FieldChanges.h"

#include <string>
#include <vector>

namespace ds::report {

// The field changes of a compared pair, from the canonical YAML both sides
// were diffed as (so Secret data is masked as the diff masks it: `***`,
// `*** (before)`, `*** (after)`). Empty without drift.
std::vector<diff::FieldChange> fieldChangesOf(const CrResult &result);

// `-o fields`: one line per changed field of every drifted CR, in report order
// and then path order — CR id, template, path, kind (changed, added in the
// cluster, missing from the cluster), reference value, cluster value —
// separated by tabs. Values are compact JSON (so a tab or newline in a value
// never breaks a line); a side that lacks the field is empty.
std::string writeFields(const ComparisonReport &report);

// A value as `-o fields` prints it: compact JSON ("" when missing).
std::string fieldValueText(const Value &value);
// A value for people (the window, the HTML report): a string as it is (an
// embedded file stays readable), anything else as compact JSON.
std::string fieldValueDisplay(const Value &value);

} // namespace ds::report
