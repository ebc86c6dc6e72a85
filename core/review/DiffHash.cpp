// SPDX-License-Identifier: Apache-2.0
#include "DiffHash.h"

#include <QCryptographicHash>

#include <string_view>

namespace ds::review {

std::string diffHash(const report::CrResult &result)
{
    if (!result.hasDiff())
        return {};
    std::string_view diff = result.diffOutput;
    // Everything from the first hunk on: the ---/+++ header names temporary files and times.
    if (!diff.starts_with("@@")) {
        const std::size_t hunks = diff.find("\n@@");
        if (hunks != std::string_view::npos)
            diff.remove_prefix(hunks + 1);
    }
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(QByteArrayView(diff.data(), qsizetype(diff.size())));
    return "sha256:" + hash.result().toHex().toStdString();
}

} // namespace ds::review
