// SPDX-License-Identifier: Apache-2.0
#include "main/HelpDialogs.h"

#include "DriftscopeVersion.h"
#include "pipeline/InstalledFiles.h"

#include <QAction>
#include <QCoreApplication>
#include <QMenu>
#include <QMenuBar>
#include <QDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

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
    QString libraries;
    for (const auto &[name, version] : pipeline::libraryVersions())
        libraries += QStringLiteral("<tr><td>%1</td><td>%2</td></tr>")
                         .arg(QString::fromStdString(name).toHtmlEscaped(),
                              QString::fromStdString(version).toHtmlEscaped());
    QMessageBox::about(parent, tr("About Driftscope"),
                       tr("<h3>Driftscope %1</h3><p>%2</p><p>%3</p><p>Licensed under the Apache License, "
                          "version 2.0.</p><p>Built on:</p><table cellspacing=4>%4</table>")
                           .arg(QStringLiteral(DRIFTSCOPE_VERSION_STRING),
                                tr("Shows how a Kubernetes cluster's configuration drifts from a "
                                   "reference configuration."),
                                tr("Reads kube-compare references; compatible with kubectl cluster-compare."),
                                libraries));
}

void showUserGuide(QWidget *parent)
{
    const std::optional<std::string> guide = pipeline::installedFile("doc/driftscope/user-guide.md",
                                                                      "docs/user-guide.md");
    if (!guide) {
        QMessageBox::information(parent, tr("User Guide"),
                                 tr("The user guide is not installed with this build. It is docs/user-guide.md "
                                    "in Driftscope's sources."));
        return;
    }
    auto *dialog = new QDialog(parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setObjectName(QStringLiteral("userGuide"));
    dialog->setWindowTitle(tr("Driftscope User Guide"));
    auto *browser = new QTextBrowser(dialog);
    browser->setOpenExternalLinks(true);
    // Images and the other guides are next to it: relative links resolve there.
    browser->setSearchPaths({QFileInfo(QString::fromStdString(*guide)).absolutePath()});
    browser->setSource(QUrl::fromLocalFile(QString::fromStdString(*guide)), QTextDocument::MarkdownResource);
    auto *layout = new QVBoxLayout(dialog);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(browser);
    dialog->resize(900, 700);
    dialog->show();
}

} // namespace ds::ui
