// SPDX-License-Identifier: Apache-2.0
#include "main/WelcomePanel.h"

#include <QLabel>
#include <QVBoxLayout>

namespace ds::ui {

WelcomePanel::WelcomePanel(QWidget *parent) : QWidget(parent), m_text(new QLabel(this))
{
    setObjectName(QStringLiteral("welcomePanel"));
    m_text->setObjectName(QStringLiteral("welcomeText"));
    m_text->setTextFormat(Qt::RichText);
    m_text->setWordWrap(true);
    m_text->setAlignment(Qt::AlignCenter);
    m_text->setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
    m_text->setText(tr("<h2>Compare a cluster with its reference</h2>"
                       "<p>1. <a href=\"reference\">Open a reference</a> (its metadata.yaml or folder, Ctrl+O)</p>"
                       "<p>2. <a href=\"inputs\">Open cluster data</a> (a must-gather, an archive or a folder of CRs, "
                       "Ctrl+Shift+O) or <a href=\"connect\">connect to a cluster</a> (read-only, Ctrl+K)</p>"
                       "<p>Files and folders can also be dropped anywhere on this window.</p>"
                       "<p><br>No data at hand? <a href=\"sample\">Open the sample comparison</a>: the telco core "
                       "reference and a cluster with a few drifts, a missing CR and one no template covers.</p>"));
    connect(m_text, &QLabel::linkActivated, this, [this](const QString &link) {
        if (link == QLatin1String("reference"))
            emit openReferenceRequested();
        else if (link == QLatin1String("inputs"))
            emit openInputsRequested();
        else if (link == QLatin1String("connect"))
            emit connectRequested();
        else if (link == QLatin1String("sample"))
            emit sampleRequested();
    });
    auto *layout = new QVBoxLayout(this);
    layout->addStretch();
    layout->addWidget(m_text);
    layout->addStretch();
}

} // namespace ds::ui
