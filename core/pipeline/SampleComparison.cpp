// SPDX-License-Identifier: Apache-2.0
#include "SampleComparison.h"

#include "InstalledFiles.h"

#include <QDir>
#include <QFileInfo>

namespace ds::pipeline {

std::optional<SampleComparison> sampleComparison()
{
    QStringList candidates;
    if (qEnvironmentVariableIsSet("DRIFTSCOPE_SAMPLE_DIR"))
        candidates << qEnvironmentVariable("DRIFTSCOPE_SAMPLE_DIR");
    if (const auto shipped = installedFile("driftscope/sample", "resources/sample"))
        candidates << QString::fromStdString(*shipped);
    for (const QString &dir : candidates) {
        const QString metadata = dir + QStringLiteral("/reference/metadata.yaml");
        if (!QFileInfo::exists(metadata) || !QFileInfo(dir + QStringLiteral("/cluster")).isDir())
            continue;
        const QString root = QDir(dir).canonicalPath();
        return SampleComparison{(root + QStringLiteral("/reference/metadata.yaml")).toStdString(),
                                (root + QStringLiteral("/cluster")).toStdString(),
                                (root + QStringLiteral("/accepted-overrides.yaml")).toStdString()};
    }
    return std::nullopt;
}

} // namespace ds::pipeline
