// SPDX-License-Identifier: Apache-2.0
#pragma once

namespace ds {

// Makes the C library grow its heaps 16 MiB at a time instead of 128 KiB. Loading
// a reference and decoding a must-gather allocate millions of small objects in
// bursts, mostly on threads other than the main one; in small steps glibc then
// spends a quarter of the reference load growing and consolidating heaps. Pages
// are still committed only when touched, so peak memory does not change. Call
// once, first thing in main(); a no-op where the C library is not glibc.
void tuneHeapForBurstyAllocation();

} // namespace ds
