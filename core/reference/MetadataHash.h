// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "Reference.h"

#include <string>

namespace ds::ref {

// kube-compare's MetadataHash (`conformance` realhash cases): SHA-256 over the processed reference
// serialised with sigs.k8s.io/yaml, followed by Go's canonical re-printing
// (Node.String) of every top-level node of each template's main parse tree.
std::string metadataHash(const Reference &reference);

// The YAML part alone (exposed for tests and for showing what is hashed).
std::string hashedReferenceYaml(const Reference &reference);

} // namespace ds::ref
