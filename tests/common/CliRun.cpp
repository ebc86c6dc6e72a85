// SPDX-License-Identifier: Apache-2.0
#include "CliRun.h"

#include "cli/CliRunner.h"

#include <sstream>

namespace ds::test {

CliRun runCli(const QStringList &args)
{
    std::vector<std::string> argv{"driftscope-cli"};
    for (const QString &a : args)
        argv.push_back(a.toStdString());
    std::ostringstream out, err;
    CliRun r;
    r.code = cli::run(argv, out, err);
    r.out = QString::fromStdString(out.str());
    r.err = QString::fromStdString(err.str());
    return r;
}

} // namespace ds::test
