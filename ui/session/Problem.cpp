// SPDX-License-Identifier: Apache-2.0
#include "Problem.h"

#include <QRegularExpression>

namespace ds::ui {

Problem Problem::fromMessage(Severity severity, Stage stage, const QString &message)
{
    Problem p{severity, stage, message, {}, 0};
    // A path with a resource or template extension, optionally followed by :line.
    static const QRegularExpression location(QStringLiteral(
        R"re("?((?:[^\s"':]*/)?[^\s"':/]+\.(?:yaml|yml|json|tmpl|tpl))"?(?::(\d+))?)re"));
    const QRegularExpressionMatch m = location.match(message);
    if (m.hasMatch()) {
        p.file = m.captured(1);
        p.line = m.captured(2).toInt();
    }
    return p;
}

} // namespace ds::ui
