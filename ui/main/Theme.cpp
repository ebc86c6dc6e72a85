// SPDX-License-Identifier: Apache-2.0
#include "Theme.h"

#include <QActionGroup>
#include <QApplication>
#include <QMenu>
#include <QSettings>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>

namespace ds::ui {

namespace {

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x30), base(0x1e, 0x1f, 0x22), text(0xdf, 0xe1, 0xe5);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2b));
    p.setColor(QPalette::ToolTipBase, QColor(0x3c, 0x3f, 0x41));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x8c, 0x8f, 0x94));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::white);
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x65, 0xca));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x58, 0x9d, 0xf6));
    p.setColor(QPalette::Mid, QColor(0x3c, 0x3f, 0x41));
    p.setColor(QPalette::Dark, QColor(0x19, 0x1a, 0x1c));
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, QColor(0x6f, 0x73, 0x7a));
    return p;
}

} // namespace

void applyTheme(Theme theme)
{
    static const QString systemStyle = QApplication::style()->name();
    if (theme == Theme::System) {
        QApplication::setStyle(QStyleFactory::create(systemStyle));
        QApplication::setPalette(QApplication::style()->standardPalette());
        return;
    }
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QApplication::setPalette(theme == Theme::Dark ? darkPalette() : QApplication::style()->standardPalette());
}

Theme themeFromName(const QString &name)
{
    if (name == QLatin1String("dark"))
        return Theme::Dark;
    if (name == QLatin1String("light"))
        return Theme::Light;
    return Theme::System;
}

QString themeName(Theme theme)
{
    switch (theme) {
    case Theme::Dark: return QStringLiteral("dark");
    case Theme::Light: return QStringLiteral("light");
    case Theme::System: break;
    }
    return QStringLiteral("system");
}

QMenu *createThemeMenu(QWidget *parent)
{
    auto *menu = new QMenu(QCoreApplication::translate("ds::ui::Theme", "&Theme"), parent);
    auto *themes = new QActionGroup(menu);
    const Theme current = themeFromName(QSettings().value(QStringLiteral("view/theme")).toString());
    const std::pair<Theme, const char *> entries[] = {{Theme::System, "&System"}, {Theme::Light, "&Light"},
                                                      {Theme::Dark, "&Dark"}};
    for (const auto &[theme, label] : entries) {
        QAction *a = menu->addAction(QCoreApplication::translate("ds::ui::Theme", label), menu, [theme] {
            applyTheme(theme);
            QSettings().setValue(QStringLiteral("view/theme"), themeName(theme));
        });
        a->setCheckable(true);
        a->setChecked(theme == current);
        themes->addAction(a);
    }
    return menu;
}

} // namespace ds::ui
