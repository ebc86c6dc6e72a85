// SPDX-License-Identifier: Apache-2.0
#include "MetadataChecks.h"

#include "reference/Reference.h"

#include <QRegularExpression>
#include <QUrl>

#include <algorithm>
#include <map>
#include <set>

namespace ds::lint {

namespace {

using Severity = LintFinding::Severity;

// The 1-based line of the first `needle` in `source` (0: not found).
int lineOf(const std::string &source, const std::string &needle)
{
    const auto at = needle.empty() ? std::string::npos : source.find(needle);
    return at == std::string::npos ? 0 : int(std::count(source.begin(), source.begin() + long(at), '\n')) + 1;
}

class MetadataChecker
{
public:
    MetadataChecker(const ref::Reference &reference, const std::string &source, const std::string &name)
        : m_reference(reference), m_source(source), m_name(name)
    {
    }

    std::vector<LintFinding> run()
    {
        unusedOmitItems();
        deadOmitPaths();
        for (const ref::ReferenceTemplate &t : m_reference.templates)
            captureGroups(t);
        duplicateTemplates();
        descriptions();
        emptyDescriptions();
        v1Hints();
        return std::move(m_findings);
    }

private:
    void add(Severity severity, std::string rule, std::string file, int line, std::string path, std::string message)
    {
        LintFinding f;
        f.severity = severity;
        f.rule = std::move(rule);
        f.file = std::move(file);
        f.line = line;
        f.path = std::move(path);
        f.message = std::move(message);
        m_findings.push_back(std::move(f));
    }

    // An item no template, no default and no include names never removes anything.
    void unusedOmitItems()
    {
        const ref::FieldsToOmit &omit = m_reference.fieldsToOmit;
        std::set<std::string> used{omit.defaultOmitRef};
        for (const ref::ReferenceTemplate &t : m_reference.templates)
            used.insert(t.config.fieldsToOmitRefs.begin(), t.config.fieldsToOmitRefs.end());
        for (std::vector<std::string> pending(used.begin(), used.end()); !pending.empty();) {
            const std::string item = pending.back();
            pending.pop_back();
            if (const auto it = omit.items.find(item); it != omit.items.end())
                for (const ref::OmitEntry &e : it->second)
                    if (!e.include.empty() && used.insert(e.include).second)
                        pending.push_back(e.include);
        }
        for (const auto &[item, entries] : omit.items)
            if (!used.contains(item) && item != ref::kBuiltInOmitRef) // the loader's, always there
                add(Severity::Warning, "omit/unused-item", m_name, lineOf(m_source, item + ":"), item,
                    "fieldsToOmit item \"" + item + "\" is not the defaultOmitRef, not named by any template's "
                    "fieldsToOmitRefs and not included by another item: it removes nothing; use it or delete it");
    }

    // A path whose parent no template using it renders (status and metadata
    // aside: the cluster adds those) can only be misspelt.
    void deadOmitPaths()
    {
        const std::vector<std::string> &builtIn = ref::builtInOmitPaths();
        std::map<std::string, bool> anyParent; // pathToKey → some template renders its parent
        for (const ref::ReferenceTemplate &t : m_reference.templates) {
            if (!t.loadError.empty())
                continue;
            for (const ref::OmitEntry &e : t.omitFields) {
                if (e.isPrefix || e.path.segments.size() < 2
                    || std::find(builtIn.begin(), builtIn.end(), e.pathToKey) != builtIn.end()
                    || e.path.segments.front() == "status" || e.path.segments.front() == "metadata")
                    continue;
                const std::vector<std::string> parent(e.path.segments.begin(), e.path.segments.end() - 1);
                bool &found = anyParent[e.pathToKey];
                found = found || !ref::nestedFieldThroughLists(t.metadata, parent).isMissing();
            }
        }
        for (const auto &[path, found] : anyParent)
            if (!found)
                add(Severity::Warning, "omit/dead-path", m_name, lineOf(m_source, path), path,
                    "fieldsToOmit path " + path + " removes nothing: no template it applies to has its parent "
                    "field; check the spelling against the templates");
    }

    // capturegroups compares every capture of one name across the fields of a
    // CR: one name with different patterns is nearly always a copy-paste slip.
    void captureGroups(const ref::ReferenceTemplate &t)
    {
        if (!t.loadError.empty())
            return;
        static const QRegularExpression group(QStringLiteral("\\(\\?P?<([A-Za-z_][A-Za-z0-9_]*)>((?:[^()]|\\([^()]*\\))*)\\)"));
        std::map<std::string, std::map<std::string, std::string>> patterns; // name → pattern → field
        for (const ref::PerFieldConfig &field : t.config.perField) {
            if (field.inlineDiffFunc != "capturegroups")
                continue;
            const Value value = ref::nestedFieldThroughLists(t.metadata, field.path.segments);
            if (!value.isString())
                continue;
            for (auto it = group.globalMatch(QString::fromStdString(value.str())); it.hasNext();) {
                const auto m = it.next();
                patterns[m.captured(1).toStdString()].emplace(m.captured(2).toStdString(), field.pathToKey);
            }
        }
        for (const auto &[name, byPattern] : patterns) {
            if (byPattern.size() < 2)
                continue;
            std::string where;
            for (const auto &[pattern, field] : byPattern)
                where += (where.empty() ? "" : ", ") + field + " (" + pattern + ")";
            add(Severity::Warning, "structure/capture-group", t.path, lineOf(t.source, "<" + name + ">"), name,
                "capture group " + name + " has different patterns in " + where
                    + ": its values must be equal across fields, so give the fields one pattern or the groups different names");
        }
    }

    // A template listed in two places is compared once but counted (and
    // reported missing) in each: nearly always a copy left behind.
    void duplicateTemplates()
    {
        std::map<std::string, int> listed; // by path: the loader may keep each listing as a template of its own
        const auto count = [&](std::size_t index) {
            if (index < m_reference.templates.size())
                ++listed[m_reference.templates[index].path];
        };
        for (const ref::Part &p : m_reference.parts)
            for (const ref::Component &c : p.components) {
                std::for_each(c.requiredTemplates.begin(), c.requiredTemplates.end(), count);
                std::for_each(c.optionalTemplates.begin(), c.optionalTemplates.end(), count);
            }
        for (const auto &[path, times] : listed) {
            if (times < 2)
                continue;
            // The second "path: X" is the one to remove.
            const std::string needle = "path: " + path;
            const auto first = m_source.find(needle);
            const auto second = first == std::string::npos ? first : m_source.find(needle, first + needle.size());
            const int line = second == std::string::npos
                ? 0
                : int(std::count(m_source.begin(), m_source.begin() + long(second), '\n')) + 1;
            add(Severity::Warning, "structure/duplicate-template", m_name, line, path,
                path + " is listed " + std::to_string(times) + " times in metadata.yaml: list it once, in the component it belongs to");
        }
    }

    // `description: ""` says nothing: write one, or leave the key out.
    void emptyDescriptions()
    {
        static const QRegularExpression key(QStringLiteral("^(\\s*)(-\\s+)?description:\\s*(\"\"|'')?\\s*$"));
        const QStringList lines = QString::fromStdString(m_source).split(u'\n');
        for (qsizetype i = 0; i < lines.size(); ++i) {
            const auto m = key.match(lines[i]);
            if (!m.hasMatch())
                continue;
            // `description:` alone may continue as a plain scalar on deeper lines.
            const qsizetype indent = m.captured(1).size() + m.captured(2).size();
            const QString next = i + 1 < lines.size() ? lines[i + 1] : QString();
            const qsizetype nextIndent = next.size() - QString(next).remove(QRegularExpression(QStringLiteral("^\\s+"))).size();
            if (m.captured(3).isEmpty() && !next.trimmed().isEmpty() && nextIndent > indent)
                continue;
            add(Severity::Warning, "structure/empty-description", m_name, int(i) + 1, {},
                "an empty description: say what this part, component or template is for (reports show it), or remove the key");
        }
    }

    void description(const std::string &text, const std::string &owner)
    {
        static const QRegularExpression url(QStringLiteral("\\b[a-zA-Z][a-zA-Z0-9+.-]*://[^\\s\"'<>)]*"));
        const QString q = QString::fromStdString(text);
        for (auto it = url.globalMatch(q); it.hasNext();) {
            const QString link = it.next().captured(0);
            const QUrl parsed(link, QUrl::StrictMode);
            const bool web = parsed.scheme() == QLatin1String("https") || parsed.scheme() == QLatin1String("http");
            const char *why = !parsed.isValid()      ? "it does not parse"
                              : !web                   ? "it is not http(s)"
                              : parsed.host().isEmpty() || !parsed.host().contains(QLatin1Char('.'))
                                  ? "it has no host name"
                                  : nullptr;
            if (why)
                add(Severity::Warning, "structure/description-link", m_name, lineOf(m_source, link.toStdString()),
                    owner, "the documentation link " + link.toStdString() + " in the description of " + owner
                        + " is not a valid http(s) URL: " + why + "; fix it so readers of reports can follow it");
        }
    }

    void descriptions()
    {
        for (const ref::Part &p : m_reference.parts) {
            description(p.description, "part " + p.name);
            for (const ref::Component &c : p.components)
                description(c.description, "component " + c.name);
        }
        for (const ref::ReferenceTemplate &t : m_reference.templates)
            description(t.description, t.path);
    }

    void v1Hints()
    {
        if (m_reference.version != 1)
            return;
        add(Severity::Info, "structure/v1", m_name, 1, {},
            "metadata.yaml is v1: v2 (apiVersion: v2) adds component rules (allOf, anyOf, oneOf, noneOf, "
            "anyOneOf, allOrNoneOf), per-field inline diff functions and includes in fieldsToOmit");
        // v1 Required reports missing required templates: allOf. v1 Optional
        // reports them once one matched: allOrNoneOf. optionalTemplates are
        // never reported: anyOf, in a component of their own (one group each in v2).
        for (const ref::Part &p : m_reference.parts)
            for (const ref::Component &c : p.components) {
                const std::string rule = c.type == "Required" ? "allOf" : c.type == "Optional" ? "allOrNoneOf" : "";
                if (rule.empty())
                    continue;
                std::string text = "component " + c.name + " (type: " + c.type + ") is written in v2 as `" + rule
                    + ":` listing its requiredTemplates";
                if (!c.optionalTemplates.empty())
                    text += ", and its optionalTemplates as another component with `anyOf:`";
                add(Severity::Info, "structure/v1", m_name, lineOf(m_source, "name: " + c.name), c.name, text);
            }
    }

    const ref::Reference &m_reference;
    const std::string &m_source;
    const std::string &m_name;
    std::vector<LintFinding> m_findings;
};

} // namespace

std::vector<LintFinding> checkMetadata(const ref::Reference &reference, const std::string &metadataSource,
                                       const std::string &metadataName)
{
    return MetadataChecker(reference, metadataSource, metadataName).run();
}

} // namespace ds::lint
