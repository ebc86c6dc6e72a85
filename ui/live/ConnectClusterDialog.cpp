// SPDX-License-Identifier: Apache-2.0
#include "ConnectClusterDialog.h"

#include "ContextListModel.h"
#include "live/LiveInputSource.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace ds::ui {

ConnectClusterDialog::ConnectClusterDialog(const QString &kubeconfig, const QString &context, QWidget *parent)
    : QDialog(parent),
      m_kubeconfigEdit(new QLineEdit(kubeconfig, this)),
      m_filesLabel(new QLabel(this)),
      m_errorLabel(new QLabel(this)),
      m_view(new QTableView(this)),
      m_model(new ContextListModel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Cancel, this)),
      m_wantedContext(context)
{
    setWindowTitle(tr("Connect to Cluster"));
    setObjectName(QStringLiteral("ConnectClusterDialog"));
    resize(760, 360);

    m_kubeconfigEdit->setPlaceholderText(tr("$KUBECONFIG or ~/.kube/config"));
    m_kubeconfigEdit->setClearButtonEnabled(true);
    auto *browse = new QPushButton(tr("&Browse…"), this);
    auto *pathRow = new QHBoxLayout;
    auto *pathLabel = new QLabel(tr("&Kubeconfig:"), this);
    pathLabel->setBuddy(m_kubeconfigEdit);
    pathRow->addWidget(pathLabel);
    pathRow->addWidget(m_kubeconfigEdit, 1);
    pathRow->addWidget(browse);

    m_filesLabel->setWordWrap(true);
    m_filesLabel->setEnabled(false); // secondary text
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_errorLabel->setStyleSheet(QStringLiteral("color: white; background: #b3261e; "
                                               "padding: 4px; border-radius: 3px;"));
    m_errorLabel->hide();

    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setAlternatingRowColors(true);

    auto *readOnly = new QLabel(tr("Driftscope only reads from the cluster (get and list requests for the kinds "
                                   "the reference uses); it never changes anything."),
                                this);
    readOnly->setWordWrap(true);

    QPushButton *connectButton = m_buttons->addButton(tr("&Connect"), QDialogButtonBox::AcceptRole);
    connectButton->setDefault(true);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(pathRow);
    layout->addWidget(m_filesLabel);
    layout->addWidget(m_errorLabel);
    layout->addWidget(m_view, 1);
    layout->addWidget(readOnly);
    layout->addWidget(m_buttons);

    connect(browse, &QPushButton::clicked, this, &ConnectClusterDialog::chooseKubeconfig);
    connect(m_kubeconfigEdit, &QLineEdit::editingFinished, this, &ConnectClusterDialog::reloadContexts);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_view, &QTableView::doubleClicked, this, &QDialog::accept);
    reloadContexts();
}

ClusterTarget ConnectClusterDialog::target() const
{
    ClusterTarget target;
    target.kubeconfig = m_kubeconfigEdit->text().trimmed();
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    if (!rows.isEmpty())
        target.context = QString::fromStdString(m_model->context(rows.front().row()).name);
    return target;
}

void ConnectClusterDialog::reloadContexts()
{
    const QString previous = target().context;
    const live::ContextListing listing = live::listContexts(m_kubeconfigEdit->text().trimmed().toStdString());
    m_model->setContexts(listing.contexts);
    QStringList files;
    for (const std::string &f : listing.files)
        files << QString::fromStdString(f);
    m_filesLabel->setText(files.isEmpty() ? QString() : tr("Read from %1").arg(files.join(QStringLiteral(", "))));
    m_errorLabel->setVisible(listing.error.has_value() || listing.contexts.empty());
    if (listing.error)
        m_errorLabel->setText(QString::fromStdString(*listing.error));
    else if (listing.contexts.empty())
        m_errorLabel->setText(tr("This kubeconfig has no contexts. Log in first (for example `oc login` or "
                                 "`aws eks update-kubeconfig`), or choose another file."));
    m_view->resizeColumnsToContents();
    const QString wanted = !previous.isEmpty() ? previous : m_wantedContext;
    selectContext(!wanted.isEmpty() ? wanted : QString::fromStdString(listing.currentContext));
    updateButtons();
}

void ConnectClusterDialog::chooseKubeconfig()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Choose a Kubeconfig"), m_kubeconfigEdit->text(),
                                                      tr("Kubeconfig (*config* *.yaml *.yml);;All files (*)"));
    if (path.isEmpty())
        return;
    m_kubeconfigEdit->setText(path);
    reloadContexts();
}

void ConnectClusterDialog::selectContext(const QString &name)
{
    int row = m_model->currentRow();
    for (int r = 0; r < m_model->rowCount(); ++r)
        if (QString::fromStdString(m_model->context(r).name) == name)
            row = r;
    if (row < 0 && m_model->rowCount() > 0)
        row = 0;
    if (row >= 0)
        m_view->selectRow(row);
}

void ConnectClusterDialog::updateButtons()
{
    const bool any = m_model->rowCount() > 0;
    for (QAbstractButton *b : m_buttons->buttons())
        if (m_buttons->buttonRole(b) == QDialogButtonBox::AcceptRole)
            b->setEnabled(any);
}

} // namespace ds::ui
