// SPDX-License-Identifier: Apache-2.0
#include "ImageManifest.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSysInfo>

namespace ds::image {

const char *const kManifestAccept = "application/vnd.oci.image.index.v1+json, "
                                    "application/vnd.docker.distribution.manifest.list.v2+json, "
                                    "application/vnd.oci.image.manifest.v1+json, "
                                    "application/vnd.docker.distribution.manifest.v2+json";

namespace {

Descriptor descriptor(const QJsonObject &o)
{
    Descriptor d;
    d.mediaType = o.value(u"mediaType").toString().toStdString();
    d.digest = o.value(u"digest").toString().toStdString();
    d.size = static_cast<std::int64_t>(o.value(u"size").toDouble(-1));
    const QJsonObject platform = o.value(u"platform").toObject();
    d.os = platform.value(u"os").toString().toStdString();
    d.architecture = platform.value(u"architecture").toString().toStdString();
    d.variant = platform.value(u"variant").toString().toStdString();
    return d;
}

std::vector<Descriptor> descriptors(const QJsonValue &array)
{
    std::vector<Descriptor> out;
    for (const QJsonValue &v : array.toArray())
        out.push_back(descriptor(v.toObject()));
    return out;
}

bool isIndexType(const QString &type)
{
    return type == QLatin1String("application/vnd.oci.image.index.v1+json")
        || type == QLatin1String("application/vnd.docker.distribution.manifest.list.v2+json");
}

} // namespace

std::optional<ImageManifest> ImageManifest::parse(const QByteArray &body, const QByteArray &contentType,
                                                  std::string &error)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &parseError);
    if (!doc.isObject()) {
        error = "the registry's manifest is not JSON (" + parseError.errorString().toStdString() + ")";
        return std::nullopt;
    }
    const QJsonObject root = doc.object();
    QString type = root.value(u"mediaType").toString();
    if (type.isEmpty()) // OCI documents may leave it out; the header then says it
        type = QString::fromLatin1(contentType.split(u';').value(0).trimmed());
    ImageManifest out;
    if (root.value(u"schemaVersion").toInt() == 1) {
        error = "the image has a Docker schema 1 manifest, which Driftscope does not read; push it again with a "
                "current tool (skopeo copy, podman push)";
        return std::nullopt;
    }
    if (isIndexType(type) || (type.isEmpty() && root.contains(u"manifests"))) {
        out.isIndex = true;
        out.manifests = descriptors(root.value(u"manifests"));
        return out;
    }
    if (!root.contains(u"layers")) {
        error = "the registry's manifest (" + type.toStdString() + ") lists no layers";
        return std::nullopt;
    }
    out.layers = descriptors(root.value(u"layers"));
    return out;
}

const Descriptor *ImageManifest::forHostPlatform(std::string &available) const
{
    const std::string arch = hostArchitecture();
    const Descriptor *best = nullptr;
    for (const Descriptor &d : manifests) {
        if (!d.os.empty() || !d.architecture.empty())
            available += (available.empty() ? "" : ", ") + d.os + "/" + d.architecture
                + (d.variant.empty() ? "" : "/" + d.variant);
        if (d.os == "linux" && d.architecture == arch && (!best || d.variant == "v8"))
            best = &d;
    }
    return best;
}

std::string hostArchitecture()
{
    const QString cpu = QSysInfo::currentCpuArchitecture();
    if (cpu == QLatin1String("x86_64"))
        return "amd64";
    if (cpu == QLatin1String("i386"))
        return "386";
    if (cpu == QLatin1String("arm64"))
        return "arm64";
    if (cpu.startsWith(QLatin1String("arm")))
        return "arm";
    if (cpu == QLatin1String("power64"))
        return "ppc64le";
    return cpu.toStdString(); // s390x, riscv64, …
}

std::string sha256Digest(const QByteArray &bytes)
{
    return "sha256:" + QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex().toStdString();
}

} // namespace ds::image
