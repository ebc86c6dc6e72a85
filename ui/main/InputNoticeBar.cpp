// SPDX-License-Identifier: Apache-2.0
#include "InputNoticeBar.h"

#include "session/ComparisonSnapshot.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QStyle>

namespace ds::ui {

InputNoticeBar::InputNoticeBar(QWidget *parent)
    : QFrame(parent), m_label(new QLabel(this)), m_retry(new QPushButton(tr("Re&try"), this))
{
    setObjectName(QStringLiteral("inputNoticeBar"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::ToolTipBase);
    m_label->setWordWrap(true);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *icon = new QLabel(this);
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(20, 20));
    auto *problems = new QPushButton(tr("Show &Problems"), this);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 4);
    layout->addWidget(icon, 0, Qt::AlignTop);
    layout->addWidget(m_label, 1);
    layout->addWidget(m_retry, 0, Qt::AlignTop);
    layout->addWidget(problems, 0, Qt::AlignTop);
    connect(problems, &QPushButton::clicked, this, &InputNoticeBar::problemsRequested);
    connect(m_retry, &QPushButton::clicked, this, &InputNoticeBar::retryRequested);
    hide();
}

QString InputNoticeBar::noticeText(const ComparisonSnapshot &snapshot)
{
    QStringList parts;
    if (snapshot.isStale()) {
        const QString when = snapshot.readAt.isValid()
            ? QLocale().toString(snapshot.readAt, QLocale::ShortFormat)
            : tr("an earlier read");
        parts << tr("<b>Stale results.</b> Reading the cluster data again failed: %1. Shown: what was read at %2.")
                     .arg(snapshot.staleBecause.toHtmlEscaped(), when);
    }
    if (snapshot.report && !snapshot.report->inputErrors.empty()) {
        const auto &errors = snapshot.report->inputErrors;
        QString text = tr("<b>Incomplete cluster data.</b> %1").arg(QString::fromStdString(errors.front()).toHtmlEscaped());
        if (errors.size() > 1)
            text += tr(" (and %n more)", nullptr, int(errors.size() - 1));
        text += tr(". Templates whose CRs may be among what was not read show <i>Not verified</i>, not missing.");
        parts << text;
    }
    return parts.join(QStringLiteral("<br>"));
}

void InputNoticeBar::update(const ComparisonSnapshot &snapshot)
{
    const QString text = noticeText(snapshot);
    m_label->setText(text);
    m_retry->setVisible(snapshot.isStale());
    setVisible(!text.isEmpty());
}

} // namespace ds::ui
