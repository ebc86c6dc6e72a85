// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>
#include <functional>

namespace ds {

// Stack for threads that render templates: Go allows 100000 nested template
// calls, which needs far more than the default 8 MiB. Only the pages actually
// used are committed.
inline constexpr std::size_t kRenderStackBytes = std::size_t(1) << 30;

// Runs `work` on a new thread with `stackBytes` of stack and waits for it.
int runOnLargeStack(const std::function<int()> &work, std::size_t stackBytes = kRenderStackBytes);

} // namespace ds
