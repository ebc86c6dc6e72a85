// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <string>
#include <vector>

namespace ds::lint {

struct LintFinding
{
    enum class Severity { Error, Warning, Info };
    Severity severity = Severity::Error;
    std::string rule;    // reference/metadata, template/parse, structure/unlisted-file, schema/unknown-field, …
    std::string file;    // relative to the reference's folder
    int line = 0;        // 1-based; 0: the whole file
    int column = 0;
    std::string path;    // the field, where there is one
    std::string message; // what is wrong and what to change
};

const char *severityName(LintFinding::Severity severity);

// Text (`file:line:col: severity: message [rule]`), JSON and JUnit XML.
std::string findingsAsText(const std::vector<LintFinding> &findings);
std::string findingsAsJson(const std::vector<LintFinding> &findings);
std::string findingsAsJunit(const std::vector<LintFinding> &findings);

} // namespace ds::lint
