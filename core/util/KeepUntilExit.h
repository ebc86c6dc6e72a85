// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <memory>
#include <mutex>
#include <vector>

namespace ds {

// Keeps `value` until the process exits, never freeing it. For data a
// command-line run is done with just before it exits: the operating system
// takes the memory back at once, while freeing 50,000 decoded objects node by
// node costs such a run ~10 % of its time (docs/performance.md). Still
// reachable, so leak checkers do not report it.
template <typename T>
void keepUntilExit(T &&value)
{
    static std::mutex lock;
    static auto *kept = new std::vector<std::shared_ptr<void>>; // never freed, on purpose
    auto held = std::make_shared<std::decay_t<T>>(std::forward<T>(value));
    const std::lock_guard guard(lock);
    kept->push_back(std::move(held));
}

} // namespace ds
