// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ComparisonJob.h"
#include "ComparisonSnapshot.h"
#include "Problem.h"

#include <QObject>
#include <QStringList>
#include <QTemporaryDir>

#include <atomic>
#include <map>
#include <memory>

class QThreadPool;

namespace ds::ui {

// What the window works on: a reference, cluster data and manual correlations.
// Loading, reading and comparing run on a background thread (with the large
// stack templates need); the newest request wins and cancels the older one.
// Views read the published snapshot, which is replaced as a whole.
class ComparisonSession : public QObject
{
    Q_OBJECT

public:
    explicit ComparisonSession(QObject *parent = nullptr);
    ~ComparisonSession() override;

    void openReference(const QString &referencePath);
    void openInputs(const QStringList &paths);
    // Reads the CRs from a live cluster instead of files (read-only GETs).
    void openCluster(const ClusterTarget &target);
    // Re-reads everything from disk, or re-fetches from the cluster.
    void reload();
    // Compares again with these manual correlations (after a drop, undo, loading
    // a diff config...).
    void setManualCorrelations(const std::map<std::string, std::string> &pairs);
    // Compares again with these user overrides (null: none); `path` names them
    // in reports ("Patched with …").
    void setOverrides(std::shared_ptr<const compare::UserOverrides> overrides, const QString &path);
    void cancel();

    QString referencePath() const { return m_referencePath; }
    QStringList inputPaths() const { return m_inputPaths; }
    const std::optional<ClusterTarget> &cluster() const { return m_cluster; }
    bool hasInputs() const { return m_cluster || !m_inputPaths.isEmpty(); }
    std::shared_ptr<const ComparisonSnapshot> snapshot() const { return m_snapshot; }
    const ProblemList &problems() const { return m_problems; }
    bool isBusy() const { return m_busy; }

    // Waits until no work is running or queued (tests, shutdown).
    void waitForIdle();

signals:
    void snapshotChanged();
    void problemsChanged();
    void busyChanged(bool busy);
    // total 0: unknown. Emitted on the GUI thread.
    void progressChanged(int done, int total, const QString &label);

private:
    void request(bool loadReference, bool loadInputs);
    void startPending();
    void finished(quint64 generation, const ComparisonJobResult &result);
    void publish(const ComparisonJobResult &result);
    void setBusy(bool busy);
    static QString rereadMessage(const ComparisonJobResult &result);

    QString m_referencePath;
    QStringList m_inputPaths;
    std::optional<ClusterTarget> m_cluster;
    std::shared_ptr<const ComparisonSnapshot> m_snapshot = std::make_shared<const ComparisonSnapshot>();
    ProblemList m_problems;
    std::map<std::string, std::string> m_manual;
    std::shared_ptr<const compare::UserOverrides> m_overrides;
    QString m_overridesPath;
    // The inputs were changed and not read yet: a failure to read them must
    // not leave the old inputs' CRs on show as if they were these.
    bool m_newInputs = false;

    // Work queued while another round runs: stages are OR-ed together.
    bool m_pending = false;
    bool m_pendingReference = false;
    bool m_pendingInputs = false;
    bool m_running = false;
    bool m_runningReference = false;
    bool m_runningInputs = false;
    bool m_busy = false;
    quint64 m_generation = 0;
    std::shared_ptr<std::atomic_bool> m_cancel;
    QThreadPool *m_pool; // a child: tests find it to wait for a job without delivering its result
    QTemporaryDir m_tmpDir;
};

} // namespace ds::ui
