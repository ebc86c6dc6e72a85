// SPDX-License-Identifier: Apache-2.0
#include "CompareEngine.h"

#include "ComparisonMemo.h"
#include "CrIndependence.h"

#include "DiffRunner.h"
#include "GroupCorrelator.h"
#include "InlineDiffDriver.h"
#include "ObjectTransforms.h"
#include "ReferenceIndexes.h"
#include "UserOverrides.h"
#include "ValidationRules.h"
#include "diff/CharDiff.h"
#include "diff/FieldChanges.h"
#include "json/JsonWriter.h"
#include "reference/FieldPath.h"
#include "patch/MergePatch.h"
#include "patch/Slug.h"
#include "reference/MetadataHash.h"
#include "reference/ReferenceDigest.h"
#include "reference/TemplateRendering.h"
#include "template/FunctionSpec.h"
#include "util/BufferedLog.h"
#include "util/KeepUntilExit.h"
#include "util/OrderedParallel.h"
#include "yaml/YamlWriter.h"

#include <QThread>

#include <algorithm>
#include <future>
#include <map>
#include <numeric>
#include <set>
#include <unordered_set>

namespace ds::compare {

namespace {

const char *kSkipTail = " Input contains additional files from supported file extensions (json/yaml) that do not contain "
                        "a valid resource, error: %s.\n In case this file is expected to be a valid resource modify it "
                        "accordingly. ";

// kube-compare turns any per-CR error whose text contains "error parsing" into a
// "Skipping" warning built from the error's words, as for invalid input files
// (`conformance` InvalidResourcesAreSkipped, ReferenceV2InlineCapturegroups).
std::optional<std::string> skippingWarning(const std::string &error)
{
    if (error.find("error parsing") == std::string::npos)
        return std::nullopt;
    std::vector<std::string> words;
    std::size_t start = 0;
    while (start <= error.size()) {
        const std::size_t space = error.find(' ', start);
        words.push_back(error.substr(start, space == std::string::npos ? std::string::npos : space - start));
        if (space == std::string::npos)
            break;
        start = space + 1;
    }
    const std::string where = words.size() > 2 ? words[2] : "Unknown Path";
    std::string tail = kSkipTail;
    tail.replace(tail.find("%s"), 2, error.substr(error.rfind(':')));
    return "Skipping " + where + tail;
}

} // namespace

struct CompareEngine::Candidate
{
    std::size_t templateIndex = 0;
    bool excluded = false;
    std::string excludedReason;
    std::optional<std::string> error;
    int score = 0;
    DiffRun diff;
    std::string referenceYaml;
    std::string clusterYaml;
    Value finalReference;
    Value live;
    std::vector<report::HiddenField> hidden; // with CompareOptions::explain
};

// What comparing one CR adds to the report; recorded in input order.
struct CompareEngine::Outcome
{
    enum class Kind { Unmatched, SkippedByDoNotMatch, Failed, Compared }; // ComparisonMemo::Verdict's order
    Kind kind = Kind::Unmatched;
    std::string crId;
    // Failed: kube-compare lists the CR as unmatched before aborting (not with
    // --keep-going); no failure when the error only became a Skipping warning.
    bool listedUnmatched = false;
    std::optional<report::FailedCr> failure;
    // Compared
    report::CrResult result;
    std::optional<UserOverride> newOverride; // --generate-override-for
    std::optional<std::string> overrideError;
    bool patched = false;
};

// A CR compareAgain() compares again: a copy to compare, what comparing it
// logs and its outcome.
struct CompareEngine::Fresh
{
    input::ClusterObject cr;
    BufferedLog log;
    Outcome outcome;
};

// State of one comparison run.
struct CompareEngine::Context
{
    Context(Log &l, DiffRunner r) : log(l), runner(std::move(r)) {}

    std::vector<Value> objectsOfKind(std::string_view apiVersion, std::string_view kind) const
    {
        std::vector<Value> out;
        auto it = byKind.find({std::string(apiVersion), std::string(kind)});
        if (it == byKind.end())
            return out;
        for (std::size_t i : it->second)
            out.push_back((*objects)[i].object);
        return out;
    }

    Log &log;
    DiffRunner runner;
    std::vector<input::ClusterObject> *objects = nullptr;
    std::map<std::pair<std::string, std::string>, std::vector<std::size_t>> byKind;
    std::vector<bool> copied; // setObjectsShared: copied before comparing
    report::ComparisonReport report;
    std::map<std::string, int> matchCounts;
    std::vector<std::string> fatal;
    std::vector<UserOverride> newOverrides;
};

// Where comparing CRs logs to, and the function context of their templates
// (lookupCR(s) sees the whole input).
struct CompareEngine::Evaluation : tmpl::FunctionContext
{
    Evaluation(const Context &r, Log &l) : run(r), log(l) {}

    std::vector<Value> objectsOfKind(std::string_view apiVersion, std::string_view kind) const override
    {
        return run.objectsOfKind(apiVersion, kind);
    }
    void warn(const std::string &message) override { log.warning(message); }

    const Context &run;
    Log &log;
};

CompareEngine::CompareEngine(std::shared_ptr<const ref::Reference> reference, CompareOptions options, Log &log)
    : m_reference(std::move(reference)), m_options(std::move(options)), m_log(log)
{
}

CompareEngine::~CompareEngine() = default;

void CompareEngine::setOverrides(std::shared_ptr<const UserOverrides> overrides)
{
    m_overrides = std::move(overrides);
}

std::optional<std::string> CompareEngine::prepare()
{
    m_manual.clear();
    for (const auto &[crId, path] : m_options.manualCorrelations) {
        std::size_t found = m_reference->templates.size();
        for (std::size_t i = 0; i < m_reference->templates.size(); ++i)
            if (m_reference->templates[i].path == path)
                found = i; // the last template of that path wins, like Go's name map
        if (found == m_reference->templates.size())
            return "error in template manual matching for resource: " + crId + " no template in the name of " + path;
        m_manual[crId] = found;
    }
    std::vector<Value> metadata;
    for (const auto &t : m_reference->templates)
        metadata.push_back(t.metadata);
    m_groups = std::make_unique<GroupCorrelator>(metadata, GroupCorrelator::Order::Templates);
    m_independence = std::make_unique<CrIndependence>(crIndependence(*m_reference));
    for (const auto &groupOverlaps : m_groups->overlapsByGroup()) {
        if (groupOverlaps.empty())
            continue;
        if (!m_options.verbose) {
            m_log.warning("The reference contains overlapping object definitions which may result in unexpected "
                          "correlation results. Re-run with '--verbose' output enabled to view a detailed description "
                          "of the issues");
            continue;
        }
        for (const auto &overlap : groupOverlaps) {
            std::string fields, names;
            for (const auto &f : overlap.fieldNames)
                fields += (fields.empty() ? "" : ", ") + f;
            std::vector<std::string> paths;
            for (std::size_t i : overlap.items)
                paths.push_back(m_reference->templates[i].path);
            std::sort(paths.begin(), paths.end());
            for (const auto &p : paths)
                names += (names.empty() ? "" : ", ") + p;
            m_log.info(1, "More than one template with same " + fields
                              + ". By Default for each Cluster CR that is correlated to one of these templates the "
                                "template with the least number of diffs will be used. To use a different template "
                                "for a specific CR specify it in the diff-config (-c flag) Template names are: "
                              + names);
        }
    }
    return std::nullopt;
}

std::vector<std::size_t> CompareEngine::correlate(const Value &object, report::CorrelationReason &reason) const
{
    // The id is taken from the object as it is now (templates can change CRs).
    auto it = m_manual.empty() ? m_manual.end() : m_manual.find(input::objectId(object));
    if (it != m_manual.end()) {
        reason.kind = report::CorrelationReason::Kind::Manual;
        reason.diffConfig = m_options.diffConfigPath;
        return {it->second};
    }
    const GroupCorrelator::Group *group = nullptr;
    std::vector<std::size_t> templates = m_groups->match(object, &group);
    reason.kind = report::CorrelationReason::Kind::Fields;
    if (group) {
        for (const GroupCorrelator::Field &field : *group)
            reason.fields.emplace_back(GroupCorrelator::fieldPathText(field), ref::nestedField(object, field).str());
        // In the order people name a CR (kube-compare's group order is internal).
        const auto rank = [](const std::string &field) {
            static const std::vector<std::string> order{"apiVersion", "kind", "metadata.namespace", "metadata.name"};
            return std::find(order.begin(), order.end(), field) - order.begin();
        };
        std::stable_sort(reason.fields.begin(), reason.fields.end(),
                         [&](const auto &a, const auto &b) { return rank(a.first) < rank(b.first); });
    }
    return templates;
}

namespace {

std::string hiddenValueText(const Value &value, bool secretData)
{
    if (secretData)
        return "\"***\""; // as the diff masks Secret data
    json::WriteResult written = json::write(value);
    return written.ok() ? std::move(written.text) : std::string();
}

// Whether merging the rendered template onto the CR keeps a field only the
// CR has: one reached through keys down to a key the template does not have.
// A list the template has replaces the CR's whole (RFC 7386), so the items
// the CR adds to it are compared, not left open.
bool keptByMerge(const Value &rendered, const ObjectPath &path)
{
    const Value *node = &rendered;
    for (const PathSegment &segment : path) {
        if (segment.index || !(node->isMap() || node->isObject()))
            return false;
        node = node->find(segment.key);
        if (!node || node->isMissing())
            return true;
    }
    return false;
}

std::string omitRule(const ref::OmitEntry &entry)
{
    std::string rule = "fieldsToOmit: " + entry.pathToKey + (entry.isPrefix ? " (prefix)" : "");
    return entry.include.empty() ? rule : rule + " (from " + entry.include + ")";
}

ObjectPath keyPath(const std::vector<std::string> &segments)
{
    ObjectPath path;
    for (const std::string &s : segments)
        path.push_back(PathSegment{s, {}, {}});
    return path;
}

} // namespace

// The fields fieldsToOmit takes out of the CR, before they go.
void CompareEngine::recordOmitted(const Value &cr, const ref::ReferenceTemplate &t,
                                  std::vector<report::HiddenField> &hidden) const
{
    const bool secret = isV1Secret(cr);
    for (const OmittedField &f : fieldsToOmitIn(cr, t.omitFields))
        hidden.push_back({report::HiddenField::Reason::Omitted, keyPath(f.path), omitRule(*f.entry),
                          hiddenValueText(ref::nestedField(cr, f.path), secret && f.path.front() == "data"), false});
}

CompareEngine::Candidate CompareEngine::diffAgainstTemplate(std::size_t templateIndex, input::ClusterObject &cr,
                                                            const std::vector<const UserOverride *> &overrides,
                                                            Evaluation &context) const
{
    const ref::ReferenceTemplate &t = m_reference->templates[templateIndex];
    Candidate c;
    c.templateIndex = templateIndex;
    auto fail = [&](const std::string &error) {
        c.error = error;
        return c;
    };
    // The CR itself loses the omitted fields: later candidates and lookups see that.
    if (m_options.explain)
        recordOmitted(cr.object, t, c.hidden);
    omitFields(cr.object, t.omitFields);
    context.log.info(1, "Executing template " + t.path);
    ref::RenderedTemplate rendered = ref::renderTemplate(t, cr.object, context);
    if (!rendered.ok()) {
        if (rendered.doNotMatch) {
            c.excluded = true;
            c.excludedReason = rendered.doNotMatchReason;
            return c;
        }
        return fail("template injection failed: " + *rendered.error);
    }
    Value reference = rendered.object;
    const std::string fileName = patch::slug(cr.id);
    if (t.config.ignoreUnspecifiedFields) {
        if (m_options.explain) // what the cluster has and the template leaves open
            for (const diff::FieldChange &f : diff::fieldChanges(reference, cr.object))
                if (f.kind == diff::FieldChange::Kind::AddedInCluster && keptByMerge(reference, f.path))
                    c.hidden.push_back({report::HiddenField::Reason::Unspecified, f.path,
                                        "ignore-unspecified-fields",
                                        hiddenValueText(f.cluster, isV1Secret(cr.object) && f.path.front().key == "data"),
                                        false});
        patch::PatchResult merged = patch::MergePatch::apply(cr.object, reference);
        if (!merged.ok())
            return fail("template injection failed: failed to properly merge the manifests for " + fileName
                        + " some diff may be incorrect: " + *merged.error);
        reference = merged.value;
    }
    for (const UserOverride *o : overrides) {
        if (!o->templatePath.empty() && o->templatePath != t.path)
            continue;
        if (auto e = UserOverrides::apply(*o, reference, cr.object, context))
            return fail("template injection failed: " + *e);
    }
    std::vector<InlineCheck> checks;
    if (auto e = runInlineDiffFunctions(reference, cr.object, t, fileName, context.log,
                                        m_options.explain ? &checks : nullptr))
        return fail("template injection failed: failed to properly run inline diff functions for " + fileName
                    + " some diff may be incorrect: " + *e);
    for (const InlineCheck &check : checks) {
        std::string error;
        const auto path = ref::FieldPath::parse(check.pathToKey, error);
        const Value value = path ? ref::nestedFieldThroughLists(cr.object, path->segments) : Value();
        c.hidden.push_back({report::HiddenField::Reason::InlineFunction, path ? keyPath(path->segments) : ObjectPath{},
                            check.function, hiddenValueText(value, false), check.accepted});
    }
    omitFields(reference, t.omitFields);

    // kubectl's Differ drops managedFields from both objects in place, then masks
    // Secret data on copies.
    if (!m_options.showManagedFields) {
        ref::removeNestedField(reference, {"metadata", "managedFields"});
        ref::removeNestedField(cr.object, {"metadata", "managedFields"});
    }
    // What the input could not know (ConfigDir) is neither drift nor missing.
    for (const auto &path : cr.unknownFields) {
        ref::removeNestedField(reference, path);
        ref::removeNestedField(cr.object, path);
    }
    c.finalReference = reference;
    c.live = cr.object;
    Value merged = reference.deepCopy();
    Value live = cr.object.deepCopy();
    if (isV1Secret(live)) {
        if (auto e = maskSecretData(merged, live))
            return fail("error occurered during diff: run masker: " + *e);
    }
    const yaml::WriteResult mergedYaml = yaml::writeCanonical(merged);
    const yaml::WriteResult liveYaml = yaml::writeCanonical(live);
    if (!mergedYaml.ok() || !liveYaml.ok())
        return fail("error occurered during diff: " + (mergedYaml.ok() ? *liveYaml.error : *mergedYaml.error));
    c.referenceYaml = mergedYaml.text;
    c.clusterYaml = liveYaml.text;
    c.diff = context.run.runner.run(fileName, c.referenceYaml, c.clusterYaml);
    if (c.diff.error)
        return fail(*c.diff.error);
    c.score = diff::CharDiff::score(diff::CharDiff().diffMain(c.referenceYaml, c.clusterYaml));
    return c;
}

CompareEngine::Outcome CompareEngine::evaluate(input::ClusterObject &cr, Evaluation &context) const
{
    Log &log = context.log;
    Outcome outcome;
    outcome.crId = cr.id;
    report::CorrelationReason reason;
    const std::vector<std::size_t> templates = correlate(cr.object, reason);
    const bool manual = reason.kind == report::CorrelationReason::Kind::Manual;
    if (templates.empty())
        return outcome; // Unmatched
    if (cr.partial) {
        // Only a pin pairs a CR read as its identity alone with a template, and
        // ComparisonRun::readPinnedInFull reads it in full first: when that
        // failed, the CR fails here rather than being compared as a skeleton.
        outcome.kind = Outcome::Kind::Failed;
        outcome.listedUnmatched = !m_options.keepGoing;
        std::vector<std::string> paths;
        for (std::size_t index : templates)
            paths.push_back(m_reference->templates[index].path);
        outcome.failure = report::FailedCr{cr.id, cr.source, std::move(paths),
                                           "only the identity of this CR was read: read the cluster data again"};
        return outcome;
    }
    std::vector<const UserOverride *> overrides;
    if (m_overrides)
        overrides = m_overrides->match(cr.object, cr.id);
    std::vector<Candidate> matches;
    std::vector<std::string> errors;
    report::CrResult &result = outcome.result;
    for (std::size_t index : templates) {
        Candidate c = diffAgainstTemplate(index, cr, overrides, context);
        report::CandidateResult summary{index, m_reference->templates[index].path, c.score, c.excluded,
                                        c.excludedReason, c.error};
        result.candidates.push_back(summary);
        if (c.excluded) {
            log.info(1, "Template " + m_reference->templates[index].path + " excluded itself from matching: "
                            + c.excludedReason);
            continue;
        }
        if (c.error) {
            errors.push_back(*c.error);
            continue;
        }
        matches.push_back(std::move(c));
    }
    log.info(1, "Found " + std::to_string(matches.size()) + " matches for " + cr.id);
    if (matches.empty() && errors.empty()) {
        log.info(1, "Skipping comparison of " + cr.id + ": doNotMatch returned by all templates");
        outcome.kind = Outcome::Kind::SkippedByDoNotMatch;
        return outcome;
    }
    const Candidate *best = nullptr;
    for (const Candidate &m : matches) {
        log.info(1, " - " + m_reference->templates[m.templateIndex].path + " - Diff score: " + std::to_string(m.score));
        if (!best || m.score < best->score)
            best = &m;
    }
    if (!errors.empty()) {
        outcome.kind = Outcome::Kind::Failed;
        outcome.listedUnmatched = !m_options.keepGoing;
        std::string joined;
        for (const auto &e : errors)
            joined += (joined.empty() ? "" : "\n") + e;
        if (auto warning = skippingWarning(joined)) {
            log.warning(*warning);
        } else {
            std::vector<std::string> paths;
            for (std::size_t index : templates)
                paths.push_back(m_reference->templates[index].path);
            outcome.failure = report::FailedCr{cr.id, cr.source, std::move(paths), joined};
        }
        return outcome;
    }
    outcome.kind = Outcome::Kind::Compared;
    const ref::ReferenceTemplate &t = m_reference->templates[best->templateIndex];
    result.crName = cr.id;
    result.correlatedTemplate = t.path;
    result.templateIndex = best->templateIndex;
    result.diffOutput = best->diff.output;
    result.description = t.effectiveDescription;
    result.source = cr.source;
    result.referenceYaml = best->referenceYaml;
    result.clusterYaml = best->clusterYaml;
    result.score = best->score;
    result.manualCorrelation = manual;
    result.correlation = std::move(reason);
    result.hidden = best->hidden;
    result.apiVersion = input::stringField(cr.object, {"apiVersion"});
    result.kind = input::stringField(cr.object, {"kind"});
    result.ns = input::stringField(cr.object, {"metadata", "namespace"});
    result.name = input::stringField(cr.object, {"metadata", "name"});
    if (result.hasDiff())
        result.acceptPatch = UserOverrides::acceptPatch(best->finalReference, best->live).value_or(std::string());
    const auto &generateFor = m_options.generateOverrideFor;
    if (std::find(generateFor.begin(), generateFor.end(), t.path) != generateFor.end()) {
        std::string error;
        outcome.newOverride = UserOverrides::generate(best->finalReference, best->live, t.path,
                                                      m_options.overrideReason, error);
        if (!outcome.newOverride)
            outcome.overrideError = error;
    }
    if (!overrides.empty()) {
        outcome.patched = true;
        result.patched = m_options.overridesPath;
        for (const UserOverride *o : overrides)
            if (!o->reason.empty())
                result.overrideReasons.push_back(o->reason);
    }
    return outcome;
}

void CompareEngine::record(Outcome &&outcome, Context &context) const
{
    report::ComparisonReport &report = context.report;
    switch (outcome.kind) {
    case Outcome::Kind::Unmatched:
        recordUnmatched(outcome.crId, context);
        return;
    case Outcome::Kind::SkippedByDoNotMatch:
        report.skippedByDoNotMatch.push_back(outcome.crId);
        return;
    case Outcome::Kind::Failed:
        if (outcome.listedUnmatched)
            report.summary.unmatchedCRs.push_back(outcome.crId);
        if (outcome.failure) {
            context.fatal.push_back(outcome.failure->error);
            report.failures.push_back(std::move(*outcome.failure));
        }
        return;
    case Outcome::Kind::Compared:
        break;
    }
    context.matchCounts[outcome.result.correlatedTemplate] += 1;
    if (outcome.result.hasDiff())
        report.summary.numDiffCRs += 1;
    if (outcome.newOverride)
        context.newOverrides.push_back(std::move(*outcome.newOverride));
    if (outcome.overrideError)
        context.fatal.push_back(*outcome.overrideError);
    if (outcome.patched)
        report.summary.patchedCRs += 1;
    report.diffs.push_back(std::move(outcome.result));
}

void CompareEngine::recordUnmatched(const std::string &crId, Context &context) const
{
    context.report.unmatchedAll.push_back(crId);
    if (m_options.allResources)
        context.report.summary.unmatchedCRs.push_back(crId);
}

void CompareEngine::markMatchedByReference(Context &context, const ReferenceIndexes &indexes)
{
    for (const auto &t : m_reference->templates) {
        const std::string id = input::objectId(t.metadata);
        const char *via = indexes.ownerReferences.count(id) ? "ownerReferences"
            : indexes.subjects.count(id)                    ? "RBAC subjects"
                                                            : nullptr;
        if (!via)
            continue;
        m_log.info(1, "Template " + t.path + " found via " + via + " (content not validated)");
        context.report.foundByReferenceVia[t.path] = via;
        context.matchCounts[t.path] += 1;
        context.report.summary.matchedByReferenceOnly.push_back(t.path);
    }
}

void CompareEngine::buildSummary(Context &context, std::string metadataHash)
{
    report::Summary &s = context.report.summary;
    s.totalCRs = 0;
    for (const auto &[path, n] : context.matchCounts)
        s.totalCRs += n;
    context.report.matchCounts = context.matchCounts;
    s.validationIssues = validationIssues(*m_reference, context.matchCounts, s.numMissing);
    s.metadataHash = std::move(metadataHash);
    std::vector<UserOverride> patches;
    if (m_overrides)
        patches = m_overrides->all();
    patches.insert(patches.end(), context.newOverrides.begin(), context.newOverrides.end());
    context.report.patchesYaml = UserOverrides::toYaml(patches);
}

// CRs are compared side by side when their comparisons cannot see each other
// (CrIndependence) and no override templates or external diff program run
// (kube-compare runs those one CR at a time). Results and log lines are still
// recorded in input order.
int CompareEngine::comparisonThreads() const
{
    if (!m_independence || !m_independence->sideBySide || !m_options.externalDiff.empty()
        || (m_overrides && !m_overrides->all().empty()))
        return 1;
    return m_options.threads > 0 ? m_options.threads : QThread::idealThreadCount();
}

// The CRs lookups can return: those of the kinds lookups name.
std::vector<bool> CompareEngine::lookupTargets(const std::vector<input::ClusterObject> &objects) const
{
    std::vector<bool> targets(objects.size(), false);
    const std::set<std::string> &kinds = m_independence->lookedUpKinds;
    if (!kinds.empty())
        for (std::size_t i = 0; i < objects.size(); ++i)
            targets[i] = kinds.count(input::stringField(objects[i].object, {"kind"})) > 0;
    return targets;
}

// Which CRs are compared alone (CrIndependence): lookup targets, so that lookups
// before them see them untouched and lookups after them see what their
// comparison did, and CRs whose templates may change what they look up.
std::vector<bool> CompareEngine::comparedAlone(const std::vector<input::ClusterObject> &objects,
                                               const std::vector<bool> &targets) const
{
    std::vector<bool> alone = targets;
    const auto &changing = m_independence->mayChangeLookups;
    if (std::find(changing.begin(), changing.end(), true) == changing.end())
        return alone;
    for (std::size_t i = 0; i < objects.size(); ++i) {
        if (alone[i])
            continue;
        report::CorrelationReason reason;
        const std::vector<std::size_t> templates = correlate(objects[i].object, reason);
        alone[i] = std::any_of(templates.begin(), templates.end(), [&](std::size_t t) { return changing[t]; });
    }
    return alone;
}

bool CompareEngine::compareAll(std::vector<input::ClusterObject> &objects, Context &context,
                               const std::atomic_bool *cancel, const ProgressCallback &progress,
                               ComparisonMemo *memo) const
{
    struct Pending
    {
        BufferedLog log;
        Outcome outcome;
    };
    OrderedRunOptions run;
    run.threads = comparisonThreads();
    run.cancel = cancel;
    std::vector<bool> targets, alone;
    if (run.threads > 1) {
        targets = lookupTargets(objects);
        alone = comparedAlone(objects, targets);
        run.exclusive = [&alone](std::size_t i) { return bool(alone[i]); };
    }
    std::vector<std::unique_ptr<Pending>> pending(objects.size());
    // Most CRs of a must-gather correlate with no template and log nothing:
    // they are only flagged (a Pending is ~1 KB, and 50,000 of them cost
    // more than comparing the CRs that matched; docs/performance.md).
    std::vector<char> quietlyUnmatched(objects.size(), 0); // not vector<bool>: threads write neighbours
    Evaluation inOrder(context, m_log); // one after the other: logs go straight out
    const bool buffered = run.threads > 1 || memo; // a memo keeps each CR's lines
    const auto work = [&](std::size_t i) {
        if (m_objectsShared && !context.copied[i] && !objects[i].partial)
            objects[i].object = objects[i].object.deepCopy(); // comparing changes it
        BufferedLog log;
        Outcome outcome;
        if (buffered) {
            Evaluation sideBySide(context, log);
            outcome = evaluate(objects[i], sideBySide);
            if (run.threads > 1 && !targets[i] && !m_keepObjectsUntilExit)
                objects[i].object = Value(); // nothing reads it again: freed on this thread
        } else {
            outcome = evaluate(objects[i], inOrder);
        }
        if (outcome.kind == Outcome::Kind::Unmatched && log.empty()) // its id is objects[i].id
            quietlyUnmatched[i] = 1;
        else
            pending[i] = std::make_unique<Pending>(Pending{std::move(log), std::move(outcome)});
    };
    const auto deliver = [&](std::size_t i) {
        if (progress)
            progress(i, objects.size());
        if (quietlyUnmatched[i]) {
            static const Outcome unmatched;
            if (memo)
                note(unmatched, context, BufferedLog(), *memo);
            recordUnmatched(objects[i].id, context);
            return;
        }
        const std::unique_ptr<Pending> p = std::move(pending[i]);
        if (memo) { // the memo keeps the lines: passed on, then moved there
            p->log.copyInto(m_log);
            note(p->outcome, context, std::move(p->log), *memo);
        } else {
            p->log.replayInto(m_log);
        }
        record(std::move(p->outcome), context);
    };
    return runOrdered(objects.size(), run, work, deliver) == objects.size();
}

CompareResult CompareEngine::compare(std::vector<input::ClusterObject> objects, const std::atomic_bool *cancel,
                                     const ProgressCallback &progress, ComparisonMemo *memo)
{
    CompareResult result;
    // The hash only reads the reference: another core computes it meanwhile.
    std::future<std::string> metadataHash
        = std::async(std::launch::async, [reference = m_reference] { return ref::metadataHash(*reference); });
    Context context(m_log, DiffRunner(m_options.tmpDir, m_options.externalDiff));
    // Duplicates (same id) are dropped; the first occurrence wins.
    std::vector<input::ClusterObject> unique;
    unique.reserve(objects.size());
    std::unordered_set<std::string_view> seen(objects.size());
    for (auto &o : objects) {
        if (seen.count(o.id)) {
            m_log.info(2, "Skipping duplicate object " + o.id);
            continue;
        }
        m_log.info(1, "Loading object " + o.id);
        unique.push_back(std::move(o));
        seen.insert(unique.back().id); // reserved: the element stays put
    }
    context.objects = &unique;
    // For lookupCR(s); when every lookup names its kind, only those kinds are asked for.
    // Without any lookup (most references) no kind is asked for: 50,000 kinds not read.
    const bool literalLookups = m_independence && m_independence->sideBySide;
    const bool lookups = !literalLookups || !m_independence->lookedUpKinds.empty();
    for (std::size_t i = 0; lookups && i < unique.size(); ++i) {
        std::string kind = input::stringField(unique[i].object, {"kind"});
        if (!literalLookups || m_independence->lookedUpKinds.count(kind))
            context.byKind[{input::stringField(unique[i].object, {"apiVersion"}), std::move(kind)}].push_back(i);
    }
    // What lookups can return is copied before anything is compared; the rest
    // as it is compared (compareAll).
    context.copied.assign(m_objectsShared ? unique.size() : 0, false);
    if (m_objectsShared)
        for (const auto &[kind, indexes] : context.byKind)
            for (std::size_t i : indexes)
                if (!unique[i].partial) {
                    unique[i].object = unique[i].object.deepCopy();
                    context.copied[i] = true;
                }
    auto indexes = std::make_shared<const ReferenceIndexes>(unique);
    markMatchedByReference(context, *indexes);
    if (memo) {
        remember(*memo);
        memo->referenceIndexes = std::move(indexes);
        memo->reserve(unique.size());
    }
    if (!compareAll(unique, context, cancel, progress, memo)) {
        result.error = "cancelled";
        return result;
    }
    if (progress)
        progress(unique.size(), unique.size());
    result = finish(context, metadataHash.get());
    result.compared = unique.size();
    if (m_keepObjectsUntilExit)
        keepUntilExit(std::move(unique));
    return result;
}

CompareResult CompareEngine::finish(Context &context, std::string metadataHash)
{
    CompareResult result;
    buildSummary(context, std::move(metadataHash));
    if (!context.fatal.empty() && !m_options.keepGoing) {
        std::string joined;
        for (const auto &e : context.fatal)
            joined += (joined.empty() ? "" : "\n") + e;
        result.error = "error occurred while trying to process resources: " + joined;
    }
    result.report = std::move(context.report);
    return result;
}

// What the engine compares with, for telling later what changed.
void CompareEngine::remember(ComparisonMemo &memo, const ComparisonMemo *previous) const
{
    memo.reference = m_reference;
    memo.digest = previous && previous->reference == m_reference ? previous->digest : ref::digestOf(*m_reference);
    memo.independence = *m_independence;
    memo.manual = m_manual;
    memo.overrides = m_overrides;
    memo.options = m_options;
    memo.options.manualCorrelations.clear();
}

// The memo keeps an outcome's kind as its verdict.
static_assert(int(ComparisonMemo::Verdict::Unmatched) == 0 && int(ComparisonMemo::Verdict::SkippedByDoNotMatch) == 1
              && int(ComparisonMemo::Verdict::Failed) == 2 && int(ComparisonMemo::Verdict::Compared) == 3);

// Called before record() files the outcome: where it goes in the report.
void CompareEngine::note(const Outcome &outcome, const Context &context, BufferedLog log, ComparisonMemo &memo,
                         const std::vector<std::uint32_t> *templates)
{
    ComparisonMemo::Entry entry;
    entry.verdict = static_cast<ComparisonMemo::Verdict>(outcome.kind);
    entry.listedUnmatched = outcome.listedUnmatched;
    entry.patched = outcome.patched;
    entry.hasFailure = outcome.failure.has_value();
    const std::size_t index = outcome.kind == Outcome::Kind::Compared ? context.report.diffs.size()
                                                                       : context.report.failures.size();
    entry.reportIndex = static_cast<std::uint32_t>(index);
    if (templates)
        entry.templates = *templates;
    else
        for (const report::CandidateResult &c : outcome.result.candidates)
            entry.templates.push_back(static_cast<std::uint32_t>(c.templateIndex));
    entry.log = std::move(log);
    memo.add(std::move(entry));
}

// The outcome a CR had, from the memo and the report it was filed in.
CompareEngine::Outcome CompareEngine::recall(const ComparisonMemo &memo, std::size_t index,
                                             const report::ComparisonReport &report)
{
    const ComparisonMemo::Entry &entry = memo.entry(index);
    Outcome outcome;
    outcome.kind = static_cast<Outcome::Kind>(entry.verdict);
    outcome.crId = (*memo.objects)[index].id;
    outcome.listedUnmatched = entry.listedUnmatched;
    outcome.patched = entry.patched;
    if (entry.verdict == ComparisonMemo::Verdict::Compared)
        outcome.result = report.diffs[entry.reportIndex];
    else if (entry.hasFailure)
        outcome.failure = report.failures[entry.reportIndex];
    return outcome;
}

// Which CRs a change since `previous` can affect: those whose pin changed,
// whose overrides changed, or that were compared with a template that changed.
// Nullopt when the change may reach CRs it does not name.
std::optional<std::vector<bool>> CompareEngine::affectedBy(const ComparisonMemo &previous,
                                                           const ref::ReferenceDigest &digest) const
{
    CompareOptions options = m_options;
    options.manualCorrelations.clear();
    options.overridesPath = previous.options.overridesPath; // only CRs with overrides name it: below
    // Generated overrides collect over every CR; an external diff program is
    // run one CR at a time, as kube-compare does.
    if (!(options == previous.options) || !options.generateOverrideFor.empty() || !options.externalDiff.empty())
        return std::nullopt;
    if (!m_independence->sideBySide || !previous.independence.sideBySide || digest.shape != previous.digest.shape
        || digest.templates.size() != previous.digest.templates.size())
        return std::nullopt; // lookups of computed kinds, or metadata.yaml changed
    const std::vector<input::ClusterObject> &objects = *previous.objects;
    std::vector<bool> affected(objects.size(), false);
    // An edited template correlates as before while its metadata stays: only
    // the CRs compared with it can change.
    std::vector<bool> edited(digest.templates.size(), false);
    bool anyEdited = false;
    for (std::size_t t = 0; t < digest.templates.size(); ++t) {
        if (digest.templates[t] == previous.digest.templates[t])
            continue;
        if (!(m_reference->templates[t].metadata == previous.reference->templates[t].metadata))
            return std::nullopt;
        edited[t] = anyEdited = true;
    }
    if (anyEdited)
        for (std::size_t i = 0; i < objects.size(); ++i)
            for (std::uint32_t t : previous.entry(i).templates)
                affected[i] = affected[i] || edited[t];
    const auto mark = [&](const std::string &id) {
        if (const std::uint32_t i = previous.indexOfId->find(id); i != input::ObjectIdIndex::kNone)
            affected[i] = true;
    };
    for (const auto &[id, t] : m_manual)
        if (const auto it = previous.manual.find(id); it == previous.manual.end() || it->second != t)
            mark(id);
    for (const auto &[id, t] : previous.manual)
        if (!m_manual.count(id))
            mark(id);
    if (!markOverridden(previous, affected))
        return std::nullopt;
    if (m_options.overridesPath != previous.options.overridesPath)
        for (std::size_t i = 0; i < objects.size(); ++i)
            affected[i] = affected[i] || previous.entry(i).patched;
    return affected;
}

// Marks the CRs an override added, removed or changed since `previous`
// correlates with. False when any override is a go-template patch: it may
// look CRs up, so every comparison after a changed one may change.
bool CompareEngine::markOverridden(const ComparisonMemo &previous, std::vector<bool> &affected) const
{
    if (m_overrides == previous.overrides)
        return true;
    const std::vector<UserOverride> none;
    const std::vector<UserOverride> &before = previous.overrides ? previous.overrides->all() : none;
    const std::vector<UserOverride> &after = m_overrides ? m_overrides->all() : none;
    if (before == after)
        return true;
    for (const auto *list : {&before, &after})
        for (const UserOverride &o : *list)
            if (o.type == "go-template")
                return false;
    // Those in one list and not the other (counting repeats); when only the
    // order changed, all of them (the order decides which one applies first).
    std::vector<UserOverride> changed;
    const auto missingFrom = [&](const std::vector<UserOverride> &from, const std::vector<UserOverride> &in) {
        std::vector<bool> used(in.size(), false);
        for (const UserOverride &o : from) {
            std::size_t j = 0;
            while (j < in.size() && (used[j] || !(in[j] == o)))
                ++j;
            if (j < in.size())
                used[j] = true;
            else
                changed.push_back(o);
        }
    };
    missingFrom(before, after);
    missingFrom(after, before);
    if (changed.empty())
        changed = after;
    // An override naming apiVersion, kind, namespace and name (as accepting a
    // CR's differences writes) correlates with that CR alone: found by its id.
    const auto namesOneCr = [](const UserOverride &o) {
        return o.exactMatch.empty() && !o.apiVersion.empty() && !o.kind.empty() && !o.ns.empty() && !o.name.empty();
    };
    if (std::all_of(changed.begin(), changed.end(), namesOneCr)) {
        for (const UserOverride &o : changed)
            if (const std::uint32_t i = previous.indexOfId->find(o.apiVersion + "_" + o.kind + "_" + o.ns + "_" + o.name);
                i != input::ObjectIdIndex::kNone)
                affected[i] = true;
        return true;
    }
    // Others are correlated with every CR of their kinds (an override that
    // names no kind, with every CR).
    std::set<std::string, std::less<>> kinds;
    bool everyKind = false;
    for (const UserOverride &o : changed) {
        everyKind = everyKind || o.kind.empty() || !o.exactMatch.empty();
        kinds.insert(o.kind);
    }
    const UserOverrides changedOnes(std::move(changed));
    const std::vector<input::ClusterObject> &objects = *previous.objects;
    for (std::size_t i = 0; i < objects.size(); ++i) {
        const Value *kind = everyKind ? nullptr : objects[i].object.find("kind");
        if (!everyKind && !(kind && kind->isString() && kinds.count(kind->str())))
            continue;
        affected[i] = affected[i] || !changedOnes.match(objects[i].object, objects[i].id).empty();
    }
    return true;
}

// Whether a CR can be compared again on its own: no lookup can return it
// (its kind is not looked up) and it looks nothing up (neither the templates it
// was compared with nor those it correlates with now), so no other comparison
// sees what comparing it does, and it sees none.
bool CompareEngine::comparedOnItsOwn(const ComparisonMemo &previous, const Value &object,
                                     const std::vector<std::uint32_t> &templatesBefore) const
{
    const std::string kind = input::stringField(object, {"kind"});
    if (m_independence->lookedUpKinds.count(kind) || previous.independence.lookedUpKinds.count(kind))
        return false;
    for (std::uint32_t t : templatesBefore)
        if (previous.independence.looksUp[t])
            return false;
    report::CorrelationReason reason;
    for (std::size_t t : correlate(object, reason))
        if (m_independence->looksUp[t])
            return false;
    return true;
}

std::optional<CompareResult> CompareEngine::compareAgain(const report::ComparisonReport &previousReport,
                                                         const ComparisonMemo &previous,
                                                         const std::vector<input::ClusterObject> &objects,
                                                         ComparisonMemo &memo, const std::atomic_bool *cancel)
{
    if (!m_independence || !previous.objects || !previous.indexOfId || !previous.referenceIndexes
        || previous.size() != previous.objects->size())
        return std::nullopt;
    remember(memo, &previous);
    const std::optional<std::vector<bool>> affected = affectedBy(previous, memo.digest);
    if (!affected)
        return std::nullopt;
    const std::vector<std::size_t> before = earlierIndexes(previous, objects);
    if (!removedOnTheirOwn(previous, before))
        return std::nullopt;
    static const std::vector<std::uint32_t> none;
    std::vector<std::size_t> again;
    for (std::size_t i = 0; i < objects.size(); ++i) {
        const std::size_t j = before[i];
        if (j != kNew && !(*affected)[j])
            continue;
        if (!comparedOnItsOwn(previous, objects[i].object, j != kNew ? previous.entry(j).templates : none))
            return std::nullopt;
        again.push_back(i);
    }

    std::vector<Fresh> fresh(again.size());
    for (std::size_t k = 0; k < again.size(); ++k) {
        fresh[k].cr = objects[again[k]];
        fresh[k].cr.object = fresh[k].cr.object.deepCopy(); // comparing changes the CR
    }
    // Nothing compared again looks CRs up: the context holds none.
    Context context(m_log, DiffRunner(m_options.tmpDir, m_options.externalDiff));
    OrderedRunOptions run;
    run.threads = comparisonThreads();
    run.cancel = cancel;
    const auto work = [&](std::size_t k) {
        Evaluation evaluation(context, fresh[k].log);
        fresh[k].outcome = evaluate(fresh[k].cr, evaluation);
    };
    if (runOrdered(again.size(), run, work, [](std::size_t) {}) != again.size()) {
        CompareResult result;
        result.error = "cancelled";
        return result;
    }

    // Every verdict in input order, as compare() files them.
    memo.referenceIndexes = referenceIndexesAfter(previous, objects, before);
    markMatchedByReference(context, *memo.referenceIndexes);
    memo.reserve(objects.size());
    // Usually as many verdicts of each kind as before: a CrResult is large to move when the vector grows.
    context.report.diffs.reserve(previousReport.diffs.size() + again.size());
    const bool sameUnmatched = unmatchedAsBefore(previous, objects, before, again, fresh);
    if (!sameUnmatched) {
        context.report.unmatchedAll.reserve(previousReport.unmatchedAll.size() + again.size());
        context.report.summary.unmatchedCRs.reserve(previousReport.summary.unmatchedCRs.size() + again.size());
    }
    std::size_t k = 0;
    for (std::size_t i = 0; i < objects.size(); ++i) {
        const bool compared = k < again.size() && again[k] == i;
        const std::size_t j = before[i];
        if (!compared && previous.entry(j).verdict == ComparisonMemo::Verdict::Unmatched) {
            memo.add({}); // most CRs: nothing logged, nothing to recall
            if (!sameUnmatched)
                recordUnmatched(objects[i].id, context);
            continue;
        }
        Outcome outcome = compared ? std::move(fresh[k].outcome) : recall(previous, j, previousReport);
        const BufferedLog &log = compared ? fresh[k++].log : previous.entry(j).log;
        // A recalled failure or skip has no candidates to say which templates it used.
        note(outcome, context, log, memo, compared ? nullptr : &previous.entry(j).templates);
        log.copyInto(m_log);
        record(std::move(outcome), context);
    }
    if (sameUnmatched) { // shared, not copied id by id (what the loop filed above is the same)
        context.report.unmatchedAll = previousReport.unmatchedAll;
        context.report.summary.unmatchedCRs = previousReport.summary.unmatchedCRs;
    }
    std::string hash = m_reference == previous.reference ? previousReport.summary.metadataHash
                                                         : ref::metadataHash(*m_reference);
    CompareResult result = finish(context, std::move(hash));
    result.compared = again.size();
    return result;
}

// Whether comparing again lists the same unmatched CRs in the same order as
// before: the same ids at the same places (CRs read again from a changed file
// included), and each CR compared again adds to the two lists what it added
// before — usually nothing, or an unmatched CR still unmatched.
bool CompareEngine::unmatchedAsBefore(const ComparisonMemo &previous, const std::vector<input::ClusterObject> &objects,
                                      const std::vector<std::size_t> &before, const std::vector<std::size_t> &again,
                                      const std::vector<Fresh> &fresh)
{
    const std::vector<input::ClusterObject> &earlier = *previous.objects;
    if (objects.size() != earlier.size() || before.size() != objects.size() || again.size() != fresh.size())
        return false;
    for (std::size_t i = 0; i < before.size(); ++i)
        if (before[i] != i && !(before[i] == kNew && objects[i].id == earlier[i].id))
            return false; // a kNew CR is among those compared again: checked below
    // unmatchedAll takes an unmatched CR's id; summary.unmatchedCRs that too
    // (with --all-resources, the same option then as now) and a failed CR's
    // listed as unmatched.
    const auto adds = [](Outcome::Kind kind, bool listedUnmatched) {
        return std::pair(kind == Outcome::Kind::Unmatched, kind == Outcome::Kind::Failed && listedUnmatched);
    };
    for (std::size_t k = 0; k < again.size(); ++k) {
        const ComparisonMemo::Entry &was = previous.entry(again[k]);
        if (adds(static_cast<Outcome::Kind>(was.verdict), was.listedUnmatched)
            != adds(fresh[k].outcome.kind, fresh[k].outcome.listedUnmatched))
            return false;
    }
    return true;
}

// Per CR, its index among the CRs compared before, or kNew when it was not
// there or has changed since: a CR read again from an unchanged file shares
// its data with the one compared then.
std::vector<std::size_t> CompareEngine::earlierIndexes(const ComparisonMemo &previous,
                                                       const std::vector<input::ClusterObject> &objects)
{
    std::vector<std::size_t> before(objects.size(), kNew);
    if (&objects == previous.objects.get()) {
        std::iota(before.begin(), before.end(), std::size_t(0));
        return before;
    }
    const std::vector<input::ClusterObject> &earlier = *previous.objects;
    for (std::size_t i = 0; i < objects.size(); ++i) {
        // Usually the same CRs at the same places: no look-up needed.
        std::size_t j = i < earlier.size() && earlier[i].id == objects[i].id ? i : kNew;
        if (j == kNew)
            if (const std::uint32_t k = previous.indexOfId->find(objects[i].id); k != input::ObjectIdIndex::kNone)
                j = k;
        if (j != kNew && earlier[j].object.identity() == objects[i].object.identity()
            && earlier[j].partial == objects[i].partial && earlier[j].source == objects[i].source)
            before[i] = j;
    }
    return before;
}

// Whether the CRs compared before and gone (or changed) now took part in no
// other comparison: none of them is of a kind templates look up.
bool CompareEngine::removedOnTheirOwn(const ComparisonMemo &previous, const std::vector<std::size_t> &before) const
{
    std::vector<bool> kept(previous.objects->size(), false);
    for (std::size_t j : before)
        if (j != kNew)
            kept[j] = true;
    for (std::size_t j = 0; j < kept.size(); ++j) {
        if (kept[j])
            continue;
        const std::string kind = input::stringField((*previous.objects)[j].object, {"kind"});
        if (m_independence->lookedUpKinds.count(kind) || previous.independence.lookedUpKinds.count(kind))
            return false;
    }
    return true;
}

// Who the CRs name as owners and subjects now: the earlier indexes while what
// the gone and changed CRs named equals what the new and changed ones name.
std::shared_ptr<const ReferenceIndexes> CompareEngine::referenceIndexesAfter(
    const ComparisonMemo &previous, const std::vector<input::ClusterObject> &objects,
    const std::vector<std::size_t> &before)
{
    if (&objects == previous.objects.get())
        return previous.referenceIndexes;
    std::vector<input::ClusterObject> gone, added;
    std::vector<bool> kept(previous.objects->size(), false);
    for (std::size_t i = 0; i < objects.size(); ++i) {
        if (before[i] == kNew)
            added.push_back(objects[i]);
        else
            kept[before[i]] = true;
    }
    for (std::size_t j = 0; j < kept.size(); ++j)
        if (!kept[j])
            gone.push_back((*previous.objects)[j]);
    if (ReferenceIndexes(gone) == ReferenceIndexes(added))
        return previous.referenceIndexes;
    return std::make_shared<const ReferenceIndexes>(objects);
}

} // namespace ds::compare
