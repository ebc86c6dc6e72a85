// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QJsonArray>
#include <QString>

#include <string>

namespace ds::test {

// Absolute path of a file under tests/data (e.g. "shared/spec/vectors/go-template.json").
QString dataPath(const QString &relative);

// The cases of a spec vector file (tests/data/shared/spec/vectors/<name>.json).
QJsonArray loadVectors(const QString &name);

std::string readFile(const QString &path);

inline std::string toStd(const QString &s) { return s.toStdString(); }
inline QString fromStd(const std::string &s) { return QString::fromStdString(s); }

} // namespace ds::test
