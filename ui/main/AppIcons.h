// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QIcon>

namespace ds::ui {

// The desktop's icon theme where it has `themeName` (freedesktop names:
// document-open, view-refresh, …), else the SVG Driftscope ships for it
// (resources/icons/<themeName>.svg), so toolbars look the same on a bare
// desktop, under Xvfb and on Windows-like styles that have no theme.
QIcon appIcon(const char *themeName);

} // namespace ds::ui
