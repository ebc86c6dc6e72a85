// SPDX-License-Identifier: Apache-2.0
#include "ProblemsView.h"

#include "ProblemsModel.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QMessageBox>

namespace ds::ui {

ProblemsView::ProblemsView(ProblemsModel *model, QWidget *parent) : QTableView(parent), m_model(model)
{
    setObjectName(QStringLiteral("problemsView"));
    setAccessibleName(tr("Problems"));
    setModel(model);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setWordWrap(false);
    verticalHeader()->hide();
    horizontalHeader()->setSectionResizeMode(ProblemsModel::MessageColumn, QHeaderView::Stretch);
    connect(this, &QAbstractItemView::activated, this, [this](const QModelIndex &index) { activateRow(index.row()); });

    setContextMenuPolicy(Qt::ActionsContextMenu);
    auto *goTo = new QAction(tr("&Go to"), this);
    auto *details = new QAction(tr("Show &Details…"), this);
    auto *copy = new QAction(tr("&Copy Message"), this);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetShortcut);
    connect(goTo, &QAction::triggered, this, [this] { activateRow(currentIndex().row()); });
    connect(details, &QAction::triggered, this, [this] { showDetails(currentIndex().row()); });
    connect(copy, &QAction::triggered, this, [this] {
        if (currentIndex().isValid())
            QApplication::clipboard()->setText(m_model->problem(currentIndex().row()).message);
    });
    addActions({goTo, details, copy});
}

void ProblemsView::activateRow(int row)
{
    if (row >= 0 && row < m_model->rowCount())
        emit problemActivated(m_model->problem(row));
}

// Long messages (a template's error, kube-compare's aggregated errors) in full, selectable.
void ProblemsView::showDetails(int row)
{
    if (row < 0 || row >= m_model->rowCount())
        return;
    QMessageBox box(this);
    box.setWindowTitle(tr("Problem"));
    box.setIcon(QMessageBox::NoIcon);
    box.setText(m_model->data(m_model->index(row, ProblemsModel::SeverityColumn), Qt::DisplayRole).toString());
    box.setInformativeText(m_model->problem(row).message);
    box.setTextInteractionFlags(Qt::TextSelectableByMouse);
    box.exec();
}

} // namespace ds::ui
