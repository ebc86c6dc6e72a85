// SPDX-License-Identifier: Apache-2.0
#include "ValidationRules.h"

namespace ds::compare {

namespace {

bool matched(const std::map<std::string, int> &counts, const std::string &path)
{
    auto it = counts.find(path);
    return it != counts.end() && it->second > 0;
}

// One component's issue and its NumMissing contribution.
report::ValidationIssue componentIssue(const ref::Reference &r, const ref::Component &c,
                                       const std::map<std::string, int> &counts, int &missingCount)
{
    report::ValidationIssue issue;
    std::vector<std::string> hit, miss;
    std::vector<std::pair<std::string, std::string>> missDescriptions;
    for (std::size_t i : c.requiredTemplates) {
        const ref::ReferenceTemplate &t = r.templates[i];
        if (matched(counts, t.path)) {
            hit.push_back(t.path);
        } else {
            miss.push_back(t.path);
            if (!t.effectiveDescription.empty())
                missDescriptions.emplace_back(t.path, t.effectiveDescription);
        }
    }
    missingCount = 0;
    switch (c.rule) {
    case ref::ComponentRule::V1: {
        const bool reported = !miss.empty()
            && (c.type == "Required" || (c.type == "Optional" && miss.size() != c.requiredTemplates.size()));
        if (reported) {
            issue = {"Missing CRs", miss, missDescriptions};
            missingCount = static_cast<int>(miss.size());
        }
        break;
    }
    case ref::ComponentRule::AllOf:
        if (!miss.empty()) {
            issue = {"Missing CRs", miss, missDescriptions};
            missingCount = static_cast<int>(miss.size());
        }
        break;
    case ref::ComponentRule::OneOf:
        if (hit.empty()) {
            issue = {"One of the following is required", miss, {}};
            missingCount = 1;
        } else if (hit.size() > 1) {
            issue = {"Should only match one but matched", hit, {}};
        }
        break;
    case ref::ComponentRule::AnyOneOf:
        if (hit.size() > 1)
            issue = {"Should only match one but matched", hit, {}};
        break;
    case ref::ComponentRule::NoneOf:
        if (!hit.empty())
            issue = {"These should not have been matched", hit, {}};
        break;
    case ref::ComponentRule::AllOrNoneOf:
        if (!hit.empty() && !miss.empty()) {
            issue = {"Missing CRs", miss, {}};
            missingCount = static_cast<int>(miss.size());
        }
        break;
    case ref::ComponentRule::AnyOf: break;
    }
    return issue;
}

} // namespace

report::ValidationIssues validationIssues(const ref::Reference &reference,
                                          const std::map<std::string, int> &matchCounts, int &numMissing)
{
    report::ValidationIssues issues;
    numMissing = 0;
    for (const ref::Part &part : reference.parts) {
        std::map<std::string, report::ValidationIssue> partIssues;
        int partCount = 0;
        for (const ref::Component &c : part.components) {
            int count = 0;
            report::ValidationIssue issue = componentIssue(reference, c, matchCounts, count);
            if (issue.crs.empty())
                continue;
            partIssues[c.name] = std::move(issue); // a later component of the same name wins
            partCount += count;
        }
        // v1 lists a part only when something is missing; v2 when any component has an issue.
        const bool listed = reference.version == 1 ? partCount > 0 : !partIssues.empty();
        if (listed) {
            issues[part.name] = std::move(partIssues);
            numMissing += partCount;
        }
    }
    return issues;
}

} // namespace ds::compare
