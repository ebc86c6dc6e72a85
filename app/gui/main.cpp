// SPDX-License-Identifier: Apache-2.0
#include "DriftscopeApplication.h"

int main(int argc, char *argv[])
{
    return ds::ui::runDriftscope(argc, argv);
}
