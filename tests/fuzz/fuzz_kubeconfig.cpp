// SPDX-License-Identifier: Apache-2.0
// libFuzzer target for the kubeconfig parser: decoding of clusters, users
// (exec plugins, auth providers), contexts and preferences, the first-wins
// merge of several files and the context list the pickers show.
// RestConfig::fromKubeconfig is left out on purpose: it reads the files a
// kubeconfig names (certificates, tokens), which a fuzzer must not choose.
#include "live/Kubeconfig.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view input(reinterpret_cast<const char *>(data), size);
    // Optionally two files separated by a NUL byte, merged like $KUBECONFIG=a:b.
    const std::size_t nul = input.find('\0');
    const std::string first(input.substr(0, nul));
    ds::live::Kubeconfig::LoadResult merged = ds::live::Kubeconfig::parse(first, "/fuzz/kube/config");
    if (nul != std::string_view::npos) {
        const ds::live::Kubeconfig::LoadResult second =
            ds::live::Kubeconfig::parse(std::string(input.substr(nul + 1)), "/fuzz/other/config");
        if (merged.ok() && second.ok())
            merged.config.mergeFrom(second.config);
    }
    if (!merged.ok())
        return 0;
    for (const ds::live::ContextSummary &summary : merged.config.contextSummaries()) {
        (void)merged.config.context(summary.name);
        (void)merged.config.cluster(summary.cluster);
        (void)merged.config.user(summary.user);
    }
    return 0;
}
