// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

#include <map>
#include <optional>
#include <string>

namespace ds::image {

// What image pulls keep on disk, content-addressed so a second run of the same
// image needs no network and nothing is stored twice:
//   blobs/sha256/<hex>                      layers, checked against their digest
//   refs/<registry>/<repository>/<ref>      tag or digest → the image manifest's digest
//   trees/<manifest hex>-<folder hash>/     the reference folder, extracted
// Everything is written to a temporary name and renamed, so an interrupted
// pull leaves nothing half-written behind.
class ImageCache
{
public:
    // Empty: $XDG_CACHE_HOME/driftscope/images (~/.cache/driftscope/images).
    explicit ImageCache(QString root = {});

    const QString &root() const { return m_root; }

    QString blobPath(const std::string &digest) const;
    bool hasBlob(const std::string &digest) const;
    // A file to download a blob into; commitBlob checks its digest and moves it in place.
    QString partialBlobPath(const std::string &digest) const;
    std::optional<std::string> commitBlob(const QString &partial, const std::string &digest) const;

    std::optional<std::string> manifestDigest(const std::string &registry, const std::string &repository,
                                              const std::string &reference) const;
    void rememberManifestDigest(const std::string &registry, const std::string &repository,
                                const std::string &reference, const std::string &digest) const;

    QString treePath(const std::string &manifestDigest, const std::string &directory) const;
    bool hasTree(const std::string &manifestDigest, const std::string &directory) const;
    std::optional<std::string> storeTree(const std::string &manifestDigest, const std::string &directory,
                                         const std::map<std::string, std::string> &files) const;

private:
    QString refPath(const std::string &registry, const std::string &repository, const std::string &reference) const;

    QString m_root;
};

} // namespace ds::image
