// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace ds::image {

// An image reference as Docker and podman normalise it: `ref:v1` is
// docker.io/library/ref:v1, `quay.io/org/ref@sha256:…` names a digest, and a
// first component with a dot, a colon or `localhost` is a registry host[:port].
struct ImageName
{
    std::string registry;   // host[:port] as written (docker.io for Docker Hub)
    std::string repository; // org/name (library/name on Docker Hub)
    std::string tag;        // empty when only a digest is given
    std::string digest;     // sha256:… or empty

    // The host the registry API answers on (Docker Hub's is registry-1.docker.io).
    std::string apiHost() const;
    // The reference a pull resolves: the digest if there is one, else the tag.
    std::string reference() const { return digest.empty() ? tag : digest; }
    // registry/repository:tag[@digest], for messages and titles.
    std::string toString() const;

    // nullopt and `error` for a reference Docker would reject.
    static std::optional<ImageName> parse(std::string_view text, std::string &error);
};

// `-r container://IMAGE:TAG:/abs/path/metadata.yaml`.
struct ContainerReference
{
    ImageName image;
    std::string path; // absolute path of metadata.yaml inside the image
    std::string directory() const { return path.substr(0, path.rfind('/')); }
    std::string fileName() const { return path.substr(path.rfind('/') + 1); }
};

inline bool isContainerReference(std::string_view text)
{
    return text.starts_with("container://");
}

// Splits at the first `:/` (the path is absolute), so registry host ports work
// where kube-compare's split on every `:` rejects them; anything else wrong is
// reported in kube-compare's words.
std::optional<ContainerReference> parseContainerReference(std::string_view text, std::string &error);

} // namespace ds::image
