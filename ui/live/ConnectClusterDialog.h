// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "session/ComparisonJob.h"

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QTableView;

namespace ds::ui {

class ContextListModel;

// File ▸ Connect to Cluster…: pick a kubeconfig context (name, cluster URL,
// user, namespace). Reading the kubeconfig never runs credential plugins; they
// run when the comparison connects.
class ConnectClusterDialog : public QDialog
{
    Q_OBJECT

public:
    // `kubeconfig` empty: $KUBECONFIG or ~/.kube/config. `context` preselects a
    // context (default: the current one).
    explicit ConnectClusterDialog(const QString &kubeconfig, const QString &context, QWidget *parent = nullptr);

    ClusterTarget target() const;
    ContextListModel *model() const { return m_model; }
    // Re-reads the kubeconfig (after the path changed).
    void reloadContexts();

private:
    void chooseKubeconfig();
    void selectContext(const QString &name);
    void updateButtons();

    QLineEdit *m_kubeconfigEdit;
    QLabel *m_filesLabel;
    QLabel *m_errorLabel;
    QTableView *m_view;
    ContextListModel *m_model;
    QDialogButtonBox *m_buttons;
    QString m_wantedContext;
};

} // namespace ds::ui
