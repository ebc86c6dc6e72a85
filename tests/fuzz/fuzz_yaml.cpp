// SPDX-License-Identifier: Apache-2.0
// libFuzzer target for the YAML 1.1 reader and the canonical (sigs.k8s.io/yaml)
// writer: every document that reads must also serialise. It is also a
// differential fuzzer of the fast path: whenever fastRead() accepts a text, its
// documents must be exactly those of the yaml-cpp reader, which must succeed.
// And it checks rejection: what read() accepts, written canonically, is read
// again — the go-yaml v2 checks (YamlV2Scanner) that reject damaged text
// must never reject the YAML Driftscope itself writes.
#include "yaml/FastYamlReader.h"
#include "yaml/YamlReader.h"
#include "yaml/YamlWriter.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace {

bool sameDocuments(const ds::yaml::ReadResult &fast, const ds::yaml::ReadResult &reference)
{
    if (!reference.ok() || fast.documents.size() != reference.documents.size())
        return false;
    for (std::size_t i = 0; i < fast.documents.size(); ++i)
        if (!fast.documents[i].deepEquals(reference.documents[i]))
            return false;
    return true;
}

void checkFastPath(std::string_view text, const ds::yaml::ReadOptions &options)
{
    // read() rejects text that is not printable UTF-8 before either parser sees
    // it; only what gets past that check has to agree.
    if (ds::yaml::readerError(text))
        return;
    const std::optional<ds::yaml::ReadResult> fast = ds::yaml::fastRead(text, options);
    if (!fast)
        return;
    const ds::yaml::ReadResult reference = ds::yaml::readWithYamlCpp(text, options);
    if (sameDocuments(*fast, reference))
        return;
    std::fprintf(stderr, "fast path disagrees with yaml-cpp (%zu vs %zu documents%s%s)\n",
                 fast->documents.size(), reference.documents.size(), reference.ok() ? "" : ", yaml-cpp: ",
                 reference.ok() ? "" : reference.error->describe().c_str());
    for (std::size_t i = 0; i < fast->documents.size() && i < reference.documents.size(); ++i)
        if (!fast->documents[i].deepEquals(reference.documents[i]))
            std::fprintf(stderr, "document %zu:\n--- fast\n%s--- yaml-cpp\n%s", i,
                         ds::yaml::writeCanonical(fast->documents[i]).text.c_str(),
                         ds::yaml::writeCanonical(reference.documents[i]).text.c_str());
    std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    for (const auto typing : {ds::yaml::NumberTyping::Kubernetes, ds::yaml::NumberTyping::Float64}) {
        ds::yaml::ReadOptions options;
        options.numbers = typing;
        options.maxValues = 100'000;
        const ds::yaml::ReadResult read = ds::yaml::read(text, options);
        for (const ds::Value &document : read.documents) {
            const ds::yaml::WriteResult written = ds::yaml::writeCanonical(document);
            if (!written.ok())
                continue;
            const ds::yaml::ReadResult again = ds::yaml::read(written.text, options);
            if (!again.ok()) {
                std::fprintf(stderr, "canonical YAML rejected: %s\n%s", again.error->describe().c_str(),
                             written.text.c_str());
                std::abort();
            }
        }
        checkFastPath(text, options);
    }
    ds::yaml::ReadOptions strictFirst;
    strictFirst.firstDocumentOnly = true;
    strictFirst.rejectDuplicateKeys = true;
    strictFirst.maxValues = 100'000;
    checkFastPath(text, strictFirst);
    return 0;
}
