// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ComparisonRequest.h"
#include "input/ObjectIdIndex.h"
#include "input/KindFilter.h"
#include "reference/Reference.h"
#include "report/ComparisonReport.h"
#include "util/Log.h"

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ds::compare {
class CompareEngine;
struct ComparisonMemo;
}
namespace ds::input {
class InputSource;
struct ReadRecord;
}

namespace ds::pipeline {

// The steps of a run, for progress reports.
enum class RunStage { PullingImage, LoadingReference, ReadingFiles, FetchingFromCluster, Comparing };

// done/total units of the stage (total 0: unknown). Called from the run's
// thread and, while files are decoded, from several threads at once.
using RunProgress = std::function<void(RunStage stage, std::size_t done, std::size_t total)>;

// One comparison from a request to a report: load the reference (metadata,
// diff config, templates — kube-compare's order), set up the engine (user
// overrides, correlators), read the cluster data from the source the request
// names with only the kinds the reference can use decoded in full, compare.
//
// The CLI (core/cli/CompareCommand) and the window (ui/session/ComparisonJob)
// are policies over it: the CLI calls the steps one by one so its own checks
// and kube-compare's exit codes fall between them; the window calls run() on
// its background thread, reusing what an earlier run loaded. Each step returns
// the error that ends the run, in kube-compare's words; warnings go to the log.
class ComparisonRun
{
public:
    ComparisonRun(ComparisonRequest request, Log &log, const std::atomic_bool *cancel = nullptr,
                  RunProgress progress = {});
    ~ComparisonRun();
    ComparisonRun(const ComparisonRun &) = delete;
    ComparisonRun &operator=(const ComparisonRun &) = delete;

    // Results of an earlier run, used instead of loading again.
    void useReference(std::shared_ptr<const ref::Reference> reference);
    void useObjects(std::shared_ptr<const std::vector<input::ClusterObject>> objects);
    // An earlier comparison of kept objects (its report and memo): compare()
    // then compares only the CRs that what changed since can affect — the CRs
    // read again from changed files among them.
    void usePrevious(std::shared_ptr<const report::ComparisonReport> report,
                     std::shared_ptr<const compare::ComparisonMemo> memo);
    // What an earlier run read from the same inputs (its readRecord() and
    // objects()): readClusterData() reads only the files changed since.
    void readAgainFrom(std::shared_ptr<const input::ReadRecord> record,
                       std::shared_ptr<const std::vector<input::ClusterObject>> objects);

    // The steps, in order. Later steps do nothing when an earlier one failed
    // or left nothing to work on (no reference, no cluster data).
    std::optional<std::string> loadReference();
    std::optional<std::string> prepareEngine();
    std::optional<std::string> readClusterData();
    // Kept objects (readClusterData() or useObjects()) that a manual pair names
    // but were read as identity skeletons, read again in full from their
    // files: a run that keeps its CRs reads in full only those some template
    // correlates with by identity, and pins make others correlate. Returns the
    // ids of those that could not be (their file gone, a URL): the engine
    // reports them as failed unless the cluster data is read again.
    std::vector<std::string> readPinnedInFull();
    std::optional<std::string> compare();
    // All four; the first error ends the run.
    std::optional<std::string> run();

    const ComparisonRequest &request() const { return m_request; }
    std::shared_ptr<const ref::Reference> reference() const { return m_reference; }
    // The CRs read (kept only with ComparisonRequest::keepObjects).
    std::shared_ptr<const std::vector<input::ClusterObject>> objects() const { return m_objects; }
    // Null until compare() succeeded.
    std::shared_ptr<const report::ComparisonReport> report() const { return m_report; }
    // What comparing the kept objects again needs (with keepObjects); null until compare() succeeded.
    std::shared_ptr<const compare::ComparisonMemo> memo() const { return m_memo; }
    // How many CRs compare() compared (fewer than all when only some could change).
    std::size_t comparedCount() const { return m_compared; }
    // What reading the kept objects found, file by file (null: nothing to reuse).
    std::shared_ptr<const input::ReadRecord> readRecord() const { return m_readRecord; }
    // How many files readClusterData() took from readAgainFrom()'s record,
    // unread, and how many it read from disk.
    std::size_t filesReused() const { return m_filesReused; }
    std::size_t filesRead() const { return m_filesRead; }
    // When readClusterData() read the same inputs again without walking them
    // (a ChangeJournal told what changed): every path the journal named. Null
    // when the inputs were walked — then anything in them may have changed.
    const std::optional<std::vector<std::string>> &changedPaths() const { return m_changedPaths; }
    // Manual correlations in force (from the diff config or the request).
    const std::map<std::string, std::string> &manualCorrelations() const
    {
        return m_request.options.manualCorrelations;
    }
    // What was read ("path", "context NAME (server)"); empty before readClusterData().
    const std::string &inputDescription() const { return m_inputDescription; }
    // The cluster data was read, but with errors that --keep-going let pass
    // (a kind the cluster refused): the report is incomplete.
    bool inputIncomplete() const { return !m_inputErrors.empty(); }
    bool cancelled() const { return m_cancel && m_cancel->load(); }

private:
    std::unique_ptr<input::InputSource> makeInputSource();
    bool readsAgain() const;
    input::KindFilter inputFilter(const ref::Reference &reference,
                                  const std::map<std::string, std::string> &manual) const;
    std::optional<std::string> pullImage(std::string &metadataPath);
    void reportProgress(RunStage stage, std::size_t done, std::size_t total) const;

    ComparisonRequest m_request;
    Log &m_log;
    const std::atomic_bool *m_cancel;
    RunProgress m_progress;

    std::shared_ptr<const ref::Reference> m_reference;
    std::unique_ptr<compare::CompareEngine> m_engine;
    std::unique_ptr<input::InputSource> m_source; // created early so a directory walk overlaps loading
    std::shared_ptr<const std::vector<input::ClusterObject>> m_objects;
    std::shared_ptr<const input::ObjectIdIndex> m_objectIndex; // over m_objects, when read here
    std::vector<input::ClusterObject> m_handedOver; // without keepObjects: read, not yet compared
    bool m_haveClusterData = false;
    std::shared_ptr<const report::ComparisonReport> m_report;
    std::shared_ptr<const compare::ComparisonMemo> m_memo;
    std::shared_ptr<const report::ComparisonReport> m_previousReport;
    std::shared_ptr<const compare::ComparisonMemo> m_previousMemo;
    std::size_t m_compared = 0;
    std::shared_ptr<const input::ReadRecord> m_readRecord;
    std::shared_ptr<const input::ReadRecord> m_previousRecord;
    std::shared_ptr<const std::vector<input::ClusterObject>> m_previousObjects;
    std::size_t m_filesReused = 0;
    std::size_t m_filesRead = 0;
    std::optional<std::vector<std::string>> m_changedPaths;
    std::string m_inputDescription;
    std::vector<std::string> m_inputErrors;   // what --keep-going let pass while reading
    std::vector<std::string> m_inputWarnings; // files skipped, as kube-compare warns
};

} // namespace ds::pipeline
