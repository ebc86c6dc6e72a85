// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace ds {

// What reading one http(s) URL gave: the body, or an error in kube-compare's words.
struct UrlContent
{
    std::optional<std::string> bytes;
    std::string error;
};

// Reads a URL for inputs and references given as URLs. The engine never opens
// a socket itself: the pipeline plugs in the network (live/UrlFetcher).
using UrlReader = std::function<UrlContent(const std::string &url)>;

// An http:// or https:// URL (as kube-compare tells URLs from paths).
inline bool isHttpUrl(std::string_view path)
{
    return path.starts_with("http://") || path.starts_with("https://");
}

} // namespace ds
