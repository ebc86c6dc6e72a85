// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "compare/CompareOptions.h"
#include "compare/UserOverrides.h"
#include "input/ClusterObject.h"
#include "lint/LintFinding.h"
#include "report/ComparisonReport.h"

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ds::pipeline {

// One template, edited but not saved, rendered against one CR as the
// comparison would render it once saved: the template editor's preview.
struct TemplatePreviewRequest
{
    std::string metadataPath; // the reference (on disk; its other files are read as they are)
    std::string templatePath; // as metadata.yaml lists it
    std::string source;       // the edited text
    // The window's CRs; the one named objectId is compared with the template
    // (pinned to it), with the CRs the reference's lookupCR calls can read.
    std::shared_ptr<const std::vector<input::ClusterObject>> objects;
    std::string objectId; // empty: no CR, the template's empty-data render only
    compare::CompareOptions options;
    std::shared_ptr<const compare::UserOverrides> overrides;
};

struct TemplatePreview
{
    std::string error;         // nothing could be rendered (metadata.yaml broken, …)
    std::string templateError; // the edited template does not parse or pre-render
    int errorLine = 0;         // where templateError points (0: unknown)
    std::optional<report::CrResult> result;  // the CR compared with the edited template
    std::optional<report::FailedCr> failure; // rendering against the CR failed
    std::vector<lint::LintFinding> findings; // the linter's, for this template
};

// Loads the reference with `source` in place of the template's file, compares
// the CR with it and lints the template. Runs on any thread; `cancel` stops it.
TemplatePreview previewTemplate(const TemplatePreviewRequest &request, const std::atomic_bool *cancel = nullptr);

} // namespace ds::pipeline
