// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

#include <atomic>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace ds::image {

struct PullOptions
{
    bool refresh = false; // --no-image-cache: ask the registry again and download every layer
    // Hosts (host[:port]) that may be reached over plain HTTP besides loopback ones.
    std::vector<std::string> insecureRegistries;
    const std::atomic_bool *cancel = nullptr;
    // Layers downloaded or found in the cache so far, of all the image has.
    std::function<void(std::size_t done, std::size_t total)> progress;
    QString cacheRoot;                 // empty: the user's cache directory (ImageCache)
    std::vector<QString> certsDirectories; // empty: podman's and Docker's certs.d folders
};

struct PulledReference
{
    std::string metadataPath; // on disk, in the cache; empty on error
    std::string imageDigest;  // the image manifest's digest
    std::string error;        // names the image and what to do
    std::vector<std::string> warnings;
    bool ok() const { return error.empty(); }
};

// `-r container://IMAGE:TAG:/path/metadata.yaml`, read straight from the
// registry without running anything: the manifest (an index resolved for this
// machine's platform), then the layers — each checked against its digest and
// kept in the cache — applied in order to extract only the reference's folder.
// A registry that cannot be reached falls back to the cached copy of the same
// tag, with a warning. Runs on a thread of its own, so any thread may call it.
PulledReference pullReference(const std::string &containerReference, const PullOptions &options);

} // namespace ds::image
