// SPDX-License-Identifier: Apache-2.0
#include "FixesExport.h"

#include "ExportPool.h"
#include "review/FixVerifier.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QtConcurrent/QtConcurrentRun>

namespace ds::ui {

FixesExportResult exportFixes(const ComparisonSnapshot &snapshot, const QStringList &crIds, const QString &directory)
{
    FixesExportResult result;
    if (!snapshot.reference || !snapshot.report) {
        result.error = QCoreApplication::translate("FixesExport", "There is no comparison to export fixes of yet.");
        return result;
    }
    std::vector<std::string> ids;
    for (const QString &id : crIds)
        ids.push_back(id.toStdString());
    const std::vector<review::Fix> fixes = review::provenFixes(
        *snapshot.report, {snapshot.reference, snapshot.objects, snapshot.options, snapshot.overrides}, ids,
        ids.empty());
    for (const review::Fix &fix : fixes)
        ++(fix.type == review::Fix::Type::None ? result.leftToPeople : result.patches);

    const QDir dir(directory);
    result.fixesPath = dir.filePath(QStringLiteral("fixes.yaml"));
    result.scriptPath = dir.filePath(QStringLiteral("apply-fixes.sh"));
    result.error = writeFileAtomically(result.fixesPath, review::fixesYaml(fixes));
    if (result.error.isEmpty())
        result.error = writeFileAtomically(result.scriptPath, review::fixesScript(fixes));
    if (result.error.isEmpty())
        QFile::setPermissions(result.scriptPath, QFile::permissions(result.scriptPath) | QFile::ExeOwner
                                                     | QFile::ExeGroup | QFile::ExeOther);
    return result;
}

QFuture<FixesExportResult> exportFixesAsync(std::shared_ptr<const ComparisonSnapshot> snapshot, QStringList crIds,
                                            const QString &directory)
{
    return QtConcurrent::run(exportPool(), [snapshot = std::move(snapshot), crIds = std::move(crIds), directory] {
        return exportFixes(*snapshot, crIds, directory);
    });
}

} // namespace ds::ui
