// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ChangeJournal.h"
#include "DocumentDecoder.h"
#include "InputPlan.h"
#include "InputSource.h"
#include "KindFilter.h"
#include "util/UrlReader.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ds::input {

class ParallelDecoder;

// Local CR input (`-f` files, directories and glob patterns, `-R`), read the way
// kubectl's resource builder does for kube-compare: directories contribute their
// .json/.yaml/.yml files in lexical order, named files are read whatever their
// extension, YAML streams are split at `---` lines, `*List` kinds are flattened,
// and undecodable documents are skipped with kube-compare's "Skipping" warning.
// Beyond kubectl: a directory holding a must-gather is read through its data
// roots (as kube-compare's documented must-gather command line would), and
// archives (.tar, .tar.gz, .tar.xz, .zip) are read in place. Files are decoded
// on every core.
class FileInputSource : public InputSource
{
public:
    FileInputSource(std::vector<std::string> paths, bool recursive);

    LoadedObjects load(Log &log, const std::atomic_bool *cancel = nullptr,
                       const ProgressCallback &progress = {}) override;
    std::string description() const override;

    // Decodes one file's bytes into objects (exposed for tests and other sources).
    // Undecodable documents produce a Skipping warning naming `displayPath`.
    static void decodeFile(const std::string &displayPath, const std::string &bytes, Log &log,
                           std::vector<ClusterObject> &out);

    // Objects of other kinds are kept as identity skeletons (see KindFilter).
    void setKindFilter(KindFilter filter) { m_filter = std::move(filter); }

    // How directories are read: as kubectl does (with must-gather detection), as
    // an `oc extract` / Hive ConfigDir, or recognised by their layout.
    enum class Format { Auto, Files, ConfigDir };
    void setFormat(Format format) { m_format = format; }
    // Namespace of the Secrets and ConfigMaps a ConfigDir yields (empty: from the HiveConfig).
    void setConfigDirNamespace(std::string ns) { m_configDirNamespace = std::move(ns); }
    // Input that cannot be read (an unreadable directory or file, a damaged
    // archive) stops load() with kube-compare's error; with keepGoing it is
    // logged as an error and everything readable is returned.
    void setKeepGoing(bool keepGoing) { m_keepGoing = keepGoing; }
    // How `-f http(s)://…` inputs are fetched (the pipeline's network); "-" is stdin.
    void setUrlReader(UrlReader reader) { m_urlReader = std::move(reader); }
    // -k DIR: the output of `kubectl kustomize DIR` (kubectl must be on PATH),
    // checked against -f and -R as kubectl's builder checks them.
    void setKustomizeDirectory(std::string dir) { m_kustomize = std::move(dir); }

    // Reads again what an earlier load of the same inputs read: files whose
    // stamp is unchanged are not read, their objects (shared, not copied) and
    // warnings come from `objects`, which that load returned along with
    // `record`. Ignored when the kind filter changed since.
    void readAgainFrom(std::shared_ptr<const ReadRecord> record,
                       std::shared_ptr<const std::vector<ClusterObject>> objects);
    // Whether load() returns a ReadRecord (for reading again later, the
    // window's); a run that reads once (the CLI) skips hashing every path.
    void setRecordReading(bool record) { m_recordReading = record; }

    // Files changed this shortly before a load began are read again by the
    // next load even when their stamp looks the same (FileStamp::kClockMarginNs).
    static constexpr std::int64_t kRecentChangeNs = FileStamp::kClockMarginNs;
    // Tests that write files and read them at once use 0 (and change sizes).
    void setRecentChangeMarginNs(std::int64_t margin) { m_recentChangeNs = margin; }

    // Walks the inputs (directories, globs, must-gather layout) on another thread
    // now, so that the walk overlaps other work such as loading the reference;
    // load() then uses it. Call after setFormat(); the walk reads nothing else
    // that may change before load().
    void startWalking();

    // How deep below a -f directory must-gather data roots are looked for:
    // must-gather.local.N/<image>/ is two levels down.
    static constexpr int kMustGatherSearchDepth = 2;

private:
    using Plan = InputPlan;
    struct PlanTask;
    Plan plan() const;
    bool isConfigDir(const std::string &dir) const;
    void walkInput(const std::string &dir, std::vector<std::string> &files, Plan &plan) const;
    void watchUpperFolders(const std::string &dir, int depthLeft) const;
    bool onlyFolders() const;
    static bool changesListing(const ChangeJournal::Changes &changes, const Plan &plan);
    void prepareJournal();
    std::optional<std::string> readArchive(const std::string &archive, ParallelDecoder &decoder, Log &log,
                                           const std::atomic_bool *cancel) const;
    std::optional<DecodedFile> readStream(const std::string &path, Log &log, LoadedObjects &result) const;
    std::optional<std::string> runKustomize(std::string &error) const;
    bool unreadable(const std::string &error, const std::string &consequence, Log &log, LoadedObjects &result,
                    const std::string &hint = {}) const;
    void orderArchiveResults(const std::string &archive, std::vector<DecodedFile> &decoded) const;
    std::vector<DecodedFile> readFiles(const std::vector<std::string> &files, std::size_t firstOfPlan,
                                       const std::atomic_bool *cancel, const ProgressCallback &progress) const;

    std::vector<std::string> m_paths;
    bool m_recursive;
    KindFilter m_filter;
    Format m_format = Format::Auto;
    std::string m_configDirNamespace;
    bool m_keepGoing = false;
    UrlReader m_urlReader;
    std::string m_kustomize;
    std::shared_ptr<PlanTask> m_planTask; // startWalking()'s walk, until load() takes it
    std::int64_t m_recentChangeNs = kRecentChangeNs;
    std::shared_ptr<const ReadRecord> m_previousRecord;
    bool m_recordReading = true;
    std::shared_ptr<const std::vector<ClusterObject>> m_previousObjects;
    // Reading again with a journal (see ReadRecord): the one this load
    // continues or starts, its mark, and, when the previous walk still holds,
    // what changed since the previous load.
    bool m_journalPrepared = false;
    std::shared_ptr<ChangeJournal> m_journal;
    ChangeJournal::Mark m_journalMark = 0;
    std::optional<ChangeJournal::Changes> m_changes;
};

} // namespace ds::input
