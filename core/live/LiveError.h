// SPDX-License-Identifier: Apache-2.0
#pragma once

namespace ds::live {

// Why a live load failed, for a GUI that shows what to do next (the error text
// itself already says it in words).
enum class LiveError {
    None,
    Configuration,    // kubeconfig missing or invalid, unknown context, unreadable files, exec plugin failed
    Unreachable,      // connection refused, host not found, proxy failure
    Timeout,          // the server accepted but did not answer in time
    Tls,              // certificate verification or handshake failure
    Unauthorized,     // 401: credentials rejected; log in again
    Forbidden,        // 403: the user lacks get/list on a kind (the text names it)
    NoSupportedKinds, // none of the reference's kinds is served by the cluster
    Cancelled,
    Other,            // unexpected server answers
};

} // namespace ds::live
