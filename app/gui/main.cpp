// SPDX-License-Identifier: Apache-2.0
#include "DriftscopeApplication.h"
#include "util/HeapTuning.h"

int main(int argc, char *argv[])
{
    ds::tuneHeapForBurstyAllocation();
    ds::capHeapArenas();
    return ds::ui::runDriftscope(argc, argv);
}
