// SPDX-License-Identifier: Apache-2.0
#include "explain/ExplainController.h"

#include "explain/DetailsText.h"
#include "diff/DiffSideEditor.h"
#include "diff/SideBySideDiffView.h"
#include "explain/FieldsModel.h"
#include "explain/TemplateSourceView.h"
#include "main/SelectionController.h"
#include "session/ComparisonSession.h"

#include <QAction>
#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QTextBlock>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace ds::ui {

ExplainController::ExplainController(ComparisonSession *session, SelectionController *selection,
                                     SideBySideDiffView *diff, QWidget *parent)
    : QObject(parent), m_session(session), m_selection(selection), m_details(new QTextBrowser(parent)),
      m_fieldsPanel(new QWidget(parent)), m_fieldsSummary(new QLabel(m_fieldsPanel)),
      m_fieldsView(new QTableView(m_fieldsPanel)), m_fields(new FieldsModel(this)),
      m_showHidden(new QAction(tr("Show &Hidden Fields in the Diff"), this)), m_source(new TemplateSourceView(parent))
{
    m_details->setObjectName(QStringLiteral("detailsView"));
    m_details->setOpenExternalLinks(true);
    m_details->setAccessibleName(tr("Details of the selection"));

    m_showHidden->setObjectName(QStringLiteral("showHiddenFieldsAction"));
    m_showHidden->setCheckable(true);
    m_showHidden->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H));
    m_showHidden->setToolTip(tr("Show the whole cluster CR in the diff, the fields the reference's rules did not "
                                "compare greyed"));
    connect(m_showHidden, &QAction::toggled, m_selection, &SelectionController::setShowHiddenFields);

    m_fieldsSummary->setObjectName(QStringLiteral("fieldsSummary"));
    auto *showHidden = new QCheckBox(m_showHidden->text().remove(QLatin1Char('&')), m_fieldsPanel);
    showHidden->setObjectName(QStringLiteral("showHiddenFields"));
    connect(showHidden, &QCheckBox::toggled, m_showHidden, &QAction::setChecked);
    connect(m_showHidden, &QAction::toggled, showHidden, &QCheckBox::setChecked);
    m_fieldsView->setObjectName(QStringLiteral("fieldsView"));
    m_fieldsView->setAccessibleName(tr("Changed and hidden fields"));
    m_fieldsView->setModel(m_fields);
    m_fieldsView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_fieldsView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_fieldsView->setWordWrap(false);
    m_fieldsView->verticalHeader()->hide();
    m_fieldsView->verticalHeader()->setDefaultSectionSize(m_fieldsView->fontMetrics().height() + 6); // one line a field
    m_fieldsView->horizontalHeader()->setStretchLastSection(true);
    connect(m_fieldsView, &QAbstractItemView::activated, this, [this](const QModelIndex &i) { onFieldActivated(i.row()); });
    connect(m_fieldsView, &QAbstractItemView::clicked, this, [this](const QModelIndex &i) { onFieldActivated(i.row()); });
    auto *top = new QHBoxLayout;
    top->addWidget(m_fieldsSummary, 1);
    top->addWidget(showHidden);
    auto *layout = new QVBoxLayout(m_fieldsPanel);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(top);
    layout->addWidget(m_fieldsView, 1);

    connect(m_selection, &SelectionController::shown, this, &ExplainController::onShown);
    // The rendered line under the cursor leads to the template lines that can have made it.
    connect(diff->leftEditor(), &QPlainTextEdit::cursorPositionChanged, this, [this, diff] {
        m_source->locate(diff->leftEditor()->textCursor().block().text());
    });
    onShown({}, {});
}

void ExplainController::onShown(const QString &objectId, const QString &templatePath)
{
    const auto snapshot = m_session->snapshot();
    m_details->setHtml(detailsHtml(*snapshot, objectId, templatePath));
    QString source;
    if (snapshot->reference)
        for (const ref::ReferenceTemplate &t : snapshot->reference->templates)
            if (QString::fromStdString(t.path) == templatePath)
                source = QString::fromStdString(t.source);
    m_source->setTemplate(templatePath, source);
    const auto *result = objectId.isEmpty() ? nullptr : snapshot->lookup().result(objectId.toStdString());
    m_fields->setResult(result);
    for (int c = 0; c < FieldsModel::ClusterColumn; ++c)
        m_fieldsView->resizeColumnToContents(c);
    m_fieldsSummary->setText(!result                      ? tr("No compared pair selected")
                                 : m_fields->rowCount() == 0 ? tr("No changed fields, none hidden")
                                 : tr("%1 changed, %2 not compared").arg(m_fields->changedCount()).arg(m_fields->hiddenCount()));
}

// A field leads to its lines; a hidden one first puts the hidden fields back in the diff.
void ExplainController::onFieldActivated(int row)
{
    if (m_fields->isHidden(row) && !m_showHidden->isChecked())
        m_showHidden->setChecked(true);
    m_selection->revealPath(m_fields->pathAt(row));
}

} // namespace ds::ui
