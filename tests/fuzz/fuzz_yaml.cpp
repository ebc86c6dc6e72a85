// SPDX-License-Identifier: Apache-2.0
// libFuzzer target for the YAML 1.1 reader and the canonical (sigs.k8s.io/yaml)
// writer: every document that reads must also serialise.
#include "yaml/YamlReader.h"
#include "yaml/YamlWriter.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    for (const auto typing : {ds::yaml::NumberTyping::Kubernetes, ds::yaml::NumberTyping::Float64}) {
        ds::yaml::ReadOptions options;
        options.numbers = typing;
        options.maxValues = 100'000;
        const ds::yaml::ReadResult read = ds::yaml::read(text, options);
        for (const ds::Value &document : read.documents)
            (void)ds::yaml::writeCanonical(document);
    }
    return 0;
}
