// SPDX-License-Identifier: Apache-2.0
#pragma once

namespace ds::ui {

// Sets up QApplication (names for QSettings, icon), shows the main window and
// runs the event loop. Returns the exit code.
int runDriftscope(int argc, char *argv[]);

} // namespace ds::ui
