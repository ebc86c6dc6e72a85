// SPDX-License-Identifier: Apache-2.0
#include "TextReportWriter.h"

#include "value/Value.h"
#include "yaml/YamlWriter.h"

#include <algorithm>

namespace ds::report {

namespace {

const std::string kSeparator = "**********************************\n";

// sprig indent: the pad before the text and after every newline.
std::string indent(std::size_t n, const std::string &text)
{
    const std::string pad(n, ' ');
    std::string out = pad;
    for (char c : text) {
        out += c;
        if (c == '\n')
            out += pad;
    }
    return out;
}

bool isGoSpace(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

// strings.TrimSpace (ASCII whitespace suffices: the texts end in newlines/spaces).
std::string trimSpace(const std::string &s)
{
    std::size_t b = 0, e = s.size();
    while (b < e && isGoSpace(static_cast<unsigned char>(s[b])))
        ++b;
    while (e > b && isGoSpace(static_cast<unsigned char>(s[e - 1])))
        --e;
    return s.substr(b, e - b);
}

std::string toYamlList(const std::vector<std::string> &items)
{
    ValueList list;
    for (const auto &i : items)
        list.push_back(Value(i));
    std::string text = yaml::writeCanonical(Value(std::move(list))).text;
    if (!text.empty() && text.back() == '\n')
        text.pop_back();
    return text;
}

} // namespace

std::string textBlock(const CrResult &r)
{
    std::string t = "\nCluster CR: " + r.crName + "\nReference File: " + r.correlatedTemplate;
    if (!r.description.empty())
        t += "\nDescription:\n" + indent(2, r.description);
    t += "\nDiff Output: " + (r.diffOutput.empty() ? std::string("None") : r.diffOutput);
    if (!r.patched.empty()) {
        t += "\nPatched with " + r.patched;
        if (r.overrideReasons.empty()) {
            t += "\nPatch Reasons: <None given>";
        } else {
            t += "\nPatch Reasons:";
            for (const auto &reason : r.overrideReasons)
                t += "\n- " + reason;
        }
    }
    return trimSpace(t + "\n");
}

// Driftscope only (--keep-going): kube-compare aborts on the first failure.
std::string failedBlock(const FailedCr &f)
{
    std::string templates;
    for (const auto &t : f.templates)
        templates += (templates.empty() ? "" : ", ") + t;
    return trimSpace("\nCluster CR: " + f.crName + "\nReference File: " + templates + "\nComparison failed:\n"
                     + indent(2, f.error) + "\n");
}

std::string failedSummary(const std::vector<FailedCr> &failures)
{
    if (failures.empty())
        return {};
    std::vector<std::string> names;
    for (const auto &f : failures)
        names.push_back(f.crName);
    return "\nCRs that failed to compare: " + std::to_string(failures.size()) + "\n" + toYamlList(names);
}

std::string textSummary(const Summary &s, const std::vector<FailedCr> &failures)
{
    std::string t = "\nSummary\nCRs with diffs: " + std::to_string(s.numDiffCRs) + "/" + std::to_string(s.totalCRs);
    t += failedSummary(failures);
    if (!s.validationIssues.empty()) {
        t += "\nCRs in reference missing from the cluster: " + std::to_string(s.numMissing);
        for (const auto &[part, components] : s.validationIssues) {
            t += "\n" + part + ":";
            for (const auto &[component, issue] : components) {
                t += "\n  " + component + ":\n    " + issue.msg + ":";
                for (const auto &cr : issue.crs) {
                    t += "\n    - " + cr;
                    auto md = std::find_if(issue.crMetadata.begin(), issue.crMetadata.end(),
                                           [&](const auto &p) { return p.first == cr; });
                    if (md != issue.crMetadata.end() && !md->second.empty())
                        t += "\n      Description:\n" + indent(8, md->second);
                }
            }
        }
    } else {
        t += "\nNo validation issues with the cluster";
    }
    if (!s.matchedByReferenceOnly.empty()) {
        t += "\n\nWarning: " + std::to_string(s.matchedByReferenceOnly.size())
            + " resource(s) found via ownerReferences or RBAC subjects but contents not validated:";
        for (const auto &p : s.matchedByReferenceOnly)
            t += "\n  - " + p;
    }
    if (!s.unmatchedCRs.empty())
        t += "\nCluster CRs unmatched to reference CRs: " + std::to_string(s.unmatchedCRs.size()) + "\n"
            + toYamlList(s.unmatchedCRs);
    else
        t += "\nNo CRs are unmatched to reference CRs";
    t += "\nMetadata Hash: " + s.metadataHash;
    if (s.patchedCRs != 0)
        t += "\nCluster CRs with patches applied: " + std::to_string(s.patchedCRs);
    else
        t += "\nNo patched CRs";
    return trimSpace(t + "\n");
}

std::string writeText(const ComparisonReport &report, bool verbose)
{
    std::vector<const CrResult *> sorted;
    for (const auto &d : report.diffs)
        sorted.push_back(&d);
    std::stable_sort(sorted.begin(), sorted.end(), [](const CrResult *a, const CrResult *b) {
        return a->correlatedTemplate + a->crName < b->correlatedTemplate + b->crName;
    });
    std::vector<std::string> parts;
    for (const CrResult *d : sorted)
        if (verbose || !d->diffOutput.empty() || !d->patched.empty())
            parts.push_back(textBlock(*d) + "\n");
    for (const FailedCr &f : report.failures)
        parts.push_back(failedBlock(f) + "\n");
    std::string out;
    if (!parts.empty()) {
        std::string joined;
        for (std::size_t i = 0; i < parts.size(); ++i) {
            if (i)
                joined += "\n" + kSeparator + "\n";
            joined += parts[i];
        }
        out = kSeparator + "\n" + joined + "\n" + kSeparator + "\n";
    }
    return out + textSummary(report.summary, report.failures) + "\n";
}

} // namespace ds::report
