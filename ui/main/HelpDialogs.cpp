// SPDX-License-Identifier: Apache-2.0
#include "main/HelpDialogs.h"

#include "DriftscopeVersion.h"

#include <QAction>
#include <QCoreApplication>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>

namespace ds::ui {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("ds::ui::HelpDialogs", text);
}

} // namespace

void showKeyboardShortcuts(QWidget *parent, const QMenuBar *menus)
{
    QString rows;
    for (const QMenu *menu : menus->findChildren<QMenu *>()) {
        for (const QAction *a : menu->actions()) {
            if (a->shortcut().isEmpty() || a->text().isEmpty())
                continue;
            rows += QStringLiteral("<tr><td>%1</td><td><b>%2</b></td></tr>")
                        .arg(QString(a->text()).remove(QLatin1Char('&')).toHtmlEscaped(),
                             a->shortcut().toString(QKeySequence::NativeText).toHtmlEscaped());
        }
    }
    rows += tr("<tr><td>Correlate a CR with a template</td><td><b>drag it onto the template</b></td></tr>");
    QMessageBox box(QMessageBox::NoIcon, tr("Keyboard Shortcuts"),
                    QStringLiteral("<table cellspacing=6>%1</table>").arg(rows), QMessageBox::Close, parent);
    box.exec();
}

void showAbout(QWidget *parent)
{
    QMessageBox::about(parent, tr("About Driftscope"),
                       tr("<h3>Driftscope %1</h3><p>%2</p><p>%3</p>")
                           .arg(QStringLiteral(DRIFTSCOPE_VERSION_STRING),
                                tr("Shows how a Kubernetes cluster's configuration drifts from a "
                                   "reference configuration."),
                                tr("Reads kube-compare references; compatible with kubectl cluster-compare.")));
}

} // namespace ds::ui
