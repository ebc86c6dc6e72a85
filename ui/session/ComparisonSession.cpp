// SPDX-License-Identifier: Apache-2.0
#include "ComparisonSession.h"

#include "util/LargeStack.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QPointer>
#include <QThreadPool>

#include <mutex>
#include <utility>

namespace ds::ui {

namespace {

// What of a job's progress reaches the GUI thread: a new stage at once, then
// at most one update every kProgressIntervalMs, and each stage's last. Reading
// a must-gather reports every one of its 42,000 files from several threads;
// posted one by one they kept the GUI thread busy for half a second after a
// 65 ms reload had finished.
class ProgressThrottle
{
public:
    static constexpr qint64 kProgressIntervalMs = 50;

    ProgressThrottle() { m_clock.start(); }

    bool shouldPost(int done, int total, const QString &label)
    {
        const std::lock_guard guard(m_lock);
        const qint64 now = m_clock.elapsed();
        if (m_posted && label == m_label && done != total && now - m_postedAt < kProgressIntervalMs)
            return false;
        m_posted = true;
        m_label = label;
        m_postedAt = now;
        return true;
    }

private:
    std::mutex m_lock;
    QElapsedTimer m_clock;
    bool m_posted = false;
    QString m_label;
    qint64 m_postedAt = 0;
};

} // namespace

ComparisonSession::ComparisonSession(QObject *parent)
    : QObject(parent), m_pool(new QThreadPool(this))
{
    // One round at a time, on a thread with room for Go's template depth.
    m_pool->setMaxThreadCount(1);
    m_pool->setStackSize(static_cast<uint>(kRenderStackBytes));
}

ComparisonSession::~ComparisonSession()
{
    cancel();
    m_pool->waitForDone();
}

void ComparisonSession::openReference(const QString &referencePath)
{
    m_referencePath = referencePath;
    // The kinds worth reading depend on the reference: read the input again.
    request(true, hasInputs());
}

void ComparisonSession::openInputs(const QStringList &paths)
{
    m_inputPaths = paths;
    m_cluster.reset();
    m_newInputs = true;
    request(false, true);
}

void ComparisonSession::openCluster(const ClusterTarget &target)
{
    m_inputPaths.clear();
    m_cluster = target;
    m_newInputs = true;
    request(false, true);
}

void ComparisonSession::reload()
{
    request(!m_referencePath.isEmpty(), hasInputs());
}

void ComparisonSession::setManualCorrelations(const std::map<std::string, std::string> &pairs)
{
    if (pairs == m_manual)
        return;
    m_manual = pairs;
    request(false, false);
}

void ComparisonSession::setOverrides(std::shared_ptr<const compare::UserOverrides> overrides, const QString &path)
{
    if (overrides == m_overrides && path == m_overridesPath)
        return;
    m_overrides = std::move(overrides);
    m_overridesPath = path;
    request(false, false);
}

void ComparisonSession::cancel()
{
    m_pending = false;
    if (m_cancel)
        m_cancel->store(true);
}

void ComparisonSession::waitForIdle()
{
    while (m_running || m_pending) {
        m_pool->waitForDone();
        QCoreApplication::sendPostedEvents(this);
    }
}

void ComparisonSession::request(bool loadReference, bool loadInputs)
{
    m_pendingReference = m_pendingReference || loadReference;
    m_pendingInputs = m_pendingInputs || loadInputs;
    m_pending = true;
    if (m_running && m_cancel)
        m_cancel->store(true); // the newest request wins
    startPending();
}

void ComparisonSession::startPending()
{
    if (m_running || !m_pending)
        return;
    ComparisonJobRequest job;
    job.loadReference = m_pendingReference;
    job.loadInputs = m_pendingInputs;
    job.referencePath = m_referencePath;
    job.inputPaths = m_inputPaths;
    job.cluster = m_cluster;
    job.manualCorrelations = m_manual;
    job.overrides = m_overrides;
    job.overridesPath = m_overridesPath;
    job.reference = m_snapshot->reference;
    job.referenceStamps = m_snapshot->referenceStamps;
    job.objects = m_snapshot->objects;
    job.crds = m_snapshot->crds;
    job.report = m_snapshot->report;
    job.memo = m_snapshot->memo;
    job.readRecord = m_snapshot->readRecord;
    job.inputDescription = m_snapshot->inputDescription;
    job.objectsReadAt = m_snapshot->readAt;
    job.keepObjectsOnFailure = !m_newInputs;
    job.tmpDir = m_tmpDir.path();
    m_runningReference = m_pendingReference;
    m_runningInputs = m_pendingInputs;
    m_pending = m_pendingReference = m_pendingInputs = false;
    const quint64 generation = ++m_generation;
    m_cancel = std::make_shared<std::atomic_bool>(false);
    m_running = true;
    setBusy(true);

    const QPointer<ComparisonSession> self(this);
    auto cancelFlag = m_cancel;
    m_pool->start([self, job, cancelFlag, generation] {
        auto throttle = std::make_shared<ProgressThrottle>();
        const auto progress = [self, throttle](int done, int total, const QString &label) {
            if (!throttle->shouldPost(done, total, label))
                return;
            QMetaObject::invokeMethod(self, [=] {
                if (self)
                    emit self->progressChanged(done, total, label);
            }, Qt::QueuedConnection);
        };
        ComparisonJobResult result = runComparisonJob(job, *cancelFlag, progress);
        QMetaObject::invokeMethod(self, [self, generation, result = std::move(result)] {
            if (self)
                self->finished(generation, result);
        }, Qt::QueuedConnection);
    });
}

void ComparisonSession::finished(quint64 generation, const ComparisonJobResult &result)
{
    m_running = false;
    // A cancel (or a newer request) that came while this result was on its way
    // drops it too: what the user cancelled is never shown.
    const bool cancelled = result.cancelled || (generation == m_generation && m_cancel && m_cancel->load());
    if (generation == m_generation && !cancelled) {
        publish(result);
    } else if (m_pending) {
        // Superseded: the next round must still do what this one did not finish.
        m_pendingReference = m_pendingReference || m_runningReference;
        m_pendingInputs = m_pendingInputs || m_runningInputs;
    } else {
        // Cancelled by the user: what was loaded before the cancel stays, a
        // comparison never shows, whether the job stopped or had just finished.
        if (const ComparisonJobResult kept = withoutComparison(result); kept.snapshot)
            publish(kept);
    }
    const bool published = generation == m_generation && !cancelled;
    const bool userCancelled = !published && !m_pending;
    if (m_pending)
        startPending();
    else
        setBusy(false);
    // After busy ends, so the status bar shows it as a passing message.
    if (userCancelled)
        emit progressChanged(0, 0, result.referenceLoaded || m_runningInputs ? tr("Loading cancelled") : tr("Cancelled"));
    else if (published && !m_pending && result.readAgain && result.compared) // say how little was done again
        emit progressChanged(0, 0, rereadMessage(result));
}

void ComparisonSession::publish(const ComparisonJobResult &result)
{
    const auto replaced = [&](const Problem &p) {
        return (result.referenceLoaded && p.stage == Problem::Stage::Reference)
            || (result.inputsLoaded && p.stage == Problem::Stage::Input)
            || (result.compared && p.stage == Problem::Stage::Comparison)
            || (result.linted && p.stage == Problem::Stage::Lint);
    };
    m_problems.removeIf(replaced);
    m_problems.append(result.problems);
    std::shared_ptr<const ComparisonSnapshot> previous = std::exchange(m_snapshot, result.snapshot);
    if (result.inputsLoaded && !m_snapshot->isStale())
        m_newInputs = false; // what is shown now came from these inputs
    emit problemsChanged();
    emit snapshotChanged(); // the views let go of `previous`
    // ... which is freed on another thread: the 50,000 CRs and verdicts of a
    // must-gather no longer shown took the GUI thread ~20 ms to free.
    if (previous)
        QThreadPool::globalInstance()->start([previous = std::move(previous)]() mutable { previous.reset(); });
}

// "Reloaded: 1 file read again, 2 CRs compared": reloading a big must-gather
// is quick because only this much was done again.
QString ComparisonSession::rereadMessage(const ComparisonJobResult &result)
{
    const QString files = result.filesRead == 1 ? tr("1 file read again") : tr("%1 files read again").arg(result.filesRead);
    const QString crs = result.comparedCrs == 1 ? tr("1 CR compared") : tr("%1 CRs compared").arg(result.comparedCrs);
    return tr("Reloaded: %1, %2").arg(files, crs);
}

void ComparisonSession::setBusy(bool busy)
{
    if (busy == m_busy)
        return;
    m_busy = busy;
    emit busyChanged(busy);
}

} // namespace ds::ui
