// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace ds::ui {

// What the comparison says about one template of the reference. Manual and
// Patched also appear as extra states of rows whose main state is another one.
enum class TemplateState : int {
    NotCompared,            // no report yet
    Clean,                  // matched, no differences
    Drift,                  // matched with differences
    MissingRequired,        // named by a "missing" validation issue
    NotPresent,             // unmatched and not required
    MatchedMoreThanAllowed, // matched, and a validation issue says it should not have been
    Patched,                // matched clean after user overrides
    RenderError,            // a CR failed to compare against it
    Manual,                 // a CR was pinned to it
};

// Every state, most severe first (the order of summaries and filter buttons).
const QList<TemplateState> &templateStatesBySeverity();
// Short lower-case label: "drift", "missing", ...
QString templateStateLabel(TemplateState state);

// A template's state and what it was derived from.
struct TemplateStatus
{
    TemplateState state = TemplateState::NotCompared;
    bool manual = false;
    bool patched = false;
    bool byReferenceOnly = false; // counted as matched through ownerReferences / RBAC subjects
    int matchCount = 0;
    int driftedObjects = 0;
    int changedLines = 0;
    QStringList clusterObjectIds; // CRs correlated with it or failing on it
    QString issue;                // the validation issue message naming it
    QStringList errors;           // render errors of CRs compared with it

    // Main state first, then Manual and Patched when they apply.
    QList<int> states() const;
    // "Drift: 12 changed lines · manual"
    QString text() const;
};

} // namespace ds::ui
