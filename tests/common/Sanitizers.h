// SPDX-License-Identifier: Apache-2.0
#pragma once

namespace ds::test {

// Whether this build runs under AddressSanitizer (preset asan or fuzz).
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kAddressSanitizer = true;
#else
inline constexpr bool kAddressSanitizer = false;
#endif
#else
inline constexpr bool kAddressSanitizer = false;
#endif

// Go's template depth (100000 nested calls) needs hundreds of MiB of stack under
// ASan; the error is thrown from there, and ASan does not clean up a stack that
// deep when an exception leaves it (it warns "ignoring requested
// __asan_handle_no_return", google/sanitizers#189) and then reports false
// stack-use-after-scope errors. Such tests run in the ordinary build only.
inline constexpr const char *kDeepStackUnderAsan =
    "throwing from >64 MiB of stack gives ASan false positives (google/sanitizers#189); covered by the ordinary build";

} // namespace ds::test
