// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "compare/UserOverrides.h"
#include "report/ComparisonReport.h"

#include <QDialog>

#include <vector>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace ds::ui {

// Edit ▸ Accept Differences…: shows the user overrides that will be recorded
// for the chosen drifted CRs — exactly the list items `driftscope-cli -o
// generate-patches --generate-override-for <template> --override-reason
// <reason>` writes — and asks for the reason, which every override needs: the
// Accept button stays disabled while it is empty.
class AcceptDifferencesDialog : public QDialog
{
    Q_OBJECT

public:
    // results: the drifted CRs (each with an accept patch); fileName: where the
    // overrides go ("" for a new, unsaved file).
    AcceptDifferencesDialog(std::vector<report::CrResult> results, const QString &fileName,
                            QWidget *parent = nullptr);

    QString reason() const;
    void setReason(const QString &reason);
    // The overrides with the reason given.
    std::vector<compare::UserOverride> overrides() const;

    QLineEdit *reasonEdit() const { return m_reason; }
    QPlainTextEdit *preview() const { return m_preview; }
    QDialogButtonBox *buttons() const { return m_buttons; }

private:
    void update();

    std::vector<report::CrResult> m_results;
    QLineEdit *m_reason;
    QLabel *m_hint;
    QPlainTextEdit *m_preview;
    QDialogButtonBox *m_buttons;
};

} // namespace ds::ui
