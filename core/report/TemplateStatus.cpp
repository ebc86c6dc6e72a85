// SPDX-License-Identifier: Apache-2.0
#include "TemplateStatus.h"

#include "diff/DiffStat.h"

#include <algorithm>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace ds::report {

namespace {

using PathIndex = std::unordered_map<std::string, std::vector<std::size_t>>;

bool pinnedTo(const ManualCorrelationMap &manual, const std::string &crId, const std::string &path)
{
    const auto it = manual.find(crId);
    return it != manual.end() && it->second == path;
}

// Keeps the first occurrence of each id, in order (a template may match thousands of CRs).
void removeDuplicates(std::vector<std::string> &list)
{
    std::vector<std::string> unique;
    unique.reserve(list.size()); // never reallocates below: the views in seen stay valid
    std::unordered_set<std::string_view> seen;
    for (std::string &item : list)
        if (!seen.contains(item)) {
            unique.push_back(std::move(item));
            seen.insert(unique.back());
        }
    list = std::move(unique);
}

// The main state from what the report says about the template.
TemplateState mainState(const TemplateStatus &s)
{
    if (!s.errors.empty())
        return TemplateState::RenderError;
    // A validation issue lists either templates that are missing or ones that should not have matched.
    if (!s.issue.empty())
        return s.matchCount > 0 ? TemplateState::MatchedMoreThanAllowed : TemplateState::MissingRequired;
    if (s.matchCount == 0)
        return TemplateState::NotPresent;
    if (s.driftedObjects > 0)
        return TemplateState::Drift;
    return s.patched ? TemplateState::Patched : TemplateState::Clean;
}

void addMatchCounts(std::vector<TemplateStatus> &out, const ComparisonReport &report, const ref::Reference &reference)
{
    const auto &byRef = report.summary.matchedByReferenceOnly;
    for (std::size_t i = 0; i < reference.templates.size(); ++i) {
        const auto &path = reference.templates[i].path;
        const auto count = report.matchCounts.find(path);
        out[i].matchCount = count == report.matchCounts.end() ? 0 : count->second;
        out[i].byReferenceOnly = std::find(byRef.begin(), byRef.end(), path) != byRef.end();
    }
}

void addResults(std::vector<TemplateStatus> &out, const ComparisonReport &report)
{
    for (const CrResult &result : report.diffs) {
        if (result.templateIndex >= out.size())
            continue;
        TemplateStatus &s = out[result.templateIndex];
        s.clusterObjectIds.push_back(result.crName);
        s.changedLines += changedLines(result);
        s.driftedObjects += result.hasDiff() ? 1 : 0;
        s.patched = s.patched || !result.patched.empty();
        s.manual = s.manual || result.manualCorrelation;
    }
}

void addFailures(std::vector<TemplateStatus> &out, const ComparisonReport &report, const PathIndex &byPath,
                 const ManualCorrelationMap &manual)
{
    for (const FailedCr &failure : report.failures)
        for (const std::string &path : failure.templates) {
            const auto it = byPath.find(path);
            if (it == byPath.end())
                continue;
            for (std::size_t i : it->second) {
                out[i].errors.push_back(failure.error);
                out[i].clusterObjectIds.push_back(failure.crName);
                out[i].manual = out[i].manual || pinnedTo(manual, failure.crName, path);
            }
        }
}

// A path may appear in several components; the issue belongs to the one it names.
void addIssues(std::vector<TemplateStatus> &out, const ComparisonReport &report, const ref::Reference &reference,
               const PathIndex &byPath)
{
    for (std::size_t p = 0; p < reference.parts.size(); ++p)
        for (std::size_t c = 0; c < reference.parts[p].components.size(); ++c) {
            const ref::Part &part = reference.parts[p];
            const ValidationIssue *issue = componentIssue(report, part.name, part.components[c].name);
            if (!issue)
                continue;
            for (const std::string &path : issue->crs) {
                const auto it = byPath.find(path);
                if (it == byPath.end())
                    continue;
                for (std::size_t i : it->second)
                    if (reference.templates[i].partIndex == p && reference.templates[i].componentIndex == c)
                        out[i].issue = issue->msg;
            }
        }
}

} // namespace

const std::vector<TemplateState> &templateStatesBySeverity()
{
    static const std::vector<TemplateState> order{
        TemplateState::RenderError, TemplateState::MatchedMoreThanAllowed, TemplateState::MissingRequired,
        TemplateState::Drift, TemplateState::Patched, TemplateState::Manual,
        TemplateState::Clean, TemplateState::NotPresent, TemplateState::NotCompared};
    return order;
}

int changedLines(const CrResult &result)
{
    return diff::diffStat(result.diffOutput).changedLines();
}

const ValidationIssue *componentIssue(const ComparisonReport &report, const std::string &part,
                                      const std::string &component)
{
    const auto &issues = report.summary.validationIssues;
    const auto p = issues.find(part);
    if (p == issues.end())
        return nullptr;
    const auto c = p->second.find(component);
    return c == p->second.end() ? nullptr : &c->second;
}

std::vector<TemplateStatus> templateStatuses(const ComparisonReport &report, const ref::Reference &reference,
                                             const ManualCorrelationMap &manualCorrelations)
{
    std::vector<TemplateStatus> out(reference.templates.size());
    PathIndex byPath;
    for (std::size_t i = 0; i < reference.templates.size(); ++i)
        byPath[reference.templates[i].path].push_back(i);
    for (std::size_t i = 0; i < reference.templates.size(); ++i)
        if (!reference.templates[i].loadError.empty())
            out[i].errors.push_back(reference.templates[i].loadError);
    addMatchCounts(out, report, reference);
    addResults(out, report);
    addFailures(out, report, byPath, manualCorrelations);
    addIssues(out, report, reference, byPath);
    for (TemplateStatus &s : out) {
        removeDuplicates(s.clusterObjectIds);
        s.state = mainState(s);
        // Whatever could not be read may be the CR this template looks for.
        if (!report.inputErrors.empty()
            && (s.state == TemplateState::MissingRequired || s.state == TemplateState::NotPresent)) {
            s.unverified = true;
            s.state = TemplateState::NotCompared;
        }
    }
    return out;
}

} // namespace ds::report
