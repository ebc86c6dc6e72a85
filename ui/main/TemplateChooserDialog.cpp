// SPDX-License-Identifier: Apache-2.0
#include "main/TemplateChooserDialog.h"

#include "session/ComparisonSnapshot.h"

#include <QDialogButtonBox>
#include <QMessageBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace ds::ui {

namespace {

QString field(const Value &metadata, std::initializer_list<std::string_view> path)
{
    const Value v = metadata.at(path);
    return v.isString() ? QString::fromStdString(v.str()) : QString();
}

} // namespace

TemplateChooserDialog::TemplateChooserDialog(const ref::Reference &reference, const QString &apiVersion,
                                             const QString &kind, const QString &subject, QWidget *parent)
    : QDialog(parent), m_filter(new QLineEdit(this)), m_list(new QListWidget(this))
{
    setObjectName(QStringLiteral("templateChooser"));
    setWindowTitle(tr("Correlate with Template"));
    auto *label = new QLabel(tr("Compare %1 with the template:").arg(subject.toHtmlEscaped()), this);
    label->setWordWrap(true);
    m_filter->setPlaceholderText(tr("Filter by path, kind or name"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setAccessibleName(tr("Template filter"));
    m_list->setAccessibleName(tr("Templates"));

    // Templates of the CR's kind first: the likely answer is at the top.
    struct Entry
    {
        bool sameKind;
        QString path;
        QString label;
    };
    std::vector<Entry> entries;
    for (const ref::ReferenceTemplate &t : reference.templates) {
        const QString tKind = field(t.metadata, {"kind"});
        const QString tApi = field(t.metadata, {"apiVersion"});
        const QString name = field(t.metadata, {"metadata", "name"});
        const bool same = !kind.isEmpty() && tKind == kind && tApi == apiVersion;
        entries.push_back({same, QString::fromStdString(t.path),
                           tr("%1 — %2 %3").arg(QString::fromStdString(t.path), tKind, name).trimmed()});
    }
    std::stable_sort(entries.begin(), entries.end(), [](const Entry &a, const Entry &b) { return a.sameKind > b.sameKind; });
    for (const Entry &e : entries) {
        auto *item = new QListWidgetItem(e.label, m_list);
        item->setData(Qt::UserRole, e.path);
        if (e.sameKind) {
            QFont bold = item->font();
            bold.setBold(true);
            item->setFont(bold);
        }
    }
    if (m_list->count() > 0)
        m_list->setCurrentRow(0);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Correlate"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(label);
    layout->addWidget(m_filter);
    layout->addWidget(m_list, 1);
    layout->addWidget(buttons);
    resize(640, 420);
    connect(m_filter, &QLineEdit::textChanged, this, &TemplateChooserDialog::applyFilter);
    connect(m_list, &QListWidget::itemActivated, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    // Return in the filter picks the current (first matching) template.
    connect(m_filter, &QLineEdit::returnPressed, this, &QDialog::accept);
    m_filter->setFocus();
}

QString TemplateChooserDialog::templatePath() const
{
    const QListWidgetItem *item = m_list->currentItem();
    return item && !item->isHidden() ? item->data(Qt::UserRole).toString() : QString();
}

void TemplateChooserDialog::applyFilter(const QString &text)
{
    const QStringList words = text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    QListWidgetItem *first = nullptr;
    for (int i = 0; i < m_list->count(); ++i) {
        QListWidgetItem *item = m_list->item(i);
        const bool match = std::all_of(words.begin(), words.end(), [&](const QString &w) {
            return item->text().contains(w, Qt::CaseInsensitive);
        });
        item->setHidden(!match);
        if (match && !first)
            first = item;
    }
    m_list->setCurrentItem(first);
}

QString chooseTemplateFor(QWidget *parent, const ComparisonSnapshot &snapshot, const QStringList &ids)
{
    if (!snapshot.reference || ids.isEmpty())
        return {};
    const input::ClusterObject *first = snapshot.lookup().object(ids.front().toStdString());
    const QString apiVersion = first ? QString::fromStdString(input::stringField(first->object, {"apiVersion"})) : QString();
    const QString kind = first ? QString::fromStdString(input::stringField(first->object, {"kind"})) : QString();
    const QString subject = ids.size() == 1 ? ids.front() : TemplateChooserDialog::tr("%1 CRs").arg(ids.size());
    TemplateChooserDialog dialog(*snapshot.reference, apiVersion, kind, subject, parent);
    if (dialog.exec() != QDialog::Accepted || dialog.templatePath().isEmpty())
        return {};
    const QString path = dialog.templatePath();
    for (const ref::ReferenceTemplate &t : snapshot.reference->templates) {
        if (QString::fromStdString(t.path) != path)
            continue;
        const QString tApi = field(t.metadata, {"apiVersion"}), tKind = field(t.metadata, {"kind"});
        if (tApi == apiVersion && tKind == kind)
            break;
        const auto answer = QMessageBox::question(
            parent, TemplateChooserDialog::tr("Correlate with Template"),
            TemplateChooserDialog::tr("%1 is a %2 %3, the CR a %4 %5: they will show every field as different. "
                                      "Correlate them anyway?")
                .arg(path, tApi, tKind, apiVersion, kind),
            QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel);
        if (answer != QMessageBox::Yes)
            return {};
    }
    return path;
}

} // namespace ds::ui
