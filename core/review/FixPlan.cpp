// SPDX-License-Identifier: Apache-2.0
#include "FixPlan.h"

#include "compare/DiffConfigWriter.h"
#include "diff/FieldChanges.h"
#include "json/JsonWriter.h"
#include "report/TemplateStatus.h"
#include "template/TemplateNode.h"
#include "template/TemplateSet.h"
#include "yaml/YamlReader.h"
#include "yaml/YamlWriter.h"

#include <algorithm>
#include <cctype>

namespace ds::review {

namespace {

std::optional<Value> readYaml(const std::string &text)
{
    yaml::ReadOptions options;
    options.firstDocumentOnly = true;
    yaml::ReadResult r = yaml::read(text, options);
    if (!r.ok() || r.documents.empty())
        return std::nullopt;
    return std::move(r.documents.front());
}

bool hasIndex(const diff::ObjectPath &path)
{
    return std::any_of(path.begin(), path.end(), [](const diff::PathSegment &s) { return s.index.has_value(); });
}

// The change lies at or below a perField path: an inline diff function (a
// pattern) decides what the cluster may hold there, so no single value is "right".
const ref::PerFieldConfig *inlineFunctionOver(const diff::ObjectPath &path, const ref::TemplateConfig &config)
{
    for (const ref::PerFieldConfig &field : config.perField) {
        const auto &segments = field.path.segments;
        if (segments.size() > path.size())
            continue;
        bool under = true;
        for (std::size_t i = 0; i < segments.size() && under; ++i)
            under = path[i].index ? segments[i] == std::to_string(*path[i].index) : segments[i] == path[i].key;
        if (under)
            return &field;
    }
    return nullptr;
}

// Sets value at path in a merge patch, creating the maps on the way.
void setIn(Value &patch, const diff::ObjectPath &path, const Value &value)
{
    Value *at = &patch;
    for (std::size_t i = 0; i < path.size(); ++i) {
        ValueMap &map = at->mutableMap();
        if (i + 1 == path.size()) {
            map.insert_or_assign(path[i].key, value);
            return;
        }
        auto it = map.find(path[i].key);
        if (it == map.end())
            it = map.emplace(path[i].key, Value::emptyMap()).first;
        at = &it->second;
    }
}

Value mergePatch(const std::vector<diff::FieldChange> &changes)
{
    Value patch = Value::emptyMap();
    for (const diff::FieldChange &c : changes)
        setIn(patch, c.path, c.kind == diff::FieldChange::Kind::AddedInCluster ? Value::null() : c.reference);
    return patch;
}

// Adding or removing a list item shifts the items after it, so those
// operations come last: list by list from the deepest (their paths hold the
// cluster's indices of the items around them, valid while the outer lists are
// untouched), removals from the last index down, then additions at the
// reference's indices from the first up — which leaves each list in the
// reference's order (see FieldChange).
Value jsonPatch(std::vector<diff::FieldChange> changes)
{
    using Kind = diff::FieldChange::Kind;
    const auto movesItems = [](const diff::FieldChange &c) {
        return c.kind != Kind::Changed && c.path.back().index.has_value();
    };
    const auto firstItemOp = std::stable_partition(changes.begin(), changes.end(),
                                                   [&](const diff::FieldChange &c) { return !movesItems(c); });
    std::stable_sort(firstItemOp, changes.end(), [](const diff::FieldChange &a, const diff::FieldChange &b) {
        if (a.path.size() != b.path.size())
            return a.path.size() > b.path.size();
        const bool aRemoves = a.kind == Kind::AddedInCluster, bRemoves = b.kind == Kind::AddedInCluster;
        if (aRemoves != bRemoves)
            return aRemoves;
        return aRemoves ? *a.path.back().index > *b.path.back().index : *a.path.back().index < *b.path.back().index;
    });
    ValueList ops;
    for (const diff::FieldChange &c : changes) {
        ValueMap op;
        op.emplace("path", Value(diff::jsonPointer(c.path)));
        switch (c.kind) {
        case Kind::Changed:
            op.emplace("op", Value("replace"));
            op.emplace("value", c.reference);
            break;
        case Kind::MissingFromCluster:
            op.emplace("op", Value("add"));
            op.emplace("value", c.reference);
            break;
        case Kind::AddedInCluster: op.emplace("op", Value("remove")); break;
        }
        ops.push_back(Value(std::move(op)));
    }
    return Value(std::move(ops));
}

std::string jsonText(const Value &value)
{
    json::WriteResult r = json::write(value);
    return r.ok() ? std::move(r.text) : std::string();
}

void planPatch(Fix &fix, const report::CrResult &result, const ref::ReferenceTemplate *t)
{
    const std::optional<Value> reference = readYaml(result.referenceYaml);
    const std::optional<Value> cluster = readYaml(result.clusterYaml);
    if (!reference || !cluster) {
        fix.note = "the compared objects could not be read back; compare the diff by hand";
        return;
    }
    std::vector<diff::FieldChange> fixable;
    std::string patterns;
    std::string status;
    for (diff::FieldChange &c : diff::fieldChanges(*reference, *cluster)) {
        if (const ref::PerFieldConfig *field = t ? inlineFunctionOver(c.path, t->config) : nullptr)
            patterns += (patterns.empty() ? "" : ", ") + diff::pathText(c.path) + " (" + field->inlineDiffFunc + ")";
        else if (!c.path.empty() && !c.path.front().index && c.path.front().key == "status")
            status += (status.empty() ? "" : ", ") + diff::pathText(c.path);
        else
            fixable.push_back(std::move(c));
    }
    if (!patterns.empty())
        fix.note = "left to you: the reference's inline diff functions decide these values, set them so that "
                   "they match: "
            + patterns;
    if (!status.empty()) // what controllers report, not what anyone sets
        fix.note += (fix.note.empty() ? "" : "; ") + std::string("status is reported by the cluster, not set: ")
            + status;
    setPatch(fix, std::move(fixable));
}

Fix fixFor(const report::CrResult &result, const ref::Reference &reference)
{
    Fix fix;
    fix.crId = result.crName;
    fix.templatePath = result.correlatedTemplate;
    fix.apiVersion = result.apiVersion;
    fix.kind = result.kind;
    fix.ns = result.ns;
    fix.name = result.name;
    if (result.kind == "Secret" && result.apiVersion == "v1") {
        fix.note = "a Secret: Driftscope never writes Secret data out; change it by hand";
        return fix;
    }
    const ref::ReferenceTemplate *t =
        result.templateIndex < reference.templates.size() ? &reference.templates[result.templateIndex] : nullptr;
    planPatch(fix, result, t);
    return fix;
}

// Whether rendering reads the CR (a field of `.`, `$`, lookupCR): then the
// empty-data render is no manifest to create.
bool readsClusterData(const tmpl::Node *node)
{
    if (!node)
        return false;
    switch (node->type) {
    case tmpl::Node::Type::Dot:
    case tmpl::Node::Type::Field: return true;
    case tmpl::Node::Type::Variable: return static_cast<const tmpl::VariableNode *>(node)->ident.front() == "$";
    case tmpl::Node::Type::Identifier: {
        const std::string &name = static_cast<const tmpl::IdentifierNode *>(node)->ident;
        return name == "lookupCR" || name == "lookupCRs";
    }
    default: break;
    }
    bool reads = false;
    tmpl::forEachChild(*node, [&](const tmpl::Node *child) { reads = reads || readsClusterData(child); });
    return reads;
}

bool templateReadsClusterData(const ref::ReferenceTemplate &t)
{
    if (!t.templates)
        return true;
    for (const std::string &name : t.templates->names())
        if (const tmpl::ParseTree *tree = t.templates->lookup(name); tree && readsClusterData(tree->root.get()))
            return true;
    return false;
}

std::string field(const Value &object, std::initializer_list<std::string_view> path)
{
    const Value v = object.at(path);
    return v.isString() ? v.str() : std::string();
}

Fix createFor(const ref::ReferenceTemplate &t)
{
    Fix fix;
    fix.templatePath = t.path;
    fix.apiVersion = field(t.metadata, {"apiVersion"});
    fix.kind = field(t.metadata, {"kind"});
    fix.ns = field(t.metadata, {"metadata", "namespace"});
    fix.name = field(t.metadata, {"metadata", "name"});
    if (templateReadsClusterData(t)) {
        fix.note = "missing from the cluster; the template needs cluster data to render, so write the CR from it by hand";
        return fix;
    }
    if (fix.kind == "Secret") {
        fix.note = "a Secret missing from the cluster: Driftscope never writes Secret data out; create it by hand";
        return fix;
    }
    fix.type = Fix::Type::Create;
    fix.manifest = yaml::writeCanonical(t.metadata).text;
    return fix;
}

std::string shellQuoted(const std::string &s)
{
    std::string out = "'";
    for (char c : s)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

// kubectl's resource argument: "configmap", "deployment.v1.apps".
std::string resourceOf(const Fix &fix)
{
    std::string kind = fix.kind;
    std::transform(kind.begin(), kind.end(), kind.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    const std::size_t slash = fix.apiVersion.find('/');
    if (slash == std::string::npos)
        return kind;
    return kind + "." + fix.apiVersion.substr(slash + 1) + "." + fix.apiVersion.substr(0, slash);
}

const char *typeName(Fix::Type type)
{
    switch (type) {
    case Fix::Type::MergePatch: return "merge";
    case Fix::Type::JsonPatch: return "json";
    case Fix::Type::Create: return "create";
    case Fix::Type::None: break;
    }
    return "none";
}

std::string scalar(const std::string &s)
{
    return compare::DiffConfigWriter::scalar(s);
}

std::string blockLiteral(const std::string &text, const char *indent)
{
    std::string out = "|\n";
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        const std::string line = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
        out += (line.empty() ? "" : indent) + line + '\n';
        start = end == std::string::npos ? text.size() : end + 1;
    }
    return out;
}

} // namespace

void setPatch(Fix &fix, std::vector<diff::FieldChange> changes)
{
    fix.changes = std::move(changes);
    if (fix.changes.empty()) {
        fix.type = Fix::Type::None;
        fix.patch.clear();
        return;
    }
    const bool items = std::any_of(fix.changes.begin(), fix.changes.end(),
                                   [](const diff::FieldChange &c) { return hasIndex(c.path); });
    fix.type = items ? Fix::Type::JsonPatch : Fix::Type::MergePatch;
    fix.patch = jsonText(items ? jsonPatch(fix.changes) : mergePatch(fix.changes));
}

std::vector<Fix> planFixes(const report::ComparisonReport &report, const ref::Reference &reference,
                           const std::vector<std::string> &crIds, bool missingTemplates)
{
    std::vector<Fix> fixes;
    for (const report::CrResult &result : report.diffs) {
        const bool wanted = crIds.empty() || std::find(crIds.begin(), crIds.end(), result.crName) != crIds.end();
        if (result.hasDiff() && wanted)
            fixes.push_back(fixFor(result, reference));
    }
    if (!missingTemplates)
        return fixes;
    const std::vector<report::TemplateStatus> statuses = report::templateStatuses(report, reference);
    for (std::size_t i = 0; i < statuses.size(); ++i)
        if (statuses[i].state == report::TemplateState::MissingRequired)
            fixes.push_back(createFor(reference.templates[i]));
    return fixes;
}

std::string kubectlCommand(const Fix &fix)
{
    if (fix.type == Fix::Type::None)
        return {};
    if (fix.type == Fix::Type::Create)
        return "kubectl apply -f - <<'DRIFTSCOPE_MANIFEST'\n" + fix.manifest + "DRIFTSCOPE_MANIFEST";
    std::string command = "kubectl patch " + resourceOf(fix) + " " + shellQuoted(fix.name);
    if (!fix.ns.empty())
        command += " -n " + shellQuoted(fix.ns);
    return command + " --type " + typeName(fix.type) + " -p " + shellQuoted(fix.patch);
}

std::string fixesYaml(const std::vector<Fix> &fixes)
{
    std::string out;
    for (const Fix &fix : fixes) {
        out += "---\n";
        if (!fix.crId.empty())
            out += "cr: " + scalar(fix.crId) + '\n';
        out += "template: " + scalar(fix.templatePath) + '\n';
        out += "target:\n  apiVersion: " + scalar(fix.apiVersion) + "\n  kind: " + scalar(fix.kind) + '\n';
        if (!fix.ns.empty())
            out += "  namespace: " + scalar(fix.ns) + '\n';
        out += "  name: " + scalar(fix.name) + '\n';
        out += "type: " + std::string(typeName(fix.type)) + '\n';
        if (!fix.patch.empty())
            out += "patch: " + scalar(fix.patch) + '\n';
        if (!fix.manifest.empty())
            out += "manifest: " + blockLiteral(fix.manifest, "  ");
        if (const std::string command = kubectlCommand(fix); !command.empty())
            out += "command: " + (fix.type == Fix::Type::Create ? blockLiteral(command, "  ") : scalar(command) + '\n');
        if (!fix.note.empty())
            out += "note: " + scalar(fix.note) + '\n';
    }
    return out;
}

std::string fixesScript(const std::vector<Fix> &fixes)
{
    std::string out = "#!/bin/sh\n# Changes that bring the cluster back to the reference, made by Driftscope.\n"
                      "# Review each before running it; Driftscope itself never writes to a cluster.\nset -e\n";
    for (const Fix &fix : fixes) {
        out += "\n# " + (fix.crId.empty() ? fix.kind + " " + fix.name + " (missing)" : fix.crId) + " <- "
            + fix.templatePath + '\n';
        if (!fix.note.empty())
            out += "# " + fix.note + '\n';
        const std::string command = kubectlCommand(fix);
        out += command.empty() ? "# (nothing to run)\n" : command + '\n';
    }
    return out;
}

} // namespace ds::review
