// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QWidget>

class QLabel;

namespace ds::ui {

// What an empty window shows where the diff will be: what to open (each a
// link to the command), that files can be dropped anywhere on the window, and
// the sample comparison to try Driftscope without data.
class WelcomePanel : public QWidget
{
    Q_OBJECT

public:
    explicit WelcomePanel(QWidget *parent = nullptr);

signals:
    void openReferenceRequested();
    void openInputsRequested();
    void connectRequested();
    void sampleRequested();

private:
    QLabel *m_text;
};

} // namespace ds::ui
