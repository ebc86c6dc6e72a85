// SPDX-License-Identifier: Apache-2.0
#include "ExportPool.h"

#include "util/LargeStack.h"

#include <QCoreApplication>
#include <QSaveFile>
#include <QThreadPool>

namespace ds::ui {

QThreadPool *exportPool()
{
    static QThreadPool *pool = [] {
        auto *p = new QThreadPool(QCoreApplication::instance());
        p->setMaxThreadCount(1);
        p->setStackSize(static_cast<uint>(kRenderStackBytes));
        return p;
    }();
    return pool;
}

QString writeFileAtomically(const QString &path, const std::string &text)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)
        || file.write(text.data(), qint64(text.size())) != qint64(text.size()) || !file.commit())
        return QCoreApplication::translate("ExportPool", "Cannot write %1: %2").arg(path, file.errorString());
    return {};
}

} // namespace ds::ui
