// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "CompareOptions.h"
#include "input/ClusterObject.h"
#include "reference/Reference.h"
#include "report/ComparisonReport.h"
#include "util/BufferedLog.h"
#include "util/Log.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ds::ref {
struct ReferenceDigest;
}

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
    // How many CRs were compared (compareAgain: those the change could affect).
    std::size_t compared = 0;
    bool ok() const { return !error.has_value(); }
};

struct ComparisonMemo;
struct ReferenceIndexes;

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
    // The objects given to compare() share their data with objects the caller
    // keeps (the window's): comparing copies an object before changing it —
    // those lookups can return up front, the others when they are compared, so
    // that no more than a few copies exist at once.
    void setObjectsShared(bool shared) { m_objectsShared = shared; }
    // The process exits after this comparison (the CLI): the objects compared
    // are kept until then instead of being freed one by one (util/KeepUntilExit.h).
    void setKeepObjectsUntilExit(bool keep) { m_keepObjectsUntilExit = keep; }

    using ProgressCallback = std::function<void(std::size_t done, std::size_t total)>;
    // With `memo`, also records what comparing the same CRs again needs (see
    // compareAgain); the caller then binds it to the CRs (ComparisonMemo::bind).
    CompareResult compare(std::vector<input::ClusterObject> objects, const std::atomic_bool *cancel = nullptr,
                          const ProgressCallback &progress = {}, ComparisonMemo *memo = nullptr);
    // Compares `objects` (unique ids) again, with this engine's reference,
    // manual pairs and overrides, comparing only the CRs that are new or
    // changed since `previous` (made with `previousReport`) or whose pin,
    // overrides or templates changed, and taking every other verdict and log
    // line from there: the report equals compare()'s. A CR is the same as
    // before when it has the same id and shares its data with the CR compared
    // then (a file read again unchanged gives the same data). Nullopt when
    // the change may reach further than the CRs it names (lookups of them,
    // go-template overrides, a changed metadata.yaml or template identity,
    // other options): then compare() everything. The log gets what comparing
    // logs, not the "Loading object" lines of a first compare.
    std::optional<CompareResult> compareAgain(const report::ComparisonReport &previousReport,
                                              const ComparisonMemo &previous,
                                              const std::vector<input::ClusterObject> &objects, ComparisonMemo &memo,
                                              const std::atomic_bool *cancel = nullptr);

    const ref::Reference &reference() const { return *m_reference; }

private:
    struct Candidate;
    struct Outcome;
    struct Fresh;
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
                    const ProgressCallback &progress, ComparisonMemo *memo) const;
    // Compares one CR; touches nothing but the CR and what `context` logs.
    Outcome evaluate(input::ClusterObject &cr, Evaluation &context) const;
    void record(Outcome &&outcome, Context &context) const;
    void recordUnmatched(const std::string &crId, Context &context) const;
    static bool unmatchedAsBefore(const ComparisonMemo &previous, const std::vector<input::ClusterObject> &objects,
                                  const std::vector<std::size_t> &before, const std::vector<std::size_t> &again,
                                  const std::vector<Fresh> &fresh);
    void markMatchedByReference(Context &context, const ReferenceIndexes &indexes);
    void buildSummary(Context &context, std::string metadataHash);
    CompareResult finish(Context &context, std::string metadataHash);
    // The memo's side of compare() and compareAgain().
    void remember(ComparisonMemo &memo, const ComparisonMemo *previous = nullptr) const;
    // `templates`: those the CR was compared with, when its outcome's candidates do not say.
    static void note(const Outcome &outcome, const Context &context, BufferedLog log, ComparisonMemo &memo,
                     const std::vector<std::uint32_t> *templates = nullptr);
    static Outcome recall(const ComparisonMemo &memo, std::size_t index, const report::ComparisonReport &report);
    std::optional<std::vector<bool>> affectedBy(const ComparisonMemo &previous, const ref::ReferenceDigest &digest) const;
    bool markOverridden(const ComparisonMemo &previous, std::vector<bool> &affected) const;
    bool comparedOnItsOwn(const ComparisonMemo &previous, const Value &object,
                          const std::vector<std::uint32_t> &templatesBefore) const;
    static std::vector<std::size_t> earlierIndexes(const ComparisonMemo &previous,
                                                   const std::vector<input::ClusterObject> &objects);
    bool removedOnTheirOwn(const ComparisonMemo &previous, const std::vector<std::size_t> &before) const;
    static std::shared_ptr<const ReferenceIndexes> referenceIndexesAfter(const ComparisonMemo &previous,
                                                                        const std::vector<input::ClusterObject> &objects,
                                                                        const std::vector<std::size_t> &before);

    static constexpr std::size_t kNew = std::size_t(-1); // earlierIndexes: not compared before as it is now

    std::shared_ptr<const ref::Reference> m_reference;
    CompareOptions m_options;
    Log &m_log;
    std::unique_ptr<GroupCorrelator> m_groups;
    std::map<std::string, std::size_t> m_manual; // CR id → template index
    std::shared_ptr<const UserOverrides> m_overrides;
    std::unique_ptr<CrIndependence> m_independence; // set by prepare()
    bool m_objectsShared = false;
    bool m_keepObjectsUntilExit = false;
};

} // namespace ds::compare
