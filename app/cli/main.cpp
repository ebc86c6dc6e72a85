// SPDX-License-Identifier: Apache-2.0
#include "cli/CliRunner.h"

#include <QCoreApplication>

#include <iostream>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    std::vector<std::string> args(argv, argv + argc);
    return ds::cli::run(args, std::cout, std::cerr);
}
