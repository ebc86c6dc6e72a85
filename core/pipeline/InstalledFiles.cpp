// SPDX-License-Identifier: Apache-2.0
#include "InstalledFiles.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include <archive.h>
#include <openssl/crypto.h>

namespace ds::pipeline {

std::optional<std::string> installedFile(const std::string &installed, const std::string &inSource)
{
    QStringList candidates;
    if (QCoreApplication::instance())
        candidates << QCoreApplication::applicationDirPath() + QStringLiteral("/../share/")
                + QString::fromStdString(installed);
    candidates << QStringLiteral(DRIFTSCOPE_SOURCE_DIR "/") + QString::fromStdString(inSource);
    for (const QString &path : candidates)
        if (QFileInfo::exists(path))
            return QFileInfo(path).canonicalFilePath().toStdString();
    return std::nullopt;
}

std::vector<std::pair<std::string, std::string>> libraryVersions()
{
    return {{"Qt", qVersion()},
            {"yaml-cpp", DRIFTSCOPE_YAMLCPP_VERSION},
            {"RE2", DRIFTSCOPE_RE2_VERSION},
            {"libarchive", archive_version_details()},
            {"OpenSSL", OpenSSL_version(OPENSSL_VERSION)}};
}

} // namespace ds::pipeline
