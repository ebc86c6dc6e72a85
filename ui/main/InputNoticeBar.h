// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QFrame>

class QLabel;
class QPushButton;

namespace ds::ui {

struct ComparisonSnapshot;

// A bar above the diff that stays while the results shown are not the whole
// truth: the cluster data could not all be read (so "missing" may mean "not
// read"), or reading it again failed and the last good results are shown.
class InputNoticeBar : public QFrame
{
    Q_OBJECT

public:
    explicit InputNoticeBar(QWidget *parent = nullptr);

    // Shows the notice for this snapshot, or hides the bar when there is none.
    void update(const ComparisonSnapshot &snapshot);
    // The notice's text ("" when there is nothing to say).
    static QString noticeText(const ComparisonSnapshot &snapshot);

signals:
    void problemsRequested();
    void retryRequested();

private:
    QLabel *m_label;
    QPushButton *m_retry;
};

} // namespace ds::ui
