// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>

class QAction;
class QLabel;
class QTableView;
class QTextBrowser;
class QWidget;

namespace ds::ui {

class ComparisonSession;
class FieldsModel;
class SelectionController;
class SideBySideDiffView;
class TemplateSourceView;

// Explains what the diff shows: the Details panel (state, why this template,
// the other candidates, override reasons, what was not compared, the
// description with its links) and the Fields panel (every changed field and
// every field the rules hid; activating one scrolls the diff to it). "Show
// hidden fields" puts the hidden ones back into the diff, greyed. Follows the
// SelectionController; reads only the published snapshot. The Template
// Source panel shows the raw template, the lines that can have produced the
// rendered line under the diff's cursor marked.
class ExplainController : public QObject
{
    Q_OBJECT

public:
    ExplainController(ComparisonSession *session, SelectionController *selection, SideBySideDiffView *diff,
                      QWidget *parent);

    QTextBrowser *detailsView() const { return m_details; }
    QWidget *fieldsPanel() const { return m_fieldsPanel; }
    QTableView *fieldsView() const { return m_fieldsView; }
    FieldsModel *fieldsModel() const { return m_fields; }
    QAction *showHiddenAction() const { return m_showHidden; }
    TemplateSourceView *templateSource() const { return m_source; }

private:
    void onShown(const QString &objectId, const QString &templatePath);
    void onFieldActivated(int row);

    ComparisonSession *m_session;
    SelectionController *m_selection;
    QTextBrowser *m_details;
    QWidget *m_fieldsPanel;
    QLabel *m_fieldsSummary;
    QTableView *m_fieldsView;
    FieldsModel *m_fields;
    QAction *m_showHidden;
    TemplateSourceView *m_source;
};

} // namespace ds::ui
