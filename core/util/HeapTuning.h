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

// Caps glibc's heap arenas at two a core. Reading runs four threads a core
// (they wait for the disk in turns), glibc gives every thread an arena of its
// own, and what a thread allocated and freed stays resident in it: the window,
// which keeps what it read, peaks 4-6 MB higher at 50k objects without the cap.
// The CLI does without: with fewer arenas than threads its decoding waits on
// arena locks (~0.1 s of CPU at 50k). Call first thing in main(), with the above.
void capHeapArenas();

} // namespace ds
