// SPDX-License-Identifier: Apache-2.0
// The reading floor for input benchmarks: time to read (not parse) every
// .yaml/.yml/.json file under the given directories, single-threaded.
//
//   bench_readfloor DIR...
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>

#include <cstdio>

int main(int argc, char **argv)
{
    QElapsedTimer timer;
    timer.start();
    qint64 bytes = 0;
    int files = 0;
    for (int i = 1; i < argc; ++i) {
        QDirIterator it(QString::fromLocal8Bit(argv[i]), {QStringLiteral("*.yaml"), QStringLiteral("*.yml"),
                                                          QStringLiteral("*.json")},
                        QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile f(it.next());
            if (f.open(QIODevice::ReadOnly)) {
                bytes += f.readAll().size();
                ++files;
            }
        }
    }
    std::printf("%d files, %.1f MB read in %.3f s\n", files, bytes / 1e6, timer.nsecsElapsed() / 1e9);
    return 0;
}
