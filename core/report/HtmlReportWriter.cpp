// SPDX-License-Identifier: Apache-2.0
#include "HtmlReportWriter.h"

#include "FieldsWriter.h"

#include "DriftscopeVersion.h"
#include "HtmlAssets.h"
#include "HtmlDiffTable.h"
#include "HtmlEscape.h"
#include "StatusText.h"
#include "diff/SideBySideDiff.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QFileInfo>

#include <algorithm>
#include <cstdlib>

namespace ds::report {

namespace {

// The filter vocabulary: one token per state, shared by badges (class s-<token>),
// data-s attributes, filter buttons and the #filter= fragment.
struct StateStyle
{
    const char *token;
    const char *label; // filter button text
    const char *glyph; // the GUI icon's shape, as a character
};

const std::vector<StateStyle> &stateStyles()
{
    // Most severe first, like the GUI's filter buttons; then the CR-only states.
    static const std::vector<StateStyle> styles{
        {"error", "Render error", "\u2716"},       {"toomany", "Too many", "\u25C6"},
        {"missing", "Missing", "\u2612"},          {"drift", "Drift", "\u25B2"},
        {"patched", "Patched", "\u25A0"},          {"manual", "Manual", "\u25C9"},
        {"clean", "Clean", "\u2714"},              {"notpresent", "Not present", "\u25CC"},
        {"unmatched", "Unmatched", "\u25A1"},      {"skipped", "Skipped", "\u2298"},
        {"neutral", "Not compared", "\u25CB"},
    };
    return styles;
}

const StateStyle &styleOf(const std::string &token)
{
    for (const StateStyle &s : stateStyles())
        if (token == s.token)
            return s;
    return stateStyles().back();
}

const char *stateToken(TemplateState state)
{
    switch (state) {
    case TemplateState::Clean: return "clean";
    case TemplateState::Drift: return "drift";
    case TemplateState::MissingRequired: return "missing";
    case TemplateState::NotPresent: return "notpresent";
    case TemplateState::MatchedMoreThanAllowed: return "toomany";
    case TemplateState::Patched: return "patched";
    case TemplateState::RenderError: return "error";
    case TemplateState::Manual: return "manual";
    case TemplateState::NotCompared: break;
    }
    return "neutral";
}

const char *stateToken(CrState state)
{
    switch (state) {
    case CrState::Clean: return "clean";
    case CrState::Drift: return "drift";
    case CrState::Unmatched: return "unmatched";
    case CrState::SkippedByDoNotMatch: return "skipped";
    case CrState::RenderError: return "error";
    case CrState::Manual: return "manual";
    case CrState::Patched: return "patched";
    case CrState::NotCompared: break;
    }
    return "neutral";
}

template <class Status>
std::vector<std::string> stateTokens(const Status &status)
{
    std::vector<std::string> out;
    for (const auto state : statesOf(status))
        out.emplace_back(stateToken(state));
    return out;
}

std::string esc(std::string_view s)
{
    return escapeHtml(s);
}

std::string attr(std::string_view s)
{
    return escapeHtml(s, HtmlContext::Attribute);
}

std::string join(const std::vector<std::string> &items, const char *separator)
{
    std::string out;
    for (const std::string &item : items)
        out += (out.empty() ? "" : separator) + item;
    return out;
}

std::string defaultTimestamp()
{
    // SOURCE_DATE_EPOCH (reproducible-builds.org) pins the date for golden files.
    QDateTime when = QDateTime::currentDateTimeUtc();
    if (const char *epoch = std::getenv("SOURCE_DATE_EPOCH"); epoch && *epoch)
        when = QDateTime::fromSecsSinceEpoch(std::atoll(epoch)).toUTC();
    return when.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss 'UTC'")).toStdString();
}

std::string referenceName(const ref::Reference &reference)
{
    // An image's folder is extracted under a cache name: name the folder in the image.
    const QString dir = reference.origin.empty()
        ? QString::fromStdString(reference.directory)
        : QString::fromStdString(reference.origin).section(QLatin1Char('/'), 0, -2);
    const QString name = QFileInfo(dir).fileName();
    return name.isEmpty() ? reference.metadataFile : name.toStdString();
}

// script-src with the hash of our one script: should anything injected ever
// get past the escaping, the browser still refuses to run it.
std::string contentSecurityPolicy()
{
    const QByteArray script(htmlReportScript());
    const QByteArray hash = QCryptographicHash::hash(script, QCryptographicHash::Sha256).toBase64();
    return "default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-" + hash.toStdString()
        + "'; base-uri 'none'; form-action 'none'";
}

bool hasState(const std::vector<std::string> &states, const char *token)
{
    return std::find(states.begin(), states.end(), token) != states.end();
}

} // namespace

std::string writeHtml(const ComparisonReport &report, const ref::Reference &reference, const HtmlOptions &options)
{
    return HtmlReportWriter(report, reference, options).write();
}

HtmlReportWriter::HtmlReportWriter(const ComparisonReport &report, const ref::Reference &reference,
                                   const HtmlOptions &options)
    : m_report(report), m_reference(reference), m_options(options)
{
    if (m_options.title.empty())
        m_options.title = "Drift report: " + referenceName(reference);
    if (m_options.generatedAt.empty())
        m_options.generatedAt = defaultTimestamp();
    if (m_options.inputDescription.empty())
        m_options.inputDescription = report.inputDescription;
    if (m_options.version.empty())
        m_options.version = DRIFTSCOPE_VERSION_STRING;
    m_statuses = templateStatuses(report, reference, m_options.manualCorrelations);
    m_crStatuses = crStatuses(report, m_options.manualCorrelations);
    m_counts = countsOf(report, m_statuses);
}

std::string HtmlReportWriter::write()
{
    m_out.clear();
    index();
    head();
    header();
    controls();
    m_out += "<main>\n";
    summary();
    tree();
    drifted();
    missing();
    unmatched();
    errors();
    warnings();
    matched();
    m_out += "</main>\n";
    footer();
    return std::move(m_out);
}

// What the sections need to know up front: which CRs have diffs, where each CR's
// entry is (for links) and which states occur (the filter buttons come first).
void HtmlReportWriter::index()
{
    m_crAnchors.clear();
    m_usedStates.clear();
    m_drifted.clear();
    m_clean.clear();
    for (std::size_t i = 0; i < m_report.diffs.size(); ++i) {
        const CrResult &r = m_report.diffs[i];
        (r.hasDiff() ? m_drifted : m_clean).push_back(i);
        m_crAnchors.emplace(r.crName, "cr-" + std::to_string(i));
        noteStates(stateTokens(crStatus(r)));
    }
    for (std::size_t i = 0; i < m_report.failures.size(); ++i)
        m_crAnchors.emplace(m_report.failures[i].crName, "err-" + std::to_string(i));
    for (const TemplateStatus &s : m_statuses)
        noteStates(stateTokens(s));
    if (!m_report.failures.empty())
        noteStates({"error"});
    if (!m_report.unmatchedAll.empty() || !m_report.summary.unmatchedCRs.empty())
        noteStates({"unmatched"});
    if (!m_report.skippedByDoNotMatch.empty())
        noteStates({"skipped"});
}

void HtmlReportWriter::noteStates(const std::vector<std::string> &states)
{
    for (const std::string &s : states)
        if (!hasState(m_usedStates, s.c_str()))
            m_usedStates.push_back(s);
}

void HtmlReportWriter::head()
{
    m_out += "<!DOCTYPE html>\n<html lang=en>\n<head>\n<meta charset=utf-8>\n"
             "<meta name=viewport content=\"width=device-width, initial-scale=1\">\n"
             "<meta http-equiv=Content-Security-Policy content=\"" + contentSecurityPolicy() + "\">\n"
             "<meta name=generator content=\"Driftscope " + attr(m_options.version) + "\">\n"
             "<title>" + attr(m_options.title) + "</title>\n<style>" + htmlReportStyle() + "</style>\n</head>\n<body>\n";
}

void HtmlReportWriter::header()
{
    const Summary &s = m_report.summary;
    m_out += "<header class=top>\n<h1>" + esc(m_options.title) + "</h1>\n";
    // The verdict the exit code gives, in words: failures and differences can both apply.
    m_out += "<p class=verdicts>";
    if (!m_report.failures.empty())
        m_out += "<span class=\"verdict b s-error\">Comparison failed for "
            + countText(static_cast<int>(m_report.failures.size()), "CR", "CRs") + "</span> ";
    if (s.numDiffCRs != 0 || !s.validationIssues.empty())
        m_out += "<span class=\"verdict b s-drift\">Differences found</span>";
    else if (m_report.failures.empty())
        m_out += "<span class=\"verdict b s-clean\">No differences</span>";
    m_out += "</p>\n";
    m_out += "<dl class=meta>\n<dt>Reference<dd><code>" + esc(m_reference.origin.empty() ? m_reference.metadataFile : m_reference.origin) + "</code> (format v"
        + std::to_string(m_reference.version) + ")\n";
    m_out += "<dt>Metadata hash<dd><code>" + esc(s.metadataHash) + "</code>\n";
    m_out += "<dt>Input<dd>" + (m_options.inputDescription.empty() ? std::string("<span class=none>unknown</span>")
                                                                 : "<code>" + esc(m_options.inputDescription) + "</code>")
        + "\n";
    if (!m_report.clusterVersion.empty())
        m_out += "<dt>Cluster version<dd>" + esc(m_report.clusterVersion) + "\n";
    const auto file = [&](const char *label, const std::string &path) {
        if (!path.empty())
            m_out += std::string("<dt>") + label + "<dd><code>" + esc(path) + "</code>\n";
    };
    file("Diff config", m_options.diffConfigPath);
    file("Overrides", m_options.overridesPath);
    file("Review", m_options.reviewPath);
    m_out += "<dt>Generated<dd>" + esc(m_options.generatedAt) + " by Driftscope " + esc(m_options.version) + "\n</dl>\n";
    incomplete();
    contents();
    m_out += "</header>\n";
}

// First thing after the header: a report built from partly unreadable data must
// never read like a complete one.
void HtmlReportWriter::incomplete()
{
    if (m_report.inputErrors.empty())
        return;
    m_out += "<div class=incomplete role=alert><p><strong>Incomplete comparison.</strong> Part of the cluster data "
             "could not be read, so a CR the reference expects may be unread rather than missing; such templates "
             "are shown as not verified.</p>\n<ul class=plain>\n";
    for (const std::string &e : m_report.inputErrors)
        m_out += "<li><pre>\n" + esc(e) + "</pre>\n";
    m_out += "</ul></div>\n";
}

void HtmlReportWriter::contents()
{
    auto entry = [&](const char *id, const char *label, std::size_t count) {
        return std::string("<a href=#") + id + ">" + label + " (" + std::to_string(count) + ")</a>";
    };
    m_out += "<p class=toc><a href=#summary>Summary</a> \u00B7 <a href=#reference>Reference</a> \u00B7 "
        + entry("diffs", "Differences", m_counts.withDrift) + " \u00B7 "
        + entry("missing", "Missing CRs and validation issues", m_counts.validationIssues) + " \u00B7 "
        + entry("unmatched", "Unmatched", m_counts.unmatched) + " \u00B7 " + entry("errors", "Render errors", m_counts.failed)
        + " \u00B7 "
        + entry("warnings", "Warnings",
                m_report.warnings.size() + m_reference.warnings.size() + m_report.summary.matchedByReferenceOnly.size())
        + " \u00B7 "
        + entry("matched", "Matched without differences", m_clean.size()) + "</p>\n";
}

// Hidden until the script shows it: without JavaScript the controls could do nothing.
void HtmlReportWriter::controls()
{
    m_out += "<nav id=controls class=controls hidden aria-label=\"Filters\">\n<div class=fl role=group "
             "aria-label=\"Show states\"><button type=button class=fbtn data-f=\"\" aria-pressed=true>All</button>";
    for (const StateStyle &style : stateStyles())
        if (hasState(m_usedStates, style.token))
            m_out += std::string("<button type=button class=\"fbtn s-") + style.token + "\" data-f=" + style.token
                + " aria-pressed=false><i class=g aria-hidden=true>" + style.glyph + "</i> " + style.label
                + "</button>";
    m_out += "</div>\n<div class=tools><input type=search id=q placeholder=\"Filter by CR or template name\" "
             "aria-label=\"Filter by CR or template name\">\n"
             "<button type=button data-act=expand>Expand all</button> "
             "<button type=button data-act=collapse>Collapse all</button>\n"
             "<label class=opt><input type=checkbox id=allu> Show unchanged lines</label></div>\n</nav>\n";
}

void HtmlReportWriter::summary()
{
    const ReportCounts &n = m_counts;
    struct Card
    {
        std::size_t count;
        const char *label;
        const char *anchor;
        const char *badState; // state of a non-zero count
        const char *badText;  // and what it means, so the colour is never the only hint
    };
    const Card cards[] = {
        {n.compared, "CRs compared", "diffs", "neutral", "compared"},
        {n.withDrift, "CRs with drift", "diffs", "drift", "drift found"},
        {n.missing, "Missing required CRs", "missing", "missing", "missing"},
        {n.validationIssues, "Validation issues", "missing", "missing", "to review"},
        {n.unmatched, "Unmatched CRs", "unmatched", "unmatched", "no template"},
        {n.patched, "Patched CRs", "diffs", "patched", "overrides applied"},
        {n.failed, "Render errors", "errors", "error", "not compared"},
    };
    std::vector<Card> all(std::begin(cards), std::end(cards));
    if (n.notVerified > 0) // next to the missing ones, only when there are any
        all.insert(all.begin() + 3, {n.notVerified, "Required, not verified", "missing", "neutral", "not compared"});
    if (!m_options.reviewPath.empty() || !m_options.decisions.empty()) {
        std::size_t toFix = 0;
        std::size_t reviewed = 0;
        // A mark made for an earlier drift decides nothing about this one (as the window counts).
        for (const std::size_t i : m_drifted)
            if (const auto it = m_options.decisions.find(m_report.diffs[i].crName);
                it != m_options.decisions.end() && !it->second.outdated)
                ++(it->second.toFix ? toFix : reviewed);
        all.push_back({n.patched, "Accepted (overrides)", "diffs", "patched", "accepted with a reason"});
        all.push_back({toFix, "To fix", "diffs", "drift", "fixes below"});
        all.push_back({reviewed, "Reviewed", "diffs", "neutral", "reviewed"});
        all.push_back({m_drifted.size() - toFix - reviewed, "Drift not reviewed", "diffs", "drift", "to review"});
    }
    sectionStart("summary", "Summary", false);
    m_out += "<ul class=cards>\n";
    for (const Card &c : all) {
        const bool neutral = std::string_view(c.badState) == "neutral";
        const std::string state = c.count == 0 && !neutral ? "clean" : c.badState;
        const std::string status = c.count == 0 && !neutral ? "none" : c.badText;
        m_out += "<li class=s-" + state + "><a href=#" + c.anchor + "><span class=num>" + std::to_string(c.count)
            + "</span><span class=lbl>" + c.label + "</span><span class=st><i class=g aria-hidden=true>"
            + styleOf(state).glyph + "</i> " + status + "</span></a>\n";
    }
    m_out += "</ul>\n";
    sectionEnd();
}

void HtmlReportWriter::tree()
{
    sectionStart("reference", "Reference", true);
    m_out += "<ul class=tree>\n";
    for (std::size_t p = 0; p < m_reference.parts.size(); ++p) {
        const ref::Part &part = m_reference.parts[p];
        m_out += "<li class=part data-g><details open><summary>" + esc(part.name) + "</summary>\n";
        if (!part.description.empty())
            m_out += "<div class=desc>" + esc(part.description) + "</div>\n";
        m_out += "<ul>\n";
        for (std::size_t c = 0; c < part.components.size(); ++c)
            component(p, c);
        m_out += "</ul></details>\n";
    }
    m_out += "</ul>\n";
    sectionEnd();
}

void HtmlReportWriter::component(std::size_t p, std::size_t c)
{
    const ref::Part &part = m_reference.parts[p];
    const ref::Component &comp = part.components[c];
    const std::string rule = comp.rule == ref::ComponentRule::V1 ? comp.type : componentRuleName(comp.rule);
    m_out += "<li class=comp data-g><details open><summary>" + esc(comp.name);
    if (!rule.empty())
        m_out += " <span class=rule>(" + esc(rule) + ")</span>";
    if (const ValidationIssue *issue = componentIssue(m_report, part.name, comp.name))
        m_out += " <span class=\"b s-missing issue\">" + esc(issue->msg) + "</span>";
    m_out += "</summary>\n";
    if (!comp.description.empty())
        m_out += "<div class=desc>" + esc(comp.description) + "</div>\n";
    m_out += "<ul>\n";
    for (std::size_t t = 0; t < m_reference.templates.size(); ++t)
        if (m_reference.templates[t].partIndex == p && m_reference.templates[t].componentIndex == c)
            templateItem(t);
    m_out += "</ul></details>\n";
}

void HtmlReportWriter::templateItem(std::size_t index)
{
    const ref::ReferenceTemplate &t = m_reference.templates[index];
    const TemplateStatus &s = m_statuses[index];
    const std::vector<std::string> states = stateTokens(s);
    m_out += "<li id=t-" + std::to_string(index) + " data-s=\"" + join(states, " ") + "\"><div class=t>";
    badge(states, statusText(s));
    m_out += " <code class=nm>" + esc(t.path) + "</code>";
    if (m_reference.version == 1 && !t.required)
        m_out += " <span class=mu>(optional)</span>";
    if (!s.clusterObjectIds.empty()) {
        constexpr std::size_t kMaxLinks = 20; // a template matching hundreds of CRs would bury the tree
        m_out += " <span class=crs><span class=arrow>\u2192</span> ";
        for (std::size_t i = 0; i < s.clusterObjectIds.size() && i < kMaxLinks; ++i) {
            m_out += i ? ", " : "";
            crLink(s.clusterObjectIds[i]);
        }
        if (s.clusterObjectIds.size() > kMaxLinks)
            m_out += " and " + std::to_string(s.clusterObjectIds.size() - kMaxLinks) + " more";
        m_out += "</span>";
    }
    m_out += "</div>";
    if (!t.description.empty())
        m_out += "<div class=desc>" + esc(t.description) + "</div>";
    for (const std::string &error : s.errors)
        m_out += "<pre class=desc>\n" + esc(error) + "</pre>";
    m_out += "\n";
}

void HtmlReportWriter::drifted()
{
    sectionStart("diffs", "Differences", true);
    if (m_drifted.empty())
        m_out += "<p class=none>No CR differs from its template.</p>\n";
    for (std::size_t index : m_drifted)
        driftedCr(index);
    sectionEnd();
}

void HtmlReportWriter::driftedCr(std::size_t index)
{
    const CrResult &r = m_report.diffs[index];
    const CrStatus &status = crStatus(r);
    const std::vector<std::string> states = stateTokens(status);
    m_out += "<details class=cr open id=cr-" + std::to_string(index) + " data-s=\"" + join(states, " ")
        + "\"><summary>";
    badge(states, statusText(status));
    m_out += " <code class=nm>" + esc(r.crName) + "</code> <span class=arrow>\u2194</span> ";
    templateLink(r.templateIndex, r.correlatedTemplate);
    m_out += "</summary>\n<div class=body>\n";
    if (!r.description.empty())
        m_out += "<div class=desc>" + esc(r.description) + "</div>\n";
    if (!r.patched.empty()) {
        m_out += "<p class=note>Patched by <code>" + esc(r.patched) + "</code>";
        for (const std::string &reason : r.overrideReasons)
            m_out += "<br>Reason: " + esc(reason);
        m_out += "</p>\n";
    }
    decision(r);
    correlation(r);
    if (!r.source.empty())
        m_out += "<p class=\"note mu\">Source: <code>" + esc(r.source) + "</code></p>\n";
    changedFields(r);
    hiddenFields(r);
    const diff::SideBySideDiff diff = diff::SideBySideDiff::fromUtf8(r.referenceYaml, r.clusterYaml);
    if (diff.hasChanges())
        HtmlDiffTable(m_options.contextLines).append(m_out, diff, "Reference: " + r.correlatedTemplate,
                                                     "Cluster: " + r.crName);
    else // e.g. an external diff program reported what a line diff does not show
        m_out += "<pre>\n" + esc(r.diffOutput) + "</pre>\n";
    m_out += "</div></details>\n";
}

// Classes the page already styles, so a report without decisions keeps its bytes.
void HtmlReportWriter::decision(const CrResult &result)
{
    const auto it = m_options.decisions.find(result.crName);
    if (it == m_options.decisions.end())
        return;
    const HtmlDecision &d = it->second;
    m_out += std::string("<p class=note><span class=\"b s-") + (d.toFix ? "drift" : "neutral") + "\">"
        + (d.toFix ? "To fix" : "Reviewed") + "</span>";
    if (d.outdated)
        m_out += " <span class=mu>(marked for an earlier drift of this CR)</span>";
    if (!d.note.empty())
        m_out += " " + esc(d.note);
    m_out += "</p>\n";
    if (!d.fixCommand.empty())
        m_out += "<pre>\n" + esc(d.fixCommand) + "\n</pre>\n";
    if (!d.fixNote.empty())
        m_out += "<p class=note>" + esc(d.fixNote) + "</p>\n";
}

// Why this template: the pin, or the fields the template fixes and the CR
// shares; and, when several templates correlated, how the others scored.
void HtmlReportWriter::correlation(const CrResult &result)
{
    const CorrelationReason &why = result.correlation;
    if (why.kind == CorrelationReason::Kind::Manual) {
        m_out += "<p class=note>Correlated manually with this template"
            + (why.diffConfig.empty() ? std::string() : " (diff config <code>" + esc(why.diffConfig) + "</code>)")
            + ".</p>\n";
    } else if (!why.fields.empty()) {
        m_out += "<p class=\"note mu\">Matched on ";
        for (std::size_t i = 0; i < why.fields.size(); ++i)
            m_out += (i ? ", " : "") + std::string("<code>") + esc(why.fields[i].first) + "</code>&#8239;=&#8239;<code>"
                + esc(why.fields[i].second) + "</code>";
        m_out += ".</p>\n";
    }
    std::vector<const CandidateResult *> others;
    for (const CandidateResult &c : result.candidates)
        if (c.templateIndex != result.templateIndex && !c.excluded && !c.error)
            others.push_back(&c);
    if (others.empty())
        return;
    m_out += "<p class=\"note mu\">Best of " + std::to_string(others.size() + 1) + " templates (fewest differences: "
        + std::to_string(result.score) + "); also compared: ";
    for (std::size_t i = 0; i < others.size(); ++i)
        m_out += (i ? ", " : "") + std::string("<code>") + esc(others[i]->templatePath) + "</code> ("
            + std::to_string(others[i]->score) + ")";
    m_out += ".</p>\n";
}

void HtmlReportWriter::changedFields(const CrResult &result)
{
    const std::vector<diff::FieldChange> changes = fieldChangesOf(result);
    if (changes.empty())
        return;
    m_out += "<table class=fields><thead><tr><th>Changed field<th>Change<th>Reference<th>Cluster</thead><tbody>\n";
    for (const diff::FieldChange &c : changes)
        m_out += "<tr><td><code>" + esc(diff::pathText(c.path)) + "</code><td>" + diff::kindName(c.kind)
            + "<td class=v>" + esc(fieldValueDisplay(c.reference)) + "<td class=v>" + esc(fieldValueDisplay(c.cluster))
            + "\n";
    m_out += "</tbody></table>\n";
}

// What the reference did not compare, folded: most reviews need it only when
// a clean verdict looks too good.
void HtmlReportWriter::hiddenFields(const CrResult &result)
{
    if (result.hidden.empty())
        return;
    m_out += "<details class=hid><summary>Not compared: " + std::to_string(result.hidden.size())
        + (result.hidden.size() == 1 ? " field" : " fields")
        + " the reference's rules hid</summary>\n<table class=fields><thead><tr><th>Field<th>Why<th>Cluster "
          "value</thead><tbody>\n";
    for (const HiddenField &h : result.hidden) {
        std::string why;
        switch (h.reason) {
        case HiddenField::Reason::Omitted: why = "omitted by " + h.rule; break;
        case HiddenField::Reason::Unspecified: why = "not specified by the template (ignore-unspecified-fields)"; break;
        case HiddenField::Reason::InlineFunction:
            why = h.rule + (h.accepted ? " accepted the value" : " did not accept the value (see the diff)");
            break;
        }
        m_out += "<tr><td><code>" + esc(pathText(h.path)) + "</code><td>" + esc(why) + "<td class=v>" + esc(h.clusterValue)
            + "\n";
    }
    m_out += "</tbody></table></details>\n";
}

void HtmlReportWriter::matched()
{
    sectionStart("matched", "Matched without differences", true);
    if (m_clean.empty())
        m_out += "<p class=none>None.</p>\n";
    else
        m_out += "<ul class=\"plain cols\">\n";
    for (std::size_t index : m_clean) {
        const CrResult &r = m_report.diffs[index];
        const CrStatus &status = crStatus(r);
        const std::vector<std::string> states = stateTokens(status);
        m_out += "<li id=cr-" + std::to_string(index) + " data-s=\"" + join(states, " ") + "\">";
        badge(states, statusText(status));
        m_out += " <code class=nm>" + esc(r.crName) + "</code> <span class=arrow>\u2194</span> ";
        templateLink(r.templateIndex, r.correlatedTemplate);
        if (!r.patched.empty()) {
            m_out += "<div class=desc>Patched by <code>" + esc(r.patched) + "</code>";
            for (const std::string &reason : r.overrideReasons)
                m_out += "<br>Reason: " + esc(reason);
            m_out += "</div>";
        }
        m_out += "\n";
    }
    if (!m_clean.empty())
        m_out += "</ul>\n";
    sectionEnd();
}

void HtmlReportWriter::missing()
{
    sectionStart("missing", "Missing CRs and validation issues", true);
    if (m_report.summary.validationIssues.empty())
        m_out += "<p class=none>No validation issues with the cluster.</p>\n";
    for (const auto &[part, components] : m_report.summary.validationIssues)
        for (const auto &[component, issue] : components) {
            m_out += "<div data-g><h3>" + esc(part) + " \u25B8 " + esc(component) + ": " + esc(issue.msg)
                + "</h3>\n<ul class=plain>\n";
            for (const std::string &path : issue.crs) {
                // The template's own state says whether the issue means missing or too many.
                std::string state = "missing";
                for (std::size_t t = 0; t < m_reference.templates.size(); ++t)
                    if (m_reference.templates[t].path == path && !m_statuses[t].issue.empty())
                        state = stateToken(m_statuses[t].state);
                m_out += "<li data-s=" + state + ">";
                badge({state}, state == "missing" ? "Missing" : styleOf(state).label);
                m_out += " <code class=nm>" + esc(path) + "</code>";
                for (const auto &[mdPath, description] : issue.crMetadata)
                    if (mdPath == path)
                        m_out += " <span class=desc>\u2014 " + esc(description) + "</span>";
                m_out += "\n";
            }
            m_out += "</ul></div>\n";
        }
    sectionEnd();
}

void HtmlReportWriter::unmatched()
{
    const Summary &s = m_report.summary;
    sectionStart("unmatched", "Unmatched CRs", true);
    if (s.unmatchedCRs.empty())
        m_out += "<p class=none>No CRs are unmatched to reference CRs.</p>\n";
    else
        m_out += "<ul class=\"plain cols\">\n";
    for (const std::string &id : s.unmatchedCRs)
        m_out += "<li data-s=unmatched><code class=nm>" + esc(id) + "</code>\n";
    if (!s.unmatchedCRs.empty())
        m_out += "</ul>\n";
    // Without -A kube-compare reports none; the reader may still want to see them.
    if (s.unmatchedCRs.empty() && !m_report.unmatchedAll.empty()) {
        m_out += "<details class=noprint><summary>" + countText(static_cast<int>(m_report.unmatchedAll.size()), "input CR", "input CRs")
            + " matched no template (listed as unmatched with <code>-A</code>)</summary>\n<ul class=\"plain cols\">\n";
        for (const std::string &id : m_report.unmatchedAll)
            m_out += "<li data-s=unmatched><code class=nm>" + esc(id) + "</code>\n";
        m_out += "</ul></details>\n";
    }
    if (!m_report.skippedByDoNotMatch.empty()) {
        m_out += "<h3>Skipped: every candidate template excluded them (doNotMatch)</h3>\n<ul class=plain>\n";
        for (const std::string &id : m_report.skippedByDoNotMatch)
            m_out += "<li data-s=skipped><code class=nm>" + esc(id) + "</code>\n";
        m_out += "</ul>\n";
    }
    sectionEnd();
}

void HtmlReportWriter::errors()
{
    sectionStart("errors", "Render errors", true);
    if (m_report.failures.empty())
        m_out += "<p class=none>Every CR was compared.</p>\n";
    for (std::size_t i = 0; i < m_report.failures.size(); ++i) {
        const FailedCr &f = m_report.failures[i];
        m_out += "<div class=cr id=err-" + std::to_string(i) + " data-s=error><div class=hd>";
        badge({"error"}, "Render error");
        m_out += " <code class=nm>" + esc(f.crName) + "</code></div>\n<div class=body>\n";
        if (!f.templates.empty()) {
            m_out += "<p class=note>Compared with ";
            for (std::size_t t = 0; t < f.templates.size(); ++t)
                m_out += (t ? ", " : "") + std::string("<code class=nm>") + esc(f.templates[t]) + "</code>";
            m_out += "</p>\n";
        }
        if (!f.source.empty())
            m_out += "<p class=\"note mu\">Source: <code>" + esc(f.source) + "</code></p>\n";
        m_out += "<pre>\n" + esc(f.error) + "</pre>\n</div></div>\n";
    }
    sectionEnd();
}

void HtmlReportWriter::warnings()
{
    sectionStart("warnings", "Warnings", false);
    const auto &byRef = m_report.summary.matchedByReferenceOnly;
    if (m_report.warnings.empty() && m_reference.warnings.empty() && byRef.empty())
        m_out += "<p class=none>None.</p>\n";
    if (!byRef.empty()) {
        m_out += "<p>Resource(s) found via ownerReferences or RBAC subjects but contents not validated:</p>\n"
                 "<ul class=plain>\n";
        for (const std::string &path : byRef) {
            const auto via = m_report.foundByReferenceVia.find(path);
            m_out += "<li><code>" + esc(path) + "</code>"
                + (via == m_report.foundByReferenceVia.end() ? std::string() : " (via " + esc(via->second) + ")") + "\n";
        }
        m_out += "</ul>\n";
    }
    if (!m_reference.warnings.empty() || !m_report.warnings.empty()) {
        m_out += "<ul class=plain>\n";
        for (const std::string &w : m_reference.warnings)
            m_out += "<li><pre>\n" + esc(w) + "</pre>\n";
        for (const std::string &w : m_report.warnings)
            m_out += "<li><pre>\n" + esc(w) + "</pre>\n";
        m_out += "</ul>\n";
    }
    sectionEnd();
}

void HtmlReportWriter::footer()
{
    m_out += "<footer>Generated " + esc(m_options.generatedAt) + " by Driftscope " + esc(m_options.version)
        + ". States and diffs as in the Driftscope application; colours come with a text label.</footer>\n"
          "<script>" + std::string(htmlReportScript()) + "</script>\n</body>\n</html>\n";
}

void HtmlReportWriter::badge(const std::vector<std::string> &states, const std::string &text)
{
    const StateStyle &main = styleOf(states.front());
    m_out += std::string("<span class=\"b s-") + main.token + "\"><i class=g aria-hidden=true>" + main.glyph
        + "</i> " + esc(text) + "</span>";
}

void HtmlReportWriter::crLink(const std::string &crName)
{
    const auto it = m_crAnchors.find(crName);
    if (it == m_crAnchors.end())
        m_out += "<code class=nm>" + esc(crName) + "</code>";
    else
        m_out += "<a href=#" + it->second + "><code class=nm>" + esc(crName) + "</code></a>";
}

void HtmlReportWriter::templateLink(std::size_t templateIndex, const std::string &path)
{
    if (templateIndex < m_reference.templates.size())
        m_out += "<a href=#t-" + std::to_string(templateIndex) + "><code class=nm>" + esc(path) + "</code></a>";
    else
        m_out += "<code class=nm>" + esc(path) + "</code>";
}

// Filterable sections carry a message the script shows when the filter hides every entry.
void HtmlReportWriter::sectionStart(const char *id, const std::string &heading, bool filterable)
{
    m_out += std::string("<section id=") + id + (filterable ? " class=flt" : "") + ">\n<h2>" + esc(heading)
        + "</h2>\n";
    if (filterable)
        m_out += "<p class=nomatch hidden>Nothing here matches the filter.</p>\n";
}

void HtmlReportWriter::sectionEnd()
{
    m_out += "</section>\n";
}

const CrStatus &HtmlReportWriter::crStatus(const CrResult &result) const
{
    return m_crStatuses.at(result.crName);
}

} // namespace ds::report
