// SPDX-License-Identifier: Apache-2.0
#include "ClusterOutcome.h"

#include "report/ComparisonReport.h"

namespace ds::fleet {

namespace {

int integerOf(const Value &v)
{
    if (v.isSignedInteger())
        return int(v.toInt64());
    if (v.isUnsignedInteger())
        return int(v.toUint64());
    if (v.isFloat())
        return int(v.toFloat());
    return 0;
}

std::string stringOf(const Value &v)
{
    return v.isString() ? v.str() : std::string();
}

} // namespace

std::string diffBody(const std::string &diffOutput)
{
    // diff -u -N MERGED-x LIVE-y / --- MERGED… time / +++ LIVE… time: then the hunks.
    if (diffOutput.starts_with("@@"))
        return diffOutput; // a body already (a fleet result's group)
    const auto hunk = diffOutput.find("\n@@");
    return hunk == std::string::npos ? diffOutput : diffOutput.substr(hunk + 1);
}

ClusterOutcome ClusterOutcome::fromReport(const report::ComparisonReport &report)
{
    ClusterOutcome out;
    out.crsCompared = report.summary.totalCRs;
    out.crsWithDiffs = report.summary.numDiffCRs;
    out.missing = report.summary.numMissing;
    out.unmatched = int(report.summary.unmatchedCRs.size());
    out.patched = report.summary.patchedCRs;
    out.failed = int(report.failures.size());
    for (const report::CrResult &cr : report.diffs)
        out.compared.push_back({cr.crName, cr.correlatedTemplate, cr.diffOutput, cr.patched});
    for (const auto &[part, components] : report.summary.validationIssues)
        for (const auto &[component, issue] : components)
            out.missingTemplates.insert(issue.crs.begin(), issue.crs.end());
    for (const report::FailedCr &failed : report.failures)
        out.failedTemplates.insert(failed.templates.begin(), failed.templates.end());
    return out;
}

ClusterOutcome ClusterOutcome::fromJson(const Value &document, std::string &error)
{
    ClusterOutcome out;
    const Value summary = document.get("Summary");
    if (!summary.isMap()) {
        error = "not a comparison report (driftscope-cli or kubectl cluster-compare -o json): no Summary";
        return out;
    }
    out.crsCompared = integerOf(summary.get("TotalCRs"));
    out.crsWithDiffs = integerOf(summary.get("NumDiffCRs"));
    out.missing = integerOf(summary.get("NumMissing"));
    out.unmatched = int(summary.get("UnmatchedCRS").size());
    out.patched = integerOf(summary.get("patchedCRs"));
    if (const Value diffs = document.get("Diffs"); diffs.isList())
        for (const Value &d : diffs.list())
            out.compared.push_back({stringOf(d.get("CRName")), stringOf(d.get("CorrelatedTemplate")),
                                    stringOf(d.get("DiffOutput")), stringOf(d.get("Patched"))});
    if (const Value issues = summary.get("ValidationIssuses"); issues.isMap())
        for (const auto &[part, components] : issues.map())
            if (components.isMap())
                for (const auto &[component, issue] : components.map())
                    if (const Value crs = issue.get("CRs"); crs.isList())
                        for (const Value &path : crs.list())
                            out.missingTemplates.insert(stringOf(path));
    if (const Value failures = document.get("Failures"); failures.isList()) {
        out.failed = int(failures.list().size());
        for (const Value &f : failures.list())
            if (const Value templates = f.get("Templates"); templates.isList())
                for (const Value &path : templates.list())
                    out.failedTemplates.insert(stringOf(path));
    }
    return out;
}

} // namespace ds::fleet
