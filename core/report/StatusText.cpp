// SPDX-License-Identifier: Apache-2.0
#include "StatusText.h"

namespace ds::report {

namespace {

const char *const kSeparator = " \u00B7 ";

std::string driftText(int changedLines)
{
    return changedLines > 0 ? "Drift: " + countText(changedLines, "changed line", "changed lines") : "Drift";
}

std::string mainText(const TemplateStatus &s)
{
    switch (s.state) {
    case TemplateState::NotCompared:
        return s.unverified ? "Not verified (cluster data incomplete)" : "Not compared";
    case TemplateState::Clean:
        if (s.byReferenceOnly && s.clusterObjectIds.empty())
            return "Found by reference (content not validated)";
        return s.matchCount > 1 ? "Clean (" + std::to_string(s.matchCount) + " CRs)" : "Clean";
    case TemplateState::Drift:
        return driftText(s.changedLines) + (s.driftedObjects > 1 ? " in " + std::to_string(s.driftedObjects) + " CRs" : "");
    case TemplateState::MissingRequired: return "Missing (required)";
    case TemplateState::NotPresent: return "Not present (optional)";
    case TemplateState::MatchedMoreThanAllowed: return "Matched more than allowed";
    case TemplateState::Patched: return "Patched";
    case TemplateState::RenderError: return s.matchCount == 0 && s.clusterObjectIds.empty() ? "Template error" : "Render error";
    case TemplateState::Manual: return "Manual";
    }
    return {};
}

std::string mainText(const CrStatus &s)
{
    switch (s.state) {
    case CrState::NotCompared: return "Not compared";
    case CrState::Clean: return "Clean";
    case CrState::Drift: return driftText(s.changedLines);
    case CrState::Unmatched: return "Unmatched";
    case CrState::SkippedByDoNotMatch: return "Skipped (doNotMatch)";
    case CrState::RenderError: return "Render error";
    case CrState::Manual: return "Manual";
    case CrState::Patched: return "Patched";
    }
    return {};
}

} // namespace

std::string countText(int n, const char *one, const char *many)
{
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string stateLabel(TemplateState state)
{
    switch (state) {
    case TemplateState::NotCompared: return "not compared";
    case TemplateState::Clean: return "clean";
    case TemplateState::Drift: return "drift";
    case TemplateState::MissingRequired: return "missing";
    case TemplateState::NotPresent: return "not present";
    case TemplateState::MatchedMoreThanAllowed: return "too many";
    case TemplateState::Patched: return "patched";
    case TemplateState::RenderError: return "render error";
    case TemplateState::Manual: return "manual";
    }
    return {};
}

std::string stateLabel(CrState state)
{
    switch (state) {
    case CrState::NotCompared: return "not compared";
    case CrState::Clean: return "clean";
    case CrState::Drift: return "drift";
    case CrState::Unmatched: return "unmatched";
    case CrState::SkippedByDoNotMatch: return "skipped";
    case CrState::RenderError: return "render error";
    case CrState::Manual: return "manual";
    case CrState::Patched: return "patched";
    }
    return {};
}

// Patched before manual in both: the order the HTML report has always used.
std::string statusText(const TemplateStatus &status)
{
    std::string text = mainText(status);
    if (status.patched && status.state != TemplateState::Patched)
        text += kSeparator + stateLabel(TemplateState::Patched);
    if (status.manual)
        text += kSeparator + stateLabel(TemplateState::Manual);
    return text;
}

std::string statusText(const CrStatus &status)
{
    std::string text = mainText(status);
    if (status.patched && status.state != CrState::Patched)
        text += kSeparator + stateLabel(CrState::Patched);
    if (status.manual)
        text += kSeparator + stateLabel(CrState::Manual);
    return text;
}

} // namespace ds::report
