// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "InputSource.h"

#include <string>
#include <vector>

namespace ds::input {

// Local CR input (`-f` files, directories and glob patterns, `-R`), read the way
// kubectl's resource builder does for kube-compare: directories contribute their
// .json/.yaml/.yml files in lexical order, named files are read whatever their
// extension, YAML streams are split at `---` lines, `*List` kinds are flattened,
// and undecodable documents are skipped with kube-compare's "Skipping" warning.
class FileInputSource : public InputSource
{
public:
    FileInputSource(std::vector<std::string> paths, bool recursive);

    LoadedObjects load(Log &log, const std::atomic_bool *cancel = nullptr,
                       const ProgressCallback &progress = {}) override;
    std::string description() const override;

    // Decodes one file's bytes into objects (exposed for tests and other sources).
    // Undecodable documents produce a Skipping warning naming `displayPath`.
    static void decodeFile(const std::string &displayPath, const std::string &bytes, Log &log,
                           std::vector<ClusterObject> &out);

private:
    std::vector<std::string> m_paths;
    bool m_recursive;
};

} // namespace ds::input
