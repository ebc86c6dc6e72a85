// SPDX-License-Identifier: Apache-2.0
// libFuzzer target for the reference loader: metadata.yaml decoding and
// validation (v1 and v2, fieldsToOmit, perField), template and function-file
// globbing through ReferenceFileSystem, parsing and the pre-render with empty data.
//
// Input: parts separated by NUL bytes. The first part is metadata.yaml; every
// other part is a file of the reference, "relative/path\n" then its content.
// The files are written into a per-process scratch directory, emptied before
// every run (paths are made safe so that nothing is written outside it).
#include "FuzzSupport.h"

#include "compare/InlineDiffDriver.h"
#include "reference/ReferenceLoader.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace {

// A relative path of [A-Za-z0-9._-] segments, no "." or "..", at most 4 deep.
std::string safePath(std::string_view raw, std::size_t index)
{
    std::string out;
    std::string segment;
    int depth = 0;
    auto flush = [&] {
        if (segment.empty() || segment == "." || segment == ".." || depth == 4) {
            segment.clear();
            return;
        }
        out += (out.empty() ? "" : "/") + segment;
        segment.clear();
        ++depth;
    };
    for (const char c : raw.substr(0, 200)) {
        if (c == '/') {
            flush();
        } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_'
                   || c == '-') {
            segment += c;
        } else {
            segment += '_';
        }
    }
    flush();
    if (out.empty() || out == "metadata.yaml")
        out = "file" + std::to_string(index) + ".yaml";
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view input(reinterpret_cast<const char *>(data), size);
    const std::vector<std::string_view> parts = fuzz::split(input, '\0');
    if (parts.size() > 16)
        return 0;
    fuzz::clearScratch();
    const std::string metadata = fuzz::writeScratchFile("metadata.yaml", parts.front());
    for (std::size_t i = 1; i < parts.size(); ++i) {
        const std::size_t newline = parts[i].find('\n');
        const std::string_view name = parts[i].substr(0, newline);
        const std::string_view content =
            newline == std::string_view::npos ? std::string_view() : parts[i].substr(newline + 1);
        fuzz::writeScratchFile(safePath(name, i), content);
    }
    // Renders may nest as deep as Go allows: run where the CLI and the GUI do.
    fuzz::runWithDeepStack([&] {
        ds::ref::ReferenceLoader loader;
        loader.setInlineDiffValidator(ds::compare::inlineDiffValidator());
        (void)loader.load(metadata);
    });
    return 0;
}
