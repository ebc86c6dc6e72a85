// SPDX-License-Identifier: Apache-2.0
// libFuzzer target for the archive reader (libarchive: tar, gzip, xz, bzip2,
// zstd, zip) and what reads its members: the must-gather data-root detection
// and ordering on member paths, and the resource decoder on member bytes.
// The input is written to a scratch file, since the reader opens archives by path.
#include "FuzzSupport.h"

#include "input/ArchiveReader.h"
#include "input/DocumentDecoder.h"
#include "input/MustGatherLayout.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string archive =
        fuzz::writeScratchFile("input.tar", std::string_view(reinterpret_cast<const char *>(data), size));
    std::vector<std::string> paths;
    std::size_t bytes = 0;
    const auto wanted = [](const std::string &) { return true; };
    const auto visit = [&](ds::input::ArchiveReader::Member &&member) {
        paths.push_back(member.path);
        bytes += member.bytes.size();
        if (bytes < (1u << 20)) // decoding is fuzzed on its own (fuzz_yaml); keep runs short
            (void)ds::input::decodeResourceFile(archive + ":" + member.path, member.bytes);
        return paths.size() < 10'000;
    };
    (void)ds::input::ArchiveReader::read(archive, wanted, visit);

    const std::vector<std::string> roots = ds::input::mustgather::dataRootsOf({paths.begin(), paths.end()});
    std::vector<std::string> inTrees;
    for (const std::string &path : paths) {
        if (roots.empty() || ds::input::mustgather::inResourceTree(path, roots))
            inTrees.push_back(path);
        (void)ds::input::mustgather::isCompressedNamespace(path);
    }
    ds::input::mustgather::sortLikeKubeCompare(inTrees, roots);
    return 0;
}
