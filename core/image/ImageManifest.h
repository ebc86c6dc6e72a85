// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ds::image {

// The media types a pull asks for, in the Accept header: an image index or a
// Docker manifest list (several platforms), an OCI or Docker image manifest.
extern const char *const kManifestAccept;

struct Descriptor
{
    std::string mediaType;
    std::string digest;
    std::int64_t size = -1;
    // Index entries only.
    std::string os;
    std::string architecture;
    std::string variant;
};

// One manifest as the registry sent it: an index (manifests) or an image (layers, in order).
struct ImageManifest
{
    bool isIndex = false;
    std::vector<Descriptor> manifests;
    std::vector<Descriptor> layers;

    // nullopt and `error` for a document that is neither (Docker schema 1, HTML, …).
    static std::optional<ImageManifest> parse(const QByteArray &body, const QByteArray &contentType,
                                              std::string &error);

    // The index entry for this machine's platform (linux and GOARCH of the
    // host, e.g. amd64, arm64/v8), or nullptr with the platforms there are.
    const Descriptor *forHostPlatform(std::string &available) const;
};

// GOARCH of the machine Driftscope runs on (amd64, arm64, ppc64le, s390x, …).
std::string hostArchitecture();

// "sha256:<hex>" of the bytes, as registries name blobs and manifests.
std::string sha256Digest(const QByteArray &bytes);

} // namespace ds::image
