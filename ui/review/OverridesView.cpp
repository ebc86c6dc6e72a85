// SPDX-License-Identifier: Apache-2.0
#include "review/OverridesView.h"

#include "session/OverridesDocument.h"
#include "session/OverridesModel.h"

#include <QAction>
#include <QHeaderView>
#include <QMessageBox>
#include <QUndoStack>

#include <algorithm>
#include <functional>

namespace ds::ui {

OverridesView::OverridesView(OverridesDocument *document, QWidget *parent)
    : QTableView(parent), m_document(document), m_model(new OverridesModel(document, this))
{
    setObjectName(QStringLiteral("overridesView"));
    setModel(m_model);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setWordWrap(false);
    verticalHeader()->hide();
    horizontalHeader()->setStretchLastSection(true);
    setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        for (int c = 0; c < OverridesModel::ReasonColumn; ++c)
            resizeColumnToContents(c);
    });
    connect(m_model, &OverridesModel::editRefused, this,
            [this](const QString &why) { QMessageBox::warning(this, tr("Edit Reason"), why); });

    setContextMenuPolicy(Qt::ActionsContextMenu);
    auto *remove = new QAction(tr("Remove Override"), this);
    remove->setShortcut(QKeySequence::Delete);
    remove->setShortcutContext(Qt::WidgetShortcut);
    connect(remove, &QAction::triggered, this, &OverridesView::removeSelected);
    addAction(remove);
    auto *editReason = new QAction(tr("Edit Reason"), this);
    connect(editReason, &QAction::triggered, this, [this] {
        if (currentIndex().isValid())
            edit(currentIndex().siblingAtColumn(OverridesModel::ReasonColumn));
    });
    addAction(editReason);
}

void OverridesView::removeSelected()
{
    QList<int> rows;
    for (const QModelIndex &index : selectionModel()->selectedRows())
        rows << index.row();
    if (rows.isEmpty() && currentIndex().isValid())
        rows << currentIndex().row();
    if (rows.isEmpty())
        return;
    std::sort(rows.begin(), rows.end(), std::greater<>()); // later rows first keep the indices valid
    m_document->undoStack()->beginMacro(rows.size() == 1 ? tr("Remove Override") : tr("Remove Overrides"));
    for (int row : rows)
        if (!m_document->remove(row))
            QMessageBox::warning(this, tr("Remove Override"), m_document->errorString());
    m_document->undoStack()->endMacro();
}

} // namespace ds::ui
