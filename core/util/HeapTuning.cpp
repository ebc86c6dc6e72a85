// SPDX-License-Identifier: Apache-2.0
#include "HeapTuning.h"

#include <cstdlib> // defines __GLIBC__ (through <features.h>) for the tests below

#if defined(__GLIBC__)
#include <malloc.h>
#include <unistd.h>
#endif

namespace ds {

void tuneHeapForBurstyAllocation()
{
#if defined(__GLIBC__)
    mallopt(M_TOP_PAD, 16 << 20);
#endif
}

void capHeapArenas()
{
#if defined(__GLIBC__)
    const long cores = sysconf(_SC_NPROCESSORS_ONLN);
    mallopt(M_ARENA_MAX, int(2 * (cores > 0 ? cores : 1)));
#endif
}

} // namespace ds
