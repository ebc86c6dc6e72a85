// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "fleet/FleetRun.h"

#include <QFutureWatcher>
#include <QWidget>

#include <atomic>
#include <memory>
#include <optional>

class QLabel;
class QListWidget;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTableView;

namespace ds::ui {

class FleetMatrixModel;

// File ▸ Open Fleet…: the clusters compared with the open reference off the
// GUI thread (progress per cluster, Cancel), then the matrix of templates ×
// clusters and the drift groups. Choosing a group shows only the clusters
// that share it and its diff; double-clicking a cell opens that cluster and
// template in the main window, compared there on demand.
class FleetWindow : public QWidget
{
    Q_OBJECT

public:
    explicit FleetWindow(QWidget *parent = nullptr);
    ~FleetWindow() override;

    void start(fleet::FleetOptions options);
    void cancel();
    bool isRunning() const { return m_watcher.isRunning(); }
    FleetMatrixModel *model() const { return m_model; }
    QListWidget *groupList() const { return m_groups; }
    QTableView *matrixView() const { return m_matrix; }

signals:
    // A cluster's source (folder, archive, report or context:NAME) and a template.
    void clusterRequested(const QString &source, const QString &templatePath);
    void finished();

private:
    void onFinished();
    void showGroup(int row);
    void openCell(const QModelIndex &index);

    FleetMatrixModel *m_model;
    QTableView *m_matrix;
    QListWidget *m_groups;
    QPlainTextEdit *m_diff;
    QLabel *m_status;
    QProgressBar *m_progress;
    QPushButton *m_cancel;
    QFutureWatcher<std::optional<fleet::FleetReport>> m_watcher;
    std::shared_ptr<std::atomic_bool> m_cancelFlag;
    std::shared_ptr<std::string> m_error;
    std::vector<fleet::FleetReport::DriftGroup> m_driftGroups;
};

} // namespace ds::ui
