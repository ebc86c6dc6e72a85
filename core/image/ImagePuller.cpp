// SPDX-License-Identifier: Apache-2.0
#include "ImagePuller.h"

#include "ImageCache.h"
#include "ImageManifest.h"
#include "ImageName.h"
#include "LayerTree.h"
#include "RegistryClient.h"
#include "util/LargeStack.h"

#include <QDir>
#include <QFile>
#include <QHostAddress>

#include <algorithm>

namespace ds::image {

namespace {

constexpr std::size_t kPullStackBytes = std::size_t(8) << 20;

bool isLoopback(const std::string &registry)
{
    QString host = QString::fromStdString(registry);
    if (host.startsWith(u'[')) // [::1]:5000
        host = host.mid(1, host.indexOf(u']') - 1);
    else if (host.count(u':') == 1)
        host = host.left(host.indexOf(u':'));
    return host == QLatin1String("localhost") || QHostAddress(host).isLoopback();
}

std::vector<QString> defaultCertsDirectories()
{
    return {QStringLiteral("/etc/containers/certs.d"), QStringLiteral("/etc/docker/certs.d"),
            QDir::homePath() + QStringLiteral("/.config/containers/certs.d")};
}

class Pull
{
public:
    Pull(ContainerReference reference, const PullOptions &options)
        : m_ref(std::move(reference)), m_options(options), m_cache(options.cacheRoot),
          m_client(m_ref.image.toString(), m_ref.image.apiHost(), m_ref.image.registry, m_ref.image.repository,
                   registryOptions())
    {
    }

    PulledReference run()
    {
        if (!m_options.refresh && !m_ref.image.digest.empty()) // a digest never changes: no need to ask
            if (auto cached = cachedCopy())
                return *cached;
        std::string manifestBody;
        const RegistryResponse top = m_client.manifest(m_ref.image.reference(), kManifestAccept);
        if (!top.ok) {
            if (top.unreachable && !m_options.refresh)
                if (auto cached = cachedCopy(top.error))
                    return *cached;
            return failed(top.error);
        }
        auto manifest = imageManifest(top);
        if (!manifest)
            return m_out;
        m_cache.rememberManifestDigest(m_ref.image.registry, m_ref.image.repository, m_ref.image.reference(),
                                       m_out.imageDigest);
        if (m_options.refresh || !m_cache.hasTree(m_out.imageDigest, m_ref.directory()))
            if (!extract(*manifest))
                return m_out;
        return found();
    }

private:
    RegistryOptions registryOptions() const
    {
        RegistryOptions o;
        const auto &insecure = m_options.insecureRegistries;
        o.allowPlainHttp = isLoopback(m_ref.image.registry)
            || std::find(insecure.begin(), insecure.end(), m_ref.image.registry) != insecure.end();
        o.cancel = m_options.cancel;
        o.certsDirectories = m_options.certsDirectories.empty() ? defaultCertsDirectories() : m_options.certsDirectories;
        return o;
    }

    PulledReference failed(std::string error)
    {
        m_out.error = std::move(error);
        return m_out;
    }

    // The extracted folder of an earlier pull of this tag or digest, if there is one.
    std::optional<PulledReference> cachedCopy(const std::string &whyNotOnline = {})
    {
        const auto digest = m_cache.manifestDigest(m_ref.image.registry, m_ref.image.repository, m_ref.image.reference());
        if (!digest || !m_cache.hasTree(*digest, m_ref.directory()))
            return std::nullopt;
        m_out.imageDigest = *digest;
        if (!whyNotOnline.empty())
            m_out.warnings.push_back(whyNotOnline + "; using the copy of " + m_ref.image.toString() + " (" + *digest
                                     + ") cached in " + m_cache.root().toStdString());
        return found();
    }

    PulledReference found()
    {
        const QString tree = m_cache.treePath(m_out.imageDigest, m_ref.directory());
        if (!QFileInfo::exists(tree + QStringLiteral("/") + QString::fromStdString(m_ref.fileName())))
            return failed(m_ref.image.toString() + " has the folder " + m_ref.directory() + " but no "
                          + m_ref.fileName() + " in it; pass the path of the reference's metadata.yaml");
        m_out.metadataPath = (tree + QStringLiteral("/") + QString::fromStdString(m_ref.fileName())).toStdString();
        return m_out;
    }

    // The image manifest for this platform, its digest checked, from what the tag named.
    std::optional<ImageManifest> imageManifest(const RegistryResponse &top)
    {
        std::string error;
        auto manifest = ImageManifest::parse(top.body, top.contentType, error);
        std::string digest = sha256Digest(top.body);
        if (manifest && !m_ref.image.digest.empty() && digest != m_ref.image.digest)
            error = "the registry sent a manifest whose digest is " + digest + ", not " + m_ref.image.digest;
        if (manifest && error.empty() && manifest->isIndex) {
            std::string platforms;
            const Descriptor *found = manifest->forHostPlatform(platforms);
            if (!found) {
                failed(m_ref.image.toString() + " has no image for linux/" + hostArchitecture() + " (it has "
                       + (platforms.empty() ? std::string("none") : platforms) + ")");
                return std::nullopt;
            }
            const Descriptor entry = *found; // `manifest` is replaced below
            const RegistryResponse platform = m_client.manifest(entry.digest, kManifestAccept);
            if (!platform.ok) {
                failed(platform.error);
                return std::nullopt;
            }
            digest = sha256Digest(platform.body);
            manifest = ImageManifest::parse(platform.body, platform.contentType, error);
            if (manifest && digest != entry.digest)
                error = "the registry sent a manifest whose digest is " + digest + ", not " + entry.digest;
            if (manifest && manifest->isIndex)
                error = "the image index names another index for linux/" + hostArchitecture();
        }
        if (!manifest || !error.empty()) {
            failed(m_ref.image.toString() + ": " + error);
            return std::nullopt;
        }
        m_out.imageDigest = digest;
        return manifest;
    }

    bool extract(const ImageManifest &manifest)
    {
        LayerTree tree(m_ref.directory());
        const std::size_t total = manifest.layers.size();
        for (std::size_t i = 0; i < total; ++i) {
            if (m_options.cancel && m_options.cancel->load()) {
                failed("cancelled");
                return false;
            }
            if (m_options.progress)
                m_options.progress(i, total);
            const std::string &digest = manifest.layers[i].digest;
            if (!fetchBlob(digest))
                return false;
            if (auto error = tree.applyLayer(m_cache.blobPath(digest))) {
                failed(m_ref.image.toString() + ": layer " + std::to_string(i + 1) + " (" + digest
                       + ") cannot be read: " + *error);
                return false;
            }
        }
        if (m_options.progress)
            m_options.progress(total, total);
        if (!tree.directoryLinkTarget().empty()) {
            failed(m_ref.image.toString() + ": " + m_ref.directory() + " is a symbolic link to "
                   + tree.directoryLinkTarget() + "; pass the path it points to, e.g. container://"
                   + m_ref.image.toString() + ":" + tree.directoryLinkTarget() + "/" + m_ref.fileName());
            return false;
        }
        if (!tree.hasDirectory()) {
            failed(m_ref.image.toString() + " has no folder " + m_ref.directory()
                   + "; check the path after the tag (container://<IMAGE>:<TAG>:/path/to/metadata.yaml)");
            return false;
        }
        if (auto error = m_cache.storeTree(m_out.imageDigest, m_ref.directory(), tree.files())) {
            failed(*error);
            return false;
        }
        return true;
    }

    bool fetchBlob(const std::string &digest)
    {
        if (!m_options.refresh && m_cache.hasBlob(digest))
            return true;
        const QString partial = m_cache.partialBlobPath(digest);
        const RegistryResponse reply = m_client.blob(digest, partial);
        std::optional<std::string> error;
        if (!reply.ok)
            error = reply.error;
        else
            error = m_cache.commitBlob(partial, digest);
        QFile::remove(partial);
        if (error)
            failed(*error);
        return !error;
    }

    ContainerReference m_ref;
    const PullOptions &m_options;
    ImageCache m_cache;
    RegistryClient m_client;
    PulledReference m_out;
};

} // namespace

PulledReference pullReference(const std::string &containerReference, const PullOptions &options)
{
    PulledReference out;
    std::string error;
    auto reference = parseContainerReference(containerReference, error);
    if (!reference) {
        out.error = error;
        return out;
    }
    // Qt networking needs an event loop the caller may not have (the CLI) or
    // must not block in (the GUI): a thread of its own.
    {
        LargeStackThread thread([&] { out = Pull(std::move(*reference), options).run(); }, kPullStackBytes);
    }
    return out;
}

} // namespace ds::image
