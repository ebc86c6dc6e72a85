// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "HttpTransport.h"

#include <atomic>

namespace ds::live {

// One GET through `transport`, waiting in a local event loop for its answer,
// for callers that fetch step by step on a thread of their own (UrlFetcher,
// the image registry client). `cancel`, set by another thread, aborts the
// request within 50 ms; the reply then has no status and says "cancelled".
HttpReply getAndWait(HttpTransport &transport, const HttpRequest &request, const std::atomic_bool *cancel);

} // namespace ds::live
