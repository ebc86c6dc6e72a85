// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ComparisonSnapshot.h"
#include "review/ReviewFile.h"

#include <QFuture>
#include <QString>

#include <memory>

namespace ds::ui {

// The window's documents as the report shows them: the files named in its
// header and the review marks (saved or not) whose decisions it carries.
struct HtmlReportDocuments
{
    QString diffConfigPath;
    QString overridesPath;
    QString reviewPath;
    review::ReviewFile review;
};

// File ▸ Export HTML Report…: the same writer as `driftscope-cli -o html
// --review`, with the window's current manual correlations, input description
// and review, saved atomically (QSaveFile: a failed export leaves an existing
// file untouched). Returns "" on success, else what went wrong. Needs a
// compared snapshot.
QString exportHtmlReport(const ComparisonSnapshot &snapshot, const HtmlReportDocuments &documents,
                         const QString &path);

// Runs exportHtmlReport off the GUI thread (on a thread with the stack deep
// objects need).
QFuture<QString> exportHtmlReportAsync(std::shared_ptr<const ComparisonSnapshot> snapshot,
                                       HtmlReportDocuments documents, const QString &path);

} // namespace ds::ui
