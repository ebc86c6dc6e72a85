// SPDX-License-Identifier: Apache-2.0
#include "TemplatePreview.h"

#include "ComparisonRun.h"
#include "compare/InputNeeds.h"
#include "lint/ReferenceLinter.h"
#include "reference/Reference.h"

#include <set>

namespace ds::pipeline {

namespace {

// The CR, and what the reference's lookupCR calls read (every CR when a call
// computes its kind): comparing all 50k CRs to preview one would not keep up
// with typing.
std::shared_ptr<const std::vector<input::ClusterObject>> objectsFor(const TemplatePreviewRequest &request,
                                                                    const ref::Reference &reference)
{
    auto out = std::make_shared<std::vector<input::ClusterObject>>();
    if (!request.objects || request.objectId.empty())
        return out;
    const auto lookups = compare::lookupKinds(reference);
    for (const input::ClusterObject &o : *request.objects) {
        const bool lookedUp = !lookups || lookups->contains(input::kindOfObjectId(o.id));
        if (o.id == request.objectId || lookedUp)
            out->push_back(o);
    }
    return out;
}

} // namespace

TemplatePreview previewTemplate(const TemplatePreviewRequest &request, const std::atomic_bool *cancel)
{
    TemplatePreview preview;
    ComparisonRequest run;
    run.reference.metadataPath = request.metadataPath;
    run.reference.overlay =
        std::make_shared<const std::map<std::string, std::string>>(std::map<std::string, std::string>{
            {request.templatePath, request.source}});
    run.keepBrokenTemplates = true;
    run.compareWithoutBrokenPairs = true;
    run.options = request.options;
    run.options.manualCorrelations.clear();
    if (!request.objectId.empty())
        run.options.manualCorrelations[request.objectId] = request.templatePath;
    run.options.explain = true;
    run.overrides = request.overrides;

    ComparisonRun comparison(std::move(run), Log::null(), cancel);
    if (auto e = comparison.loadReference()) {
        preview.error = *e;
        return preview;
    }
    const ref::Reference &reference = *comparison.reference();
    for (const ref::ReferenceTemplate &t : reference.templates)
        if (t.path == request.templatePath && !t.loadError.empty()) {
            preview.templateError = t.loadError;
            preview.errorLine = lint::lineOfError(t.loadError, t.path);
        }
    for (lint::LintFinding &f : lint::lintLoadedReference(reference, {}).findings)
        if (f.file == request.templatePath)
            preview.findings.push_back(std::move(f));
    if (!preview.templateError.empty() || request.objectId.empty())
        return preview;

    comparison.useObjects(objectsFor(request, reference));
    comparison.readPinnedInFull(); // a CR the window read as its identity alone
    if (auto e = comparison.prepareEngine(); e && !comparison.cancelled()) {
        preview.error = *e;
        return preview;
    }
    if (auto e = comparison.compare(); e || !comparison.report()) {
        if (!comparison.cancelled())
            preview.error = e.value_or("the comparison produced no report");
        return preview;
    }
    const auto compared = comparison.report();
    for (const report::CrResult &r : compared->diffs)
        if (r.crName == request.objectId)
            preview.result = r;
    for (const report::FailedCr &f : compared->failures)
        if (f.crName == request.objectId)
            preview.failure = f;
    return preview;
}

} // namespace ds::pipeline
