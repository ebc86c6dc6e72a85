// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ComparisonReport.h"
#include "CrStatus.h"
#include "ReportCounts.h"
#include "TemplateStatus.h"
#include "reference/Reference.h"

#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace ds::report {

// What a review decided about one drifted CR (review/ReviewFile, review/FixPlan):
// the HTML report shows it with the CR's diff.
struct HtmlDecision
{
    bool toFix = false;      // else reviewed, nothing to do
    std::string note;
    bool outdated = false;   // made for an earlier drift of the CR
    std::string fixCommand;  // the change that reconciles the cluster (toFix)
    std::string fixNote;     // what the fix leaves to a person
};

// What the HTML report says about where it came from. Empty fields get defaults.
struct HtmlOptions
{
    std::string title;            // default: "Drift report: <reference directory name>"
    std::string generatedAt;      // shown as is; default: now (UTC), or $SOURCE_DATE_EPOCH when set
    std::string inputDescription; // default: report.inputDescription
    std::string version;          // Driftscope version; default: this build's
    // Manual correlations in force (CR id → template path): the GUI's current
    // ones, or the CLI's diff config. Marks failed CRs pinned to a template.
    ManualCorrelationMap manualCorrelations;
    int contextLines = 3; // unchanged lines shown around each change; < 0 folds nothing
    // The decisions of a finished review: the files they came from (named in
    // the header) and, by CR id, what the review said (the summary counts them).
    std::string diffConfigPath;
    std::string overridesPath;
    std::string reviewPath;
    std::map<std::string, HtmlDecision> decisions;
};

// One self-contained HTML page (inline CSS and a small script, no external
// resources) for the comparison: summary, reference tree with the GUI's
// template states, side-by-side diffs, missing/unmatched CRs, render errors
// and warnings. Everything taken from the input is escaped (HtmlEscape.h).
std::string writeHtml(const ComparisonReport &report, const ref::Reference &reference,
                      const HtmlOptions &options = {});

// Builds the page section by section; writeHtml is the way to use it.
class HtmlReportWriter
{
public:
    HtmlReportWriter(const ComparisonReport &report, const ref::Reference &reference, const HtmlOptions &options);
    std::string write();

private:
    void index();
    void head();
    void header();
    void incomplete();
    void contents();
    void controls();
    void summary();
    void tree();
    void component(std::size_t part, std::size_t component);
    void templateItem(std::size_t index);
    void drifted();
    void driftedCr(std::size_t index);
    void decision(const CrResult &result);
    void correlation(const CrResult &result);
    void changedFields(const CrResult &result);
    void hiddenFields(const CrResult &result);
    void matched();
    void missing();
    void unmatched();
    void errors();
    void warnings();
    void footer();

    void badge(const std::vector<std::string> &states, const std::string &text);
    void crLink(const std::string &crName);
    void templateLink(std::size_t templateIndex, const std::string &path);
    void sectionStart(const char *id, const std::string &heading, bool filterable);
    void sectionEnd();
    const CrStatus &crStatus(const CrResult &result) const;
    void noteStates(const std::vector<std::string> &states);

    const ComparisonReport &m_report;
    const ref::Reference &m_reference;
    HtmlOptions m_options;
    std::vector<TemplateStatus> m_statuses;
    CrStatusMap m_crStatuses;
    ReportCounts m_counts;
    std::unordered_map<std::string, std::string> m_crAnchors; // CR id → element id
    std::vector<std::string> m_usedStates;                     // filter buttons to offer
    std::vector<std::size_t> m_drifted;                        // indices into report.diffs
    std::vector<std::size_t> m_clean;
    std::string m_out;
};

} // namespace ds::report
