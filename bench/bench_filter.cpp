// SPDX-License-Identifier: Apache-2.0
// Typing in the CR list's filter: how long the GUI thread is busy per
// keystroke when the list holds every CR of a large must-gather. The window's
// own pieces are used — the comparison (ComparisonJob), ClusterObjectModel,
// the NavigatorPanel's StatusFilterProxyModel and its filter buttons' counts —
// and a query is typed one character at a time, then erased. The floor,
// measured in the same run, is one pass over every CR's filter text doing the
// same substring test: the least any filter must do.
//
// It also times what comes before and after: launch to results (the job,
// then the list), comparing again after one manual pin and after accepting
// one CR's differences (incremental, with the full re-compare as the
// baseline), the list taking the pinned verdicts, and Reload from Disk after
// one file changed (only that file read again, with the full reload as the
// baseline and walking the folder and stat'ing its files as the floor) and
// the list taking the reloaded CRs. Jobs run as the window runs them: on
// another thread, reporting progress.
//
//   bench_filter DIR [--query TEXT] [--passes N]
// (DIR: a must-gather, e.g. python3 tests/data/shared/bench/gen-synthetic.py ... -n 50000 -o DIR)
#include "main/NavigatorPanel.h"
#include "report/ComparisonReport.h"
#include "models/ClusterObjectModel.h"
#include "models/StatusFilterProxyModel.h"
#include "session/ComparisonJob.h"
#include "session/ComparisonSnapshot.h"
#include "compare/UserOverrides.h"
#include "util/HeapTuning.h"

#include <QApplication>
#include <QFile>
#include <QLineEdit>
#include <QTreeView>

#include <algorithm>
#include <atomic>
#include <future>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <ftw.h>

using namespace ds;
using namespace ds::ui;
using Clock = std::chrono::steady_clock;

namespace {

double msSince(Clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// Every leaf's filter text, in model order.
void collect(const QAbstractItemModel *model, const QModelIndex &parent, QStringList &out)
{
    for (int row = 0; row < model->rowCount(parent); ++row) {
        const QModelIndex index = model->index(row, 0, parent);
        if (index.data(ItemRole::IsLeaf).toBool())
            out << index.data(ItemRole::FilterText).toString();
        collect(model, index, out);
    }
}

// The process's peak resident size so far (VmHWM), in MB.
double peakRssMb()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : status.readAll().split('\n'))
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').value(0).toDouble() / 1024.0;
    return 0;
}

// The least reading again can cost: walking the folder and stat'ing every
// file in it, on one thread (what `find DIR -printf '%C@ %s'` does), in ms.
double walkAndStatMs(const QString &dir)
{
    const auto start = Clock::now();
    static std::size_t files = 0;
    ::nftw(dir.toLocal8Bit().constData(),
           [](const char *, const struct stat *, int type, struct FTW *) {
               files += type == FTW_F ? 1 : 0;
               return 0;
           },
           64, FTW_PHYS);
    return files > 0 ? msSince(start) : 0;
}

} // namespace

int main(int argc, char *argv[])
{
    ds::tuneHeapForBurstyAllocation(); // as the window's main() does
    ds::capHeapArenas();
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: bench_filter DIR [--query TEXT] [--passes N]\n");
        return 2;
    }
    const qsizetype q = args.indexOf(QStringLiteral("--query"));
    const QString query = q > 0 && q + 1 < args.size() ? args[q + 1] : QStringLiteral("openshift-monitoring config");
    const qsizetype p = args.indexOf(QStringLiteral("--passes"));
    const int passes = p > 0 && p + 1 < args.size() ? args[p + 1].toInt() : 3;
    const QString reference = QStringLiteral(DRIFTSCOPE_BENCH_DATA "/reference-core/metadata.yaml");

    ComparisonJobRequest request;
    request.loadReference = request.loadInputs = true;
    request.referencePath = reference;
    request.inputPaths = {args[1]};
    const std::atomic_bool cancel = false;
    // Every job runs as the window runs it: on another thread, reporting its
    // progress (here only counted; reading reports every file).
    std::atomic<long> progressReports = 0;
    const JobProgress progress = [&progressReports](int, int, const QString &) { ++progressReports; };
    const auto runJob = [&](const ComparisonJobRequest &job) {
        return std::async(std::launch::async, [&] { return runComparisonJob(job, cancel, progress); }).get();
    };
    // Launch to results, as the window does it: the job (read, compare, index,
    // lint, CRDs) on its thread, then the CR list built and shown.
    const auto jobStart = Clock::now();
    const ComparisonJobResult result = runJob(request);
    const double jobMs = msSince(jobStart);
    const double jobPeakMb = peakRssMb();
    if (!result.snapshot || !result.snapshot->objects) {
        std::fprintf(stderr, "the comparison produced no objects\n");
        return 2;
    }
    const auto modelStart = Clock::now();
    ClusterObjectModel model;
    model.setSnapshot(result.snapshot);
    // What the list shows, held as the window's session holds it: the
    // snapshot a new one replaces is let go on a pool thread, not while the
    // list takes the new one.
    std::shared_ptr<const ComparisonSnapshot> shown = result.snapshot;
    NavigatorPanel panel(QStringLiteral("Cluster CRs"), &model, StatusFilterBar::clusterObjectStates());
    panel.resize(500, 700);
    panel.show();
    QCoreApplication::processEvents();
    const double modelMs = msSince(modelStart);
    const double launchPeakMb = peakRssMb(); // launch to results: the job, the list shown

    QStringList texts;
    collect(&model, {}, texts);
    double floor = 1e99;
    for (int pass = 0; pass < passes; ++pass) {
        const auto start = Clock::now();
        int hits = 0;
        for (const QString &word : query.split(QLatin1Char(' ')))
            for (const QString &text : std::as_const(texts))
                hits += text.contains(word, Qt::CaseInsensitive) ? 1 : 0;
        floor = std::min(floor, msSince(start));
        if (hits < 0)
            return 1;
    }

    // Typing then erasing the query; each keystroke's work happens inside setText.
    double worst = 0, total = 0;
    int strokes = 0;
    for (int pass = 0; pass < passes; ++pass) {
        for (int n = 1; n <= query.size() * 2; ++n) {
            const int length = n <= query.size() ? n : int(query.size()) * 2 - n;
            const auto start = Clock::now();
            panel.filterEdit()->setText(query.left(length));
            QCoreApplication::processEvents(); // the view lays out what the proxy now shows
            const double ms = msSince(start);
            if (qEnvironmentVariableIsSet("BENCH_FILTER_TRACE"))
                std::fprintf(stderr, "%3d %-30s %6.1f ms\n", length, qPrintable(query.left(length)), ms);
            worst = std::max(worst, ms);
            total += ms;
            ++strokes;
        }
    }
    // Comparing again, as the window does after a manual pin (dragging a CR onto
    // a template) and after accepting a CR's differences (an override): only
    // the CRs the change can affect are compared (ComparisonMemo). The same
    // request without the memo compares every CR: the baseline, in the same run.
    // Each baseline runs after the incremental job it is the baseline of: run
    // before it, the memory of the 50,000 CRs it frees served the incremental
    // job (a reload ran 2-3x faster so), and in the window a reload follows no
    // such run.
    double pinMs = 0, pinFullMs = 0, overrideMs = 0, applyMs = 0;
    std::size_t pinCompared = 0, overrideCompared = 0;
    // `again` after the first result, as the window runs it: with that result's
    // reference, objects and CRDs, and (incremental) its report, memo and read record.
    const auto runAgain = [&](ComparisonJobRequest again, bool incremental) {
        again.reference = result.snapshot->reference;
        again.objects = result.snapshot->objects;
        again.crds = result.snapshot->crds;
        if (incremental) {
            again.report = result.snapshot->report;
            again.memo = result.snapshot->memo;
            again.readRecord = result.snapshot->readRecord;
            again.referenceStamps = result.snapshot->referenceStamps;
        }
        const auto start = Clock::now();
        ComparisonJobResult done = runJob(again);
        const double ms = msSince(start);
        if (!done.snapshot || !done.snapshot->report)
            std::exit(2);
        return std::make_pair(ms, std::move(done));
    };
    const auto drifted = std::find_if(result.snapshot->report->diffs.begin(), result.snapshot->report->diffs.end(),
                                      [](const report::CrResult &r) { return r.hasDiff(); });
    if (drifted != result.snapshot->report->diffs.end()) {
        ComparisonJobRequest pin;
        pin.manualCorrelations = {{drifted->crName, drifted->correlatedTemplate}};
        auto [ms, pinned] = runAgain(pin, true);
        pinFullMs = runAgain(pin, false).first;
        pinMs = ms;
        pinCompared = pinned.comparedCrs;
        // The list takes the new verdicts in place (same CRs: no reset).
        const auto applyStart = Clock::now();
        model.setSnapshot(pinned.snapshot);
        QCoreApplication::processEvents();
        applyMs = msSince(applyStart);
        shown = pinned.snapshot;
        ComparisonJobRequest accept;
        accept.overrides = std::make_shared<const compare::UserOverrides>(
            std::vector<compare::UserOverride>{compare::UserOverrides::accepting(*drifted, "bench")});
        auto [acceptMs, accepted] = runAgain(accept, true);
        overrideMs = acceptMs;
        overrideCompared = accepted.comparedCrs;
    }
    // Reload from Disk after one file changed (a comment appended to the file
    // of a drifted CR, then taken out again): only that file is read and only
    // its CRs are compared. The baseline reads and compares everything again.
    double reloadMs = 0, reloadFullMs = 0, reloadFloorMs = 0, reloadApplyMs = 0;
    std::size_t reloadCompared = 0, reloadReused = 0;
    if (drifted != result.snapshot->report->diffs.end()) {
        QString changed;
        for (const input::ClusterObject &o : *result.snapshot->objects)
            changed = o.id == drifted->crName ? QString::fromStdString(o.source) : changed;
        QFile file(changed);
        const QByteArray original = file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
        file.close();
        ComparisonJobRequest reload;
        reload.loadReference = reload.loadInputs = true; // what Reload from Disk asks for
        reload.referencePath = reference;
        reload.inputPaths = {args[1]};
        reload.keepObjectsOnFailure = true;
        if (!original.isEmpty() && file.open(QIODevice::Append)) {
            file.write("\n# bench_filter\n");
            file.close();
            auto [ms, reloaded] = runAgain(reload, true);
            reloadMs = ms;
            reloadCompared = reloaded.comparedCrs;
            reloadReused = reloaded.filesReused;
            // The same CRs read again: the list takes the new snapshot in place.
            const auto applyStart = Clock::now();
            model.setSnapshot(reloaded.snapshot);
            QCoreApplication::processEvents();
            reloadApplyMs = msSince(applyStart);
            shown = reloaded.snapshot;
            reloadFullMs = runAgain(reload, false).first;
            reloadFloorMs = walkAndStatMs(args[1]);
            if (file.open(QIODevice::WriteOnly | QIODevice::Truncate))
                file.write(original);
        }
    }
    std::printf("{\"objects\": %lld, \"rows\": %lld, \"job_ms\": %.0f, \"list_ms\": %.0f, \"job_peak_mb\": %.0f, \"launch_peak_mb\": %.0f, \"pin_ms\": %.1f, "
                "\"pin_full_ms\": %.0f, \"pin_compared\": %zu, \"pin_apply_ms\": %.1f, \"override_ms\": %.1f, \"override_compared\": %zu, "
                "\"reload_ms\": %.1f, \"reload_apply_ms\": %.1f, \"reload_full_ms\": %.0f, \"reload_floor_ms\": %.0f, \"reload_compared\": %zu, \"reload_files_reused\": %zu, \"query\": \"%s\", "
                "\"floor_ms\": %.2f, \"keystroke_mean_ms\": %.2f, \"keystroke_worst_ms\": %.2f, \"mean_to_floor\": %.1f}\n",
                static_cast<long long>(result.snapshot->objects->size()), static_cast<long long>(texts.size()), jobMs,
                modelMs, jobPeakMb, launchPeakMb, pinMs, pinFullMs, pinCompared, applyMs, overrideMs, overrideCompared, reloadMs, reloadApplyMs, reloadFullMs, reloadFloorMs, reloadCompared, reloadReused, qPrintable(query), floor, total / strokes, worst, total / strokes / std::max(floor, 0.01));
    return 0;
}
