// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QList>
#include <QMetaType>
#include <QString>

namespace ds::ui {

// One entry of the Problems panel: something the user should know about the
// reference, the cluster data or a comparison, with where it happened.
struct Problem
{
    enum class Severity { Error, Warning, Info };
    enum class Stage { Reference, Input, Comparison, DiffConfig, Lint };

    Severity severity = Severity::Warning;
    Stage stage = Stage::Comparison;
    QString message;
    QString file;   // empty when unknown
    int line = 0;   // 1-based; 0 when unknown
    int column = 0; // 1-based; 0 when unknown
    QString crId;   // the cluster CR it is about, if any (a failed comparison)

    // Extracts "file:line:column" from messages such as kube-compare's
    // `template: foo.yaml:12:3: executing ...` or `Skipping "a/b.yaml": ...`;
    // of several files named, the first one with a line wins.
    static Problem fromMessage(Severity severity, Stage stage, const QString &message);
};

using ProblemList = QList<Problem>;

} // namespace ds::ui

Q_DECLARE_METATYPE(ds::ui::Problem)
