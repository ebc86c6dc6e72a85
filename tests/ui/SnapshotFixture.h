// SPDX-License-Identifier: Apache-2.0
#pragma once

// Header-only helpers for the GUI model tests: comparison snapshots made by
// running the engine on a conformance case, as the GUI's worker does.

#include "input/FileInputSource.h"
#include "pipeline/ComparisonRun.h"
#include "reference/ReferenceLoader.h"
#include "session/ComparisonSnapshot.h"

#include "TestData.h"

#include <QDir>
#include <QTest>

#include <set>

namespace ds::test {

inline QString casePath(const QString &caseName, const QString &relative = {})
{
    const QString dir = dataPath(QStringLiteral("shared/conformance/cases/") + caseName);
    return relative.isEmpty() ? dir : dir + QLatin1Char('/') + relative;
}

inline std::shared_ptr<const ref::Reference>
loadCaseReference(const QString &caseName, const QString &metadata = QStringLiteral("metadata.yaml"))
{
    ref::ReferenceLoader loader;
    ref::LoadResult r = loader.load(casePath(caseName, QStringLiteral("reference/") + metadata).toStdString());
    if (!r.ok())
        qFatal("cannot load reference of %s: %s", qPrintable(caseName), r.error->c_str());
    return r.reference;
}

// The case's resources directory (or another case's), loaded like `-f resources`.
inline std::shared_ptr<const std::vector<input::ClusterObject>> loadCaseObjects(const QString &caseName)
{
    input::FileInputSource source({casePath(caseName, QStringLiteral("resources")).toStdString()}, false);
    input::LoadedObjects loaded = source.load(Log::null());
    if (!loaded.ok())
        qFatal("cannot load resources of %s: %s", qPrintable(caseName), loaded.error->c_str());
    auto objects = std::make_shared<std::vector<input::ClusterObject>>();
    std::set<std::string> seen;
    for (auto &o : loaded.objects)
        if (seen.insert(o.id).second)
            objects->push_back(std::move(o));
    return objects;
}

struct SnapshotInput
{
    std::shared_ptr<const ref::Reference> reference;
    std::shared_ptr<const std::vector<input::ClusterObject>> objects;
    std::map<std::string, std::string> manualCorrelations;
    QString overridesFile; // -p
};

// Compares like the GUI does (keep going past failing CRs) and packs the snapshot.
inline std::shared_ptr<const ui::ComparisonSnapshot> compareSnapshot(const SnapshotInput &input)
{
    pipeline::ComparisonRequest request;
    request.options.keepGoing = true;
    request.options.manualCorrelations = input.manualCorrelations;
    request.options.tmpDir = QDir::tempPath().toStdString();
    request.options.overridesPath = input.overridesFile.toStdString(); // -p
    request.keepObjects = true;
    pipeline::ComparisonRun run(std::move(request), Log::null());
    run.useReference(input.reference);
    run.useObjects(input.objects);
    for (auto step : {&pipeline::ComparisonRun::prepareEngine, &pipeline::ComparisonRun::compare})
        if (auto error = (run.*step)())
            qFatal("comparison failed: %s", error->c_str());
    ui::ComparisonSnapshot snapshot;
    snapshot.reference = input.reference;
    snapshot.objects = input.objects;
    snapshot.report = run.report();
    snapshot.manualCorrelations = input.manualCorrelations;
    return ui::ComparisonSnapshot::indexed(std::move(snapshot));
}

// A conformance case compared with its own reference and resources.
inline std::shared_ptr<const ui::ComparisonSnapshot>
caseSnapshot(const QString &caseName, const QString &metadata = QStringLiteral("metadata.yaml"),
             const std::map<std::string, std::string> &pairs = {})
{
    return compareSnapshot({loadCaseReference(caseName, metadata), loadCaseObjects(caseName), pairs, {}});
}

// A snapshot before comparing: reference (and objects) only.
inline std::shared_ptr<const ui::ComparisonSnapshot>
uncomparedSnapshot(std::shared_ptr<const ref::Reference> reference,
                   std::shared_ptr<const std::vector<input::ClusterObject>> objects = {})
{
    ui::ComparisonSnapshot snapshot;
    snapshot.reference = std::move(reference);
    snapshot.objects = std::move(objects);
    return ui::ComparisonSnapshot::indexed(std::move(snapshot));
}

} // namespace ds::test
