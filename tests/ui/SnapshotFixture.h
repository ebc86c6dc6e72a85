// SPDX-License-Identifier: Apache-2.0
#pragma once

// Header-only helpers for the GUI model tests: comparison snapshots made by
// running the engine on a conformance case, as the GUI's worker does.

#include "compare/CompareEngine.h"
#include "compare/UserOverrides.h"
#include "input/FileInputSource.h"
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
    compare::CompareOptions options;
    options.keepGoing = true;
    options.manualCorrelations = input.manualCorrelations;
    options.tmpDir = QDir::tempPath().toStdString();
    options.overridesPath = input.overridesFile.toStdString(); // what the report names as "Patched with"
    compare::CompareEngine engine(input.reference, options, Log::null());
    if (!input.overridesFile.isEmpty()) {
        auto overrides = compare::UserOverrides::load(input.overridesFile.toStdString());
        if (!overrides.ok())
            qFatal("cannot load overrides: %s", overrides.error->c_str());
        engine.setOverrides(overrides.overrides);
    }
    if (auto error = engine.prepare())
        qFatal("engine set-up failed: %s", error->c_str());
    compare::CompareResult result = engine.compare(*input.objects);
    auto snapshot = std::make_shared<ui::ComparisonSnapshot>();
    snapshot->reference = input.reference;
    snapshot->objects = input.objects;
    snapshot->report = std::make_shared<const report::ComparisonReport>(std::move(result.report));
    snapshot->manualCorrelations = input.manualCorrelations;
    return snapshot;
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
    auto snapshot = std::make_shared<ui::ComparisonSnapshot>();
    snapshot->reference = std::move(reference);
    snapshot->objects = std::move(objects);
    return snapshot;
}

} // namespace ds::test
