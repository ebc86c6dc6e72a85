// SPDX-License-Identifier: Apache-2.0
// tst_moduleloader: a module built for another ABI (a leftover of another build).
#include <string_view>

#define DRIFTSCOPE_MODULE_ABI "0.0.0-another-build"
#include "util/ModuleLoader.h"

namespace {
int interface = 42;
}

DRIFTSCOPE_MODULE(testwrongabi, &interface)
