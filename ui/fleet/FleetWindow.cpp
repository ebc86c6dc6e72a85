// SPDX-License-Identifier: Apache-2.0
#include "fleet/FleetWindow.h"
#include "fleet/FleetMatrixModel.h"

#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace ds::ui {

FleetWindow::FleetWindow(QWidget *parent)
    : QWidget(parent, Qt::Window), m_model(new FleetMatrixModel(this)), m_matrix(new QTableView(this)),
      m_groups(new QListWidget(this)), m_diff(new QPlainTextEdit(this)), m_status(new QLabel(this)),
      m_progress(new QProgressBar(this)), m_cancel(new QPushButton(tr("Cancel"), this))
{
    setWindowTitle(tr("Fleet — Driftscope"));
    setAttribute(Qt::WA_DeleteOnClose);
    resize(1200, 750);
    m_matrix->setModel(m_model);
    m_matrix->setObjectName(QStringLiteral("fleetMatrix"));
    m_matrix->setAccessibleName(tr("Templates by cluster"));
    m_matrix->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_matrix->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_matrix->verticalHeader()->setDefaultSectionSize(m_matrix->fontMetrics().height() + 6);
    m_groups->setObjectName(QStringLiteral("fleetDriftGroups"));
    m_groups->setAccessibleName(tr("Drift groups"));
    m_diff->setReadOnly(true);
    m_diff->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_diff->setAccessibleName(tr("Drift group diff"));

    auto *side = new QSplitter(Qt::Vertical, this);
    side->addWidget(m_groups);
    side->addWidget(m_diff);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_matrix);
    split->addWidget(side);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    split->setSizes({850, 350});

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_status, 1);
    bar->addWidget(m_progress);
    bar->addWidget(m_cancel);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(split, 1);

    connect(m_cancel, &QPushButton::clicked, this, &FleetWindow::cancel);
    connect(&m_watcher, &QFutureWatcher<std::optional<fleet::FleetReport>>::finished, this, &FleetWindow::onFinished);
    connect(m_groups, &QListWidget::currentRowChanged, this, &FleetWindow::showGroup);
    connect(m_matrix, &QTableView::doubleClicked, this, &FleetWindow::openCell);
}

FleetWindow::~FleetWindow()
{
    cancel();
    m_watcher.waitForFinished();
}

void FleetWindow::start(fleet::FleetOptions options)
{
    m_cancelFlag = std::make_shared<std::atomic_bool>(false);
    m_error = std::make_shared<std::string>();
    options.cancel = m_cancelFlag.get();
    // Progress crosses to the GUI thread queued; the window may be gone by then.
    QPointer<FleetWindow> self(this);
    options.progress = [self](std::size_t done, std::size_t total, const std::string &cluster) {
        QMetaObject::invokeMethod(
            qApp, [self, done, total, name = QString::fromStdString(cluster)] {
                if (!self)
                    return;
                self->m_progress->setRange(0, int(total));
                self->m_progress->setValue(int(done));
                self->m_status->setText(done < total ? tr("Comparing %1 (%2 of %3)…").arg(name).arg(done + 1).arg(total)
                                                     : tr("Grouping drifts…"));
            },
            Qt::QueuedConnection);
    };
    m_progress->setVisible(true);
    m_cancel->setVisible(true);
    m_status->setText(tr("Loading the reference…"));
    auto error = m_error;
    auto flag = m_cancelFlag; // alive as long as the work
    m_watcher.setFuture(QtConcurrent::run([options = std::move(options), error, flag]() {
        return fleet::runFleet(options, *error);
    }));
}

void FleetWindow::cancel()
{
    if (m_cancelFlag)
        m_cancelFlag->store(true);
}

void FleetWindow::onFinished()
{
    m_progress->setVisible(false);
    m_cancel->setVisible(false);
    std::optional<fleet::FleetReport> report = m_watcher.result();
    if (!report) {
        m_status->setText(m_cancelFlag && m_cancelFlag->load() ? tr("Cancelled.")
                                                               : tr("The fleet could not be compared: %1")
                                                                     .arg(QString::fromStdString(*m_error)));
        emit finished();
        return;
    }
    auto shared = std::make_shared<const fleet::FleetReport>(std::move(*report));
    m_driftGroups = shared->driftGroups();
    m_model->setReport(shared);
    int failed = 0;
    for (const auto &c : shared->clusters())
        failed += c.error.empty() ? 0 : 1;
    m_status->setText(tr("%n cluster(s), %1 drift group(s)", nullptr, int(shared->clusters().size()))
                          .arg(m_driftGroups.size())
                      + (failed ? tr(" · %n could not be compared (see the ⚠ columns)", nullptr, failed) : QString()));
    m_groups->clear();
    m_groups->addItem(tr("All clusters"));
    for (const auto &g : m_driftGroups)
        m_groups->addItem(tr("%1 — on %n cluster(s)", nullptr, int(g.clusters.size()))
                              .arg(QString::fromStdString(g.templatePath)));
    m_groups->setCurrentRow(0);
    m_matrix->resizeColumnsToContents();
    emit finished();
}

// A group shows only the clusters that share it, and its diff once.
void FleetWindow::showGroup(int row)
{
    const bool all = row <= 0 || row > int(m_driftGroups.size());
    m_diff->setPlainText(all ? QString() : QString::fromStdString(m_driftGroups[std::size_t(row - 1)].diff));
    for (int column = 0; column < m_model->columnCount(); ++column) {
        const auto *c = m_model->cluster(column);
        bool shown = all;
        if (!all && c) {
            const auto &members = m_driftGroups[std::size_t(row - 1)].clusters;
            shown = std::find(members.begin(), members.end(), c->name) != members.end();
        }
        m_matrix->setColumnHidden(column, !shown);
    }
}

void FleetWindow::openCell(const QModelIndex &index)
{
    if (const auto *c = m_model->cluster(index.column()))
        emit clusterRequested(QString::fromStdString(c->source), m_model->templatePath(index.row()));
}

} // namespace ds::ui
