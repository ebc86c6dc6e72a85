// SPDX-License-Identifier: Apache-2.0
#include "DriftscopeApplication.h"

#include "DriftscopeVersion.h"
#include "MainWindow.h"

#include <QApplication>

namespace ds::ui {

int runDriftscope(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Driftscope"));
    QApplication::setApplicationVersion(QStringLiteral(DRIFTSCOPE_VERSION_STRING));
    QApplication::setOrganizationName(QStringLiteral("Driftscope"));
    QApplication::setDesktopFileName(QStringLiteral("io.github.driftscope.Driftscope"));

    MainWindow window;
    window.show();
    return QApplication::exec();
}

} // namespace ds::ui
