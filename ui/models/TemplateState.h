// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "report/TemplateStatus.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace ds::ui {

// What the comparison says about one template of the reference: the engine's
// states (core/report/TemplateStatus.h), shared with the HTML report.
using TemplateState = report::TemplateState;

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
