// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QStyledItemDelegate>

namespace ds::ui {

// For columns of paths and ids: elided in the middle, so the file or object
// name at the end stays readable ("required/net…/SriovOperatorConfig.yaml");
// other columns keep the view's elision (a summary is read from its start).
class ElideMiddleDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;
};

} // namespace ds::ui
