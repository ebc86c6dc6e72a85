// SPDX-License-Identifier: Apache-2.0
#include "CliRunner.h"

#include "DriftscopeVersion.h"
#include "RenderCommand.h"

#include <ostream>

namespace ds::cli {

namespace {

void printUsage(std::ostream &out)
{
    out << "driftscope-cli compares a cluster's CRs with a reference configuration.\n"
           "\n"
           "Usage:\n"
           "  driftscope-cli render --template FILE [--data FILE] [--function-file FILE]...\n"
           "                        [--name NAME] [--option missingkey=default|zero|error]\n"
           "  driftscope-cli --version\n"
           "  driftscope-cli -h | --help\n";
}

} // namespace

int run(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    if (args.size() > 1 && args[1] == "render")
        return runRender(args, out, err);
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string &a = args[i];
        if (a == "--version") {
            out << "driftscope-cli version " << DRIFTSCOPE_VERSION_STRING << "\n";
            return 0;
        }
        if (a == "-h" || a == "--help") {
            printUsage(out);
            return 0;
        }
        err << "error: unknown flag: " << a << "\nSee 'driftscope-cli -h' for help and examples\n";
        return 2;
    }
    printUsage(out);
    return 0;
}

} // namespace ds::cli
