// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "CompareOptions.h"
#include "input/ClusterObject.h"
#include "reference/Reference.h"
#include "report/ComparisonReport.h"
#include "util/Log.h"

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ds::compare {

class GroupCorrelator;
struct CrIndependence;
class UserOverrides;
struct UserOverride;

struct CompareResult
{
    report::ComparisonReport report;
    // A fatal error in kube-compare's words (set up, or a CR failing without --keep-going).
    std::optional<std::string> error;
    bool ok() const { return !error.has_value(); }
};

// Correlates every cluster CR with the reference's templates, renders and
// diffs them and builds the report like kube-compare's compare.go (`conformance`). One engine per
// reference; `compare` may run repeatedly (e.g. after manual correlations change).
class CompareEngine
{
public:
    CompareEngine(std::shared_ptr<const ref::Reference> reference, CompareOptions options, Log &log);
    ~CompareEngine();

    // Builds the correlators (manual pairs first). Logs overlap warnings.
    // Returns kube-compare's error for a manual pair naming an unknown template.
    std::optional<std::string> prepare();
    void setOverrides(std::shared_ptr<const UserOverrides> overrides);

    using ProgressCallback = std::function<void(std::size_t done, std::size_t total)>;
    CompareResult compare(std::vector<input::ClusterObject> objects, const std::atomic_bool *cancel = nullptr,
                          const ProgressCallback &progress = {});

    const ref::Reference &reference() const { return *m_reference; }

private:
    struct Candidate;
    struct Outcome;
    struct Context;
    struct Evaluation;

    std::vector<std::size_t> correlate(const Value &object, report::CorrelationReason &reason) const;
    void recordOmitted(const Value &cr, const ref::ReferenceTemplate &t, std::vector<report::HiddenField> &hidden) const;
    Candidate diffAgainstTemplate(std::size_t templateIndex, input::ClusterObject &cr,
                                  const std::vector<const UserOverride *> &overrides, Evaluation &context) const;
    int comparisonThreads() const;
    std::vector<bool> lookupTargets(const std::vector<input::ClusterObject> &objects) const;
    std::vector<bool> comparedAlone(const std::vector<input::ClusterObject> &objects,
                                    const std::vector<bool> &targets) const;
    // Compares every CR and records the outcomes in input order; false when cancelled.
    bool compareAll(std::vector<input::ClusterObject> &objects, Context &context, const std::atomic_bool *cancel,
                    const ProgressCallback &progress) const;
    // Compares one CR; touches nothing but the CR and what `context` logs.
    Outcome evaluate(input::ClusterObject &cr, Evaluation &context) const;
    void record(Outcome &&outcome, Context &context) const;
    void markMatchedByReference(Context &context);
    void buildSummary(Context &context, std::string metadataHash);

    std::shared_ptr<const ref::Reference> m_reference;
    CompareOptions m_options;
    Log &m_log;
    std::unique_ptr<GroupCorrelator> m_groups;
    std::map<std::string, std::size_t> m_manual; // CR id → template index
    std::shared_ptr<const UserOverrides> m_overrides;
    std::unique_ptr<CrIndependence> m_independence; // set by prepare()
};

} // namespace ds::compare
