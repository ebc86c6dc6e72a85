// SPDX-License-Identifier: Apache-2.0
#include "HtmlReportExport.h"

#include "DriftscopeVersion.h"
#include "report/HtmlReportWriter.h"
#include "util/LargeStack.h"

#include <QCoreApplication>
#include <QSaveFile>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

namespace ds::ui {

QString exportHtmlReport(const ComparisonSnapshot &snapshot, const QString &path)
{
    if (!snapshot.reference || !snapshot.report)
        return QCoreApplication::translate("HtmlReportExport", "There is no comparison to export yet.");
    report::HtmlOptions options;
    options.manualCorrelations = snapshot.manualCorrelations;
    options.inputDescription = snapshot.inputDescription;
    options.version = DRIFTSCOPE_VERSION_STRING;
    const std::string html = report::writeHtml(*snapshot.report, *snapshot.reference, options);

    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return QCoreApplication::translate("HtmlReportExport", "Cannot write %1: %2").arg(path, file.errorString());
    if (file.write(html.data(), qint64(html.size())) != qint64(html.size()) || !file.commit())
        return QCoreApplication::translate("HtmlReportExport", "Cannot write %1: %2").arg(path, file.errorString());
    return {};
}

QFuture<QString> exportHtmlReportAsync(std::shared_ptr<const ComparisonSnapshot> snapshot, const QString &path)
{
    static QThreadPool *pool = [] {
        auto *p = new QThreadPool(QCoreApplication::instance());
        p->setMaxThreadCount(1);
        p->setStackSize(static_cast<uint>(kRenderStackBytes));
        return p;
    }();
    return QtConcurrent::run(pool, [snapshot = std::move(snapshot), path] { return exportHtmlReport(*snapshot, path); });
}

} // namespace ds::ui
