// SPDX-License-Identifier: Apache-2.0
#include "LintFinding.h"

#include "json/JsonWriter.h"

#include <cstdio>
#include <map>

namespace ds::lint {

namespace {

// Go's encoding/json quoting, as the other JSON outputs write strings.
std::string jsonString(const std::string &s)
{
    return json::quote(s);
}

std::string xml(const std::string &s)
{
    std::string out;
    for (const char c : s) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        default: out += c;
        }
    }
    return out;
}

std::string location(const LintFinding &f)
{
    std::string out = f.file.empty() ? std::string("-") : f.file;
    if (f.line > 0)
        out += ":" + std::to_string(f.line) + (f.column > 0 ? ":" + std::to_string(f.column) : std::string());
    return out;
}

std::string describe(const LintFinding &f)
{
    return (f.path.empty() ? std::string() : f.path + ": ") + f.message;
}

} // namespace

const char *severityName(LintFinding::Severity severity)
{
    switch (severity) {
    case LintFinding::Severity::Error: return "error";
    case LintFinding::Severity::Warning: return "warning";
    case LintFinding::Severity::Info: return "info";
    }
    return "error";
}

std::string findingsAsText(const std::vector<LintFinding> &findings)
{
    std::string out;
    int errors = 0, warnings = 0;
    for (const LintFinding &f : findings) {
        out += location(f) + ": " + severityName(f.severity) + ": " + describe(f) + " [" + f.rule + "]\n";
        errors += f.severity == LintFinding::Severity::Error ? 1 : 0;
        warnings += f.severity == LintFinding::Severity::Warning ? 1 : 0;
    }
    out += std::to_string(errors) + " error(s), " + std::to_string(warnings) + " warning(s)\n";
    return out;
}

std::string findingsAsJson(const std::vector<LintFinding> &findings)
{
    std::string out = "{\"findings\":[";
    int errors = 0, warnings = 0;
    for (std::size_t i = 0; i < findings.size(); ++i) {
        const LintFinding &f = findings[i];
        out += std::string(i ? "," : "") + "\n{\"severity\":" + jsonString(severityName(f.severity))
            + ",\"rule\":" + jsonString(f.rule) + ",\"file\":" + jsonString(f.file) + ",\"line\":" + std::to_string(f.line)
            + ",\"column\":" + std::to_string(f.column) + ",\"path\":" + jsonString(f.path)
            + ",\"message\":" + jsonString(f.message) + "}";
        errors += f.severity == LintFinding::Severity::Error ? 1 : 0;
        warnings += f.severity == LintFinding::Severity::Warning ? 1 : 0;
    }
    out += "\n],\"errors\":" + std::to_string(errors) + ",\"warnings\":" + std::to_string(warnings) + "}\n";
    return out;
}

// One test case per file, failing with its errors and warnings, as CI systems show JUnit.
std::string findingsAsJunit(const std::vector<LintFinding> &findings)
{
    std::map<std::string, std::vector<const LintFinding *>> byFile;
    for (const LintFinding &f : findings)
        if (f.severity != LintFinding::Severity::Info)
            byFile[f.file.empty() ? std::string("reference") : f.file].push_back(&f);
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"driftscope-lint\" tests=\""
        + std::to_string(byFile.size()) + "\" failures=\"" + std::to_string(byFile.size()) + "\">\n";
    for (const auto &[file, list] : byFile) {
        out += "  <testcase classname=\"driftscope-lint\" name=\"" + xml(file) + "\">\n";
        for (const LintFinding *f : list)
            out += "    <failure type=\"" + xml(f->rule) + "\" message=\"" + xml(location(*f) + ": " + describe(*f))
                + "\">" + xml(severityName(f->severity)) + "</failure>\n";
        out += "  </testcase>\n";
    }
    out += "</testsuite>\n";
    return out;
}

} // namespace ds::lint
