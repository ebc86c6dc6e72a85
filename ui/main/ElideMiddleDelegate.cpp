// SPDX-License-Identifier: Apache-2.0
#include "main/ElideMiddleDelegate.h"

namespace ds::ui {

void ElideMiddleDelegate::initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    option->textElideMode = Qt::ElideMiddle;
}

} // namespace ds::ui
