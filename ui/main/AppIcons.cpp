// SPDX-License-Identifier: Apache-2.0
#include "main/AppIcons.h"

#include <QPainter>
#include <QPixmap>
#include <QSvgRenderer>

namespace ds::ui {

namespace {

// Rendered here rather than through Qt's SVG icon engine plugin, which a
// minimal installation may lack: the sizes toolbars and menus ask for.
QIcon bundledIcon(const QString &name)
{
    QSvgRenderer renderer(QStringLiteral(":/icons/%1.svg").arg(name));
    if (!renderer.isValid())
        return {};
    QIcon icon;
    for (int size : {16, 22, 24, 32, 48, 64}) {
        QPixmap pixmap(size, size);
        pixmap.fill(Qt::transparent);
        QPainter painter(&pixmap);
        renderer.render(&painter);
        painter.end();
        icon.addPixmap(pixmap);
    }
    return icon;
}

} // namespace

QIcon appIcon(const char *themeName)
{
    const QString name = QString::fromLatin1(themeName);
    if (QIcon::hasThemeIcon(name))
        return QIcon::fromTheme(name);
    return bundledIcon(name);
}

} // namespace ds::ui
