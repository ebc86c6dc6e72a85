// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "CompareOptions.h"
#include "CrIndependence.h"
#include "ReferenceIndexes.h"
#include "input/ObjectIdIndex.h"
#include "reference/Reference.h"
#include "reference/ReferenceDigest.h"
#include "util/BufferedLog.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace ds::compare {

class UserOverrides;

// What comparing a set of CRs leaves behind so that comparing the same CRs
// again — after a manual pin, an accepted override or an edited template —
// compares only the CRs the change can affect (CompareEngine::compareAgain).
// Per CR it keeps which templates it was compared with, where its verdict went
// in the report and what comparing it logged; the verdicts themselves stay in
// the report the memo was made with, so the two are kept together.
struct ComparisonMemo
{
    enum class Verdict : std::uint8_t { Unmatched, SkippedByDoNotMatch, Failed, Compared };

    struct Entry
    {
        Verdict verdict = Verdict::Unmatched;
        bool listedUnmatched = false; // Failed: listed as unmatched too
        bool patched = false;         // user overrides applied
        bool hasFailure = false;      // Failed: has an entry in report.failures
        std::uint32_t reportIndex = 0; // into report.diffs (Compared) or report.failures (hasFailure)
        std::vector<std::uint32_t> templates; // correlated with (indices into Reference::templates)
        BufferedLog log;                      // what comparing it logged
    };

    // What the comparison was made with.
    std::shared_ptr<const ref::Reference> reference;
    ref::ReferenceDigest digest;
    CrIndependence independence;
    std::map<std::string, std::size_t> manual; // CR id → template index
    std::shared_ptr<const UserOverrides> overrides;
    CompareOptions options; // without the manual correlations (see `manual`)

    // One entry per CR, in the order of the CRs compared.
    std::size_t size() const { return m_slots.size(); }
    const Entry &entry(std::size_t cr) const;
    void add(Entry entry); // the next CR's
    void reserve(std::size_t crs) { m_slots.reserve(crs); }

    // The CRs compared (shared, never changed): set by whoever keeps them, so
    // that a later comparison can tell they are the same ones.
    std::shared_ptr<const std::vector<input::ClusterObject>> objects;
    // CR id → index, over `objects` (shared by the memos of the same objects).
    std::shared_ptr<const input::ObjectIdIndex> indexOfId;
    // Who the CRs name as owners and RBAC subjects: depends on the CRs alone.
    std::shared_ptr<const ReferenceIndexes> referenceIndexes;

    // Ties the memo to the CRs it was made from (the same CRs, in the same
    // order, as were compared); reuses `index` when given (built over
    // `compared`) or `previous`'s when it has the same ids at the same places.
    void bind(std::shared_ptr<const std::vector<input::ClusterObject>> compared,
              const ComparisonMemo *previous = nullptr, std::shared_ptr<const input::ObjectIdIndex> index = nullptr);

private:
    // Most CRs of a must-gather match no template and log nothing: they share
    // one empty entry and cost a slot of 4 bytes, not an Entry of 64 (at 50,000
    // CRs, 3 MB less to write every time a pin or reload compares again).
    static constexpr std::uint32_t kEmpty = std::uint32_t(-1);
    std::vector<std::uint32_t> m_slots; // per CR: its index in m_entries, or kEmpty
    std::vector<Entry> m_entries;
};

} // namespace ds::compare
