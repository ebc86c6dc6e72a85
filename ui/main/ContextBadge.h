// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QColor>
#include <QLabel>

namespace ds::ui {

// The kubeconfig context being compared, as a coloured badge in the toolbar so
// nobody mistakes production for staging. Each context keeps its colour across
// sessions (derived from its name); names that look like production are red.
class ContextBadge : public QLabel
{
    Q_OBJECT

public:
    explicit ContextBadge(QWidget *parent = nullptr);

    // Empty name: hidden.
    void setContext(const QString &name, const QString &detail);
    QString context() const { return m_context; }

    static QColor colorFor(const QString &contextName);
    static bool looksLikeProduction(const QString &contextName);

private:
    QString m_context;
};

} // namespace ds::ui
