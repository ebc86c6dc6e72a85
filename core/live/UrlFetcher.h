// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "util/UrlReader.h"

#include <atomic>
#include <string>

namespace ds::live {

// GETs one http(s) URL as kube-compare reads references and kubectl reads `-f URL`:
// up to `attempts` tries, `retryDelayMs` apart, retrying transport failures and
// 5xx answers; any other status but 200 fails at once with
// `unable to read URL "<url>", server reported <status>, status code=<n>`.
// Proxies from the environment (HTTPS_PROXY, NO_PROXY), TLS checked against the
// system's CAs. Runs its own event loop on a thread of its own, so any thread may call it.
// `cancel` set by another thread aborts the request in flight ("cancelled").
UrlContent fetchUrl(const std::string &url, int attempts = 5, int retryDelayMs = 5,
                    const std::atomic_bool *cancel = nullptr);

// fetchUrl as a UrlReader, for the engine's inputs and references.
UrlReader urlReader(int attempts = 5, const std::atomic_bool *cancel = nullptr);

} // namespace ds::live
