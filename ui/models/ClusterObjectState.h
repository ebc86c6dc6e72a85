// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace ds::ui {

// What the comparison says about one cluster CR. Manual and Patched also
// appear as extra states of rows whose main state is another one.
enum class ClusterObjectState : int {
    NotCompared,         // no report yet, or the comparison stopped before it
    Clean,               // correlated, no differences
    Drift,               // correlated with differences
    Unmatched,           // no template correlated with it
    SkippedByDoNotMatch, // every candidate template excluded itself
    RenderError,         // comparing it failed
    Manual,              // pinned to a template
    Patched,             // user overrides applied
};

// Every state, most severe first (the order of summaries and filter buttons).
const QList<ClusterObjectState> &clusterObjectStatesBySeverity();
// Short lower-case label: "drift", "unmatched", ...
QString clusterObjectStateLabel(ClusterObjectState state);

struct ClusterObjectStatus
{
    ClusterObjectState state = ClusterObjectState::NotCompared;
    bool manual = false;
    bool patched = false;
    int changedLines = 0;
    QString templatePath;  // the template it correlated with
    QStringList candidates; // templates it was compared with (render errors)
    QString error;

    // Main state first, then Manual and Patched when they apply.
    QList<int> states() const;
    // "Drift: 3 changed lines · manual"
    QString text() const;
};

} // namespace ds::ui
