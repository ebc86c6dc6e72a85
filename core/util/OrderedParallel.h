// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>

namespace ds {

// How runOrdered hands out the indexes.
struct OrderedRunOptions
{
    int threads = 1;
    // Indexes whose work must run alone: after the work of every lower index
    // has finished and before that of any higher index starts.
    std::function<bool(std::size_t)> exclusive;
    const std::atomic_bool *cancel = nullptr;
};

// Runs work(i) for every i in [0, count) on `options.threads` threads (each
// with a render-sized stack, see LargeStack.h) while the calling thread takes
// the results in index order: deliver(i) runs on the caller after work(i) has
// finished and after deliver(i - 1). Work starts in index order. With one
// thread, both run on the caller, one index after the other.
//
// work(i) must only touch what belongs to index i and data nobody changes
// meanwhile. An exception thrown by work(i) is rethrown by this function when
// index i's turn to be delivered comes. Stops early when `cancel` becomes
// true; returns how many indexes were delivered.
std::size_t runOrdered(std::size_t count, const OrderedRunOptions &options,
                       const std::function<void(std::size_t)> &work, const std::function<void(std::size_t)> &deliver);

} // namespace ds
