// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QMainWindow>

class QLabel;

namespace ds::ui {

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);

private:
    void createMenus();
    void showAbout();

    QLabel *m_placeholder = nullptr;
};

} // namespace ds::ui
