// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

class QMenu;
class QWidget;

namespace ds::ui {

// The colour scheme: the desktop's, or Fusion with a light or dark palette
// (everything else — diff tints, icons, highlighting — follows the palette).
enum class Theme { System, Light, Dark };

void applyTheme(Theme theme);
Theme themeFromName(const QString &name); // "system", "light", "dark"
QString themeName(Theme theme);

// View ▸ Theme: one checkable entry per theme; choosing one applies it and remembers it.
QMenu *createThemeMenu(QWidget *parent);

} // namespace ds::ui
