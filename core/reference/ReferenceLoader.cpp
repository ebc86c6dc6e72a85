// SPDX-License-Identifier: Apache-2.0
#include "ReferenceLoader.h"

#include "ReferenceFileSystem.h"
#include "StrictDecoder.h"
#include "TemplateRendering.h"
#include "template/GoFmt.h"
#include "template/TemplateSet.h"
#include "yaml/YamlReader.h"

#include <QFileInfo>

#include <algorithm>
#include <functional>
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

struct Decoder
{
    StrictDecoder d;
    Reference &r;
    std::string ns; // "V1" or "V2"

    std::string type(const char *name) const { return std::string(name) + ns; }

    std::vector<OmitEntry> decodeOmitEntries(const Value &v, const std::string &path)
    {
        std::vector<OmitEntry> out;
        const std::string structName = type("ManifestPath");
        for (const Value &e : d.decodeList(v, type("FieldsToOmit"), path, "[]*compare." + structName)) {
            std::vector<Field> fields{{"pathToKey", "string"}, {"isPrefix", "bool"}};
            if (ns == "V2")
                fields.push_back({"include", "string"});
            auto f = d.decodeStruct(e, structName, path, "compare." + structName, fields);
            OmitEntry entry;
            entry.pathToKey = d.decodeString(f[0], structName, path + ".pathToKey");
            entry.isPrefix = d.decodeBool(f[1], structName, path + ".isPrefix");
            if (ns == "V2")
                entry.include = d.decodeString(f[2], structName, path + ".include");
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
        for (const auto &[key, list] : d.decodeMap(f[1], structName, "fieldsToOmit.items", "map[string][]*compare.ManifestPath" + ns))
            r.fieldsToOmit.items[key] = decodeOmitEntries(list, "fieldsToOmit.items");
    }

    TemplateConfig decodeConfig(const Value &v, const std::string &path)
    {
        const std::string structName = type("ReferenceTemplateConfig");
        std::vector<Field> fields{{"ignore-unspecified-fields", "bool"}, {"fieldsToOmitRefs", "[]string"}};
        if (ns == "V2")
            fields.push_back({"perField", "[]*compare.PerField"});
        auto f = d.decodeStruct(v, type("ReferenceTemplate"), path, "compare." + structName, fields);
        TemplateConfig c;
        c.ignoreUnspecifiedFields = d.decodeBool(f[0], structName, path + ".ignore-unspecified-fields");
        c.fieldsToOmitRefs = d.decodeStringList(f[1], structName, path + ".fieldsToOmitRefs");
        if (ns == "V2") {
            for (const Value &p : d.decodeList(f[2], structName, path + ".perField", "[]*compare.PerField")) {
                auto pf = d.decodeStruct(p, "PerField", path + ".perField", "compare.PerField",
                                         {{"pathToKey", "string"}, {"inlineDiffFunc", "string"}});
                PerFieldConfig cfg;
                cfg.pathToKey = d.decodeString(pf[0], "PerField", path + ".perField.pathToKey");
                cfg.inlineDiffFunc = d.decodeString(pf[1], "PerField", path + ".perField.inlineDiffFunc");
                c.perField.push_back(std::move(cfg));
            }
        }
        return c;
    }

    std::vector<std::size_t> decodeTemplates(const Value &v, const std::string &path, std::size_t part,
                                             std::size_t component, bool required)
    {
        std::vector<std::size_t> indices;
        const std::string structName = type("ReferenceTemplate");
        for (const Value &t : d.decodeList(v, type("Component"), path, "[]*compare." + structName)) {
            auto f = d.decodeStruct(t, structName, path, "compare." + structName,
                                    {{"path", "string"}, {"description", "string"}, {"config", "config"}});
            ReferenceTemplate rt;
            rt.path = d.decodeString(f[0], structName, path + ".path");
            rt.description = d.decodeString(f[1], structName, path + ".description");
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
                                {{"name", "string"}, {"type", "string"}, {"requiredTemplates", "list"},
                                 {"optionalTemplates", "list"}});
        Component c;
        c.name = d.decodeString(f[0], structName, "parts.components.name");
        c.type = d.decodeString(f[1], structName, "parts.components.type");
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
            auto templates = decodeTemplates(f[g + 2], std::string("parts.components.") + groups[g].first, partIndex,
                                             index, true);
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
        for (const Value &p : d.decodeList(f[1], top, "parts", "[]compare." + partType)) {
            std::vector<Field> pf{{"name", "string"}, {"components", "list"}};
            if (ns == "V2")
                pf.push_back({"description", "string"});
            auto pv = d.decodeStruct(p, top, "parts", "compare." + partType, pf);
            Part part;
            part.name = d.decodeString(pv[0], partType, "parts.name");
            if (ns == "V2")
                part.description = d.decodeString(pv[2], partType, "parts.description");
            const std::size_t partIndex = r.parts.size();
            r.parts.push_back(std::move(part));
            for (const Value &c : d.decodeList(pv[1], partType, "parts.components", "[]compare.Component" + ns)) {
                if (ns == "V1")
                    decodeComponentV1(c, r.parts.back(), partIndex);
                else
                    decodeComponentV2(c, r.parts.back(), partIndex, validation);
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

std::optional<std::string> parseFiles(tmpl::TemplateSet &set, const ReferenceFileSystem &fs,
                                      const std::string &pattern, std::string *firstName)
{
    std::string error;
    const auto files = fs.glob(pattern, error);
    if (!error.empty())
        return error;
    if (files.empty()) {
        const bool backquote = pattern.find('`') == std::string::npos;
        return "template: pattern matches no files: " + (backquote ? "`" + pattern + "`" : tmpl::gofmt::quote(pattern));
    }
    for (const auto &file : files) {
        auto text = fs.readFile(file, error);
        if (!text)
            return error;
        const std::string name = baseName(file);
        if (firstName && firstName->empty())
            *firstName = name;
        if (auto e = set.parse(name, *text))
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

std::optional<std::string> validateConfig(ReferenceTemplate &t, const Reference &r, const InlineDiffValidator &validator)
{
    // Effective omissions: the listed refs, or the default one.
    t.omitFields.clear();
    if (t.config.fieldsToOmitRefs.empty()) {
        auto it = r.fieldsToOmit.expanded.find(r.fieldsToOmit.defaultOmitRef);
        if (it != r.fieldsToOmit.expanded.end())
            t.omitFields = it->second;
    }
    for (const auto &ref : t.config.fieldsToOmitRefs) {
        auto it = r.fieldsToOmit.expanded.find(ref);
        if (it == r.fieldsToOmit.expanded.end())
            return "fieldsToOmitRefs entry \"" + ref + "\" not found it fieldsToOmit Items";
        t.omitFields.insert(t.omitFields.end(), it->second.begin(), it->second.end());
    }
    auto perField = t.config.perField;
    std::sort(perField.begin(), perField.end(),
              [](const PerFieldConfig &a, const PerFieldConfig &b) { return a.pathToKey < b.pathToKey; });
    for (auto &pf : t.config.perField) {
        std::string error;
        auto path = FieldPath::parse(pf.pathToKey, error);
        if (!path)
            return "reference contains template with config per field with pathToKey that is not in supoorted format. path: "
                + pf.pathToKey + ". error: " + error;
        pf.path = std::move(*path);
    }
    for (const auto &pf : perField) {
        bool known = pf.inlineDiffFunc == "regex" || pf.inlineDiffFunc == "capturegroups";
        if (!known)
            return "reference contains template with config per field with InlineDiffFunc that does not exist. InlineDiffFunc: "
                + pf.inlineDiffFunc;
        std::string error;
        auto path = FieldPath::parse(pf.pathToKey, error);
        const NestedStringResult value = nestedString(t.metadata, path->segments);
        if (value.error)
            return *value.error;
        if (!value.found || !validator)
            continue; // validated at compare time
        if (auto e = validator(pf.inlineDiffFunc, value.value, known))
            return "reference contains template with config per field with InlineDiffFunc that fails validation. InlineDiffFunc: "
                + pf.inlineDiffFunc + ". error: " + *e;
    }
    return std::nullopt;
}

void parseAndPrerender(Reference &r, const ReferenceFileSystem &fs, Log &log, const InlineDiffValidator &validator,
                   std::vector<std::string> &errors)
{
    for (auto &t : r.templates) {
        auto set = std::make_shared<tmpl::TemplateSet>();
        std::string mainName;
        if (auto e = parseFiles(*set, fs, t.path, &mainName)) {
            errors.push_back("an error occurred while parsing template: " + t.path + " specified in the config. error: " + *e);
            continue;
        }
        t.name = baseName(t.path);
        bool functionsOk = true;
        for (const auto &pattern : r.templateFunctionFiles) {
            if (auto e = parseFiles(*set, fs, pattern, nullptr)) {
                errors.push_back("an error occurred while parsing the template function files specified in the config. error: " + *e);
                functionsOk = false;
                break;
            }
        }
        if (!functionsOk)
            continue;
        t.templates = std::move(set);
        log.info(1, "Pre-processing template " + t.path + " with empty data");
        EmptyContext context(log);
        RenderedTemplate rendered = renderTemplate(t, Value::emptyMap(), context);
        if (!rendered.ok())
            errors.push_back("failed to parse template " + t.path + " with empty data: " + *rendered.error);
        else
            t.metadata = rendered.object;
        const Value kind = t.metadata.get("kind");
        if (rendered.ok() && (!kind.isString() || kind.str().empty()))
            errors.push_back("template missing kind: " + t.path);
        if (auto e = validateConfig(t, r, validator))
            errors.push_back(*e);
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
    ReferenceFileSystem fs(reference.directory);
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
    r->directory = info.absolutePath().toStdString();
    r->metadataFile = info.absoluteFilePath().toStdString();
    ReferenceFileSystem fs(r->directory);

    std::string ioError;
    auto text = fs.readFile(info.fileName().toStdString(), ioError);
    if (!text) {
        result.error = kRefNotFound + goReadError(metadataPath);
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
    const Value apiVersion = doc.get("apiVersion");
    if (!apiVersion.isNothing()) {
        std::string v = tmpl::gofmt::formatValue(apiVersion);
        std::string trimmed = v;
        trimmed.erase(0, trimmed.find_first_not_of(" \t\r\n"));
        trimmed.erase(trimmed.find_last_not_of(" \t\r\n") + 1);
        if (equalFold(trimmed, "v2"))
            r->version = 2;
        else if (!equalFold(trimmed, "v1")) {
            result.error = "unknown reference file apiVersion: '" + v + "'";
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
