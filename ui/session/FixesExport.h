// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ComparisonSnapshot.h"

#include <QFuture>
#include <QString>
#include <QStringList>

#include <memory>

namespace ds::ui {

struct FixesExportResult
{
    QString error;          // "" when both files were written
    int patches = 0;        // fixes with a command to run
    int leftToPeople = 0;   // fixes that are only a note
    QString fixesPath;      // fixes.yaml
    QString scriptPath;     // apply-fixes.sh
};

// File ▸ Export Fixes…: in `directory`, fixes.yaml (what `driftscope-cli -o
// fixes` writes) and apply-fixes.sh (`-o fixes-script`, executable), each
// written atomically, for the CRs named (every drifted CR and every missing
// required CR when none are named). The fixes are proven on the snapshot's
// CRs as the CLI proves them.
FixesExportResult exportFixes(const ComparisonSnapshot &snapshot, const QStringList &crIds, const QString &directory);

// exportFixes off the GUI thread.
QFuture<FixesExportResult> exportFixesAsync(std::shared_ptr<const ComparisonSnapshot> snapshot, QStringList crIds,
                                            const QString &directory);

} // namespace ds::ui
