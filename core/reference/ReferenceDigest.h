// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "Reference.h"

#include <string>
#include <vector>

namespace ds::ref {

// Fingerprints of what decides a comparison, to tell which templates a reload
// of the same reference changed (CompareEngine::compareAgain re-compares only
// the CRs that were compared with those). Two references with equal `shape`
// differ, for comparing, only in the templates whose digests differ.
struct ReferenceDigest
{
    // metadata.yaml as processed (parts, components, fieldsToOmit, function
    // files — the hashed YAML of MetadataHash) and where it was read from.
    std::string shape;
    // Per template: its place and words in metadata.yaml, its config and omit
    // fields, its rendered metadata (correlation), its load error and every
    // parse tree its set holds (its file, the function files, its defines).
    std::vector<std::string> templates;

    bool operator==(const ReferenceDigest &) const = default;
};

ReferenceDigest digestOf(const Reference &reference);

} // namespace ds::ref
