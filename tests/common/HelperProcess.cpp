// SPDX-License-Identifier: Apache-2.0
#include "HelperProcess.h"

#include <QElapsedTimer>

namespace ds::test {

QByteArray startAndWaitForReady(QProcess &process, const QString &program, const QStringList &args, int timeoutMs,
                                QByteArray *output)
{
    process.setProcessChannelMode(QProcess::SeparateChannels);
    process.start(program, args);
    QElapsedTimer t;
    t.start();
    QByteArray out;
    while (t.elapsed() < timeoutMs && process.state() != QProcess::NotRunning) {
        process.waitForReadyRead(100);
        out += process.readAllStandardOutput();
        const qsizetype ready = out.indexOf("READY ");
        const qsizetype end = ready >= 0 ? out.indexOf('\n', ready) : -1;
        if (end > 0)
            return out.mid(ready + 6, end - ready - 6).trimmed();
    }
    if (output)
        *output = out + process.readAllStandardError();
    return {};
}

} // namespace ds::test
