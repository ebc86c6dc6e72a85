// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "YamlReader.h"

#include <optional>
#include <string_view>

namespace ds::yaml {

// Fast path of read() for the YAML that `kubectl get -o yaml`, `oc adm inspect`
// and sigs.k8s.io/yaml emit: block mappings and sequences, plain, quoted and
// block scalars, empty flow collections, comments and document markers.
//
// Returns exactly what the yaml-cpp reader (readWithYamlCpp) returns for the
// same text and options, or nullopt whenever the text leaves that subset or
// anything is uncertain: anchors, aliases, tags, directives, tabs, complex keys,
// non-empty flow collections, merge keys, duplicate keys under
// rejectDuplicateKeys, anything yaml-cpp would reject. It never produces errors;
// the caller falls back to yaml-cpp, which then produces them.
std::optional<ReadResult> fastRead(std::string_view text, const ReadOptions &options = {});

} // namespace ds::yaml
