// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "ClusterObject.h"
#include "FileStamp.h"
#include "KindFilter.h"

#include <optional>
#include <string>
#include <vector>

namespace ds::input {

// One file's objects and the warnings decoding it produced, in order. Decoding
// does not log, so files can be decoded on several threads and their warnings
// replayed in file order.
struct DecodedFile
{
    std::string path;
    std::vector<ClusterObject> objects;
    std::vector<std::string> warnings;
    // Go's error for a file that could not be read at all ("open <path>:
    // permission denied"): kube-compare stops there (exit 2).
    std::string readError;
    // Read from disk: the file's stamp as it was read. `reused`: not read at
    // all, taken from an earlier load (ReadRecord) because the stamp is the same.
    std::optional<FileStamp> stamp;
    bool reused = false;
    // Reused: the earlier load's ReadRecord::files it stands for, `recordedCount`
    // from index `recordedFirst` — more than one for a run of files taken over
    // together (ParallelDecoder::decodeFiles).
    std::size_t recordedFirst = 0;
    std::size_t recordedCount = 0;
    // Reused: its objects, still in the earlier load's vector (copied once, into the new one).
    const ClusterObject *reusedObjects = nullptr;
    std::size_t reusedCount = 0;
};

// Decodes a resource file the way kubectl's builder does for kube-compare:
// YAML streams split at `---` lines (or a JSON stream), empty and null documents
// dropped, `*List` kinds flattened (items inherit the list's apiVersion and
// kind), documents without a kind skipped with kube-compare's "Skipping"
// warning, and a YAML error skipping the rest of the file. Objects whose kind
// `filter` does not keep are reduced to identity skeletons.
DecodedFile decodeResourceFile(const std::string &displayPath, const std::string &bytes,
                               const KindFilter &filter = {});

// kube-compare's "Skipping ..." warning text.
std::string skipWarning(const std::string &where, const std::string &error);

// The identity skeleton of an object: apiVersion, kind, metadata name,
// namespace and ownerReferences.
Value identitySkeleton(const Value &object);

} // namespace ds::input
