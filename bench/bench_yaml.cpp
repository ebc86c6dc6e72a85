// SPDX-License-Identifier: Apache-2.0
// YAML reading benchmark: every .yaml/.yml file under a directory (a must-gather,
// e.g. one made by tests/data/shared/bench/gen-synthetic.py) read by the fast path
// and by yaml-cpp; prints the best pass of each in ms and MB/s. The values stay
// alive until the pass is timed, as they do when the engine loads a cluster, so
// freeing them is not counted. Not a test: it never fails on speed.
//
//   bench_yaml [DIR] [--passes N]
#include "yaml/FastYamlReader.h"
#include "yaml/YamlReader.h"

#include <QCoreApplication>
#include <QDirIterator>
#include <QFile>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

using namespace ds;

namespace {

std::vector<std::string> readTree(const QString &root, std::size_t &bytes)
{
    std::vector<std::string> texts;
    QDirIterator it(root, {QStringLiteral("*.yaml"), QStringLiteral("*.yml")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile f(it.next());
        if (!f.open(QIODevice::ReadOnly))
            continue;
        texts.push_back(f.readAll().toStdString());
        bytes += texts.back().size();
    }
    return texts;
}

struct Pass
{
    double ms = 1e99;
    std::size_t documents = 0;
    std::size_t unread = 0; // declined by the fast path, or failed
};

using Reader = std::function<std::optional<yaml::ReadResult>(const std::string &)>;

Pass best(const std::vector<std::string> &texts, int passes, const Reader &read)
{
    using Clock = std::chrono::steady_clock;
    Pass result;
    for (int pass = 0; pass < passes; ++pass) {
        std::vector<yaml::ReadResult> kept;
        kept.reserve(texts.size());
        Pass p;
        const auto start = Clock::now();
        for (const std::string &text : texts) {
            std::optional<yaml::ReadResult> r = read(text);
            if (!r || !r->ok()) {
                ++p.unread;
                continue;
            }
            p.documents += r->documents.size();
            kept.push_back(std::move(*r));
        }
        p.ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
        if (p.ms < result.ms)
            result = p;
    }
    return result;
}

void report(const char *name, const Pass &p, std::size_t files, std::size_t bytes)
{
    std::printf("%-9s %9.1f ms  %7.1f MB/s  %zu documents, %zu of %zu files not read\n", name, p.ms,
                static_cast<double>(bytes) / 1e3 / p.ms, p.documents, p.unread, files);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QString root = QStringLiteral(DRIFTSCOPE_BENCH_DATA "/seed-core");
    int passes = 5;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--passes" && i + 1 < argc)
            passes = std::max(1, std::stoi(argv[++i]));
        else
            root = QString::fromLocal8Bit(argv[i]);
    }

    std::size_t bytes = 0;
    const std::vector<std::string> texts = readTree(root, bytes);
    if (texts.empty()) {
        std::fprintf(stderr, "error: no .yaml files under %s\n", qPrintable(root));
        return 2;
    }
    std::printf("%zu files, %.1f MB, best of %d passes\n", texts.size(), static_cast<double>(bytes) / 1e6, passes);
    const Pass fast = best(texts, passes, [](const std::string &t) { return yaml::fastRead(t); });
    const Pass cpp = best(texts, passes, [](const std::string &t) { return yaml::readWithYamlCpp(t); });
    report("fast path", fast, texts.size(), bytes);
    report("yaml-cpp", cpp, texts.size(), bytes);
    std::printf("speed-up %.1fx; target: >= 150 MB/s on the fast path\n", cpp.ms / fast.ms);
    return 0;
}
