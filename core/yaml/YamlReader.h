// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "value/Value.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ds::yaml {

// How numbers end up after sigs.k8s.io/yaml's YAML→JSON→Go round trip (tst_yamlreader).
enum class NumberTyping {
    Kubernetes, // cluster side: integers that fit → int64, everything else float64
    Float64,    // reference side: json.Unmarshal into interface{} → all float64
};

struct ReadOptions
{
    NumberTyping numbers = NumberTyping::Kubernetes;
    bool firstDocumentOnly = false;
    // Strict decoding (metadata.yaml, diff config): duplicate keys are errors.
    bool rejectDuplicateKeys = false;
    // Upper bound on values created, alias expansions included (billion laughs).
    std::size_t maxValues = 20'000'000;
    // Materialise only what identifies a resource: apiVersion, kind,
    // metadata.{name,namespace,ownerReferences}, and the same of each `items`
    // entry. Everything else is still read and checked (so errors are those of
    // a full read) but left null. Honoured by the fast path only, and never
    // with rejectDuplicateKeys; ReadResult::identityOnly says whether it was.
    bool identityOnly = false;
};

struct ReadError
{
    enum class Kind {
        Syntax,     // YAML syntax (yaml.v2 would say "yaml: ...")
        Conversion, // YAML→JSON conversion (unsupported value or key)
        Strict,     // strict decoding (duplicate key)
    };
    Kind kind = Kind::Syntax;
    int line = 0;   // 1-based, 0 when unknown
    int column = 0; // 1-based, 0 when unknown
    std::string message; // without position, e.g. "mapping values are not allowed in this context"
    // Whether yaml.v2 reports this as a scanner error (it then numbers lines from 1
    // but omits "line 1").
    bool scannerError = true;

    // The text yaml.v2 / sigs.k8s.io/yaml would produce for this error,
    // e.g. "yaml: line 2: mapping values are not allowed in this context".
    std::string goText() const;
    // "line L, column C: message" for people.
    std::string describe() const;
};

struct ReadResult
{
    std::vector<Value> documents;
    std::optional<ReadError> error;
    // Documents hold only their identity fields (ReadOptions::identityOnly).
    bool identityOnly = false;
    bool ok() const { return !error.has_value(); }
};

// Reads YAML (1.1 typing as yaml.v2) or JSON text into Values.
// Every document of a stream is returned (null for empty documents) unless
// firstDocumentOnly is set. Kubernetes-style YAML takes a fast path
// (FastYamlReader.h); everything else, and every error, comes from yaml-cpp.
ReadResult read(std::string_view text, const ReadOptions &options = {});

// yaml.v2's reader check, which read() applies first: the error for text that
// is not printable UTF-8 ("invalid leading UTF-8 octet", "control characters
// are not allowed", ...), or nullopt.
std::optional<ReadError> readerError(std::string_view text);

// read() without the fast path: always yaml-cpp. The reference behaviour the
// fast path is tested against.
ReadResult readWithYamlCpp(std::string_view text, const ReadOptions &options = {});

} // namespace ds::yaml
