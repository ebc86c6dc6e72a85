// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QDialog>

class QCheckBox;
class QPlainTextEdit;

namespace ds::ui {

// The clusters of a fleet, one per line as `driftscope-cli fleet` takes them
// (a folder, an archive, a -o json report, NAME=SOURCE or context:NAME), added
// with the buttons or typed; and whether every kubeconfig context joins.
class OpenFleetDialog : public QDialog
{
    Q_OBJECT

public:
    explicit OpenFleetDialog(const QString &startDirectory, QWidget *parent = nullptr);

    QStringList clusters() const;
    bool allContexts() const;

private:
    void addLines(const QStringList &lines);

    QPlainTextEdit *m_list;
    QCheckBox *m_allContexts;
    QString m_directory;
};

} // namespace ds::ui
