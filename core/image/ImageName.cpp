// SPDX-License-Identifier: Apache-2.0
#include "ImageName.h"

#include <algorithm>
#include <cctype>

namespace ds::image {

namespace {

constexpr std::string_view kDockerHub = "docker.io";
constexpr std::string_view kFormatError =
    "incorrect path passed to -r, it must follow this format: container://<IMAGE>:<TAG>:/path/to/metadata.yaml";

bool isRegistryComponent(std::string_view first)
{
    return first.find_first_of(".:") != std::string_view::npos || first == "localhost";
}

// distribution/reference: path components are lowercase alphanumerics
// separated by `.`, `_`, `__` or runs of `-`.
bool validRepository(std::string_view repo)
{
    if (repo.empty() || repo.front() == '/' || repo.back() == '/' || repo.find("//") != std::string_view::npos)
        return false;
    return std::all_of(repo.begin(), repo.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-' || c == '/';
    });
}

bool validTag(std::string_view tag)
{
    if (tag.empty() || tag.size() > 128 || tag.front() == '.' || tag.front() == '-')
        return false;
    return std::all_of(tag.begin(), tag.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-';
    });
}

bool validDigest(std::string_view digest)
{
    constexpr std::string_view prefix = "sha256:";
    if (!digest.starts_with(prefix) || digest.size() != prefix.size() + 64)
        return false;
    return std::all_of(digest.begin() + prefix.size(), digest.end(),
                       [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

} // namespace

std::string ImageName::apiHost() const
{
    return registry == kDockerHub ? std::string("registry-1.docker.io") : registry;
}

std::string ImageName::toString() const
{
    std::string out = registry + "/" + repository;
    if (!tag.empty())
        out += ":" + tag;
    if (!digest.empty())
        out += "@" + digest;
    return out;
}

std::optional<ImageName> ImageName::parse(std::string_view text, std::string &error)
{
    ImageName name;
    std::string_view rest = text;
    if (const auto at = rest.find('@'); at != std::string_view::npos) {
        name.digest = std::string(rest.substr(at + 1));
        rest = rest.substr(0, at);
        if (!validDigest(name.digest)) {
            error = "invalid image digest \"" + name.digest + "\" in \"" + std::string(text)
                + "\" (sha256: and 64 lowercase hex digits expected)";
            return std::nullopt;
        }
    }
    const auto lastSlash = rest.rfind('/');
    if (const auto colon = rest.rfind(':'); colon != std::string_view::npos
        && (lastSlash == std::string_view::npos || colon > lastSlash)) {
        name.tag = std::string(rest.substr(colon + 1));
        rest = rest.substr(0, colon);
        if (!validTag(name.tag)) {
            error = "invalid image tag \"" + name.tag + "\" in \"" + std::string(text) + "\"";
            return std::nullopt;
        }
    }
    const auto firstSlash = rest.find('/');
    if (firstSlash != std::string_view::npos && isRegistryComponent(rest.substr(0, firstSlash))) {
        name.registry = std::string(rest.substr(0, firstSlash));
        name.repository = std::string(rest.substr(firstSlash + 1));
    } else {
        name.registry = std::string(kDockerHub);
        name.repository = std::string(rest);
    }
    if (name.registry == "index.docker.io")
        name.registry = std::string(kDockerHub);
    if (name.registry == kDockerHub && name.repository.find('/') == std::string::npos)
        name.repository = "library/" + name.repository;
    if (!validRepository(name.repository)) {
        error = "invalid image name \"" + std::string(text)
            + "\" (lowercase letters, digits, '.', '_', '-' and '/' expected)";
        return std::nullopt;
    }
    return name;
}

std::optional<ContainerReference> parseContainerReference(std::string_view text, std::string &error)
{
    std::string_view rest = text.substr(std::string_view("container://").size());
    const auto split = rest.find(":/");
    if (split == std::string_view::npos || split == 0) {
        error = std::string(kFormatError);
        return std::nullopt;
    }
    ContainerReference out;
    out.path = std::string(rest.substr(split + 1));
    while (out.path.size() > 1 && out.path.back() == '/')
        out.path.pop_back();
    const std::string_view imageText = rest.substr(0, split);
    auto image = ImageName::parse(imageText, error);
    if (!image)
        return std::nullopt;
    if (image->tag.empty() && image->digest.empty()) { // kube-compare requires IMAGE:TAG
        error = std::string(kFormatError);
        return std::nullopt;
    }
    if (out.path.find("/../") != std::string::npos || out.path.ends_with("/..") || out.path == "/") {
        error = "the path in \"" + std::string(text) + "\" must name metadata.yaml inside the image, e.g. "
            "container://<IMAGE>:<TAG>:/path/to/metadata.yaml";
        return std::nullopt;
    }
    out.image = std::move(*image);
    return out;
}

} // namespace ds::image
