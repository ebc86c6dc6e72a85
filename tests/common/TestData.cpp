// SPDX-License-Identifier: Apache-2.0
#include "TestData.h"

#include <QFile>
#include <QJsonDocument>
#include <QTest>

namespace ds::test {

QString dataPath(const QString &relative)
{
    return QStringLiteral(DRIFTSCOPE_TEST_DATA_DIR "/") + relative;
}

QJsonArray loadVectors(const QString &name)
{
    QFile f(dataPath(QStringLiteral("shared/spec/vectors/%1.json").arg(name)));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open vector file %s", qPrintable(f.fileName()));
    return QJsonDocument::fromJson(f.readAll()).array();
}

std::string readFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open %s", qPrintable(path));
    return f.readAll().toStdString();
}

} // namespace ds::test
