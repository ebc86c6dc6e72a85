// SPDX-License-Identifier: Apache-2.0
#include "HtmlReportExport.h"

#include "DriftscopeVersion.h"
#include "ExportPool.h"
#include "report/HtmlReportWriter.h"
#include "review/ReviewDecisions.h"

#include <QCoreApplication>
#include <QtConcurrent/QtConcurrentRun>

namespace ds::ui {

QString exportHtmlReport(const ComparisonSnapshot &snapshot, const HtmlReportDocuments &documents,
                         const QString &path)
{
    if (!snapshot.reference || !snapshot.report)
        return QCoreApplication::translate("HtmlReportExport", "There is no comparison to export yet.");
    report::HtmlOptions options;
    options.manualCorrelations = snapshot.manualCorrelations;
    options.inputDescription = snapshot.inputDescription;
    options.version = DRIFTSCOPE_VERSION_STRING;
    options.diffConfigPath = documents.diffConfigPath.toStdString();
    options.overridesPath = documents.overridesPath.toStdString();
    options.reviewPath = documents.reviewPath.toStdString();
    options.decisions = review::htmlDecisions(
        *snapshot.report, {snapshot.reference, snapshot.objects, snapshot.options, snapshot.overrides},
        documents.review);
    return writeFileAtomically(path, report::writeHtml(*snapshot.report, *snapshot.reference, options));
}

QFuture<QString> exportHtmlReportAsync(std::shared_ptr<const ComparisonSnapshot> snapshot,
                                       HtmlReportDocuments documents, const QString &path)
{
    return QtConcurrent::run(exportPool(), [snapshot = std::move(snapshot), documents = std::move(documents), path] {
        return exportHtmlReport(*snapshot, documents, path);
    });
}

} // namespace ds::ui
