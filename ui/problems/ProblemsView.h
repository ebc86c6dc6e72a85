// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QTableView>

namespace ds::ui {

class ProblemsModel;
struct Problem;

// The Problems panel: one row per problem (the whole message in the tooltip and
// in Show Details), Enter or a double-click goes to what it is about.
class ProblemsView : public QTableView
{
    Q_OBJECT

public:
    explicit ProblemsView(ProblemsModel *model, QWidget *parent = nullptr);

signals:
    // Go to the CR, template or file (and line) the problem names.
    void problemActivated(const ds::ui::Problem &problem);

private:
    void activateRow(int row);
    void showDetails(int row);
    ProblemsModel *m_model;
};

} // namespace ds::ui
