// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "reference/Reference.h"

#include <QDialog>

class QLineEdit;
class QListWidget;

namespace ds::ui {

// Correlate with Template…: a searchable list of the reference's templates,
// those of the CR's apiVersion and kind first, for pinning a CR without
// dragging it. Typing filters by path, kind and name; Return picks.
class TemplateChooserDialog : public QDialog
{
    Q_OBJECT

public:
    // apiVersion/kind: of the CR(s) to pin (empty: no preference).
    TemplateChooserDialog(const ref::Reference &reference, const QString &apiVersion, const QString &kind,
                          const QString &subject, QWidget *parent = nullptr);

    // The template chosen ("" when none).
    QString templatePath() const;
    QLineEdit *filterEdit() const { return m_filter; }
    QListWidget *list() const { return m_list; }

private:
    void applyFilter(const QString &text);

    QLineEdit *m_filter;
    QListWidget *m_list;
};

struct ComparisonSnapshot;

// Correlate with Template… for the CRs `ids`: the chooser, then — when the
// template is of another apiVersion or kind than a CR — a confirmation. The
// template path, or "" when the user cancelled.
QString chooseTemplateFor(QWidget *parent, const ComparisonSnapshot &snapshot, const QStringList &ids);

} // namespace ds::ui
