// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <optional>
#include <string>

namespace ds::pipeline {

// The comparison Driftscope ships to try it without data (`--sample`, Help ▸
// Open Sample Comparison): the telco core reference, its source CRs with a
// few changes — drift in a list item and in scalar fields, one of them
// accepted by an override with its reason, a required CR missing, a CR no
// template covers — and that overrides file (resources/sample/README.md).
struct SampleComparison
{
    std::string metadata;  // reference/metadata.yaml
    std::string cluster;   // the cluster CRs' folder (read recursively)
    std::string overrides; // accepted-overrides.yaml
};

// Where the sample is: $DRIFTSCOPE_SAMPLE_DIR, next to the installed program
// (../share/driftscope/sample), or in the source tree it was built from.
// nullopt when none holds it.
std::optional<SampleComparison> sampleComparison();

} // namespace ds::pipeline
