// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QFileDialog>

namespace ds::ui {

// One dialog for every kind of cluster data on disk: CR files and archives are
// opened as usual, and "Use This Folder" takes the folder shown (or selected) —
// a folder of CRs, a must-gather or a ConfigDir — instead of entering it.
class ClusterDataDialog : public QFileDialog
{
    Q_OBJECT

public:
    ClusterDataDialog(QWidget *parent, const QString &directory);

    // What was chosen: files, or one folder.
    QStringList chosenPaths() const { return m_chosen; }

    void accept() override;

private:
    void useFolder();
    QStringList m_chosen;
};

} // namespace ds::ui
