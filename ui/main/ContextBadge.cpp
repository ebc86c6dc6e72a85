// SPDX-License-Identifier: Apache-2.0
#include "ContextBadge.h"

#include <QCryptographicHash>
#include <QRegularExpression>

namespace ds::ui {

ContextBadge::ContextBadge(QWidget *parent) : QLabel(parent)
{
    setObjectName(QStringLiteral("contextBadge"));
    setTextFormat(Qt::PlainText);
    hide();
}

bool ContextBadge::looksLikeProduction(const QString &contextName)
{
    static const QRegularExpression production(QStringLiteral("(^|[^a-z])(prod|prd|production|live)([^a-z]|$)"),
                                               QRegularExpression::CaseInsensitiveOption);
    return production.match(contextName).hasMatch();
}

QColor ContextBadge::colorFor(const QString &contextName)
{
    if (looksLikeProduction(contextName))
        return QColor(0xb3, 0x26, 0x1e);
    // A stable hue from the name (qHash is seeded per process), away from red.
    const QByteArray digest = QCryptographicHash::hash(contextName.toUtf8(), QCryptographicHash::Sha256);
    const int hue = 40 + int(quint8(digest[0]) * 280 / 256);
    return QColor::fromHsl(hue, 150, 80);
}

void ContextBadge::setContext(const QString &name, const QString &detail)
{
    m_context = name;
    if (name.isEmpty()) {
        hide();
        return;
    }
    const QColor background = colorFor(name);
    setText(looksLikeProduction(name) ? tr("⚠ %1").arg(name) : name);
    setToolTip(detail.isEmpty() ? tr("Comparing the live cluster of context %1").arg(name)
                                : tr("Comparing the live cluster of context %1\n%2").arg(name, detail));
    setStyleSheet(QStringLiteral("QLabel#contextBadge { background: %1; color: white; font-weight: bold; "
                                 "border-radius: 9px; padding: 2px 10px; margin: 2px 6px; }")
                      .arg(background.name()));
    show();
}

} // namespace ds::ui
