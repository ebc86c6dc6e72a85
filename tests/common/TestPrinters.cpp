// SPDX-License-Identifier: Apache-2.0
#include "TestPrinters.h"

#include "go/GoFmt.h"
#include "go/GoTypes.h"
#include "yaml/YamlWriter.h"

#include <QTest>

namespace ds {

namespace {

QString yamlOrGo(const Value &value)
{
    if (value.isList() || value.isMap()) {
        try {
            return QString::fromStdString(yaml::writeCanonical(value).text).trimmed().replace(QLatin1Char('\n'), QStringLiteral("; "));
        } catch (const std::exception &) {
            // fall back to Go's %v below (values the writer refuses, e.g. too deep)
        }
    }
    return QString::fromStdString(go::fmt::formatValue(value));
}

} // namespace

char *toString(const Value &value)
{
    const QString text = QStringLiteral("%1 %2").arg(QString::fromStdString(go::typeName(value)), yamlOrGo(value));
    return qstrdup(text.toUtf8().constData());
}

} // namespace ds

namespace ds::diff {

namespace {

QString ranges(const QList<TextRange> &list)
{
    QStringList out;
    for (const TextRange &r : list)
        out << QStringLiteral("%1+%2").arg(r.start).arg(r.length);
    return out.join(QLatin1Char(','));
}

} // namespace

char *toString(RowKind kind)
{
    switch (kind) {
    case RowKind::Equal: return qstrdup("Equal");
    case RowKind::Removed: return qstrdup("Removed");
    case RowKind::Added: return qstrdup("Added");
    case RowKind::Changed: return qstrdup("Changed");
    }
    return qstrdup("?");
}

char *toString(const SideBySideRow &row)
{
    char *kind = toString(row.kind);
    QString text = QStringLiteral("%1 %2:%3 `%4` | `%5`")
                       .arg(QString::fromLatin1(kind))
                       .arg(row.leftLine)
                       .arg(row.rightLine)
                       .arg(row.leftText, row.rightText);
    delete[] kind;
    if (!row.leftHighlights.isEmpty() || !row.rightHighlights.isEmpty())
        text += QStringLiteral(" [%1 | %2]").arg(ranges(row.leftHighlights), ranges(row.rightHighlights));
    return qstrdup(text.toUtf8().constData());
}

} // namespace ds::diff
