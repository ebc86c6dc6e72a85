// SPDX-License-Identifier: Apache-2.0
#include "JunitWriter.h"

#include "text/Utf8.h"

#include <QDateTime>

#include <algorithm>

namespace ds::report {

namespace {

struct TestCase
{
    std::string classname;
    std::string name;
    std::optional<std::string> skipMessage;
    bool failure = false;
    std::string failureMessage;
    std::string failureType;
    std::string failureContents;
};

struct Suite
{
    std::string name;
    std::vector<TestCase> cases;
    int tests = 0, failures = 0, skipped = 0;
    void add(TestCase c)
    {
        ++tests;
        if (c.failure)
            ++failures;
        else if (c.skipMessage)
            ++skipped;
        cases.push_back(std::move(c));
    }
};

bool inCharacterRange(char32_t r)
{
    return r == 0x09 || r == 0x0A || r == 0x0D || (r >= 0x20 && r <= 0xD7FF) || (r >= 0xE000 && r <= 0xFFFD)
        || (r >= 0x10000 && r <= 0x10FFFF);
}

std::string rfc3339Now()
{
    const QDateTime now = QDateTime::currentDateTime();
    const int offset = now.offsetFromUtc();
    std::string s = now.toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss")).toStdString();
    if (offset == 0)
        return s + "Z";
    const int minutes = std::abs(offset) / 60;
    const auto twoDigits = [](int n) { return std::string(1, char('0' + n / 10 % 10)) + char('0' + n % 10); };
    return s + (offset < 0 ? "-" : "+") + twoDigits(minutes / 60) + ":" + twoDigits(minutes % 60);
}

void writeSuite(std::string &out, const Suite &suite, const std::string &metadataHash, int totalCRs,
                const std::string &timestamp)
{
    out += "\n\t<testsuite tests=\"" + std::to_string(suite.tests) + "\" failures=\"" + std::to_string(suite.failures)
        + "\" skipped=\"" + std::to_string(suite.skipped) + "\" time=\"0\" name=\"" + xmlEscape(suite.name)
        + "\" timestamp=\"" + timestamp + "\">";
    out += "\n\t\t<properties>\n\t\t\t<property name=\"MetadataHash\" value=\"" + xmlEscape(metadataHash)
        + "\"></property>\n\t\t\t<property name=\"TotalCRs\" value=\"" + std::to_string(totalCRs)
        + "\"></property>\n\t\t</properties>";
    for (const TestCase &c : suite.cases) {
        out += "\n\t\t<testcase classname=\"" + xmlEscape(c.classname) + "\" name=\"" + xmlEscape(c.name)
            + "\" time=\"0\">";
        if (c.skipMessage)
            out += "\n\t\t\t<skipped message=\"" + xmlEscape(*c.skipMessage) + "\"></skipped>";
        out += "\n\t\t\t<properties></properties>";
        if (c.failure)
            out += "\n\t\t\t<failure message=\"" + xmlEscape(c.failureMessage) + "\" type=\""
                + xmlEscape(c.failureType) + "\">" + xmlEscape(c.failureContents) + "</failure>";
        out += "\n\t\t</testcase>";
    }
    out += "\n\t</testsuite>";
}

} // namespace

std::string xmlEscape(const std::string &s)
{
    std::string out;
    for (std::size_t i = 0; i < s.size();) {
        int w = 1;
        const char32_t r = utf8::decodeRune(s, i, w);
        switch (r) {
        case '"': out += "&#34;"; break;
        case '\'': out += "&#39;"; break;
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '\t': out += "&#x9;"; break;
        case '\n': out += "&#xA;"; break;
        case '\r': out += "&#xD;"; break;
        default:
            if (!inCharacterRange(r) || (r == utf8::kRuneError && w == 1))
                out += "\xEF\xBF\xBD";
            else
                out.append(s, i, static_cast<std::size_t>(w));
        }
        i += static_cast<std::size_t>(w);
    }
    return out;
}

std::string writeJunit(const ComparisonReport &report)
{
    const Summary &s = report.summary;
    Suite diffs{"Detected Differences Between Cluster CRs and Expected CRs", {}};
    for (const CrResult &d : report.diffs) {
        TestCase c{"Matching Reference CR: " + d.correlatedTemplate, "CR: " + d.crName, {}, false, {}, {}, {}};
        if (!d.diffOutput.empty()) {
            c.failure = true;
            c.failureType = "Difference";
            c.failureMessage = "Differences found in CR: " + d.crName + ", Compared To Reference CR: " + d.correlatedTemplate;
            c.failureContents = d.diffOutput;
        } else if (!d.patched.empty()) {
            std::string reasons;
            for (const auto &r : d.overrideReasons)
                reasons += (reasons.empty() ? "" : ", ") + r;
            c.skipMessage = "Patched with " + d.patched + "; Reasons given: " + reasons;
        }
        diffs.add(std::move(c));
    }
    Suite validation{"Reference validation", {}};
    std::vector<TestCase> issues;
    for (const auto &[part, components] : s.validationIssues) {
        for (const auto &[component, issue] : components) {
            std::string crs;
            for (const auto &cr : issue.crs)
                crs += (crs.empty() ? "" : ",") + cr;
            issues.push_back({"Part:" + part + " Component: " + component, "Reference validation failure", {}, true,
                              issue.msg + ": " + crs, "Validation Issue", {}});
        }
    }
    std::stable_sort(issues.begin(), issues.end(),
                     [](const TestCase &a, const TestCase &b) { return a.classname < b.classname; });
    for (auto &c : issues)
        validation.add(std::move(c));
    if (validation.tests == 0)
        validation.add({"", "No reference validation issues: All expected CRs exist in the cluster", {}, false, {}, {}, {}});
    Suite unmatched{"Unmatched Cluster Resources", {}};
    for (const auto &cr : s.unmatchedCRs)
        unmatched.add({"", cr, {}, true, "Cluster resource '" + cr + "' is unmatched.", "Unmatched CR", {}});
    if (unmatched.tests == 0)
        unmatched.add({"", "All Cluster CRs are matched to reference CRs ", {}, false, {}, {}, {}});

    const int tests = diffs.tests + validation.tests + unmatched.tests;
    const int failures = diffs.failures + validation.failures + unmatched.failures;
    const int skipped = diffs.skipped + validation.skipped + unmatched.skipped;
    const std::string timestamp = rfc3339Now();
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"Comparison results of known "
                      "valid reference configuration and a set of specific cluster CRs\" tests=\""
        + std::to_string(tests) + "\" failures=\"" + std::to_string(failures) + "\" errors=\"0\" skipped=\""
        + std::to_string(skipped) + "\" time=\"0\">";
    for (const Suite *suite : {&diffs, &validation, &unmatched})
        writeSuite(out, *suite, s.metadataHash, s.totalCRs, timestamp);
    return out + "\n</testsuites>\n";
}

} // namespace ds::report
