// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QMap>
#include <Qt>

namespace ds::ui {

// Roles both item models answer, so one filter proxy and one delegate serve
// the reference tree and the CR list. Model-specific roles start at
// ItemRole::FirstModelRole.
namespace ItemRole {
enum : int {
    State = Qt::UserRole + 1, // int: the main state (TemplateState / ClusterObjectState); groups: the most
                              // severe one below, -1 when empty
    States,         // QList<int>: every state the row counts as (main state plus Manual, Patched)
    StateCounts,    // ds::ui::StateCounts of the leaf rows below (leaves: their own states)
    FilterText,     // QString the text filter searches (leaf rows)
    IsLeaf,         // bool: a template or a CR (drag source / drop target)
    AlwaysVisible,  // bool: kept by filters even when nothing below matches
    Counted,        // bool: false for leaf rows repeating a CR listed elsewhere (the Unmatched group)
    NodeKind,       // int: the model's NodeKind enum
    TemplatePath,   // QString: the template (of a template row / the one a CR correlated with)
    Manual,         // bool: pinned by a manual correlation
    ChangedLines,   // int: '+'/'-' lines of the diff(s)
    LeafCount,      // int: leaf rows below a group that count (not repeats); 1 for a counted leaf
    FilterTextShare, // int: leaf rows answering the same number ≥ 0 have the same FilterText (a CR listed twice)
    FirstModelRole = Qt::UserRole + 64,
};
} // namespace ItemRole

// state → number of leaf rows, for status filter buttons and group summaries
using StateCounts = QMap<int, int>;

} // namespace ds::ui
