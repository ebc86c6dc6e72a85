// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "report/CrStatus.h"
#include "report/StatusText.h"
#include "report/TemplateStatus.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QVarLengthArray>

#include <string>
#include <vector>

namespace ds::ui {

// The engine's states (core/report: TemplateStatus, CrStatus, StatusText) as
// the item models hand them to views: Qt lists and strings. Nothing here
// decides a state; the HTML report reads the same core functions.
using TemplateState = report::TemplateState;
using ClusterObjectState = report::CrState;

// Not an engine state: a drifted CR without a review mark for its current
// drift also counts as this, so the CR list's filter buttons can show only the
// drift still to review. Far above every ClusterObjectState value.
constexpr int kUnreviewedDrift = 1000;

// Every state, most severe first (the order of summaries and filter buttons).
const QList<TemplateState> &templateStatesBySeverity();
const QList<ClusterObjectState> &clusterObjectStatesBySeverity();

// Short lower-case label: "drift", "missing", "unmatched", ...
QString templateStateLabel(TemplateState state);
QString clusterObjectStateLabel(ClusterObjectState state);

// Main state first, then the extra states (Manual, Patched), as ints for
// ItemRole::States; in place, as the engine gives them (report::StateSet).
using StateInts = QVarLengthArray<int, 4>;
StateInts stateList(const report::TemplateStatus &status);
StateInts stateList(const report::CrStatus &status);

// A severity order as the ints item roles carry.
template <class State>
QList<int> stateValues(const QList<State> &states)
{
    QList<int> out;
    for (State s : states)
        out << static_cast<int>(s);
    return out;
}

// std::string(s) from the engine as Qt strings.
inline QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}
QStringList qsList(const std::vector<std::string> &items);

// "Accepted by user overrides: <reason>; <reason>" for a patched CR, "" otherwise.
QString overrideReasonsText(const report::CrResult *result);

// "Drift: 12 changed lines · manual"
QString displayText(const report::TemplateStatus &status);
QString displayText(const report::CrStatus &status);

} // namespace ds::ui
