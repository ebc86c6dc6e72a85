// SPDX-License-Identifier: Apache-2.0
// tst_moduleloader: a shared object in the module directory without an entry point.
extern "C" __attribute__((visibility("default"))) int driftscope_not_a_module()
{
    return 0;
}
