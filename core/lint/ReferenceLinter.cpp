// SPDX-License-Identifier: Apache-2.0
#include "ReferenceLinter.h"

#include "MetadataChecks.h"

#include "compare/InlineDiffDriver.h"
#include "pipeline/ComparisonRun.h"
#include "report/TemplateStatus.h"
#include "util/BufferedLog.h"
#include "reference/FieldPath.h"
#include "reference/ReferenceLoader.h"
#include "live/ClusterSchemas.h"
#include "schema/CrdCatalog.h"
#include "schema/SchemaValidator.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>
#include <set>

namespace ds::lint {

namespace {

using Severity = LintFinding::Severity;

// A diff from its first hunk: the header names temporary folders.
std::string diffHunks(const std::string &diff)
{
    const auto hunk = diff.find("\n@@");
    return hunk == std::string::npos ? diff : diff.substr(hunk + 1);
}

// Keys of a field path: spec.profile[0]."a.b" → spec, profile, a.b.
std::vector<std::string> keysOf(const std::string &path)
{
    std::vector<std::string> keys;
    std::string key;
    bool quoted = false;
    for (std::size_t i = 0; i < path.size(); ++i) {
        const char c = path[i];
        if (c == '"') {
            quoted = !quoted;
        } else if (!quoted && (c == '.' || c == '[')) {
            if (!key.empty())
                keys.push_back(key);
            key.clear();
            if (c == '[')
                i = path.find(']', i);
            if (i == std::string::npos)
                break;
        } else {
            key += c;
        }
    }
    if (!key.empty())
        keys.push_back(key);
    return keys;
}

class Linter
{
public:
    explicit Linter(const LintOptions &options) : m_options(options) {}

    LintResult run()
    {
        ref::ReferenceLoader loader;
        loader.setInlineDiffValidator(compare::inlineDiffValidator());
        ref::LoadResult metadata = loader.loadMetadata(m_options.metadataPath);
        const std::string metadataName = QFileInfo(QString::fromStdString(m_options.metadataPath)).fileName().toStdString();
        if (!metadata.ok()) {
            if (!QFileInfo::exists(QString::fromStdString(m_options.metadataPath)))
                m_result.fatal = "cannot read " + m_options.metadataPath + ": no such file";
            else
                add(Severity::Error, "reference/metadata", metadataName, lineOfError(*metadata.error, metadataName), 0, {},
                    *metadata.error);
            return m_result;
        }
        ref::Reference &reference = *metadata.reference;
        (void)loader.loadTemplates(reference); // a broken template keeps its loadError; the others load
        return check(reference);
    }

    // The checks after loading, on a reference loaded already (the window's).
    LintResult check(const ref::Reference &reference)
    {
        QFile metadataFile(QString::fromStdString(reference.metadataFile));
        if (metadataFile.open(QIODevice::ReadOnly))
            m_metadataSource = metadataFile.readAll().toStdString();
        const std::string metadataName =
            QFileInfo(QString::fromStdString(reference.metadataFile)).fileName().toStdString();
        loadCatalog(reference);
        for (const ref::ReferenceTemplate &t : reference.templates) {
            lintTemplate(t);
            lintPerFieldPaths(t, metadataName);
        }
        lintLookups(reference);
        for (LintFinding &f : checkMetadata(reference, m_metadataSource, metadataName))
            m_result.findings.push_back(std::move(f));
        findUnlisted(reference, metadataName);
        if (!m_options.samplePaths.empty())
            selfTest(reference);
        summarise();
        return m_result;
    }

private:
    void add(Severity severity, std::string rule, std::string file, int line, int column, std::string path,
             std::string message)
    {
        LintFinding f;
        f.severity = severity;
        f.rule = std::move(rule);
        f.file = std::move(file);
        f.line = line;
        f.column = column;
        f.path = std::move(path);
        f.message = std::move(message);
        m_result.findings.push_back(std::move(f));
    }

    void loadCatalog(const ref::Reference &reference)
    {
        if (m_options.cluster)
            loadClusterSchemas(reference);
        for (const std::string &path : m_options.crdPaths) {
            if (!QFileInfo::exists(QString::fromStdString(path))) {
                m_result.fatal = "--crds " + path + ": no such file or folder";
                return;
            }
            for (const std::string &problem : m_catalog.addPath(path))
                add(Severity::Warning, "schema/crd", {}, 0, 0, {}, problem);
        }
        for (const std::string &path : m_options.clusterDataPaths)
            for (const std::string &problem : m_catalog.addMustGatherCrds(path))
                add(Severity::Warning, "schema/crd", {}, 0, 0, {}, problem);
    }

    // The cluster's CRDs, and the OpenAPI documents of the templates'
    // group/versions (for built-in kinds).
    void loadClusterSchemas(const ref::Reference &reference)
    {
        std::set<std::string> groupVersions;
        for (const ref::ReferenceTemplate &t : reference.templates)
            if (const Value v = t.metadata.get("apiVersion"); v.isString() && !v.str().empty())
                groupVersions.insert(v.str());
        const live::ClusterSchemas schemas =
            live::ClusterSchemas::fetch(*m_options.cluster, {groupVersions.begin(), groupVersions.end()});
        if (schemas.error) {
            m_result.fatal = "cannot read the cluster's schemas: " + *schemas.error;
            return;
        }
        for (const Value &document : schemas.documents)
            for (const std::string &problem : m_catalog.addDocument(document, "cluster"))
                add(Severity::Warning, "schema/crd", {}, 0, 0, {}, problem);
        for (const std::string &note : schemas.notes)
            add(Severity::Info, "schema/cluster", {}, 0, 0, {}, note);
    }

    void lintTemplate(const ref::ReferenceTemplate &t)
    {
        if (!t.loadError.empty()) {
            add(Severity::Error, "template/parse", t.path, lineOfError(t.loadError, t.path), 0, {}, t.loadError);
            return;
        }
        if (m_catalog.size() == 0)
            return;
        const Value apiVersion = t.metadata.get("apiVersion");
        const Value kind = t.metadata.get("kind");
        if (!apiVersion.isString() || !kind.isString() || apiVersion.str().empty() || kind.str().empty())
            return; // the kind comes from the cluster CR: nothing literal to check against
        const auto *version = m_catalog.find(apiVersion.str(), kind.str());
        const Severity severity = m_options.strict ? Severity::Error : Severity::Warning;
        if (!version) {
            if (m_catalog.knowsKind(apiVersion.str(), kind.str()))
                add(severity, "schema/version", t.path, locateField(t.source, "apiVersion").first, 0, "apiVersion",
                    "the CRD of " + kind.str() + " has no version " + apiVersion.str()
                        + "; use one of the versions it serves");
            else
                m_unchecked.insert(apiVersion.str() + " " + kind.str());
            return;
        }
        if (!version->served)
            add(severity, "schema/version", t.path, locateField(t.source, "apiVersion").first, 0, "apiVersion",
                apiVersion.str() + " " + kind.str() + " is not served by " + version->crdName
                    + "; use a version it serves");
        if (!version->schema)
            return;
        schema::ValidationOptions validation;
        // Only a template with no actions at all is entirely the author's words.
        validation.checkRequired = t.source.find("{{") == std::string::npos;
        schema::SchemaValidator validator(validation);
        for (const schema::SchemaFinding &f : validator.validate(t.metadata, *version->schema)) {
            const auto [line, column] = locateField(t.source, f.path);
            add(severity, f.rule, t.path, line, column, f.path, f.message + " (" + version->crdName + ")");
        }
        m_celRules += validator.uncheckedCelRules();
        m_patterns += validator.uncheckedPatterns();
    }

    // An inline diff function configured for a path the template does not
    // render never runs. A path under a conditional block renders only with the
    // right CR: a warning, not an error.
    void lintPerFieldPaths(const ref::ReferenceTemplate &t, const std::string &metadataName)
    {
        if (!t.loadError.empty())
            return;
        for (const ref::PerFieldConfig &field : t.config.perField) {
            std::string error;
            const auto path = ref::FieldPath::parse(field.pathToKey, error);
            if (!path || !ref::nestedFieldThroughLists(t.metadata, path->segments).isMissing())
                continue;
            const auto at = m_metadataSource.find(field.pathToKey);
            const int line = at == std::string::npos ? 0 : int(std::count(m_metadataSource.begin(),
                                                                         m_metadataSource.begin() + long(at), '\n')) + 1;
            add(Severity::Warning, "structure/per-field-path", metadataName, line, 0, field.pathToKey,
                "the inline diff function " + field.inlineDiffFunc + " of " + t.path + " is set for a path the "
                    "template does not render (without a cluster CR); check the path");
        }
    }

    // lookupCR/lookupCRs only see kinds some template covers (kube-compare
    // reads only those from the cluster): a lookup of another kind finds nothing.
    void lintLookups(const ref::Reference &reference)
    {
        std::set<std::string> kinds;
        for (const ref::ReferenceTemplate &t : reference.templates)
            if (const Value kind = t.metadata.get("kind"); kind.isString())
                kinds.insert(kind.str());
        static const QRegularExpression lookup(QStringLiteral("lookupCRs?\\s+\"([^\"]*)\"\\s+\"([^\"]+)\""));
        for (const ref::ReferenceTemplate &t : reference.templates) {
            const QString source = QString::fromStdString(t.source);
            for (auto it = lookup.globalMatch(source); it.hasNext();) {
                const auto m = it.next();
                const std::string kind = m.captured(2).toStdString();
                if (kinds.contains(kind))
                    continue;
                const int line = int(source.left(m.capturedStart()).count(u'\n')) + 1;
                add(Severity::Warning, "template/lookup-kind", t.path, line, 0, {},
                    "lookupCR of kind " + kind + ", which no template of the reference has: the comparison reads "
                    "only the kinds of its templates, so this lookup finds nothing; add a template of that kind");
            }
        }
    }

    // CR templates (YAML with a top-level kind) next to the others that
    // metadata.yaml never names: written and forgotten, or listed under another name.
    void findUnlisted(const ref::Reference &reference, const std::string &metadataName)
    {
        std::set<std::string> listed{metadataName};
        for (const ref::ReferenceTemplate &t : reference.templates)
            listed.insert(QDir::cleanPath(QString::fromStdString(t.path)).toStdString());
        const QDir root(QString::fromStdString(reference.directory));
        for (const std::string &pattern : reference.templateFunctionFiles)
            for (const QString &file : root.entryList({QString::fromStdString(pattern)}, QDir::Files))
                listed.insert(file.toStdString());
        QDirIterator it(root.path(), {QStringLiteral("*.yaml"), QStringLiteral("*.yml")}, QDir::Files,
                        QDirIterator::Subdirectories);
        std::vector<std::string> unlisted;
        static const QRegularExpression topLevelKind(QStringLiteral("^kind:"), QRegularExpression::MultilineOption);
        while (it.hasNext()) {
            const QString file = it.next();
            const std::string relative = root.relativeFilePath(file).toStdString();
            if (listed.contains(relative) || relative.find("/.") != std::string::npos || relative.starts_with("."))
                continue;
            // Only what reads as a CR template: overrides or diff configs may live alongside.
            QFile f(file);
            if (f.open(QIODevice::ReadOnly) && topLevelKind.match(QString::fromUtf8(f.read(1 << 20))).hasMatch())
                unlisted.push_back(relative);
        }
        std::sort(unlisted.begin(), unlisted.end());
        for (const std::string &file : unlisted)
            add(Severity::Warning, "structure/unlisted-file", file, 0, 0, {},
                "not listed in " + metadataName + ": add it to a component, or delete it if it is not a template");
    }

    // The comparison of the samples with the reference, as the CLI runs it
    // (every CR read, every failure kept), reduced to what an author fixes.
    void selfTest(const ref::Reference &reference)
    {
        pipeline::ComparisonRequest request;
        request.reference.metadataPath = m_options.metadataPath;
        request.clusterData.kind = pipeline::ClusterDataSource::Kind::Files;
        request.clusterData.paths = m_options.samplePaths;
        request.clusterData.recursive = true;
        request.options.keepGoing = true;
        request.keepBrokenTemplates = true;
        BufferedLog log;
        pipeline::ComparisonRun run(request, log);
        if (auto error = run.run()) {
            add(Severity::Error, "selftest/run", {}, 0, 0, {}, "the samples could not be compared: " + *error);
            return;
        }
        const report::ComparisonReport &compared = *run.report();
        const auto statuses = report::templateStatuses(compared, *run.reference());
        for (std::size_t i = 0; i < statuses.size() && i < reference.templates.size(); ++i) {
            const report::TemplateState state = statuses[i].state;
            if (state == report::TemplateState::NotPresent || state == report::TemplateState::MissingRequired)
                add(Severity::Warning, "selftest/no-sample", reference.templates[i].path, 0, 0, {},
                    "no sample matches this template: add its CR to the samples, or check its "
                    "apiVersion, kind, name and namespace");
        }
        for (const report::CrResult &cr : compared.diffs)
            if (cr.hasDiff())
                add(Severity::Error, "selftest/drift", cr.correlatedTemplate, 0, 0, cr.crName,
                    "the sample " + cr.source + " differs from the template:\n" + diffHunks(cr.diffOutput));
        for (const report::FailedCr &failed : compared.failures)
            add(Severity::Error, "selftest/failed", failed.templates.empty() ? std::string() : failed.templates.front(),
                0, 0, failed.crName, "the sample " + failed.source + " failed to compare: " + failed.error);
        for (const std::string &id : compared.unmatchedAll)
            add(Severity::Warning, "selftest/unmatched", {}, 0, 0, id,
                "no template matches this sample: add a template for it, or remove it from the samples");
    }

    void summarise()
    {
        if (!m_unchecked.empty()) {
            std::string kinds;
            for (const std::string &k : m_unchecked)
                kinds += (kinds.empty() ? "" : ", ") + k;
            add(Severity::Info, "schema/no-schema", {}, 0, 0, {},
                "no CRD given for " + kinds + ": not checked (pass their CRDs with --crds)");
        }
        if (m_celRules > 0)
            add(Severity::Info, "schema/cel", {}, 0, 0, {},
                std::to_string(m_celRules) + " x-kubernetes-validations (CEL) rules were not checked");
        if (m_patterns > 0)
            add(Severity::Info, "schema/pattern", {}, 0, 0, {},
                std::to_string(m_patterns) + " patterns RE2 cannot read (lookarounds) were not checked");
    }

    const LintOptions &m_options;
    LintResult m_result;
    schema::CrdCatalog m_catalog;
    std::set<std::string> m_unchecked;
    std::string m_metadataSource;
    int m_celRules = 0;
    int m_patterns = 0;
};

} // namespace

bool LintResult::hasFindings() const
{
    return std::any_of(findings.begin(), findings.end(),
                       [](const LintFinding &f) { return f.severity != LintFinding::Severity::Info; });
}

// The column (1-based) where `line` writes `key:` (plain, quoted, or as a list item), or 0.
static int keyColumn(const std::string &line, const std::string &key)
{
    const auto at = line.find_first_not_of(" -");
    if (at == std::string::npos)
        return 0;
    for (const std::string &written : {key + ":", "\"" + key + "\":", "'" + key + "':"})
        if (line.compare(at, written.size(), written) == 0)
            return int(at) + 1;
    return 0;
}

std::pair<int, int> locateField(const std::string &source, const std::string &path)
{
    std::vector<std::string> lines;
    for (std::size_t start = 0; start <= source.size();) {
        const auto end = source.find('\n', start);
        lines.push_back(source.substr(start, end == std::string::npos ? std::string::npos : end - start));
        if (end == std::string::npos)
            break;
        start = end + 1;
    }
    int found = 0, column = 0;
    std::size_t from = 0;
    for (const std::string &key : keysOf(path))
        for (std::size_t i = from; i < lines.size(); ++i)
            if (const int c = keyColumn(lines[i], key); c > 0) {
                found = int(i) + 1;
                column = c;
                from = i + 1;
                break;
            }
    return {found, column};
}

// "… line 7: …" or "path:7:" in a loader or template error.
int lineOfError(const std::string &message, const std::string &file)
{
    const QString text = QString::fromStdString(message);
    // Go's template errors name the file by its base name ("template: x.yaml:6: …").
    for (const QString &name : {QString::fromStdString(file), QFileInfo(QString::fromStdString(file)).fileName()}) {
        const QRegularExpression afterFile(QRegularExpression::escape(name) + QStringLiteral(":(\\d+)"));
        if (const auto m = afterFile.match(text); m.hasMatch())
            return m.captured(1).toInt();
    }
    static const QRegularExpression lineWord(QStringLiteral("line (\\d+)"));
    if (const auto m = lineWord.match(text); m.hasMatch())
        return m.captured(1).toInt();
    return 0;
}

LintResult lintReference(const LintOptions &options)
{
    return Linter(options).run();
}

LintResult lintLoadedReference(const ref::Reference &reference, const LintOptions &options)
{
    return Linter(options).check(reference);
}

} // namespace ds::lint
