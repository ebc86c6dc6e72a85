// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QByteArray>
#include <QProcess>
#include <QStringList>

namespace ds::test {

// Starts a helper (a fake server, a registry fixture) and waits up to
// `timeoutMs` for its `READY …` line. Returns what follows READY on that line,
// or empty and `output` holding what the helper said when it did not get ready.
QByteArray startAndWaitForReady(QProcess &process, const QString &program, const QStringList &args, int timeoutMs,
                                QByteArray *output = nullptr);

} // namespace ds::test
