// SPDX-License-Identifier: Apache-2.0
#include "ClusterDataDialog.h"

#include <QDialogButtonBox>
#include <QFileInfo>
#include <QPushButton>

namespace ds::ui {

ClusterDataDialog::ClusterDataDialog(QWidget *parent, const QString &directory)
    : QFileDialog(parent, tr("Open Cluster Data"), directory,
                  tr("Archives and CR files (*.tar *.tar.gz *.tgz *.tar.xz *.tar.bz2 *.tar.zst *.zip *.yaml *.yml "
                     "*.json);;All files (*)"))
{
    setObjectName(QStringLiteral("clusterDataDialog"));
    // Qt's own dialog: the platform's cannot take a folder and files in one go.
    setOption(QFileDialog::DontUseNativeDialog);
    setFileMode(QFileDialog::ExistingFiles);
    setLabelText(QFileDialog::Accept, tr("&Open"));
    if (auto *buttons = findChild<QDialogButtonBox *>()) {
        auto *folder = buttons->addButton(tr("Use This &Folder"), QDialogButtonBox::ActionRole);
        folder->setObjectName(QStringLiteral("useFolderButton"));
        folder->setToolTip(tr("Compare the folder shown (or the folder selected): CRs, a must-gather or a ConfigDir"));
        connect(folder, &QPushButton::clicked, this, &ClusterDataDialog::useFolder);
    }
}

void ClusterDataDialog::useFolder()
{
    // A selected sub-folder wins over the folder shown.
    QString folder = directory().absolutePath();
    const QStringList selected = selectedFiles();
    if (selected.size() == 1 && QFileInfo(selected.front()).isDir())
        folder = selected.front();
    m_chosen = {folder};
    QDialog::accept();
}

void ClusterDataDialog::accept()
{
    const QStringList selected = selectedFiles();
    // Open on a folder enters it, as everywhere; files and archives are taken.
    if (selected.size() == 1 && QFileInfo(selected.front()).isDir()) {
        QFileDialog::accept();
        return;
    }
    m_chosen = selected;
    QFileDialog::accept();
}

} // namespace ds::ui
