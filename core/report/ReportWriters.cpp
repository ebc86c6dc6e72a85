// SPDX-License-Identifier: Apache-2.0
#include "ReportWriters.h"

#include "FieldsWriter.h"
#include "JunitWriter.h"
#include "TextReportWriter.h"
#include "json/JsonWriter.h"
#include "value/Value.h"
#include "yaml/YamlWriter.h"

namespace ds::report {

namespace {

const char *kInferredMessage = "Resource(s) found via ownerReferences or RBAC subjects but contents not validated";

std::string q(const std::string &s) { return json::quote(s); }

std::string stringArray(const std::vector<std::string> &items)
{
    std::string out = "[";
    for (std::size_t i = 0; i < items.size(); ++i)
        out += (i ? "," : "") + q(items[i]);
    return out + "]";
}

std::string issueJson(const ValidationIssue &issue)
{
    std::string out = "{";
    bool first = true;
    auto field = [&](const std::string &name, const std::string &value) {
        out += (first ? "" : ",") + q(name) + ":" + value;
        first = false;
    };
    if (!issue.msg.empty())
        field("Msg", q(issue.msg));
    if (!issue.crs.empty())
        field("CRs", stringArray(issue.crs));
    if (!issue.crMetadata.empty()) {
        std::map<std::string, std::string> sorted(issue.crMetadata.begin(), issue.crMetadata.end());
        std::string md = "{";
        bool firstMd = true;
        for (const auto &[path, description] : sorted) {
            md += (firstMd ? "" : ",") + q(path) + ":{\"description\":" + q(description) + "}";
            firstMd = false;
        }
        field("crMetadata", md + "}");
    }
    return out + "}";
}

std::string summaryJson(const Summary &s)
{
    std::string issues = "{";
    bool firstPart = true;
    for (const auto &[part, components] : s.validationIssues) {
        issues += (firstPart ? "" : ",") + q(part) + ":{";
        firstPart = false;
        bool firstComponent = true;
        for (const auto &[component, issue] : components) {
            issues += (firstComponent ? "" : ",") + q(component) + ":" + issueJson(issue);
            firstComponent = false;
        }
        issues += "}";
    }
    issues += "}";
    std::string out = "{\"ValidationIssuses\":" + issues + ",\"NumMissing\":" + std::to_string(s.numMissing)
        + ",\"UnmatchedCRS\":" + stringArray(s.unmatchedCRs) + ",\"NumDiffCRs\":" + std::to_string(s.numDiffCRs)
        + ",\"TotalCRs\":" + std::to_string(s.totalCRs) + ",\"MetadataHash\":" + q(s.metadataHash)
        + ",\"patchedCRs\":" + std::to_string(s.patchedCRs);
    if (!s.matchedByReferenceOnly.empty())
        out += ",\"matchedByReferenceOnly\":" + stringArray(s.matchedByReferenceOnly);
    return out + "}";
}

std::string diffJson(const CrResult &d)
{
    std::string out = "{\"DiffOutput\":" + q(d.diffOutput) + ",\"CorrelatedTemplate\":" + q(d.correlatedTemplate)
        + ",\"CRName\":" + q(d.crName);
    if (!d.patched.empty())
        out += ",\"Patched\":" + q(d.patched);
    if (!d.overrideReasons.empty())
        out += ",\"OverrideReason\":" + stringArray(d.overrideReasons);
    if (!d.description.empty())
        out += ",\"description\":" + q(d.description);
    return out + "}";
}

Value stringList(const std::vector<std::string> &items)
{
    ValueList out;
    for (const auto &i : items)
        out.push_back(Value(i));
    return Value(std::move(out));
}

Value summaryValue(const Summary &s)
{
    ValueMap issues;
    for (const auto &[part, components] : s.validationIssues) {
        ValueMap comps;
        for (const auto &[component, issue] : components) {
            ValueMap i;
            if (!issue.msg.empty())
                i.emplace("Msg", Value(issue.msg));
            if (!issue.crs.empty())
                i.emplace("CRs", stringList(issue.crs));
            if (!issue.crMetadata.empty()) {
                ValueMap md;
                for (const auto &[path, description] : issue.crMetadata) {
                    ValueMap d;
                    d.emplace("description", Value(description));
                    md.insert_or_assign(path, Value(std::move(d)));
                }
                i.emplace("crMetadata", Value(std::move(md)));
            }
            comps.emplace(component, Value(std::move(i)));
        }
        issues.emplace(part, Value(std::move(comps)));
    }
    ValueMap m;
    m.emplace("ValidationIssuses", Value(std::move(issues)));
    m.emplace("NumMissing", Value::fromInt64(s.numMissing));
    m.emplace("UnmatchedCRS", stringList(s.unmatchedCRs));
    m.emplace("NumDiffCRs", Value::fromInt64(s.numDiffCRs));
    m.emplace("TotalCRs", Value::fromInt64(s.totalCRs));
    m.emplace("MetadataHash", Value(s.metadataHash));
    m.emplace("patchedCRs", Value::fromInt64(s.patchedCRs));
    if (!s.matchedByReferenceOnly.empty())
        m.emplace("matchedByReferenceOnly", stringList(s.matchedByReferenceOnly));
    return Value(std::move(m));
}

Value diffValue(const CrResult &d)
{
    ValueMap m;
    m.emplace("DiffOutput", Value(d.diffOutput));
    m.emplace("CorrelatedTemplate", Value(d.correlatedTemplate));
    m.emplace("CRName", Value(d.crName));
    if (!d.patched.empty())
        m.emplace("Patched", Value(d.patched));
    if (!d.overrideReasons.empty())
        m.emplace("OverrideReason", stringList(d.overrideReasons));
    if (!d.description.empty())
        m.emplace("description", Value(d.description));
    return Value(std::move(m));
}

} // namespace

std::string failuresJson(const std::vector<FailedCr> &failures)
{
    std::string out = "[";
    for (std::size_t i = 0; i < failures.size(); ++i)
        out += std::string(i ? "," : "") + "{\"CRName\":" + q(failures[i].crName) + ",\"Templates\":"
            + stringArray(failures[i].templates) + ",\"Error\":" + q(failures[i].error) + "}";
    return out + "]";
}

std::string writeJson(const ComparisonReport &report)
{
    std::string out = "{\"Summary\":" + summaryJson(report.summary) + ",\"Diffs\":[";
    for (std::size_t i = 0; i < report.diffs.size(); ++i)
        out += (i ? "," : "") + diffJson(report.diffs[i]);
    out += "]";
    if (!report.failures.empty()) // Driftscope only (--keep-going)
        out += ",\"Failures\":" + failuresJson(report.failures);
    if (!report.summary.matchedByReferenceOnly.empty())
        out += ",\"Warnings\":[{\"type\":\"InferredResourcesNotValidated\",\"message\":" + q(kInferredMessage)
            + ",\"resources\":" + stringArray(report.summary.matchedByReferenceOnly) + "}]";
    return out + "}\n";
}

std::string writeYaml(const ComparisonReport &report)
{
    ValueMap m;
    m.emplace("Summary", summaryValue(report.summary));
    ValueList diffs;
    for (const auto &d : report.diffs)
        diffs.push_back(diffValue(d));
    m.emplace("Diffs", Value(std::move(diffs)));
    if (!report.failures.empty()) {
        ValueList failures;
        for (const auto &f : report.failures) {
            ValueMap entry;
            entry.emplace("CRName", Value(f.crName));
            entry.emplace("Templates", stringList(f.templates));
            entry.emplace("Error", Value(f.error));
            failures.push_back(Value(std::move(entry)));
        }
        m.emplace("Failures", Value(std::move(failures)));
    }
    if (!report.summary.matchedByReferenceOnly.empty()) {
        ValueMap w;
        w.emplace("type", Value("InferredResourcesNotValidated"));
        w.emplace("message", Value(kInferredMessage));
        w.emplace("resources", stringList(report.summary.matchedByReferenceOnly));
        m.emplace("Warnings", Value(ValueList{Value(std::move(w))}));
    }
    return yaml::writeCanonical(Value(std::move(m))).text;
}

std::string writeReport(const ComparisonReport &report, const ref::Reference &reference, const WriteOptions &options)
{
    if (options.format == "json")
        return writeJson(report);
    if (options.format == "yaml")
        return writeYaml(report);
    if (options.format == "junit")
        return writeJunit(report);
    if (options.format == "generate-patches")
        return report.patchesYaml;
    if (options.format == "html")
        return writeHtml(report, reference, options.html);
    if (options.format == "fields")
        return writeFields(report);
    std::string text = writeText(report, options.verbose);
    return text;
}

} // namespace ds::report
