// SPDX-License-Identifier: Apache-2.0
// libFuzzer target for the must-gather identity scanner: decoding a resource
// file identity-first (objects of unused kinds never built in full) must give
// exactly what a full read reduced to identity skeletons gives — the same
// objects, ids, order and warnings — whichever kinds are kept.
#include "input/DocumentDecoder.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>

namespace {

ds::input::DecodedFile fullReadReduced(const std::string &bytes, const ds::input::KindFilter &filter)
{
    ds::input::DecodedFile out = ds::input::decodeResourceFile("f.yaml", bytes, ds::input::KindFilter{});
    for (ds::input::ClusterObject &o : out.objects) {
        if (!filter.keepsInFull(o.object, ds::input::stringField(o.object, {"kind"}))) {
            o.object = ds::input::identitySkeleton(o.object);
            o.partial = true;
        }
    }
    return out;
}

bool same(const ds::input::DecodedFile &a, const ds::input::DecodedFile &b)
{
    if (a.warnings != b.warnings || a.objects.size() != b.objects.size())
        return false;
    for (std::size_t i = 0; i < a.objects.size(); ++i) {
        const ds::input::ClusterObject &x = a.objects[i], &y = b.objects[i];
        if (x.id != y.id || x.partial != y.partial || !x.object.deepEquals(y.object))
            return false;
    }
    return true;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string bytes(reinterpret_cast<const char *>(data), size);
    // Nothing kept, the kinds the seeds use most, and some of those only for
    // objects whose identity passes a test (as a one-off comparison keeps the CRs that correlate).
    ds::input::KindFilter none, some, byIdentity;
    none.kinds.emplace();
    some.kinds = std::set<std::string, std::less<>>{"ConfigMap", "Secret", "Pod", "Namespace"};
    byIdentity = some;
    byIdentity.byIdentity = {"ConfigMap", "Pod"};
    byIdentity.keepsIdentity = std::make_shared<const ds::input::KindFilter::IdentityTest>([](const ds::Value &o) {
        const ds::Value *ns = o.find({"metadata", "namespace"});
        return ns && ns->isString() && ns->str().size() % 2 == 0;
    });
    for (const ds::input::KindFilter *filter : {&none, &some, &byIdentity}) {
        const ds::input::DecodedFile identityFirst = ds::input::decodeResourceFile("f.yaml", bytes, *filter);
        if (!same(identityFirst, fullReadReduced(bytes, *filter))) {
            std::fprintf(stderr, "identity-first decoding differs from a full read (%zu kept kinds, %zu by identity)\n",
                         filter->kinds->size(), filter->byIdentity.size());
            std::abort();
        }
    }
    return 0;
}
