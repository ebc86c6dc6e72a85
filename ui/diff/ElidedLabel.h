// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QWidget>

namespace ds::ui {

// One line of text elided in the middle (paths and CR ids keep both ends),
// with the full text as tooltip when it does not fit.
class ElidedLabel : public QWidget
{
    Q_OBJECT

public:
    explicit ElidedLabel(QWidget *parent = nullptr);

    QString text() const { return m_text; }
    void setText(const QString &text);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void updateToolTip();

    QString m_text;
};

} // namespace ds::ui
