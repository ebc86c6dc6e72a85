// SPDX-License-Identifier: Apache-2.0
#include "Problem.h"

#include <QRegularExpression>

namespace ds::ui {

Problem Problem::fromMessage(Severity severity, Stage stage, const QString &message)
{
    Problem p{severity, stage, message, {}, 0, 0, {}};
    // A path with a resource or template extension, optionally followed by :line and :column.
    static const QRegularExpression location(QStringLiteral(
        R"re("?((?:[^\s"':]*/)?[^\s"':/]+\.(?:yaml|yml|json|tmpl|tpl))"?(?::(\d+))?(?::(\d+))?)re"));
    for (auto it = location.globalMatch(message); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        if (p.file.isEmpty() || (p.line == 0 && !m.captured(2).isEmpty())) {
            p.file = m.captured(1);
            p.line = m.captured(2).toInt();
            p.column = m.captured(3).toInt();
        }
        if (p.line > 0)
            break;
    }
    return p;
}

} // namespace ds::ui
