// SPDX-License-Identifier: Apache-2.0
#pragma once

class QMenuBar;
class QWidget;

namespace ds::ui {

// Help ▸ Keyboard Shortcuts: every menu action with a shortcut, read from the menus.
void showKeyboardShortcuts(QWidget *parent, const QMenuBar *menus);
// Help ▸ About Driftscope.
// Version, licence and the versions of the libraries Driftscope runs on.
void showAbout(QWidget *parent);
// docs/user-guide.md in a window of its own (Help ▸ User Guide, F1).
void showUserGuide(QWidget *parent);

} // namespace ds::ui
