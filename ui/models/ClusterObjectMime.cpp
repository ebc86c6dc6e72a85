// SPDX-License-Identifier: Apache-2.0
#include "ClusterObjectMime.h"

#include <QMimeData>

namespace ds::ui::ClusterObjectMime {

QString type()
{
    return QStringLiteral("application/x-driftscope-cluster-object-ids");
}

QMimeData *encode(const QStringList &ids)
{
    auto *data = new QMimeData;
    data->setData(type(), ids.join(QLatin1Char('\n')).toUtf8());
    return data;
}

QStringList decode(const QMimeData *data)
{
    if (!data || !data->hasFormat(type()))
        return {};
    QStringList ids = QString::fromUtf8(data->data(type())).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    ids.removeDuplicates();
    return ids;
}

} // namespace ds::ui::ClusterObjectMime
