// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QTableView>

namespace ds::ui {

class OverridesDocument;
class OverridesModel;

// The Overrides panel: every user override in force (CR, template, type,
// reason). Delete removes the selected ones, F2 or a double click edits a
// reason; both are undoable edits of the document, and a refused edit (an
// empty reason) is explained.
class OverridesView : public QTableView
{
    Q_OBJECT

public:
    explicit OverridesView(OverridesDocument *document, QWidget *parent = nullptr);

    OverridesModel *overridesModel() const { return m_model; }
    void removeSelected();

private:
    OverridesDocument *m_document;
    OverridesModel *m_model;
};

} // namespace ds::ui
