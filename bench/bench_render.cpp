// SPDX-License-Identifier: Apache-2.0
// Render benchmark: every template of a reference rendered with every cluster CR
// of the same apiVersion/kind (what correlation tries), repeated; prints the best
// pass time and renders/second. Not a test: it never fails on speed.
//
//   bench_render [REFERENCE/metadata.yaml CR-DIR] [--passes N]
#include "input/FileInputSource.h"
#include "reference/ReferenceLoader.h"
#include "reference/TemplateRendering.h"
#include "template/FunctionSpec.h"

#include <QCoreApplication>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

using namespace ds;

namespace {

struct Pair
{
    const ref::ReferenceTemplate *tmpl;
    const input::ClusterObject *cr;
};

std::string kindKey(const Value &object)
{
    return input::stringField(object, {"apiVersion"}) + "/" + input::stringField(object, {"kind"});
}

std::vector<Pair> pairsOf(const ref::Reference &reference, const std::vector<input::ClusterObject> &objects)
{
    std::vector<Pair> pairs;
    for (const auto &t : reference.templates)
        for (const auto &cr : objects)
            if (kindKey(t.metadata) == kindKey(cr.object))
                pairs.push_back({&t, &cr});
    return pairs;
}

// One pass; returns the number of renders that failed (they still count as work).
int renderAll(const std::vector<Pair> &pairs)
{
    tmpl::FunctionContext context;
    int failed = 0;
    for (const Pair &p : pairs)
        failed += ref::renderTemplate(*p.tmpl, p.cr->object.deepCopy(), context).ok() ? 0 : 1;
    return failed;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    std::string metadata = DRIFTSCOPE_BENCH_DATA "/reference-core/metadata.yaml";
    std::string crs = DRIFTSCOPE_BENCH_DATA "/seed-core";
    int passes = 20;
    std::vector<std::string> positional;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--passes" && i + 1 < argc)
            passes = std::max(1, std::stoi(argv[++i]));
        else
            positional.push_back(arg);
    }
    if (positional.size() == 2) {
        metadata = positional[0];
        crs = positional[1];
    }

    ref::ReferenceLoader loader;
    const ref::LoadResult loaded = loader.load(metadata);
    if (!loaded.ok()) {
        std::fprintf(stderr, "error: %s\n", loaded.error->c_str());
        return 2;
    }
    const input::LoadedObjects objects = input::FileInputSource({crs}, true).load(Log::null());
    if (!objects.ok()) {
        std::fprintf(stderr, "error: %s\n", objects.error->c_str());
        return 2;
    }
    const std::vector<Pair> pairs = pairsOf(*loaded.reference, objects.objects);

    using Clock = std::chrono::steady_clock;
    double best = 1e99;
    int failed = 0;
    for (int pass = 0; pass < passes; ++pass) {
        const auto start = Clock::now();
        failed = renderAll(pairs);
        best = std::min(best, std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    }
    std::printf("templates: %zu, cluster CRs: %zu, renders per pass: %zu (%d failed)\n",
                loaded.reference->templates.size(), objects.objects.size(), pairs.size(), failed);
    std::printf("best of %d passes: %.2f ms per pass, %.0f renders/s, %.1f us per render\n", passes, best,
                pairs.size() / (best / 1000.0), best * 1000.0 / std::max<std::size_t>(1, pairs.size()));
    std::printf("target (issue #3): < 50 ms per pass → %.2fx of budget used\n", best / 50.0);
    return 0;
}
