// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>
#include <QStringList>

class QMimeData;

namespace ds::ui {

// The private drag-and-drop format for cluster CRs: their ids, UTF-8, one per line.
namespace ClusterObjectMime {

QString type(); // application/x-driftscope-cluster-object-ids
QMimeData *encode(const QStringList &ids);
// The ids of `data` (empty when it has none or not in our format).
QStringList decode(const QMimeData *data);

} // namespace ClusterObjectMime

} // namespace ds::ui
