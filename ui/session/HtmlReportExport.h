// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ComparisonSnapshot.h"

#include <QFuture>
#include <QString>

#include <memory>

namespace ds::ui {

// File ▸ Export HTML Report…: the same writer as `driftscope-cli -o html`, with
// the window's current manual correlations and input description, saved
// atomically (QSaveFile: a failed export leaves an existing file untouched).
// Returns "" on success, else what went wrong. Needs a compared snapshot.
QString exportHtmlReport(const ComparisonSnapshot &snapshot, const QString &path);

// Runs exportHtmlReport off the GUI thread (on a thread with the stack deep
// objects need).
QFuture<QString> exportHtmlReportAsync(std::shared_ptr<const ComparisonSnapshot> snapshot, const QString &path);

} // namespace ds::ui
