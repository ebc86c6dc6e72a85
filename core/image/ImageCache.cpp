// SPDX-License-Identifier: Apache-2.0
#include "ImageCache.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QSaveFile>
#include <QStandardPaths>

namespace ds::image {

namespace {

QString hexOf(const std::string &digest)
{
    const auto colon = digest.find(':');
    return QString::fromStdString(colon == std::string::npos ? digest : digest.substr(colon + 1));
}

std::optional<std::string> writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return "cannot write " + path.toStdString() + ": " + file.errorString().toStdString();
    return std::nullopt;
}

} // namespace

ImageCache::ImageCache(QString root) : m_root(std::move(root))
{
    if (m_root.isEmpty())
        m_root = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) + QStringLiteral("/driftscope/images");
}

QString ImageCache::blobPath(const std::string &digest) const
{
    return m_root + QStringLiteral("/blobs/sha256/") + hexOf(digest);
}

bool ImageCache::hasBlob(const std::string &digest) const
{
    return QFileInfo::exists(blobPath(digest));
}

QString ImageCache::partialBlobPath(const std::string &digest) const
{
    QDir().mkpath(m_root + QStringLiteral("/blobs/sha256"));
    return blobPath(digest) + QStringLiteral(".partial-") + QString::number(QCoreApplication::applicationPid());
}

std::optional<std::string> ImageCache::commitBlob(const QString &partial, const std::string &digest) const
{
    QFile file(partial);
    QCryptographicHash hash(QCryptographicHash::Sha256);
    if (!file.open(QIODevice::ReadOnly) || !hash.addData(&file)) {
        QFile::remove(partial);
        return "cannot read the downloaded layer " + partial.toStdString();
    }
    file.close();
    const std::string actual = "sha256:" + hash.result().toHex().toStdString();
    if (actual != digest) {
        QFile::remove(partial);
        return "the registry sent layer " + digest + " with the wrong content (" + actual
            + "); the download was damaged or the registry is broken — try again";
    }
    QFile::remove(blobPath(digest)); // --no-image-cache: replace what was there
    if (!QFile::rename(partial, blobPath(digest)))
        return "cannot store " + blobPath(digest).toStdString();
    return std::nullopt;
}

QString ImageCache::refPath(const std::string &registry, const std::string &repository,
                            const std::string &reference) const
{
    QString name = QString::fromStdString(reference);
    name.replace(u':', u'_');
    return m_root + QStringLiteral("/refs/") + QString::fromStdString(registry).replace(u':', u'_') + QStringLiteral("/")
        + QString::fromStdString(repository) + QStringLiteral("/") + name;
}

std::optional<std::string> ImageCache::manifestDigest(const std::string &registry, const std::string &repository,
                                                      const std::string &reference) const
{
    QFile file(refPath(registry, repository, reference));
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    const std::string digest = file.readAll().trimmed().toStdString();
    return digest.starts_with("sha256:") ? std::optional(digest) : std::nullopt;
}

void ImageCache::rememberManifestDigest(const std::string &registry, const std::string &repository,
                                       const std::string &reference, const std::string &digest) const
{
    (void)writeFile(refPath(registry, repository, reference), QByteArray::fromStdString(digest + "\n"));
}

QString ImageCache::treePath(const std::string &manifestDigest, const std::string &directory) const
{
    const QByteArray folderHash =
        QCryptographicHash::hash(QByteArray::fromStdString(directory), QCryptographicHash::Sha256).toHex().left(16);
    return m_root + QStringLiteral("/trees/") + hexOf(manifestDigest) + QStringLiteral("-") + QString::fromLatin1(folderHash);
}

bool ImageCache::hasTree(const std::string &manifestDigest, const std::string &directory) const
{
    return QFileInfo(treePath(manifestDigest, directory)).isDir();
}

std::optional<std::string> ImageCache::storeTree(const std::string &manifestDigest, const std::string &directory,
                                                 const std::map<std::string, std::string> &files) const
{
    const QString final = treePath(manifestDigest, directory);
    const QString partial = final + QStringLiteral(".partial-") + QString::number(QCoreApplication::applicationPid());
    QDir(partial).removeRecursively();
    for (const auto &[path, content] : files)
        if (auto error = writeFile(partial + QStringLiteral("/") + QString::fromStdString(path), QByteArray::fromStdString(content)))
            return error;
    QDir().mkpath(partial); // an empty folder is still the answer for this image
    QDir(final).removeRecursively();
    if (!QDir().rename(partial, final))
        return "cannot store the extracted reference in " + final.toStdString();
    return std::nullopt;
}

} // namespace ds::image
