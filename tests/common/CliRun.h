// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>
#include <QStringList>

namespace ds::test {

// driftscope-cli run in this process: its exit code and both streams.
struct CliRun
{
    int code = 0;
    QString out;
    QString err;
};

CliRun runCli(const QStringList &args);

} // namespace ds::test
