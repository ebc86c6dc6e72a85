// SPDX-License-Identifier: Apache-2.0
#include "review/AcceptDifferencesDialog.h"

#include "compare/OverridesWriter.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace ds::ui {

AcceptDifferencesDialog::AcceptDifferencesDialog(std::vector<report::CrResult> results, const QString &fileName,
                                                 QWidget *parent)
    : QDialog(parent), m_results(std::move(results)), m_reason(new QLineEdit(this)), m_hint(new QLabel(this)),
      m_preview(new QPlainTextEdit(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("acceptDifferencesDialog"));
    setWindowTitle(tr("Accept Differences"));
    const int n = int(m_results.size());
    const QString what = n == 1 ? QString::fromStdString(m_results.front().crName) : tr("%1 CRs").arg(n);
    auto *intro = new QLabel(
        tr("<p>Accept the differences of <b>%1</b> as intended. Each CR gets a user override that makes the "
           "reference expect it as it is — what <code>driftscope-cli -o generate-patches</code> writes — in "
           "<b>%2</b>. The CLI, kube-compare and CI then report the CR as patched, with your reason.</p>")
            .arg(what.toHtmlEscaped(),
                 fileName.isEmpty() ? tr("a new overrides file (File ▸ Save Overrides)") : fileName.toHtmlEscaped()),
        this);
    intro->setWordWrap(true);

    m_reason->setObjectName(QStringLiteral("reasonEdit"));
    m_reason->setPlaceholderText(tr("Why is this difference intended? (required)"));
    m_hint->setObjectName(QStringLiteral("reasonHint"));
    m_preview->setObjectName(QStringLiteral("overridePreview"));
    m_preview->setReadOnly(true);
    m_preview->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_preview->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Accept"));

    auto *form = new QFormLayout;
    form->addRow(tr("&Reason:"), m_reason);
    form->addRow(QString(), m_hint);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(new QLabel(tr("Overrides to record:"), this));
    layout->addWidget(m_preview, 1);
    layout->addWidget(m_buttons);
    resize(760, 480);

    connect(m_reason, &QLineEdit::textChanged, this, &AcceptDifferencesDialog::update);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    update();
}

QString AcceptDifferencesDialog::reason() const
{
    return m_reason->text().trimmed();
}

void AcceptDifferencesDialog::setReason(const QString &reason)
{
    m_reason->setText(reason);
}

std::vector<compare::UserOverride> AcceptDifferencesDialog::overrides() const
{
    std::vector<compare::UserOverride> out;
    for (const report::CrResult &result : m_results)
        out.push_back(compare::UserOverrides::accepting(result, reason().toStdString()));
    return out;
}

// The preview is the text appended to the file, so what is shown is what is saved.
void AcceptDifferencesDialog::update()
{
    const bool empty = reason().isEmpty();
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(!empty);
    m_hint->setText(empty ? tr("<i>A reason is required: it is what the reports show for this CR.</i>") : QString());
    std::vector<compare::UserOverride> shown = overrides();
    if (empty) // an override without a reason is no override: show where it goes
        for (compare::UserOverride &o : shown)
            o.reason = tr("(your reason)").toStdString();
    m_preview->setPlainText(QString::fromStdString(compare::OverridesWriter::append({}, shown).text));
}

} // namespace ds::ui
