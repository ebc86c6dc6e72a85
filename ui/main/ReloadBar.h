// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QFrame>

class QLabel;

namespace ds::ui {

// An inline bar above the diff: "The reference changed on disk. [Reload] [Ignore]".
class ReloadBar : public QFrame
{
    Q_OBJECT

public:
    explicit ReloadBar(QWidget *parent = nullptr);

    void showMessage(const QString &text);

signals:
    void reloadRequested();

private:
    QLabel *m_label;
};

} // namespace ds::ui
