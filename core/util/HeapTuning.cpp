// SPDX-License-Identifier: Apache-2.0
#include "HeapTuning.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace ds {

void tuneHeapForBurstyAllocation()
{
#if defined(__GLIBC__)
    mallopt(M_TOP_PAD, 16 << 20);
#endif
}

} // namespace ds
