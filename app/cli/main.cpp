// SPDX-License-Identifier: Apache-2.0
#include "cli/CliRunner.h"
#include "util/HeapTuning.h"
#include "util/LargeStack.h"

#include <QCoreApplication>

#include <iostream>

int main(int argc, char *argv[])
{
    ds::tuneHeapForBurstyAllocation();
    QCoreApplication app(argc, argv);
    const std::vector<std::string> args(argv, argv + argc);
    // Templates may recurse as deeply as Go allows; see LargeStack.h.
    return ds::runOnLargeStack([&] { return ds::cli::run(args, std::cout, std::cerr); });
}
