// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "Reference.h"
#include "ReferenceFileSystem.h"
#include "util/Log.h"
#include "util/UrlReader.h"

#include <functional>
#include <optional>
#include <string>

namespace ds::ref {

// Validates a v2 perField value with its inline diff function at load time.
// Returns an error text, or nullopt; `known` is set false for an unknown function.
using InlineDiffValidator =
    std::function<std::optional<std::string>(const std::string &function, const std::string &value, bool &known)>;

struct LoadResult
{
    std::shared_ptr<Reference> reference;
    std::optional<std::string> error; // kube-compare's text; several errors joined by "\n"
    bool ok() const { return !error.has_value(); }
};

// Loads a kube-compare reference (metadata.yaml v1 or v2 plus templates) with
// kube-compare's strict decoding, validation and error texts (tst_referenceloader).
class ReferenceLoader
{
public:
    explicit ReferenceLoader(Log &log = Log::null());
    void setInlineDiffValidator(InlineDiffValidator validator) { m_validator = std::move(validator); }
    // How a reference given by http(s) URL is read (the pipeline's network).
    void setUrlReader(UrlReader reader) { m_urlReader = std::move(reader); }
    // Texts read instead of these files (see ReferenceFileSystem::setOverlay).
    void setOverlay(std::shared_ptr<const ReferenceFileSystem::Overlay> overlay) { m_overlay = std::move(overlay); }

    // Both steps below, as kube-compare's set-up runs them (with the diff config
    // read in between by the CLI when it wants kube-compare's error order).
    LoadResult load(const std::string &metadataPath);
    // metadata.yaml only: decoding, validation, fieldsToOmit.
    LoadResult loadMetadata(const std::string &metadataPath);
    // Parses and pre-renders the templates of a reference from loadMetadata.
    std::optional<std::string> loadTemplates(Reference &reference);

private:
    Log &m_log;
    InlineDiffValidator m_validator;
    UrlReader m_urlReader;
    std::shared_ptr<const ReferenceFileSystem::Overlay> m_overlay;
};

} // namespace ds::ref
