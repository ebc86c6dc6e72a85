// SPDX-License-Identifier: Apache-2.0
#include "fleet/OpenFleetDialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace ds::ui {

OpenFleetDialog::OpenFleetDialog(const QString &startDirectory, QWidget *parent)
    : QDialog(parent), m_list(new QPlainTextEdit(this)),
      m_allContexts(new QCheckBox(tr("Every &context of the kubeconfig (read-only)"), this)), m_directory(startDirectory)
{
    setWindowTitle(tr("Open Fleet"));
    resize(640, 420);
    auto *help = new QLabel(tr("The clusters to compare with the open reference, one per line: a must-gather or CR "
                               "folder, an archive, the -o json report of driftscope-cli or kubectl cluster-compare, "
                               "or context:NAME. NAME=SOURCE names a cluster."),
                            this);
    help->setWordWrap(true);
    m_list->setAccessibleName(tr("Clusters"));
    m_list->setPlaceholderText(QStringLiteral("/data/must-gathers/sno-01\nsno-02=/data/sno-02.tar.gz\ncontext:lab"));
    auto *addFolder = new QPushButton(tr("Add &Folder…"), this);
    auto *addFiles = new QPushButton(tr("Add &Archives or Reports…"), this);
    connect(addFolder, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Add a Cluster Folder"), m_directory);
        if (!dir.isEmpty()) {
            m_directory = QFileInfo(dir).path();
            addLines({dir});
        }
    });
    connect(addFiles, &QPushButton::clicked, this, [this] {
        const QStringList files = QFileDialog::getOpenFileNames(
            this, tr("Add Cluster Archives or Reports"), m_directory,
            tr("Archives and reports (*.tar.gz *.tgz *.tar.xz *.tar *.zip *.json);;All files (*)"));
        if (!files.isEmpty()) {
            m_directory = QFileInfo(files.front()).path();
            addLines(files);
        }
    });
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Compare"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *row = new QHBoxLayout;
    row->addWidget(addFolder);
    row->addWidget(addFiles);
    row->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(help);
    layout->addWidget(m_list, 1);
    layout->addLayout(row);
    layout->addWidget(m_allContexts);
    layout->addWidget(buttons);
}

void OpenFleetDialog::addLines(const QStringList &lines)
{
    for (const QString &line : lines)
        m_list->appendPlainText(line);
}

QStringList OpenFleetDialog::clusters() const
{
    QStringList out;
    for (const QString &line : m_list->toPlainText().split(u'\n'))
        if (!line.trimmed().isEmpty())
            out << line.trimmed();
    return out;
}

bool OpenFleetDialog::allContexts() const
{
    return m_allContexts->isChecked();
}

} // namespace ds::ui
