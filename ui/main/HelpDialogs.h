// SPDX-License-Identifier: Apache-2.0
#pragma once

class QMenuBar;
class QWidget;

namespace ds::ui {

// Help ▸ Keyboard Shortcuts: every menu action with a shortcut, read from the menus.
void showKeyboardShortcuts(QWidget *parent, const QMenuBar *menus);
// Help ▸ About Driftscope.
void showAbout(QWidget *parent);

} // namespace ds::ui
