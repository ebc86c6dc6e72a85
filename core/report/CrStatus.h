// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ComparisonReport.h"
#include "TemplateStatus.h"

#include <array>
#include <string>
#include <unordered_map>
#include <vector>

namespace ds::report {

// What the comparison says about one cluster CR. Manual and Patched also appear
// as extra states of CRs whose main state is another one. The window's CR list
// and the HTML report show these states, so they are derived here, once, from
// the report alone (next to templateStatuses).
enum class CrState : int {
    NotCompared,         // no report yet, or the comparison stopped before it
    Clean,               // correlated, no differences
    Drift,               // correlated with differences
    Unmatched,           // no template correlated with it
    SkippedByDoNotMatch, // every candidate template excluded itself
    RenderError,         // comparing it failed
    Manual,              // pinned to a template
    Patched,             // no differences once user overrides were applied
};

// Every state, most severe first (the order of summaries and filter buttons).
const std::vector<CrState> &crStatesBySeverity();

struct CrStatus
{
    CrState state = CrState::NotCompared;
    bool manual = false;
    bool patched = false;                // user overrides applied (the main state when nothing is left)
    int changedLines = 0;
    std::string templatePath;            // the template it correlated with
    std::vector<std::string> candidates; // templates it was compared with (render errors)
    std::string error;
};

using CrStatusMap = std::unordered_map<std::string, CrStatus>;

// The status of every CR the report names, by CR id. manualCorrelations marks
// failed CRs that were pinned (a compared CR carries CrResult::manualCorrelation).
// Without `withUnmatched`, the report's unmatched CRs (most of a must-gather)
// are left out, for a caller that knows them otherwise.
CrStatusMap crStatuses(const ComparisonReport &report, const ManualCorrelationMap &manualCorrelations = {},
                       bool withUnmatched = true);

// A status's states, main first: at most three, kept in place — the CR list
// asks for 50,000 of them after every change, and a heap list each cost more
// than the rest of its work.
template <class State>
class StateSet
{
public:
    void push_back(State state) { m_states[m_size++] = state; }
    const State *begin() const { return m_states.data(); }
    const State *end() const { return m_states.data() + m_size; }
    std::size_t size() const { return m_size; }

private:
    std::array<State, 3> m_states{};
    std::size_t m_size = 0;
};

// The CR's states: the main one, then Patched (unless it is the main one) and Manual.
StateSet<CrState> statesOf(const CrStatus &status);
// The template's states: the main one, then Manual and Patched (unless it is the main one).
StateSet<TemplateState> statesOf(const TemplateStatus &status);

} // namespace ds::report
