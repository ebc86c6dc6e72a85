// SPDX-License-Identifier: Apache-2.0
#include "ReferenceLoader.h"

#include "ReferenceFileSystem.h"
#include "StrictDecoder.h"
#include "TemplateRendering.h"
#include "go/GoFmt.h"
#include "template/TemplateSet.h"
#include "yaml/YamlReader.h"
#include "go/GoStrconv.h"

#include <QFileInfo>

#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace ds::ref {

namespace {

const char *kRefNotFound = "Reference config file not found. error: ";
const char *kRefNotInFormat = "Reference config isn't in correct format. error: ";
const char *kJsonPrefix = "error unmarshaling JSON: while decoding JSON: ";

using Field = StrictDecoder::Field;

std::string joinErrors(const std::vector<std::string> &errors)
{
    std::string out;
    for (const auto &e : errors) {
        if (!out.empty())
            out += '\n';
        out += e;
    }
    return out;
}

std::string baseName(const std::string &path)
{
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// ---- decoding --------------------------------------------------------------------------------

// Struct and type names are kube-compare's Go types, as encoding/json prints them:
// "json: cannot unmarshal <kind> into Go struct field <Struct>.<json path> of type <type>",
// where Struct is the innermost struct being decoded (the enclosing one for a value
// that is not an object) and the path lists JSON field names from the root.
struct Decoder
{
    StrictDecoder d;
    Reference &r;
    std::string ns; // "V1" or "V2"

    bool v2() const { return ns == "V2"; }
    std::string type(const char *name) const { return std::string(name) + ns; }
    // A pointer element in v2 slices ([]*compare.PartV2), a value in v1 ([]compare.PartV1).
    std::string sliceOf(const char *name) const { return (v2() ? "[]*compare." : "[]compare.") + type(name); }

    // Inside a v2 group Go decodes with plain json.Unmarshal and reports the inner
    // error in the component's context (Struct ComponentV2, path through the group),
    // naming embedded structs in the path as Go 1.24 does.
    std::string structFor(const std::string &own) const { return d.inUnmarshaler() ? "ComponentV2" : own; }
    std::string embedded(const std::string &path, const char *embeddedStruct, const char *field) const
    {
        return path + (d.inUnmarshaler() ? std::string(".") + embeddedStruct : std::string()) + "." + field;
    }

    std::vector<OmitEntry> decodeOmitEntries(const Value &v, const std::string &path)
    {
        std::vector<OmitEntry> out;
        const std::string context = type("FieldsToOmit");
        const std::string entryType = v2() ? "FieldsToOmitV2Entry" : "ManifestPathV1";
        for (const Value &e : d.decodeList(v, context, path, "[]*compare." + entryType)) {
            std::vector<Field> fields{{"pathToKey", "string"}, {"isPrefix", "bool"}};
            if (v2())
                fields.push_back({"include", "string"});
            auto f = d.decodeStruct(e, context, path, "compare." + entryType, fields);
            OmitEntry entry;
            if (v2()) {
                // pathToKey/isPrefix come from the embedded *ManifestPathV1, which hides
                // the string type from sigs.k8s.io/yaml: no number-to-string conversion.
                entry.pathToKey = d.decodeString(f[0], entryType, path + ".ManifestPathV1.pathToKey", "string", false);
                entry.isPrefix = d.decodeBool(f[1], entryType, path + ".ManifestPathV1.isPrefix");
                entry.include = d.decodeString(f[2], entryType, path + ".include");
            } else {
                entry.pathToKey = d.decodeString(f[0], entryType, path + ".pathToKey");
                entry.isPrefix = d.decodeBool(f[1], entryType, path + ".isPrefix");
            }
            out.push_back(std::move(entry));
        }
        return out;
    }

    void decodeFieldsToOmit(const Value &v)
    {
        const std::string structName = type("FieldsToOmit");
        auto f = d.decodeStruct(v, "Reference" + ns, "fieldsToOmit", "compare." + structName,
                                {{"defaultOmitRef", "string"}, {"items", "map"}});
        r.fieldsToOmit.defaultOmitRef = d.decodeString(f[0], structName, "fieldsToOmit.defaultOmitRef");
        const std::string entryType = v2() ? "FieldsToOmitV2Entry" : "ManifestPathV1";
        for (const auto &[key, list] :
             d.decodeMap(f[1], structName, "fieldsToOmit.items", "map[string][]*compare." + entryType))
            r.fieldsToOmit.items[key] = decodeOmitEntries(list, "fieldsToOmit.items");
    }

    TemplateConfig decodeConfig(const Value &v, const std::string &path)
    {
        const std::string structName = type("ReferenceTemplateConfig");
        const std::string own = structFor(structName);
        std::vector<Field> fields{{"ignore-unspecified-fields", "bool"}, {"fieldsToOmitRefs", "[]string"}};
        if (v2())
            fields.push_back({"perField", "[]*compare.PerFieldConfigV2"});
        auto f = d.decodeStruct(v, structFor(type("ReferenceTemplate")), path, "compare." + structName, fields);
        TemplateConfig c;
        c.ignoreUnspecifiedFields =
            d.decodeBool(f[0], own, embedded(path, "ReferenceTemplateConfigV1", "ignore-unspecified-fields"));
        c.fieldsToOmitRefs =
            d.decodeStringList(f[1], own, embedded(path, "ReferenceTemplateConfigV1", "fieldsToOmitRefs"));
        if (!v2())
            return c;
        const std::string perFieldPath = path + ".perField";
        for (const Value &p : d.decodeList(f[2], own, perFieldPath, "[]*compare.PerFieldConfigV2")) {
            auto pf = d.decodeStruct(p, own, perFieldPath, "compare.PerFieldConfigV2",
                                     {{"pathToKey", "string"}, {"inlineDiffFunc", "string"}});
            PerFieldConfig cfg;
            const std::string fieldStruct = structFor("PerFieldConfigV2");
            cfg.pathToKey = d.decodeString(pf[0], fieldStruct, perFieldPath + ".pathToKey");
            cfg.inlineDiffFunc =
                d.decodeString(pf[1], fieldStruct, perFieldPath + ".inlineDiffFunc", "compare.inlineDiffType");
            c.perField.push_back(std::move(cfg));
        }
        return c;
    }

    std::vector<std::size_t> decodeTemplates(const Value &v, const std::string &path, std::size_t part,
                                             std::size_t component, bool required)
    {
        std::vector<std::size_t> indices;
        const std::string structName = type("ReferenceTemplate");
        const std::string context = structFor(type("Component"));
        const std::string own = structFor(structName);
        for (const Value &t : d.decodeList(v, context, path, "[]*compare." + structName)) {
            auto f = d.decodeStruct(t, context, path, "compare." + structName,
                                    {{"path", "string"}, {"description", "string"}, {"config", "config"}});
            ReferenceTemplate rt;
            rt.path = d.decodeString(f[0], own, embedded(path, "ReferenceTemplateV1", "path"));
            rt.description = d.decodeString(f[1], own, embedded(path, "ReferenceTemplateV1", "description"));
            rt.config = decodeConfig(f[2], path + ".config");
            rt.partIndex = part;
            rt.componentIndex = component;
            rt.required = required;
            indices.push_back(r.templates.size());
            r.templates.push_back(std::move(rt));
        }
        return indices;
    }

    void decodeComponentV1(const Value &v, Part &part, std::size_t partIndex)
    {
        const std::string structName = "ComponentV1";
        auto f = d.decodeStruct(v, "PartV1", "parts.components", "compare.ComponentV1",
                                {{"name", "string"}, {"type", "compare.ComponentTypeV1"}, {"requiredTemplates", "list"},
                                 {"optionalTemplates", "list"}});
        Component c;
        c.name = d.decodeString(f[0], structName, "parts.components.name");
        c.type = d.decodeString(f[1], structName, "parts.components.type", "compare.ComponentTypeV1");
        const std::size_t index = part.components.size();
        c.requiredTemplates = decodeTemplates(f[2], "parts.components.requiredTemplates", partIndex, index, true);
        c.optionalTemplates = decodeTemplates(f[3], "parts.components.optionalTemplates", partIndex, index, false);
        part.components.push_back(std::move(c));
    }

    void decodeComponentV2(const Value &v, Part &part, std::size_t partIndex, std::vector<std::string> &errors)
    {
        const std::string structName = "ComponentV2";
        static const std::pair<const char *, ComponentRule> groups[] = {
            {"oneOf", ComponentRule::OneOf},     {"noneOf", ComponentRule::NoneOf},
            {"allOf", ComponentRule::AllOf},     {"anyOf", ComponentRule::AnyOf},
            {"anyOneOf", ComponentRule::AnyOneOf}, {"allOrNoneOf", ComponentRule::AllOrNoneOf},
        };
        std::vector<Field> fields{{"name", "string"}, {"description", "string"}};
        for (const auto &g : groups)
            fields.push_back({g.first, "list"});
        auto f = d.decodeStruct(v, "PartV2", "parts.components", "compare.ComponentV2", fields);
        Component c;
        c.name = d.decodeString(f[0], structName, "parts.components.name");
        c.description = d.decodeString(f[1], structName, "parts.components.description");
        const std::size_t index = part.components.size();
        std::vector<std::string> present;
        for (std::size_t g = 0; g < std::size(groups); ++g) {
            // Each group type has its own UnmarshalJSON (componentV2GroupUnmarshalJSON).
            d.beginUnmarshaler();
            auto templates = decodeTemplates(f[g + 2], std::string("parts.components.") + groups[g].first, partIndex,
                                             index, true);
            d.endUnmarshaler();
            if (templates.empty())
                continue;
            present.emplace_back(groups[g].first);
            c.rule = groups[g].second;
            c.requiredTemplates.insert(c.requiredTemplates.end(), templates.begin(), templates.end());
        }
        if (present.size() > 1) {
            std::string keys;
            for (const auto &k : present)
                keys += (keys.empty() ? "" : ",") + k;
            errors.push_back("too many keys (" + keys + ") in index " + std::to_string(index) + " of component " + c.name);
        } else if (present.empty()) {
            errors.push_back("component " + c.name + " has no templates");
        }
        part.components.push_back(std::move(c));
    }

    std::vector<std::string> decode(const Value &doc)
    {
        std::vector<std::string> validation;
        const std::string top = "Reference" + ns;
        auto f = d.decodeStruct(doc, "", "", "compare." + top,
                                {{"apiVersion", "string"}, {"parts", "list"}, {"templateFunctionFiles", "[]string"},
                                 {"fieldsToOmit", "fieldsToOmit"}});
        r.hasApiVersion = !f[0].isNothing();
        r.apiVersion = d.decodeString(f[0], top, "apiVersion");
        const std::string partType = type("Part");
        for (const Value &p : d.decodeList(f[1], top, "parts", sliceOf("Part"))) {
            std::vector<Field> pf{{"name", "string"}, {"components", "list"}};
            if (v2())
                pf.push_back({"description", "string"});
            auto pv = d.decodeStruct(p, top, "parts", "compare." + partType, pf);
            Part part;
            part.name = d.decodeString(pv[0], partType, "parts.name");
            if (v2())
                part.description = d.decodeString(pv[2], partType, "parts.description");
            const std::size_t partIndex = r.parts.size();
            r.parts.push_back(std::move(part));
            for (const Value &c : d.decodeList(pv[1], partType, "parts.components", sliceOf("Component"))) {
                if (v2())
                    decodeComponentV2(c, r.parts.back(), partIndex, validation);
                else
                    decodeComponentV1(c, r.parts.back(), partIndex);
            }
        }
        r.templateFunctionFiles = d.decodeStringList(f[2], top, "templateFunctionFiles");
        decodeFieldsToOmit(f[3]);
        return validation;
    }
};

// ---- fieldsToOmit --------------------------------------------------------------------------------

std::optional<std::string> parsePath(OmitEntry &e)
{
    std::string error;
    auto path = FieldPath::parse(e.pathToKey, error);
    if (!path)
        return "failed to parse path: " + error;
    e.path = std::move(*path);
    return std::nullopt;
}

// v2 include expansion as kube-compare's processFieldsToOmitEntries: every key is
// expanded from scratch, so a cycle is reported once per key that reaches it.
std::vector<OmitEntry> expandKey(FieldsToOmit &omit, const std::string &key, std::vector<std::string> previous,
                                 std::vector<std::string> &errors)
{
    previous.push_back(key);
    std::vector<OmitEntry> paths;
    auto it = omit.items.find(key);
    if (it == omit.items.end())
        return paths;
    for (OmitEntry &entry : it->second) {
        if (entry.include.empty() && entry.pathToKey.empty()) {
            errors.push_back("must have either include or pathToKey");
            continue;
        }
        if (!entry.pathToKey.empty()) {
            if (auto e = parsePath(entry))
                errors.push_back(*e);
            else
                paths.push_back(entry);
        }
        if (entry.include.empty())
            continue;
        if (std::find(previous.begin(), previous.end(), entry.include) != previous.end()) {
            std::string chain;
            for (const auto &k : previous)
                chain += k + " -> ";
            errors.push_back("circular import found " + chain + entry.include);
            continue;
        }
        auto sub = expandKey(omit, entry.include, previous, errors);
        paths.insert(paths.end(), sub.begin(), sub.end());
    }
    return paths;
}

std::optional<std::string> processFieldsToOmit(Reference &r, Log &log)
{
    FieldsToOmit &omit = r.fieldsToOmit;
    if (omit.items.count(kBuiltInOmitRef))
        log.warning("fieldsToOmit.Map contains the key \"cluster-compare-built-in\", this will be overwritten with default values");
    std::vector<OmitEntry> builtIns;
    for (const auto &p : builtInOmitPaths())
        builtIns.push_back(OmitEntry{p, false, {}, {}});
    omit.items[kBuiltInOmitRef] = builtIns;
    if (omit.defaultOmitRef.empty())
        omit.defaultOmitRef = kBuiltInOmitRef;
    std::vector<std::string> errors;
    if (r.version == 1) {
        if (!omit.items.count(omit.defaultOmitRef))
            return "fieldsToOmit's defaultOmitRef \"" + omit.defaultOmitRef + "\" not found in items";
        for (auto &[key, entries] : omit.items)
            for (auto &e : entries)
                if (auto err = parsePath(e))
                    errors.push_back(*err);
        omit.expanded = omit.items;
    } else {
        for (const auto &[key, entries] : omit.items) {
            std::vector<std::string> keyErrors;
            auto paths = expandKey(omit, key, {}, keyErrors);
            if (keyErrors.empty())
                omit.expanded[key] = std::move(paths);
            errors.insert(errors.end(), keyErrors.begin(), keyErrors.end());
        }
    }
    if (!errors.empty())
        return joinErrors(errors);
    return std::nullopt;
}

// ---- templates --------------------------------------------------------------------------------

// What a pattern names, read and parsed: each file's template name and parse
// (or read error) in glob order, or the glob's own error.
struct PatternFiles
{
    struct File
    {
        std::string name;
        std::optional<std::string> readError;
        tmpl::TemplateSet::ParsedFile parsed;
        std::string text; // kept for people to read (the window's Template Source)
    };
    std::vector<File> files;
    std::optional<std::string> error;
};

PatternFiles readPattern(const ReferenceFileSystem &fs, const std::string &pattern)
{
    PatternFiles out;
    std::string error;
    const auto paths = fs.glob(pattern, error);
    if (!error.empty()) {
        out.error = error;
    } else if (paths.empty()) {
        const bool backquote = pattern.find('`') == std::string::npos;
        out.error = "template: pattern matches no files: "
            + (backquote ? "`" + pattern + "`" : go::strconv::quote(pattern));
    }
    for (const auto &path : paths) {
        PatternFiles::File file{baseName(path), {}, {}, {}};
        if (std::optional<std::string> text = fs.readFile(path, error)) {
            file.text = *text;
            file.parsed = tmpl::TemplateSet::parseFile(file.name, std::move(*text), tmpl::FunctionRegistry::kubeCompare());
        } else
            file.readError = error;
        const bool stop = file.readError || file.parsed.error;
        out.files.push_back(std::move(file));
        if (stop)
            break; // ParseFS stops at the first error
    }
    return out;
}

// Go's ParseFS into `set`: each file read then parsed, stopping at the first
// error of either kind.
std::optional<std::string> parseFiles(tmpl::TemplateSet &set, const PatternFiles &pattern, std::string *firstName)
{
    if (pattern.error)
        return pattern.error;
    for (const PatternFiles::File &file : pattern.files) {
        if (file.readError)
            return file.readError;
        if (firstName && firstName->empty())
            *firstName = file.name;
        if (auto e = set.add(file.parsed))
            return e;
    }
    return std::nullopt;
}

class EmptyContext : public tmpl::FunctionContext
{
public:
    explicit EmptyContext(Log &log) : m_log(log) {}
    void warn(const std::string &message) override { m_log.warning(message); }

private:
    Log &m_log;
};

// The effective omissions (the listed refs, else the default one) and
// ValidateFieldsToOmit's error for every listed ref that is not an item.
std::vector<std::string> resolveOmitFields(ReferenceTemplate &t, const Reference &r)
{
    std::vector<std::string> errors;
    t.omitFields.clear();
    if (t.config.fieldsToOmitRefs.empty()) {
        auto it = r.fieldsToOmit.expanded.find(r.fieldsToOmit.defaultOmitRef);
        if (it != r.fieldsToOmit.expanded.end())
            t.omitFields = it->second;
    }
    for (const auto &ref : t.config.fieldsToOmitRefs) {
        auto it = r.fieldsToOmit.expanded.find(ref);
        if (it == r.fieldsToOmit.expanded.end()) {
            errors.push_back("fieldsToOmitRefs entry \"" + ref + "\" not found it fieldsToOmit Items");
            continue;
        }
        t.omitFields.insert(t.omitFields.end(), it->second.begin(), it->second.end());
    }
    return errors;
}

// v2 validateConfigPerField on the empty-data render. Go walks a map keyed by
// pathToKey (last entry wins) in random order and stops at the first failure; the
// order here is sorted.
std::optional<std::string> validatePerField(ReferenceTemplate &t, const InlineDiffValidator &validator)
{
    std::map<std::string, std::string> functions;
    for (auto &pf : t.config.perField) {
        functions[pf.pathToKey] = pf.inlineDiffFunc;
        std::string error;
        if (auto path = FieldPath::parse(pf.pathToKey, error))
            pf.path = std::move(*path);
    }
    for (const auto &[pathToKey, function] : functions) {
        std::string error;
        auto path = FieldPath::parse(pathToKey, error);
        if (!path)
            return "reference contains template with config per field with pathToKey that is not in supoorted format. path: "
                + pathToKey + ". error: " + error;
        bool known = function == "regex" || function == "capturegroups";
        if (!known)
            return "reference contains template with config per field with InlineDiffFunc that does not exist. InlineDiffFunc: "
                + function;
        const NestedStringResult value = nestedString(t.metadata, path->segments);
        if (value.error)
            return *value.error;
        if (!value.found || !validator)
            continue; // absent (e.g. inside a range): validated at compare time
        if (auto e = validator(function, value.value, known))
            return "reference contains template with config per field with InlineDiffFunc that fails validation. InlineDiffFunc: "
                + function + ". error: " + *e;
    }
    return std::nullopt;
}

// One template of parseAndPrerender below.
void parseAndPrerender(ReferenceTemplate &t, Reference &r, const ReferenceFileSystem &fs,
                       const std::vector<PatternFiles> &functionFiles, Log &log, const InlineDiffValidator &validator,
                       std::vector<std::string> &errors)
{
    auto set = std::make_shared<tmpl::TemplateSet>();
    std::string mainName;
    const PatternFiles main = readPattern(fs, t.path);
    if (main.files.size() == 1)
        t.source = main.files.front().text;
    if (auto e = parseFiles(*set, main, &mainName)) {
        errors.push_back("an error occurred while parsing template: " + t.path + " specified in the config. error: " + *e);
        return;
    }
    t.name = baseName(t.path);
    for (const PatternFiles &pattern : functionFiles) {
        if (auto e = parseFiles(*set, pattern, nullptr)) {
            errors.push_back("an error occurred while parsing the template function files specified in the config. error: " + *e);
            return;
        }
    }
    t.templates = std::move(set);
    log.info(1, "Pre-processing template " + t.path + " with empty data");
    EmptyContext context(log);
    RenderedTemplate rendered = renderTemplate(t, Value::emptyMap(), context);
    if (!rendered.ok()) {
        errors.push_back("failed to parse template " + t.path + " with empty data: " + *rendered.error);
    } else {
        t.metadata = rendered.object;
        if (auto e = validatePerField(t, validator))
            errors.push_back(*e);
        const Value kind = t.metadata.get("kind");
        if (!kind.isString() || kind.str().empty())
            errors.push_back("template missing kind: " + t.path);
    }
    for (auto &e : resolveOmitFields(t, r))
        errors.push_back(std::move(e));
}

// kube-compare's parseTemplatesCommon: parse errors skip the template; otherwise the
// render error, or the per-field and kind checks, then the fieldsToOmitRefs check.
void parseAndPrerender(Reference &r, const ReferenceFileSystem &fs, Log &log, const InlineDiffValidator &validator,
                   std::vector<std::string> &errors)
{
    // Every template's set gets the same function files: read and parse them once.
    std::vector<PatternFiles> functionFiles;
    for (const auto &pattern : r.templateFunctionFiles)
        functionFiles.push_back(readPattern(fs, pattern));
    for (auto &t : r.templates) {
        const std::size_t before = errors.size();
        parseAndPrerender(t, r, fs, functionFiles, log, validator, errors);
        if (errors.size() > before) {
            // Kept only by the window: a broken template correlates with nothing.
            t.loadError = errors[before];
            t.templates.reset();
            t.metadata = Value();
        }
    }
}

void fillDescriptions(Reference &r)
{
    for (auto &t : r.templates) {
        t.effectiveDescription = t.description;
        if (r.version != 2 || !t.effectiveDescription.empty())
            continue;
        const Part &part = r.parts[t.partIndex];
        const Component &component = part.components[t.componentIndex];
        t.effectiveDescription = !component.description.empty() ? component.description : part.description;
    }
}

std::string goReadError(const std::string &metadataPath)
{
    const QFileInfo info(QString::fromStdString(metadataPath));
    const std::string base = info.fileName().toStdString();
    if (!info.exists())
        return "open " + base + ": no such file or directory";
    if (info.isDir())
        return "read " + base + ": is a directory";
    return "open " + base + ": permission denied";
}

} // namespace

ReferenceLoader::ReferenceLoader(Log &log) : m_log(log) {}

LoadResult ReferenceLoader::load(const std::string &metadataPath)
{
    LoadResult result = loadMetadata(metadataPath);
    if (!result.ok())
        return result;
    if (auto e = loadTemplates(*result.reference)) {
        result.error = e;
        result.reference.reset();
    }
    return result;
}

std::optional<std::string> ReferenceLoader::loadTemplates(Reference &reference)
{
    ReferenceFileSystem fs(reference.directory, m_urlReader);
    fs.setOverlay(m_overlay);
    std::vector<std::string> errors;
    parseAndPrerender(reference, fs, m_log, m_validator, errors);
    if (!errors.empty())
        return joinErrors(errors);
    return std::nullopt;
}

LoadResult ReferenceLoader::loadMetadata(const std::string &metadataPath)
{
    LoadResult result;
    auto r = std::make_shared<Reference>();
    const QFileInfo info(QString::fromStdString(metadataPath));
    std::string fileName = info.fileName().toStdString();
    if (isHttpUrl(metadataPath)) { // templates are fetched next to it
        const std::size_t slash = metadataPath.rfind('/');
        r->directory = metadataPath.substr(0, slash);
        r->metadataFile = metadataPath;
        fileName = metadataPath.substr(slash + 1);
    } else {
        r->directory = info.absolutePath().toStdString();
        r->metadataFile = info.absoluteFilePath().toStdString();
    }
    ReferenceFileSystem fs(r->directory, m_urlReader);
    fs.setOverlay(m_overlay);

    std::string ioError;
    auto text = fs.readFile(fileName, ioError);
    if (!text) {
        result.error = kRefNotFound + (fs.isRemote() ? ioError : goReadError(metadataPath));
        return result;
    }
    yaml::ReadOptions options;
    options.firstDocumentOnly = true;
    options.rejectDuplicateKeys = true;
    const yaml::ReadResult parsed = yaml::read(*text, options);
    if (!parsed.ok()) {
        result.error = std::string(kRefNotInFormat) + "error converting YAML to JSON: " + parsed.error->goText();
        return result;
    }
    Value doc = parsed.documents.empty() ? Value::null() : parsed.documents.front();
    if (!doc.isNull() && !doc.isMap()) {
        StrictDecoder generic;
        generic.decodeMap(doc, "", "", "map[string]interface {}");
        result.error = std::string(kRefNotInFormat) + kJsonPrefix + *generic.error();
        return result;
    }
    // GetReference: a present key, even null, is strings.TrimSpace(fmt.Sprint(value)).
    const Value apiVersion = doc.get("apiVersion");
    if (!apiVersion.isMissing()) {
        std::string version = go::fmt::formatValue(apiVersion);
        const char *space = " \t\n\v\f\r";
        version.erase(0, version.find_first_not_of(space));
        version.erase(version.find_last_not_of(space) + 1);
        if (equalFold(version, "v2"))
            r->version = 2;
        else if (!equalFold(version, "v1")) {
            result.error = "unknown reference file apiVersion: '" + version + "'";
            return result;
        }
    }
    Decoder decoder{StrictDecoder(), *r, r->version == 2 ? "V2" : "V1"};
    const std::vector<std::string> validation = decoder.decode(doc);
    if (decoder.d.failed()) {
        result.error = std::string(kRefNotInFormat) + kJsonPrefix + *decoder.d.error();
        return result;
    }
    if (auto e = processFieldsToOmit(*r, m_log)) {
        result.error = e;
        return result;
    }
    if (!validation.empty()) {
        result.error = joinErrors(validation);
        return result;
    }
    fillDescriptions(*r);
    result.reference = std::move(r);
    return result;
}

} // namespace ds::ref
