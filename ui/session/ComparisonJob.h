// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ComparisonSnapshot.h"
#include "Problem.h"

#include <QDateTime>
#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ds::ui {

// A live cluster to read instead of files (File ▸ Connect to Cluster).
struct ClusterTarget
{
    QString kubeconfig; // empty: $KUBECONFIG or ~/.kube/config
    QString context;    // empty: the kubeconfig's current context
    bool operator==(const ClusterTarget &) const = default;
};

// One round of background work for the GUI: (re)load the reference, (re)read
// the cluster data, compare. Plain functions of their inputs, so tests can run
// them without threads; ComparisonSession runs them off the GUI thread.
struct ComparisonJobRequest
{
    bool loadReference = false;
    bool loadInputs = false;
    bool compare = true;
    QString referencePath; // metadata.yaml or its directory
    QStringList inputPaths;
    std::optional<ClusterTarget> cluster; // instead of inputPaths
    std::map<std::string, std::string> manualCorrelations;
    // User overrides in force (the window's, maybe unsaved) and the file they
    // came from, applied as `driftscope-cli -p` applies them; null: none.
    std::shared_ptr<const compare::UserOverrides> overrides;
    QString overridesPath;
    // Results of earlier rounds, reused when a stage is not re-run.
    std::shared_ptr<const ref::Reference> reference;
    // Of `reference`: loading it again is skipped while its files are the same.
    std::shared_ptr<const ref::ReferenceStamps> referenceStamps;
    std::shared_ptr<const std::vector<input::ClusterObject>> objects;
    std::shared_ptr<const schema::CrdCatalog> crds; // found in the inputs `objects` came from
    // The last comparison of `objects` and what comparing them again needs:
    // a pin, an override or an edited template re-compares only the CRs it can affect.
    std::shared_ptr<const report::ComparisonReport> report;
    std::shared_ptr<const compare::ComparisonMemo> memo;
    std::shared_ptr<const input::ReadRecord> readRecord; // how `objects` were read
    std::string inputDescription; // of `objects`
    QDateTime objectsReadAt;      // of `objects`
    // The inputs are the ones `objects` came from (a reload, a live refresh, a
    // new reference): when reading them again fails, the last good objects are
    // compared and shown as stale instead of nothing; files unchanged since are
    // not read again, and only the CRs of changed files are compared again.
    bool keepObjectsOnFailure = false;
    QString tmpDir; // for the MERGED-/LIVE- names in diff headers
};

struct ComparisonJobResult
{
    // What the views show next, indexed on the job's thread.
    std::shared_ptr<const ComparisonSnapshot> snapshot;
    ProblemList problems;
    bool cancelled = false;
    // Which stages ran (their problems replace the earlier ones).
    bool referenceLoaded = false;
    bool inputsLoaded = false;
    bool compared = false;
    std::size_t comparedCrs = 0; // how many CRs were compared (all, or those a change could affect)
    std::size_t filesReused = 0; // files not read again: unchanged since the objects were read
    std::size_t filesRead = 0;   // files read (from disk)
    bool readAgain = false;      // the same inputs read again: only changed files read, their CRs compared
    bool linted = false; // the reference was linted (it loaded, or the cluster data's CRDs changed)
};

// done/total (total 0: unknown) and what is being worked on; called from the
// job's thread (and, while reading files, from several threads at once).
using JobProgress = std::function<void(int done, int total, const QString &label)>;

ComparisonJobResult runComparisonJob(const ComparisonJobRequest &request, const std::atomic_bool &cancel,
                                     const JobProgress &progress);

// What a cancel keeps of a result: the reference and CRs it loaded, never its
// comparison. A job cancelled midway already stops there; this is for one that
// finished while the user was cancelling, so the rule does not hang on timing.
ComparisonJobResult withoutComparison(ComparisonJobResult result);

// metadata.yaml for a reference given as a directory.
QString metadataFileOf(const QString &referencePath);
// A reference's name as the window shows it: the folder of a metadata.yaml.
QString referenceName(const QString &referencePath);

} // namespace ds::ui
