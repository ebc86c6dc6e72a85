// SPDX-License-Identifier: Apache-2.0
// Helpers shared by the libFuzzer targets that need files on disk (reference
// loader, archive reader): a per-process scratch directory, removed at exit.
#pragma once

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QString>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "util/LargeStack.h"

#include <sys/resource.h>
#include <unistd.h>

namespace fuzz {

// $TMPDIR/driftscope-fuzz-<pid>: each fuzzing process (libFuzzer -jobs) has its own.
inline const QString &scratchDirectory()
{
    static const QString dir = [] {
        const QString path = QDir::tempPath() + QStringLiteral("/driftscope-fuzz-") + QString::number(::getpid());
        QDir(path).removeRecursively();
        QDir().mkpath(path);
        std::atexit([] { QDir(scratchDirectory()).removeRecursively(); });
        return path;
    }();
    return dir;
}

// Empties the scratch directory (every run starts from nothing).
inline void clearScratch()
{
    QDir dir(scratchDirectory());
    for (const QFileInfo &entry : dir.entryInfoList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System)) {
        if (entry.isDir() && !entry.isSymLink())
            QDir(entry.absoluteFilePath()).removeRecursively();
        else
            QFile::remove(entry.absoluteFilePath());
    }
}

// Writes `bytes` to `relativePath` below the scratch directory (parents created).
inline std::string writeScratchFile(const std::string &relativePath, std::string_view bytes)
{
    const QString path = scratchDirectory() + QLatin1Char('/') + QString::fromStdString(relativePath);
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(bytes.data(), qint64(bytes.size()));
    return path.toStdString();
}

// Runs `work` with a stack as deep as the CLI and GUI render on. tools/fuzz.sh
// lifts the main thread's limit, and then the work runs right here: a thread per
// run would make libFuzzer suspect a leak after every input and scan the heap.
template <typename Work>
void runWithDeepStack(Work &&work)
{
    rlimit limit{};
    if (::getrlimit(RLIMIT_STACK, &limit) == 0
        && (limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur >= ds::kRenderStackBytes)) {
        work();
        return;
    }
    ds::runOnLargeStack([&] {
        work();
        return 0;
    });
}

// The input split at every `separator` byte.
inline std::vector<std::string_view> split(std::string_view input, char separator)
{
    std::vector<std::string_view> parts;
    for (;;) {
        const std::size_t at = input.find(separator);
        parts.push_back(input.substr(0, at));
        if (at == std::string_view::npos)
            return parts;
        input.remove_prefix(at + 1);
    }
}

} // namespace fuzz
