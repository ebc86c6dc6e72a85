// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ClusterObjectState.h"
#include "TemplateState.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace ds::report {
struct ValidationIssue;
}

namespace ds::ui {

struct ComparisonSnapshot;

// The states the models show, looked up from a snapshot's report: per template
// (by index into Reference::templates) and per CR id. Only reads what the
// engine decided; nothing is re-derived from the reference rules.
class ReportIndex
{
public:
    ReportIndex() = default;
    explicit ReportIndex(const ComparisonSnapshot &snapshot);

    bool hasReport() const { return m_hasReport; }
    // NotCompared status for unknown indices / ids.
    const TemplateStatus &templateStatus(std::size_t templateIndex) const;
    const ClusterObjectStatus &objectStatus(const std::string &id) const;
    // The issue of a component (part and component name), or null.
    const report::ValidationIssue *componentIssue(const ComparisonSnapshot &snapshot, const std::string &part,
                                                  const std::string &component) const;

private:
    void indexTemplates(const ComparisonSnapshot &snapshot);
    void indexObjects(const ComparisonSnapshot &snapshot);

    bool m_hasReport = false;
    std::vector<TemplateStatus> m_templates;
    std::unordered_map<std::string, ClusterObjectStatus> m_objects;
};

} // namespace ds::ui
