// SPDX-License-Identifier: Apache-2.0
#include "CliRunner.h"

#include "CompareCommand.h"
#include "FleetCommand.h"
#include "LintCommand.h"
#include "RbacCommand.h"
#include "RenderCommand.h"

namespace ds::cli {

int run(const std::vector<std::string> &args, std::ostream &out, std::ostream &err)
{
    if (args.size() > 1 && args[1] == "render")
        return runRender(args, out, err);
    if (args.size() > 1 && args[1] == "lint")
        return runLint(args, out, err);
    if (args.size() > 1 && args[1] == "fleet")
        return runFleet(args, out, err);
    if (args.size() > 1 && args[1] == "rbac")
        return runRbac(args, out, err);
    return runCompare(args, out, err);
}

} // namespace ds::cli
